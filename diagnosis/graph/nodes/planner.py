"""Planner node: ask the planner agent for a plan (bounded re-ask on a technical failure).

In the evidence-retry round the request is ``EVIDENCE_GAP_ONLY`` and carries only the valid
critical gaps of the previous round, plus what was already tried (the tool trace summary's
planner view: tool, arguments, status — so an empty or failed query is not repeated); the mode is
the graph's, whatever the agent replies. The first round's plan fixes ``state.asked``.
"""

from __future__ import annotations

from typing import Final

from pydantic import ValidationError

from diagnosis.agents.base import AgentError, Plan, PlannerRequest
from diagnosis.agents.offline.asking import derive_asked
from diagnosis.audit.events import EVENT_RETRY
from diagnosis.graph.env import GraphEnv
from diagnosis.graph.state import EVIDENCE_GAP_ONLY, PLANNER, GraphState
from diagnosis.models import ToolInvocation
from diagnosis.trace_summary import build_tool_trace_summary, planner_view
from diagnosis.verification.asked import Asked

PLANNER_MAX_ATTEMPTS: Final = 2
REASON_INVALID_PLAN: Final = "invalid_plan"


def run(state: GraphState, env: GraphEnv) -> None:
    env.ctx.round = state.round
    request = PlannerRequest(
        question=state.question,
        mode=state.mode,
        round=state.round,
        now=state.now,
        now_source=state.now_source,
        timezone=state.timezone,
        services=state.services,
        evidence_gaps=list((state.retry_context or {}).get("evidence_gaps", [])),
        tried=planner_view(build_tool_trace_summary(ToolInvocation.objects.filter(run=env.run).order_by("seq")))
        if state.mode == EVIDENCE_GAP_ONLY
        else [],
    )
    for attempt in range(1, PLANNER_MAX_ATTEMPTS + 1):
        try:
            reply = env.provider.planner.plan(request, env.ctx)
            plan = Plan.model_validate(reply.model_dump() if isinstance(reply, Plan) else reply)
        except AgentError as exc:
            reason, retryable = exc.reason, exc.retryable
        except ValidationError:
            reason, retryable = REASON_INVALID_PLAN, True
        else:
            state.plan = plan.model_copy(update={"mode": state.mode})
            state.planner_error = None
            if state.asked is None:  # the first round's plan fixes what was asked
                state.asked = _asked(plan, state, env)
            return
        state.planner_error = reason
        if not retryable or attempt == PLANNER_MAX_ATTEMPTS:
            return
        env.events.record(PLANNER, EVENT_RETRY, {"attempt": attempt + 1, "reason": reason, "round": state.round})


def _asked(plan: Plan, state: GraphState, env: GraphEnv) -> Asked:
    """The plan's ``asked`` with canonical service names; the deterministic derivation when the
    plan has none (a provider that does not say), or when it names no service the catalog knows
    while the question does."""
    derived = derive_asked(question=state.question, now=state.now, tz=state.timezone, services=state.services)
    if plan.asked is None:
        return derived
    asked = plan.asked.canonical(env.service_names)
    updates: dict[str, object] = {}
    if not asked.services and derived.services:
        updates["services"] = derived.services
    if asked.window is None:
        updates["window"] = derived.window
    return asked.model_copy(update=updates) if updates else asked
