"""The ``ToolRunner`` the executor node hands to the Executor agent: bound to one run and one
round, it executes through the real tool layer (every call persisted as a ToolInvocation)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Final

from django.db import InterfaceError, OperationalError, connection

from contracts.tools import ToolCallResult
from diagnosis.models import DiagnosisRun, ToolInvocation
from diagnosis.tools.base import ToolContext
from diagnosis.tools.service import tool_invocation_execute, tool_invocations_insert

#: Hard bound on tool calls per round, whatever the provider does (DESIGN §9 "bounded
#: everything"); providers keep their own, smaller budgets.
MAX_TOOL_CALLS_PER_ROUND: Final = 32
BUDGET_EXHAUSTED: Final = "工具调用预算已用完 (tool budget exhausted for this round)"
logger = logging.getLogger(__name__)


def tool_call_result(invocation: ToolInvocation) -> ToolCallResult:
    return ToolCallResult(
        invocation_id=invocation.invocation_id,
        tool_name=invocation.tool_name,
        round=invocation.round,
        status=invocation.status,
        arguments=dict(invocation.arguments or {}),
        output=invocation.output,
        evidence_refs=invocation.evidence_refs,
        error=invocation.error,
        deduped_from=invocation.deduped_from,
        origin=str((invocation.retrieval_details or {}).get("origin") or ""),
    )


class RunToolRunner:
    def __init__(
        self,
        *,
        run: DiagnosisRun,
        round_no: int,
        on_call: Callable[[ToolCallResult], None] | None = None,
        max_calls: int = MAX_TOOL_CALLS_PER_ROUND,
        context: ToolContext | None = None,
        buffered: bool = False,
    ) -> None:
        self.run = run
        # Buffered (the executor node): after the round's first call — which takes the run's
        # next number under a lock — rows are numbered in memory and written by ``flush`` in one
        # INSERT (P2: a round's bookkeeping does not grow with its calls). The node flushes
        # before every model request, before its events and when it ends, crash or not.
        self.buffered = buffered
        self._pending: list[ToolInvocation] = []
        self.round_no = round_no
        self.on_call = on_call
        self.max_calls = max_calls
        self.context = context
        self.calls: list[ToolCallResult] = []
        # The run's next invocation number once one call told us (saves locking the run per call).
        self._next_seq: int | None = None
        self._history: list[ToolCallResult] | None = None

    def call(
        self, tool_name: str, arguments: dict[str, Any] | str | None, origin: str = ""
    ) -> ToolCallResult:
        if len(self.calls) >= self.max_calls:
            # Not executed, not persisted: an empty invocation id cannot be cited as evidence.
            return ToolCallResult(
                invocation_id="",
                tool_name=str(tool_name)[:64],
                round=self.round_no,
                status="failed",
                arguments=arguments if isinstance(arguments, dict) else {},
                output=None,
                evidence_refs=[],
                error=BUDGET_EXHAUSTED,
                origin=origin,
            )
        invocation = tool_invocation_execute(
            run=self.run,
            round_no=self.round_no,
            tool_name=tool_name,
            arguments=arguments,
            context=self.context,
            seq_hint=self._next_seq,
            origin=origin,
            persist=not self.buffered,
        )
        if invocation.pk is None:
            self._pending.append(invocation)
        self._next_seq = invocation.seq + 1
        result = tool_call_result(invocation)
        if self._history is not None:
            self._history.append(result)  # the run's newest invocation: the history stays complete
        self.calls.append(result)
        if self.on_call is not None:
            self.on_call(result)
        return result

    def flush(self) -> None:
        """Write the buffered invocations (one INSERT); nothing to do when none are pending.

        Their tools already ran and the agent already holds their ids, so a connection lost
        under the write is not allowed to lose them: the failed transaction drops the dead
        connection and the batch is written once more on a fresh one (a second loss raises)."""
        pending, self._pending = self._pending, []
        try:
            tool_invocations_insert(pending)
        except (OperationalError, InterfaceError):
            if connection.in_atomic_block:
                raise  # a caller's transaction is broken: not ours to repair
            logger.warning("writing %d tool invocations failed; once more on a fresh connection", len(pending))
            connection.close()
            tool_invocations_insert(pending)

    def history(self) -> list[ToolCallResult]:
        """Every invocation of the run so far (earlier rounds too). Read once per round: the run's
        invocations change only through this runner while its round executes, and each call it
        makes is appended to what was read (P2: no query per call)."""
        if self._history is None:
            self.flush()  # what this runner buffered belongs to the history it reads
            rows = list(ToolInvocation.objects.filter(run=self.run).order_by("seq"))
            self._history = [tool_call_result(i) for i in rows]
            if self._next_seq is None:
                self._next_seq = (rows[-1].seq if rows else 0) + 1  # no number lookup for the first call

        return list(self._history)
