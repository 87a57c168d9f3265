"""What nodes need besides the state: the run row, the provider, the per-run agent context, the
event recorder and the service names (for the leak guard)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from diagnosis.agents.base import AgentContext, Provider
from diagnosis.audit.events import (
    EVENT_ERROR,
    EVENT_RETRY,
    EVENT_START,
    EVENT_TOOL,
    orchestration_event_build,
    orchestration_event_next_seq,
    orchestration_events_append,
)
from diagnosis.models import DiagnosisRun, OrchestrationEvent
from diagnosis.tools.base import ToolContext


class EventRecorder:
    """Records OrchestrationEvents for one run, keeping ``seq`` in memory.

    Writes are batched without delaying what a watcher sees: progress events (a node starts, a
    tool was called, a retry) are written at once, together with whatever is pending; ``finish``
    and ``route`` wait for the next progress event — the next node's start, microseconds later —
    so one node step costs one INSERT instead of three. ``flush`` writes the rest at the end of
    the run (the runner calls it in a ``finally``)."""

    IMMEDIATE: Final = frozenset({EVENT_START, EVENT_TOOL, EVENT_RETRY, EVENT_ERROR})

    def __init__(self, run: DiagnosisRun) -> None:
        self.run = run
        self._next = orchestration_event_next_seq(run=run)
        self._pending: list[OrchestrationEvent] = []

    def record(self, node: str, event: str, detail: dict[str, Any] | None = None) -> None:
        self._pending.append(
            orchestration_event_build(run=self.run, seq=self._next, node=node, event=event, detail=detail)
        )
        self._next += 1
        if event in self.IMMEDIATE:
            self.flush()

    def flush(self) -> None:
        pending, self._pending = self._pending, []
        orchestration_events_append(run=self.run, events=pending)
        if pending:
            self._next = pending[-1].seq + 1


@dataclass
class GraphEnv:
    run: DiagnosisRun
    provider: Provider
    ctx: AgentContext
    events: EventRecorder
    service_names: Sequence[Sequence[str]] = field(default_factory=list)
    #: One tool context for the whole run (its clock, memoised service lookups, backends).
    tool_context: ToolContext | None = None
