"""Orchestration events (DESIGN §4 ``OrchestrationEvent``): the source of SSE progress and the
trace view. One row per node start / finish / retry / route / error (and per tool call).

``detail`` is small JSON: elapsed ms for finish events, the route target and reason for route
events, attempt and reason for retries. Never secrets, prompt text or raw model output.
"""

from __future__ import annotations

from contextlib import nullcontext
from functools import partial
from typing import Any, Final

from django.db import IntegrityError, connection, transaction
from django.db.models import Max
from django.utils import timezone

from diagnosis.audit.progress import progress_notify
from diagnosis.audit.progress_relay import progress_publish
from diagnosis.models import DiagnosisRun, OrchestrationEvent

EVENT_START: Final = "start"
EVENT_FINISH: Final = "finish"
EVENT_RETRY: Final = "retry"
EVENT_ROUTE: Final = "route"
EVENT_ERROR: Final = "error"
EVENT_TOOL: Final = "tool"
MAX_DETAIL_STRING: Final = 500


def _bounded(value: Any) -> Any:
    if isinstance(value, str):
        return value if len(value) <= MAX_DETAIL_STRING else value[: MAX_DETAIL_STRING - 1] + "…"
    if isinstance(value, dict):
        return {str(k): _bounded(v) for k, v in list(value.items())[:50]}
    if isinstance(value, list | tuple):
        return [_bounded(v) for v in list(value)[:50]]
    return value


def orchestration_event_build(*, run: DiagnosisRun, seq: int, node: str, event: str, detail: dict[str, Any] | None) -> OrchestrationEvent:
    """An unsaved event row (bounded detail, timestamped now) for ``orchestration_events_append``."""
    return OrchestrationEvent(
        run=run, seq=seq, node=node[:32], event=event[:32], detail=_bounded(dict(detail or {})), at=timezone.now()
    )


def orchestration_events_append(*, run: DiagnosisRun, events: list[OrchestrationEvent]) -> None:
    """Insert ``events`` (consecutive seqs the caller numbered) in one statement. Should another
    writer have taken one of those seqs meanwhile, they are renumbered after the run's last."""
    if not events:
        return
    try:
        # One statement is atomic on its own; a savepoint is needed only inside a caller's
        # transaction, so that a lost seq race does not abort it.
        with transaction.atomic() if connection.in_atomic_block else nullcontext():
            if len(events) == 1:
                events[0].save(force_insert=True)  # bulk_create would open a transaction for one row
            else:
                OrchestrationEvent.objects.bulk_create(events)
    except IntegrityError:
        first = orchestration_event_next_seq(run=run)
        for offset, row in enumerate(events):
            row.pk, row.seq = None, first + offset
        with transaction.atomic():
            OrchestrationEvent.objects.bulk_create(events)
    # A watcher of this process (the inline run's SSE stream) — or, under Celery, of every web
    # process, over Redis — reads once the rows are visible: at once outside a transaction, else
    # when the caller's commits.
    transaction.on_commit(partial(progress_notify, run.pk))
    transaction.on_commit(partial(progress_publish, run.pk))


def orchestration_event_next_seq(*, run: DiagnosisRun) -> int:
    return (OrchestrationEvent.objects.filter(run=run).aggregate(m=Max("seq"))["m"] or 0) + 1


def orchestration_event_record(
    *, run: DiagnosisRun, node: str, event: str, detail: dict[str, Any] | None = None, seq: int | None = None
) -> OrchestrationEvent:
    """Append one event to ``run``'s trace. ``seq`` increases per run; pass it when the caller
    tracks it (the graph runner does, saving a query per event), else the next free one is used."""
    payload = _bounded(dict(detail or {}))
    for attempt in range(3):
        number = seq if seq is not None and attempt == 0 else orchestration_event_next_seq(run=run)
        try:
            with transaction.atomic():
                return OrchestrationEvent.objects.create(
                    run=run, seq=number, node=node[:32], event=event[:32], detail=payload, at=timezone.now()
                )
        except IntegrityError:
            if attempt == 2:
                raise
    raise AssertionError("unreachable")
