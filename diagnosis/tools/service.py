"""Executing and persisting tool calls: every call becomes one ToolInvocation row.

``tool_invocation_execute`` never raises into its caller for anything the call itself did wrong
(unknown tool, unparseable or invalid arguments, a backend error, a timeout): those become a
``failed`` invocation with a clear ``error``. Only a failure to write the row itself (the
database is gone) propagates — there is no record to return then.

Statuses: ``success``; ``no_hit`` (ran fine, found nothing); ``failed``; ``deduped`` (the same
evidence tool with the same normalised arguments already succeeded or found nothing in this
run: no fresh evidence, no evidence refs, ``deduped_from`` names the earlier call).
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import time
from contextlib import nullcontext
from typing import Any, Final

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import IntegrityError, connection, transaction
from django.db.models import Max
from django.utils import timezone
from pydantic import ValidationError

from diagnosis.evidence.catalog import resolve_service, service_names
from diagnosis.evidence.selectors import reference_clock
from diagnosis.metrics import observe_tool
from diagnosis.models import DiagnosisRun, EvidenceScope, ToolInvocation
from diagnosis.retrieval.tokenize import ensure_ready
from diagnosis.tools.backends import scope_backend_name, select_backend
from diagnosis.tools.base import ToolContext, ToolError, bounded
from diagnosis.tools.execution import ToolTimeout, run_with_deadline
from diagnosis.tools.query_ref import QUERY_RESERVE_BYTES, write_query_element
from diagnosis.tools.registry import ToolSpec, get_tool

logger = logging.getLogger(__name__)

MAX_OUTPUT_BYTES = 64 * 1024
MAX_ARGUMENTS_BYTES = 8 * 1024
MAX_ERROR_CHARS = 1000

ERROR_UNKNOWN_TOOL = "未知工具 (unknown tool): {name}"
UNKNOWN_TOOL_LABEL = "unknown"  # metrics label of a name outside the registry (bounded cardinality)
ERROR_UNPARSEABLE = "参数不是合法的 JSON 对象 (arguments are not a valid JSON object): {detail}"
ERROR_INVALID = "参数无效 (invalid arguments): {detail}"
ERROR_TIMEOUT = "工具调用超时 (tool timed out after {seconds:g}s)"
ERROR_BACKEND = "工具执行失败 (tool failed): {detail}"
ERROR_CONFIG = "工具后端配置错误 (backend misconfigured): {detail}"


# --- JSON hygiene --------------------------------------------------------------------------------
def json_safe(value: Any) -> Any:
    """``value`` with NUL characters replaced (PostgreSQL JSON cannot store U+0000)."""
    if isinstance(value, str):
        return value.replace("\x00", "\ufffd")
    if isinstance(value, dict):
        return {
            k if type(k) is str and "\x00" not in k else json_safe(str(k)): v if _plain(v) else json_safe(v)
            for k, v in value.items()
        }
    if isinstance(value, (list, tuple)):
        return [v if _plain(v) else json_safe(v) for v in value]
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return json_safe(str(value))


_PLAIN_TYPES: Final = frozenset({int, float, bool, type(None)})


def _plain(value: Any) -> bool:
    """A leaf ``json_safe`` returns as it is (issue 30: no call per number and clean string)."""
    kind = type(value)
    return kind in _PLAIN_TYPES or (kind is str and "\x00" not in value)


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def json_size(value: Any) -> int:
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


def cap_output(
    output: dict[str, Any], list_keys: tuple[str, ...], *, limit: int = MAX_OUTPUT_BYTES
) -> tuple[dict[str, Any], bool]:
    """Drop trailing elements of the output's lists (longest list first) until it fits ``limit``.

    Dropping only *trailing* elements keeps every remaining element at its index, so evidence
    refs rendered afterwards still point at the same things. Marks ``"truncated": true``.
    """
    if json_size(output) <= limit:
        return output, False
    output = dict(output)
    lists = {key: list(output[key]) for key in list_keys if isinstance(output.get(key), list)}
    output.update(lists)
    output["truncated"] = True
    size = json_size(output)
    while size > limit:
        candidates = [key for key in lists if lists[key]]
        if not candidates:
            # Nothing left to drop (cannot happen with bounded arguments): keep a marker only.
            return {"truncated": True, **{key: [] for key in lists}}, True
        key = max(candidates, key=lambda k: len(lists[k]))
        dropped = lists[key].pop()
        size -= json_size(dropped) + (1 if lists[key] else 0)
        if size <= limit:
            size = json_size(output)  # the estimate is exact enough to stop; confirm
    if "returned" in output and list_keys and list_keys[0] in lists:
        output["returned"] = len(lists[list_keys[0]])
    return output, True


# --- Arguments -----------------------------------------------------------------------------------
def parse_arguments(arguments: dict[str, Any] | str | None) -> tuple[dict[str, Any] | None, str | None]:
    """(arguments as a dict, None) or (None, what is wrong). ``None`` and ``""`` mean no arguments."""
    if arguments is None:
        return {}, None
    if isinstance(arguments, dict):
        return arguments, None
    if isinstance(arguments, (bytes, bytearray)):
        arguments = bytes(arguments).decode("utf-8", errors="replace")
    if not isinstance(arguments, str):
        return None, f"expected a JSON object, got {type(arguments).__name__}"
    if not arguments.strip():
        return {}, None
    try:
        parsed = json.loads(arguments)
    except (ValueError, RecursionError) as exc:
        return None, str(exc)[:200]
    if not isinstance(parsed, dict):
        return None, f"expected a JSON object, got {type(parsed).__name__}"
    return parsed, None


def _stored_arguments(arguments: Any) -> dict[str, Any]:
    """What the caller sent, as JSON safe to store; bounded."""
    if isinstance(arguments, dict):
        safe = json_safe(arguments)
        if json_size(safe) <= MAX_ARGUMENTS_BYTES:
            return safe
        return {"_raw": bounded(canonical_json(safe), 2000), "_truncated": True}
    if arguments is None:
        return {}
    return {"_raw": bounded(json_safe(arguments if isinstance(arguments, str) else repr(arguments)), 2000)}


def summarise_validation_error(exc: ValidationError, *, limit: int = 5) -> str:
    parts = []
    for error in exc.errors()[:limit]:
        where = ".".join(str(p) for p in error.get("loc", ())) or "arguments"
        message = str(error.get("msg", "invalid")).removeprefix("Value error, ")
        parts.append(f"{where}: {message}")
    if exc.error_count() > limit:
        parts.append(f"… ({exc.error_count() - limit} more)")
    return "; ".join(parts)


def dedup_identity(tool_name: str, canonical: dict[str, Any], ctx: ToolContext) -> tuple[dict[str, Any], str]:
    """Normalised arguments (a service alias becomes its canonical name, free text is
    case-folded) and their hash: two calls with the same identity return the same evidence."""
    normalised = dict(canonical)
    service = normalised.get("service")
    if isinstance(service, str):
        normalised["service"] = ctx.resolve_service(service) or service.casefold()
    for key in ("query", "keyword", "alert_name", "metric", "name", "reason"):
        if isinstance(normalised.get(key), str):
            normalised[key] = normalised[key].casefold()
    key = hashlib.sha256(f"{tool_name}\n{canonical_json(normalised)}".encode()).hexdigest()
    return normalised, key


def default_context(run: DiagnosisRun) -> ToolContext:
    """A one-call context in the evidence scope of ``run``'s session."""
    scope = EvidenceScope.objects.get(sessions__runs=run)
    now, source = reference_clock(scope)
    return ToolContext(
        now=now,
        clock_source=source,
        scope=scope,
        resolve_service=functools.partial(resolve_service, scope=scope),
        service_names=functools.partial(service_names, scope=scope),
        backend_factory=functools.partial(select_backend, scope=scope),
    )


