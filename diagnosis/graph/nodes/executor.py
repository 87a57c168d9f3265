"""Executor node: run the Executor agent with a ToolRunner bound to (run, round), keep its final
content in memory, and classify it.

Classification (``executor_output_parse_status``) uses ``gatekeeper.parse_contract``:

- ``valid`` — a legal ``executor_evidence_v2`` contract → Gatekeeper;
- ``invalid`` / ``schema_error`` with ``declares_v2`` — a JSON object that declares
  ``answer_version = executor_evidence_v2`` but breaks the schema (forbidden
  ``diagnosis_summary`` / ``user_facing_answer``, a claim without bindings …) → Gatekeeper, whose
  ``schema.executor_v2`` rule fails it with severity reject (spec "schema rule rejects removed
  fields") → fallback ``gatekeeper_reject``;
- ``invalid`` otherwise (not JSON, not an object, prose, another shape) → INVALID_OUTPUT →
  fallback ``executor_invalid_output``: Gatekeeper, Verifier and model Composer do not run;
- ``failed`` — a technical failure (AgentError) → fallback ``executor_failed``.

No re-ask: rerunning the Executor would rerun tools (DESIGN §6). Transport retries belong to the
provider's client.
"""

from __future__ import annotations

from typing import Final

import gatekeeper
from contracts import reasons as R
from contracts.executor_parse import PARSE_FAILED, PARSE_INVALID, PARSE_VALID, ExecutorParseStatus
from contracts.nodes import EXECUTOR
from contracts.plan import ExecutorRequest
from contracts.tools import ToolCallResult
from diagnosis.agents.base import AgentError, ExecutorReply
from diagnosis.audit.events import EVENT_TOOL
from diagnosis.graph.env import GraphEnv
from diagnosis.graph.nodes.planner import read_question
from diagnosis.graph.state import GraphState
from diagnosis.graph.tool_runner import RunToolRunner

MAX_PARSE_ERRORS: Final = 10
MAX_ERROR_CHARS: Final = 300


def _bounded_errors(errors: list[str]) -> list[str]:
    return [e[:MAX_ERROR_CHARS] for e in errors[:MAX_PARSE_ERRORS]]


def classify_output(content: str) -> ExecutorParseStatus:
    """The parse status of an Executor's final content (never the content itself)."""
    parsed = gatekeeper.parse_contract(content)
    if parsed.valid:
        return ExecutorParseStatus(status=PARSE_VALID, kind="valid", errors=[], warnings=_bounded_errors(parsed.warnings))
    declares_v2 = parsed.status == "schema_error" and not any(
        e.startswith(("answer_version", "(contract)")) for e in parsed.errors
    )
    return ExecutorParseStatus(
        status=PARSE_INVALID,
        kind=parsed.status,
        declares_v2=declares_v2,
        errors=_bounded_errors(parsed.errors),
        warnings=_bounded_errors(parsed.warnings),
    )


def run(state: GraphState, env: GraphEnv) -> None:
    env.ctx.round = state.round

    def on_call(result: ToolCallResult) -> None:
        env.events.record(
            EXECUTOR,
            EVENT_TOOL,
            {"invocation_id": result.invocation_id, "tool_name": result.tool_name, "status": result.status,
             "round": state.round},
        )

    tools = RunToolRunner(run=env.run, round_no=state.round, on_call=on_call, context=env.tool_context, buffered=True)
    request = ExecutorRequest(
        question=state.question,
        plan=state.current.plan,
        mode=state.mode,
        round=state.round,
        now=state.now,
        timezone=state.timezone,
        services=state.services,
        evidence_gaps=list(state.retry_context.evidence_gaps) if state.retry_context else [],
        reading=read_question(state),
    )
    env.events.attach(tools.flush)
    try:
        reply = env.provider.executor.execute(request, tools, env.ctx)
    except AgentError as exc:
        state.current.executor_error = exc.reason
        state.budget_exhausted = state.budget_exhausted or exc.reason == R.BUDGET_EXHAUSTED
        state.current.executor_output_parse_status = ExecutorParseStatus(
            status=PARSE_FAILED, kind="agent_error", errors=[exc.reason[:100]]
        )
        return
    finally:
        env.events.detach(tools.flush)
        tools.flush()  # the round's invocations are stored before anything reads them
        env.invocations_changed()
        state.current.round_invocation_ids = [c.invocation_id for c in tools.calls]
        if state.retry_context is not None:
            state.retry_context = state.retry_context.with_supplementary(state.current.round_invocation_ids)
    content = reply.content if isinstance(reply, ExecutorReply) else reply
    state.current.executor_raw = content if isinstance(content, str) else ""
    state.current.executor_output_parse_status = classify_output(state.current.executor_raw)
