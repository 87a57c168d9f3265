"""What nodes need besides the state: the run row, the provider, the per-run agent context, the
event recorder and the service names (for the leak guard)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from diagnosis.agents.base import AgentContext, Provider
from diagnosis.audit.events import orchestration_event_next_seq, orchestration_event_record
from diagnosis.models import DiagnosisRun


class EventRecorder:
    """Records OrchestrationEvents for one run, keeping ``seq`` in memory (one query less per
    event); starts after whatever the run already has."""

    def __init__(self, run: DiagnosisRun) -> None:
        self.run = run
        self._next = orchestration_event_next_seq(run=run)

    def record(self, node: str, event: str, detail: dict[str, Any] | None = None) -> None:
        row = orchestration_event_record(run=self.run, node=node, event=event, detail=detail, seq=self._next)
        self._next = row.seq + 1


@dataclass
class GraphEnv:
    run: DiagnosisRun
    provider: Provider
    ctx: AgentContext
    events: EventRecorder
    service_names: Sequence[Sequence[str]] = field(default_factory=list)