def run_tool_context(*, scope: EvidenceScope, now: Any, clock_source: str) -> ToolContext:
    """One context for every tool call of a run, bound to the run's evidence scope: the run's
    reference "now", service lookups memoised and backends built once — the service catalogue
    does not change under a run, and each call would otherwise re-read it (P2: DB queries per run)."""
    return ToolContext(
        now=now,
        clock_source=clock_source,
        scope=scope,
        resolve_service=functools.lru_cache(maxsize=128)(functools.partial(resolve_service, scope=scope)),
        service_names=functools.lru_cache(maxsize=128)(functools.partial(service_names, scope=scope)),
        backend_factory=functools.partial(select_backend, scope=scope),
        # Every invocation of the run goes through this context (a run executes once), so its
        # memory of answered calls is complete: no dedup query per call.
        dedup_index={},
    )


# --- Execution -----------------------------------------------------------------------------------
def _error_text(template: str, **values: Any) -> str:
    return bounded(json_safe(template.format(**values)), MAX_ERROR_CHARS)


def _execute(spec: ToolSpec, args: Any, ctx: ToolContext, normalised: dict[str, Any]) -> dict[str, Any]:
    """Run the tool; returns the invocation fields (status, output, refs …). An evidence tool's
    output also describes the query itself (``/query``, DESIGN §10.1) — whatever it found."""
    if spec.backend_kind == "knowledge":
        ensure_ready()  # jieba's one-off dictionary load is not the tool's latency
    elif spec.backend_kind == "k8s" and scope_backend_name("k8s", ctx.scope) == "kubernetes":
        from diagnosis.tools.backends.kube import preload_client

        preload_client()  # nor is the kubernetes client's one-off import
    outcome = run_with_deadline(lambda: spec.run(args, ctx), timeout=settings.TOOL_TIMEOUT_S, name=spec.name)
    output = json_safe(outcome.output)
    # An evidence tool's output keeps room for its /query element, written after the cap.
    limit = MAX_OUTPUT_BYTES - QUERY_RESERVE_BYTES if spec.evidence_bearing else MAX_OUTPUT_BYTES
    output, truncated = cap_output(output, spec.list_keys, limit=limit)
    refs = spec.render_refs(output)
    result_count = (
        sum(len(output.get(key) or []) for key in spec.list_keys) if spec.list_keys else outcome.result_count
    )
    if spec.evidence_bearing and isinstance(output, dict):
        write_query_element(spec.name, normalised, output, refs, result_count)
    status = ToolInvocation.Status.SUCCESS
    if spec.evidence_bearing and outcome.result_count == 0:
        status = ToolInvocation.Status.NO_HIT
    details = {"result_count": result_count, **json_safe(outcome.details), "evidence_refs": refs}
    return {"status": status, "output": output, "output_truncated": truncated, "details": details}


