"""Run services (STYLE §1): create a session/run, execute the graph for a run, submit a run for
execution (inline or Celery). Adapters (API, SSE, CLI, Celery task) call exactly these.

``diagnosis_run_execute`` never raises for model or tool faults — those are handled inside the
graph and end as a completed run with a fallback outcome. Only a crash *outside* the graph
(e.g. the provider cannot be built, persistence fails) marks the run ``failed``, with the
Chinese internal-error answer and the error recorded (no stack trace in the answer; logged).
Every ending goes through ``diagnosis.audit.finalise.run_finalise``; the graph computes its
ending (``graph.persist.graph_terminal``) but never writes the run row itself.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Final
from uuid import UUID

from celery import current_app
from django.conf import settings
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import InterfaceError, OperationalError, connection, connections, transaction
from django.utils import timezone

from contracts import reasons as R

# Modules, not functions: looked up at call time, so tests can substitute the provider factory
# and the graph steps.
from diagnosis.agents import registry
from diagnosis.agents.base import Provider
from diagnosis.audit.finalise import KIND_CRASH, RunTerminal, run_finalise
from diagnosis.composer.templates import render_fallback
from diagnosis.graph import persist as graph_persist
from diagnosis.graph import runner as graph_runner
from diagnosis.models import DiagnosisRun, DiagnosisSession, EvidenceScope
from diagnosis.prompts_catalog import prompt_audit
from diagnosis.schemas.self_evaluation import CHANNEL_VERIFIER
from diagnosis.selectors.scopes import default_scope, scope_get

logger = logging.getLogger(__name__)

QUESTION_MAX_CHARS: Final = 2000
SESSION_TITLE_MAX_CHARS: Final = 60

MSG_QUESTION_EMPTY: Final = "问题不能为空。"
MSG_QUESTION_TOO_LONG: Final = "问题过长：最多 {limit} 个字符（当前 {length} 个）。"
MSG_QUESTION_NUL: Final = "问题中包含非法的空字符（NUL）。"
MSG_QUESTION_NOT_TEXT: Final = "问题必须是文本。"
MSG_QUESTION_NOT_UTF8: Final = "问题中包含无法编码的字符（孤立的代理项），请检查输入。"
MSG_SESSION_NOT_FOUND: Final = "会话不存在或无权访问。"
MSG_SCOPE_MISMATCH: Final = "该会话绑定的证据范围是「{bound}」，不能在其中改用「{asked}」；请新建会话。"


class InvalidQuestion(ValueError):
    """The question cannot be asked; ``str(exc)`` is the Chinese message, ``code`` is stable."""

    def __init__(self, message: str, *, code: str = "invalid_question") -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class SessionNotFound(LookupError):
    def __init__(self, message: str = MSG_SESSION_NOT_FOUND) -> None:
        super().__init__(message)
        self.message = message


class ScopeMismatch(ValueError):
    """A scope was asked for that is not the one the existing session is bound to."""

    code = "scope_mismatch"

    def __init__(self, *, bound: str, asked: str) -> None:
        self.message = MSG_SCOPE_MISMATCH.format(bound=bound, asked=asked)
        super().__init__(self.message)


def question_clean(question: Any) -> str:
    """The stripped question, or ``InvalidQuestion`` (empty, too long, NUL bytes, not text)."""
    if not isinstance(question, str):
        raise InvalidQuestion(MSG_QUESTION_NOT_TEXT, code="question_not_text")
    if "\x00" in question:
        raise InvalidQuestion(MSG_QUESTION_NUL, code="question_nul")
    try:
        # JSON (and Python) strings can carry lone surrogates that UTF-8 — and the database —
        # cannot store; refuse them here so no entry point writes a half-made run.
        question.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidQuestion(MSG_QUESTION_NOT_UTF8, code="question_not_utf8") from None
    cleaned = question.strip()
    if not cleaned:
        raise InvalidQuestion(MSG_QUESTION_EMPTY, code="question_empty")
    if len(cleaned) > QUESTION_MAX_CHARS:
        raise InvalidQuestion(
            MSG_QUESTION_TOO_LONG.format(limit=QUESTION_MAX_CHARS, length=len(cleaned)), code="question_too_long"
        )
    return cleaned


def _title_from(question: str) -> str:
    flat = " ".join(question.split())
    return flat if len(flat) <= SESSION_TITLE_MAX_CHARS else flat[: SESSION_TITLE_MAX_CHARS - 1] + "…"


def scope_resolve(name: str | None) -> EvidenceScope:
    """The scope called ``name``, or the default scope when none is named (``UnknownScope``)."""
    return default_scope() if name is None or name == "" else scope_get(name)


def session_scope_check(session: DiagnosisSession, scope: EvidenceScope | None) -> None:
    """A session is bound to one scope: asking for another one in it is ``ScopeMismatch``."""
    if scope is not None and session.scope_id != scope.pk:
        raise ScopeMismatch(bound=session.scope.name, asked=scope.name)


def diagnosis_session_resolve(
    *, owner: Any, session_id: UUID | str | None = None, title: str = "", scope: EvidenceScope | None = None
) -> DiagnosisSession:
    """The owner's session ``session_id``, or a new session (in ``scope``, else the default
    scope) when ``session_id`` is None.

    An unknown id, a malformed id, or another owner's session → ``SessionNotFound`` (the same
    error either way, so ids cannot be probed); an existing session of another scope than
    ``scope`` → ``ScopeMismatch``."""
    if session_id is None or session_id == "":
        return DiagnosisSession.objects.create(owner=owner, title=title[:200], scope=scope or default_scope())
    try:
        session = DiagnosisSession.objects.select_related("scope").get(pk=session_id, owner=owner)
    except (DiagnosisSession.DoesNotExist, DjangoValidationError, ValueError, TypeError):
        raise SessionNotFound() from None
    session_scope_check(session, scope)
    return session


def diagnosis_run_create(
    *,
    owner: Any,
    question: str,
    session: DiagnosisSession | None = None,
    scope: EvidenceScope | None = None,
    idempotency_key: str | None = None,
    request_fingerprint: str = "",
) -> DiagnosisRun:
    """Validate the question and create a queued run (and a session titled after the question,
    in ``scope`` or the default scope, when none is given). A duplicate ``idempotency_key`` of
    the owner raises IntegrityError (the idempotency service handles that race)."""
    cleaned = question_clean(question)
    if session is not None and session.owner_id != owner.pk:
        raise SessionNotFound()
    if session is not None:
        session_scope_check(session, scope)
    with transaction.atomic():
        if session is None:
            session = DiagnosisSession.objects.create(
                owner=owner, title=_title_from(cleaned), scope=scope or default_scope()
            )
        elif not session.title:
            session.title = _title_from(cleaned)
            session.save(update_fields=["title", "updated_at"])
        else:
            session.save(update_fields=["updated_at"])
        return DiagnosisRun.objects.create(
            session=session,
            owner=owner,
            question=cleaned,
            status=DiagnosisRun.Status.QUEUED,
            idempotency_key=idempotency_key or None,
            request_fingerprint=request_fingerprint or "",
        )


def _claim(run_id: UUID | str) -> bool:
    """queued → running, atomically: only one executor of a run ever proceeds."""
    return (
        DiagnosisRun.objects.filter(pk=run_id, status=DiagnosisRun.Status.QUEUED).update(
            status=DiagnosisRun.Status.RUNNING, started_at=timezone.now()
        )
        == 1
    )


def failure_terminal(*, kind: str, reason: str, error: str, provider: Provider | None = None) -> RunTerminal:
    """The ending of a run that failed outside the graph (a crash, or stale): ``failed``, the
    Chinese fallback answer of ``reason``, no verdict, and the reason in the audit trail."""

    def mutate(old: dict[str, Any] | None) -> dict[str, Any]:
        return {
            **(old or {}),
            "verifier_status": (old or {}).get("verifier_status") or "skipped",
            "model_verdict": None,
            "effective_verdict": None,
            "verdict": None,
            "failure_reason": reason,
            "failure_detail": error[:300],
            "prompt_audit": prompt_audit(),
            "updates": int((old or {}).get("updates", 0)) + 1,
        }

    return RunTerminal(
        kind=kind,
        status=DiagnosisRun.Status.FAILED,
        outcome=DiagnosisRun.Outcome.FALLBACK,
        fallback_reason=reason,
        final_answer=render_fallback(reason),
        error=error,
        provider=provider.name if provider is not None else None,
        model=provider.model_label() if provider is not None else None,
        channels={CHANNEL_VERIFIER: mutate},
        channels_best_effort=True,
    )


def _mark_crashed(run: DiagnosisRun, exc: BaseException, provider: Provider | None) -> None:
    terminal = failure_terminal(
        kind=KIND_CRASH, reason=R.INTERNAL_ERROR, error=f"{type(exc).__name__}: {exc}", provider=provider
    )
    try:
        run_finalise(run_id=run.pk, terminal=terminal, run=run)
    except (OperationalError, InterfaceError):
        # The database connection died under the run (failover, restart, pg_terminate_backend):
        # Django keeps the dead connection until the request ends, so drop it and finalise once
        # more on a fresh one. Inside an outer transaction there is none to be had: propagate.
        if connection.in_atomic_block:
            raise
        logger.warning("database connection lost while ending run %s; retrying on a new connection", run.pk)
        connection.close()
        run_finalise(run_id=run.pk, terminal=terminal, run=run)


def diagnosis_run_execute(*, run_id: UUID | str, provider: Provider | None = None) -> DiagnosisRun:
    """Run the whole graph for a queued run, synchronously, and return the updated run.

    A run that is not queued (already running elsewhere, or finished) is returned unchanged.
    """
    if not _claim(run_id):
        return DiagnosisRun.objects.get(pk=run_id)
    run = DiagnosisRun.objects.get(pk=run_id)
    try:
        provider = provider or registry.get_provider()
    except Exception as exc:  # noqa: BLE001 - e.g. a misconfigured provider: the run fails, visibly
        logger.exception("could not build the model provider for run %s", run_id)
        _mark_crashed(run, exc, None)
        return run
    try:
        ctx = graph_runner.agent_context(run, provider)
        state, _env = graph_runner.run_graph(run=run, provider=provider, ctx=ctx)
        terminal = graph_persist.graph_terminal(run=run, state=state, provider=provider, ctx=ctx)
        run_finalise(run_id=run.pk, terminal=terminal, run=run)
    except Exception as exc:  # noqa: BLE001 - a crash outside the graph's own handling
        logger.exception("diagnosis run %s crashed outside the graph", run_id)
        _mark_crashed(run, exc, provider)
    return run


#: The Celery task that executes a run, by its registered name (``diagnosis.tasks``): the service
#: sends it by name so the run services never import the task module that imports them.
EXECUTE_TASK: Final = "diagnosis.tasks.diagnosis_run_execute_task"

#: Inline runs started in the background (the SSE stream) execute here, one thread per run
#: (bounded by RUN_INLINE_THREADS; it was 8, which held 32 concurrent chats on 2 web workers to 16).
_BACKGROUND = ThreadPoolExecutor(max_workers=settings.RUN_INLINE_THREADS, thread_name_prefix="diagnosis-run")


def _execute_in_background(run_id: UUID | str) -> None:
    """The graph, in a worker thread that owns its own database connection."""
    try:
        diagnosis_run_execute(run_id=run_id)
    except Exception:
        logger.exception("diagnosis run %s crashed in a background worker", run_id)
        raise
    finally:
        connections.close_all()


def diagnosis_run_submit(*, run: DiagnosisRun, background: bool = False) -> Future[None] | None:
    """Start executing ``run`` — the one execution path of every entry point (API, web, stream,
    alerts, CLI). Per RUN_EXECUTION: on Celery (queued after the transaction commits), or inline —
    now, in this process, or with ``background`` in a worker thread of a small pool, whose future
    is returned (the SSE stream answers while the run executes; a pool future belongs to no event
    loop, so it works under ASGI and WSGI alike). ``None`` when nothing runs in the background."""
    if settings.RUN_EXECUTION == "celery":
        transaction.on_commit(lambda: current_app.send_task(EXECUTE_TASK, args=[str(run.pk)]))
        return None
    if background:
        return _BACKGROUND.submit(_execute_in_background, run.pk)
    diagnosis_run_execute(run_id=run.pk)
    return None
