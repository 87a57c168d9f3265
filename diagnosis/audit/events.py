"""Orchestration events (DESIGN §4 ``OrchestrationEvent``): the source of SSE progress and the
trace view. One row per node start / finish / retry / route / error (and per tool call).

``detail`` is small JSON: elapsed ms for finish events, the route target and reason for route
events, attempt and reason for retries. Never secrets, prompt text or raw model output.
"""

from __future__ import annotations

from typing import Any, Final

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

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