def tool_invocation_execute(
    *,
    run: DiagnosisRun,
    round_no: int,
    tool_name: str,
    arguments: dict[str, Any] | str | None,
    context: ToolContext | None = None,
    seq_hint: int | None = None,
    origin: str = "",
    persist: bool = True,
) -> ToolInvocation:
    """Run one tool call for ``run`` in round ``round_no`` and persist it (see module docstring).

    ``persist=False`` (with ``seq_hint``): the row is numbered ``seq_hint`` but not inserted;
    the caller writes it (``tool_invocations_insert``) — the executor node batches a round's
    invocations into one INSERT (P2).

    ``origin``: why the agent made the call when it is a follow-up of its own (``baseline``,
    ``hypothesis_check`` …), kept in ``retrieval_details["origin"]`` so a later round can tell the
    calls apart without reading meaning into argument values.

    ``context``: the run's shared context (``run_tool_context``), else a fresh one per call.
    ``seq_hint``: the number the caller expects this invocation to get (it tracks the run's
    calls); tried first without locking the run, the locked path is the fallback."""
    started_at = timezone.now()
    clock0 = time.monotonic()
    fields: dict[str, Any] = {
        "status": ToolInvocation.Status.FAILED,
        "output": None,
        "output_truncated": False,
        "details": {"evidence_refs": [], **({"origin": origin[:32]} if origin else {})},
        "error": "",
        "arguments_key": "",
        "deduped_from": "",
    }
    spec = get_tool(tool_name)
    parsed, parse_error = parse_arguments(arguments)
    stored_args = _stored_arguments(parsed if parsed is not None else arguments)
    evidence_bearing = spec.evidence_bearing if spec is not None else True
    try:
        if spec is None:
            fields["error"] = _error_text(ERROR_UNKNOWN_TOOL, name=str(tool_name)[:100])
        elif parse_error is not None:
            fields["error"] = _error_text(ERROR_UNPARSEABLE, detail=parse_error)
        else:
            args = spec.args_model.model_validate(parsed)
            ctx = context or default_context(run)
            normalised, key = dedup_identity(spec.name, args.canonical(), ctx)
            fields["arguments_key"] = key
            fields["details"]["normalized_arguments"] = json_safe(normalised)
            if spec.backend_kind is not None:
                fields["details"]["backend"] = scope_backend_name(spec.backend_kind, ctx.scope)
            earlier = None
            if spec.evidence_bearing and ctx.dedup_index is not None:
                earlier = ctx.dedup_index.get(key)
            elif spec.evidence_bearing:
                earlier = (
                    ToolInvocation.objects.filter(
                        run=run,
                        tool_name=spec.name,
                        arguments_key=key,
                        status__in=[ToolInvocation.Status.SUCCESS, ToolInvocation.Status.NO_HIT],
                    )
                    .order_by("seq")
                    .values_list("invocation_id", flat=True)
                    .first()
                )
            if earlier is not None:
                fields.update(
                    status=ToolInvocation.Status.DEDUPED,
                    output={"deduped_from": earlier},
                    deduped_from=earlier,
                )
                fields["details"].update(deduped_from=earlier, result_count=0, evidence_refs=[])
            else:
                executed = _execute(spec, args, ctx, json_safe(normalised))
                fields.update(
                    status=executed["status"],
                    output=executed["output"],
                    output_truncated=executed["output_truncated"],
                )
                fields["details"].update(executed["details"])
    except ValidationError as exc:
        fields["error"] = _error_text(ERROR_INVALID, detail=summarise_validation_error(exc))
    except ToolTimeout:
        fields["error"] = _error_text(ERROR_TIMEOUT, seconds=settings.TOOL_TIMEOUT_S)
    except ToolError as exc:
        fields["error"] = _error_text(ERROR_BACKEND, detail=str(exc))
    except Exception as exc:  # a tool never raises into its caller
        template = ERROR_CONFIG if isinstance(exc, ImproperlyConfigured) else ERROR_BACKEND
        logger.warning("tool %s failed", tool_name, exc_info=True)
        fields["error"] = _error_text(template, detail=f"{type(exc).__name__}: {exc}")
    if fields["status"] == ToolInvocation.Status.FAILED:
        fields.update(output=None, output_truncated=False)
        fields["details"]["evidence_refs"] = []
        fields["details"].setdefault("result_count", 0)
    duration_ms = int((time.monotonic() - clock0) * 1000)
    row = {
        "run": run,
        "round_no": round_no,
        "tool_name": bounded(json_safe(str(tool_name)), 64) if tool_name else "",
        "evidence_bearing": evidence_bearing,
        "arguments": stored_args,
        "started_at": started_at,
        "duration_ms": duration_ms,
        "fields": fields,
    }
    if persist or seq_hint is None:
        invocation = _persist(**row, seq_hint=seq_hint)
    else:
        invocation = _row(**row, seq=seq_hint)
    observe_tool(spec.name if spec is not None else UNKNOWN_TOOL_LABEL, invocation.status)
    answered = (ToolInvocation.Status.SUCCESS, ToolInvocation.Status.NO_HIT)
    if context is not None and context.dedup_index is not None and evidence_bearing and invocation.status in answered:
        context.dedup_index.setdefault(invocation.arguments_key, invocation.invocation_id)
    return invocation


