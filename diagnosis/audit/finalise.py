"""The run finaliser: the one function that moves a run to a terminal state (STYLE "exactly one
function moves a run to a terminal state").

Four kinds of ending reach it — a verified answer (``success``), a graph fallback
(``fallback``), a crash outside the graph (``crash``) and a run the reaper found stale
(``stale``). Each caller describes the ending as a :class:`RunTerminal`; ``run_finalise``
writes it in one short transaction:

1. lock the run row and read its status and ``self_evaluation`` container;
2. if the run is already terminal, write nothing and return ``False`` — the first ending wins,
   so a reaped run whose "dead" worker turns out to be alive cannot be overwritten later (and a
   worker that finishes first makes the reaper's later attempt a no-op);
3. otherwise apply the channel mutations to the container and write the run columns and the
   container in a single conditional ``UPDATE … WHERE status IN (queued, running)``.

The ``WHERE`` repeats the check of step 2 so the guarantee holds where ``SELECT … FOR UPDATE``
is a no-op (SQLite): of two finalisers racing, exactly one UPDATE matches a row.

After a transition commits, ``diagnosis.audit.signals.run_ended`` is sent (e.g. the alert intake's
outbound notification subscribes); a subscriber's failure is logged and changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Final
from uuid import UUID

from django.db import transaction
from django.utils import timezone

from contracts.usage import RoleUsage, usage_dump
from diagnosis.audit.progress_relay import progress_publish
from diagnosis.audit.self_evaluation import ChannelMutation, self_evaluation_apply
from diagnosis.audit.signals import run_ended
from diagnosis.metrics import observe_run_end
from diagnosis.models import DiagnosisRun

logger = logging.getLogger(__name__)

KIND_SUCCESS: Final = "success"
KIND_FALLBACK: Final = "fallback"
KIND_CRASH: Final = "crash"
KIND_STALE: Final = "stale"
KINDS: Final = (KIND_SUCCESS, KIND_FALLBACK, KIND_CRASH, KIND_STALE)

OPEN_STATUSES: Final = (DiagnosisRun.Status.QUEUED, DiagnosisRun.Status.RUNNING)
MAX_ERROR_CHARS: Final = 2000


@dataclass(frozen=True)
class RunTerminal:
    """What a terminal transition writes. ``None`` fields are left as they are."""

    kind: str
    status: str
    outcome: str
    final_answer: str
    fallback_reason: str = ""
    verdict: str = ""
    gatekeeper_severity: str | None = None
    evidence_retry_count: int | None = None
    error: str = ""
    provider: str | None = None
    model: str | None = None
    token_usage: Mapping[str, RoleUsage] | None = None
    #: the coverage check's status (answered / partial / unanswered) when the Verifier completed;
    #: a metric label only — the audit keeps it in ``verifier_evaluation.coverage``.
    coverage_status: str | None = None
    #: self_evaluation channel → ``mutate(old) -> new`` (applied under the same row lock).
    channels: Mapping[str, ChannelMutation] = field(default_factory=dict)
    #: crash / stale: a channel that cannot be built (e.g. a malformed old value) is logged and
    #: skipped rather than leaving the run open; a success/fallback raises (a real bug).
    channels_best_effort: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown terminal kind {self.kind!r}")
        if self.status not in (DiagnosisRun.Status.COMPLETED, DiagnosisRun.Status.FAILED):
            raise ValueError(f"{self.status!r} is not a terminal status")


def _columns(terminal: RunTerminal, *, started_at: Any) -> dict[str, Any]:
    finished = timezone.now()
    columns: dict[str, Any] = {
        "status": terminal.status,
        "outcome": terminal.outcome,
        "verdict": terminal.verdict,
        "fallback_reason": terminal.fallback_reason,
        "final_answer": terminal.final_answer,
        "error": terminal.error[:MAX_ERROR_CHARS],
        "finished_at": finished,
        "duration_ms": max(0, int((finished - started_at).total_seconds() * 1000)) if started_at else None,
    }
    if terminal.gatekeeper_severity is not None:
        columns["gatekeeper_severity"] = terminal.gatekeeper_severity
    if terminal.evidence_retry_count is not None:
        columns["evidence_retry_count"] = terminal.evidence_retry_count
    if terminal.provider is not None:
        columns["provider"] = terminal.provider[:32]
    if terminal.model is not None:
        columns["model"] = terminal.model[:128]
    if terminal.token_usage is not None:
        columns["token_usage"] = usage_dump(terminal.token_usage)
        columns["prompt_tokens"] = sum(v.prompt_tokens for v in terminal.token_usage.values())
        columns["completion_tokens"] = sum(v.completion_tokens for v in terminal.token_usage.values())
    return columns


def _container(current: Any, terminal: RunTerminal, run_id: Any) -> dict[str, Any] | None:
    if not terminal.channels:
        return None
    if not terminal.channels_best_effort:
        return self_evaluation_apply(current, dict(terminal.channels))[0]
    container = current
    for channel, mutate in terminal.channels.items():
        try:
            container = self_evaluation_apply(container, {channel: mutate})[0]
        except Exception:  # noqa: BLE001 - the terminal transition matters more than one audit channel
            logger.exception("run %s: channel %s not recorded at %s", run_id, channel, terminal.kind)
    return container if isinstance(container, dict) else None


def run_finalise(*, run_id: UUID | str, terminal: RunTerminal, run: DiagnosisRun | None = None) -> bool:
    """Move run ``run_id`` to ``terminal``; ``False`` (nothing written) when it already ended.

    When ``run`` is given and the transition happened, its attributes are updated in memory.
    """
    with transaction.atomic():
        row = (
            DiagnosisRun.objects.select_for_update()
            .filter(pk=run_id)
            .values("status", "started_at", "self_evaluation")
            .first()
        )
        if row is None or row["status"] not in OPEN_STATUSES:
            return False
        columns = _columns(terminal, started_at=row["started_at"])
        container = _container(row["self_evaluation"], terminal, run_id)
        if container is not None:
            columns["self_evaluation"] = container
        if DiagnosisRun.objects.filter(pk=run_id, status__in=OPEN_STATUSES).update(**columns) != 1:
            return False
    if run is not None:
        for name, value in columns.items():
            setattr(run, name, value)
    observe_run_end(
        kind=terminal.kind,
        status=terminal.status,
        outcome=terminal.outcome,
        verdict=terminal.verdict,
        gatekeeper_severity=terminal.gatekeeper_severity,
        coverage=terminal.coverage_status,
    )
    # After the commit (at once when there is no outer transaction): subscribers — the alert
    # notification — see the ended run, and nothing they do can undo or fail the ending.
    # (send_robust logs a subscriber's exception through the ``django.dispatch`` logger.)
    transaction.on_commit(lambda: run_ended.send_robust(sender=DiagnosisRun, run_id=run_id))
    # A Celery run's stream notices the ending at once rather than at its fallback timeout (an
    # inline run's stream is woken by its execution's future; nothing is published then).
    transaction.on_commit(partial(progress_publish, run_id))
    return True
