"""What nodes need besides the state: the run row, the provider, the per-run agent context, the
event recorder and the service names (for the leak guard)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from diagnosis.agents.base import AgentContext, Provider
from diagnosis.audit.events import (
    EVENT_ERROR,
    EVENT_RETRY,
    EVENT_START,
    orchestration_event_build,
    orchestration_event_next_seq,
    orchestration_events_append,
)
from diagnosis.models import DiagnosisRun, OrchestrationEvent, ToolInvocation
from diagnosis.tools.base import ToolContext


class EventRecorder:
    """Records OrchestrationEvents for one run, keeping ``seq`` in memory.

    Writes are batched without hiding progress from a watcher (P2: a run's event INSERTs do not
    grow with its tool calls):

    - a node's start, a retry and an error are written at once, together with whatever is
      pending;
    - ``finish``, ``route`` and ``tool`` events wait for the next of those — the next node's
      start, microseconds later for ``finish``/``route``; for ``tool`` events the node's end, or
      the next model request (``before_model_call``: the run's AgentContext calls it, so a
      watcher sees the tool calls before a slow model reply), or any record made when the oldest
      pending event is older than ``PROGRESS_MAX_DELAY_S``;
    - ``flush`` writes the rest at the end of the run (the runner calls it in a ``finally``)."""

    IMMEDIATE: Final = frozenset({EVENT_START, EVENT_RETRY, EVENT_ERROR})
    #: How long a pending event may wait for a batch when more events arrive (a slow tool loop
    #: still shows progress at this pace; fast offline calls ride in one INSERT).
    PROGRESS_MAX_DELAY_S: Final = 0.25

    def __init__(self, run: DiagnosisRun, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.run = run
        self._clock = clock
        self._next = orchestration_event_next_seq(run=run)
        self._pending: list[OrchestrationEvent] = []
        self._oldest = 0.0
        self._writers: list[Callable[[], None]] = []

    def attach(self, writer: Callable[[], None]) -> None:
        """Have ``writer`` (a buffered tool runner's flush) run before every events flush: an
        event never names an invocation that is not stored yet."""
        self._writers.append(writer)

    def detach(self, writer: Callable[[], None]) -> None:
        self._writers.remove(writer)

    def record(self, node: str, event: str, detail: dict[str, Any] | None = None) -> None:
        if not self._pending:
            self._oldest = self._clock()
        self._pending.append(
            orchestration_event_build(run=self.run, seq=self._next, node=node, event=event, detail=detail)
        )
        self._next += 1
        if event in self.IMMEDIATE or self._clock() - self._oldest >= self.PROGRESS_MAX_DELAY_S:
            self.flush()

    def flush(self) -> None:
        for writer in self._writers:
            writer()
        pending, self._pending = self._pending, []
        orchestration_events_append(run=self.run, events=pending)
        if pending:
            self._next = pending[-1].seq + 1

    def before_model_call(self) -> None:
        """What the run's AgentContext calls before each model request."""
        self.flush()


@dataclass
class GraphEnv:
    run: DiagnosisRun
    provider: Provider
    ctx: AgentContext
    events: EventRecorder
    service_names: Sequence[Sequence[str]] = field(default_factory=list)
    #: One tool context for the whole run (its clock, memoised service lookups, backends).
    tool_context: ToolContext | None = None
    _invocations: list[ToolInvocation] | None = field(default=None, init=False, repr=False)

    def run_invocations(self) -> list[ToolInvocation]:
        """Every invocation of the run (all rounds), read once after each executor round: the
        gatekeeper, the verifier's trace summary and the composer all look at the same rows."""
        if self._invocations is None:
            self._invocations = list(ToolInvocation.objects.filter(run=self.run).order_by("seq"))
        return self._invocations

    def invocations_changed(self) -> None:
        """The executor node ran tools: the next ``run_invocations`` reads again."""
        self._invocations = None