def _row(*, run: DiagnosisRun, round_no: int, tool_name: str, evidence_bearing: bool, arguments: dict[str, Any],
         started_at: Any, duration_ms: int, fields: dict[str, Any], seq: int) -> ToolInvocation:  # fmt: skip
    """The unsaved ``inv_{seq}`` row."""
    return ToolInvocation(
        run=run,
        invocation_id=f"inv_{seq}",
        seq=seq,
        round=round_no,
        tool_name=tool_name,
        evidence_bearing=evidence_bearing,
        arguments=arguments,
        arguments_key=fields["arguments_key"],
        status=fields["status"],
        output=fields["output"],
        output_truncated=fields["output_truncated"],
        retrieval_details=fields["details"],
        deduped_from=fields["deduped_from"],
        error=fields["error"],
        started_at=started_at,
        duration_ms=duration_ms,
    )


def tool_invocations_insert(invocations: list[ToolInvocation]) -> None:
    """Insert rows numbered by ``tool_invocation_execute(persist=False)`` in one statement. Their
    ids were already handed to the agent, so they are never renumbered: a taken number (another
    writer on the same run — which the run claim excludes) raises IntegrityError and the run
    fails closed."""
    if not invocations:
        return
    with transaction.atomic():
        ToolInvocation.objects.bulk_create(invocations)


