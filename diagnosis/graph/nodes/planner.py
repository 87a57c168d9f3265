"""Planner node: ask the planner agent for a plan (bounded re-ask on a technical failure).

In the evidence-retry round the request is ``EVIDENCE_GAP_ONLY`` and carries only the valid
critical gaps of the previous round; the mode is the graph's, whatever the agent replies.
"""

from __future__ import annotations

from typing import Final

from pydantic import ValidationError

from diagnosis.agents.base import AgentError, Plan, PlannerRequest
from diagnosis.graph import reasons as R
from diagnosis.graph.env import GraphEnv
from diagnosis.graph.state import PLANNER, GraphState
from diagnosis.services.events import EVENT_RETRY

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
    )
    for attempt in range(1, PLANNER_MAX_ATTEMPTS + 1):
        try:
            reply = env.provider.planner.plan(request, env.ctx)
            plan = Plan.model_validate(reply.model_dump() if isinstance(reply, Plan) else reply)
        except AgentError as exc:
            reason, retryable = exc.reason, exc.retryable
            state.budget_exhausted = state.budget_exhausted or reason == R.BUDGET_EXHAUSTED
        except ValidationError:
            reason, retryable = REASON_INVALID_PLAN, True
        else:
            state.plan = plan.model_copy(update={"mode": state.mode})
            state.planner_error = None
            return
        state.planner_error = reason
        if not retryable or attempt == PLANNER_MAX_ATTEMPTS:
            return
        env.events.record(PLANNER, EVENT_RETRY, {"attempt": attempt + 1, "reason": reason, "round": state.round})