def _persist(*, run: DiagnosisRun, round_no: int, tool_name: str, evidence_bearing: bool, arguments: dict[str, Any],
             started_at: Any, duration_ms: int, fields: dict[str, Any], seq_hint: int | None = None) -> ToolInvocation:  # fmt: skip
    """Insert the row with the next ``inv_{n}`` of the run (n continues across rounds).

    With ``seq_hint`` one plain INSERT is tried first: the unique (run, seq) constraint rejects a
    wrong guess. Otherwise — or after a wrong guess — the run row is locked while the number is
    taken, so concurrent calls of one run get distinct numbers; a lost race on SQLite (no row
    locks) is retried.
    """

    def insert(seq: int) -> ToolInvocation:
        invocation = _row(run=run, round_no=round_no, tool_name=tool_name, evidence_bearing=evidence_bearing,
                          arguments=arguments, started_at=started_at, duration_ms=duration_ms, fields=fields, seq=seq)
        invocation.save(force_insert=True)
        return invocation

    if seq_hint is not None:
        try:
            # A savepoint only inside a caller's transaction (one INSERT is atomic on its own).
            with transaction.atomic() if connection.in_atomic_block else nullcontext():
                return insert(seq_hint)
        except IntegrityError:
            pass
    for attempt in range(5):
        try:
            with transaction.atomic():
                DiagnosisRun.objects.select_for_update().filter(pk=run.pk).values_list(
                    "pk", flat=True
                ).first()
                return insert((ToolInvocation.objects.filter(run=run).aggregate(m=Max("seq"))["m"] or 0) + 1)
        except IntegrityError:
            if attempt == 4:
                raise
    raise AssertionError("unreachable")


# --- Reads for the gatekeeper and the model ------------------------------------------------------
def tool_invocation_facts(run: DiagnosisRun) -> list[dict[str, Any]]:
    """What ``gatekeeper.check`` takes: ``{invocation_id, tool_name, status, evidence_refs}`` per call."""
    return [invocation.as_fact() for invocation in ToolInvocation.objects.filter(run=run).order_by("seq")]
