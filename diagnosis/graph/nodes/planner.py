"""Planner node: ask the planner agent for a plan (bounded re-ask on a technical failure).

In the evidence-retry round the request is ``EVIDENCE_GAP_ONLY`` and carries only the valid
critical gaps of the previous round, plus what was already tried (the tool trace summary's
planner view: tool, arguments, status — so an empty or failed query is not repeated); the mode is
the graph's, whatever the agent replies. The first round's plan fixes ``state.asked``.

Degrading instead of failing (issue 15): when the provider's planner still gives no usable plan
after its re-ask (invalid, truncated, blank replies) and the provider has a ``planner_fallback``
(the openai provider with PLANNER_FALLBACK=offline), the deterministic offline planner plans and
the run goes on (``plan_source = offline_fallback``). The plan only chooses the evidence tools;
the Gatekeeper and the Verifier judge the evidence exactly as before. With LLM_PLANNER=offline the
offline planner is the provider's planner from the start (``plan_source = offline``): a small
local model then spends its time on the contract, not on a plan. A non-retryable failure
(transport spent, content filter, missing prompt, spent budget) is not degraded: the next model
call would fail the same way, so the run ends ``planner_failed`` (or ``budget_exhausted``).

A question in an existing session carries the session's context (``state.session_context``: the
earlier turns' ``asked`` and confirmed entities, never their answers) to the planner of every
provider, so a follow-up's references are resolved; the deterministic ``asked`` derivation
resolves them the same way (issue 13 item 3).
"""

from __future__ import annotations

from typing import Final

from pydantic import ValidationError

from contracts import reasons as R
from contracts.answer import ComposerOutput
from contracts.asked import Asked
from contracts.nodes import PLANNER
from contracts.plan import Plan, PlannerRequest
from contracts.reading import Reading
from diagnosis.agents.base import AgentError
from diagnosis.audit.events import EVENT_RETRY
from diagnosis.composer.answer import Answer
from diagnosis.composer.templates import render_clarify
from diagnosis.graph.env import GraphEnv
from diagnosis.graph.state import EVIDENCE_GAP_ONLY, GraphState
from diagnosis.models import ToolInvocation
from diagnosis.reading.conversation import resolve
from diagnosis.trace_summary import build_tool_trace_summary, planner_view

PLANNER_MAX_ATTEMPTS: Final = 2
REASON_INVALID_PLAN: Final = "invalid_plan"
PLAN_SOURCE_PROVIDER: Final = "provider"
PLAN_SOURCE_OFFLINE_FALLBACK: Final = "offline_fallback"
#: LLM_PLANNER=offline: the offline planner plans from the start (``Provider.planner_source``).
PLAN_SOURCE_OFFLINE: Final = "offline"


STATUS_CLARIFY: Final = "clarify"


def read_question(state: GraphState) -> Reading:
    """The question read once per run (in its session: a follow-up leans on the earlier turn)."""
    if state.reading is None:
        state.reading = resolve(
            question=state.question, now=state.now, tz=state.timezone, services=state.services,
            context=state.session_context,
        )
    return state.reading


def clarify(state: GraphState) -> None:
    """Text that names nothing to diagnose gets the clarification: no plan, no tool, no verdict."""
    state.clarify = True
    state.asked = read_question(state).asked
    state.final_answer = render_clarify([s.name for s in state.services])
    answer = Answer(outcome="clarify", message=state.final_answer)
    state.composer_output = ComposerOutput(
        source="template", status=STATUS_CLARIFY, chars=len(state.final_answer), route="clarify",
        answer=answer.model_dump(mode="json"),
    )
    state.current.verifier_status = "skipped"


def run(state: GraphState, env: GraphEnv) -> None:
    env.ctx.round = state.round
    reading = read_question(state)
    if state.round == 1 and not reading.diagnosable:
        clarify(state)
        return
    request = PlannerRequest(
        question=state.question,
        mode=state.mode,
        round=state.round,
        now=state.now,
        now_source=state.now_source,
        timezone=state.timezone,
        services=state.services,
        evidence_gaps=list(state.retry_context.evidence_gaps) if state.retry_context else [],
        tried=planner_view(build_tool_trace_summary(ToolInvocation.objects.filter(run=env.run).order_by("seq")))
        if state.mode == EVIDENCE_GAP_ONLY
        else [],
        context=state.session_context,
        reading=reading,
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
            state.current.plan = plan.model_copy(update={"mode": state.mode})
            state.current.planner_error = None
            state.current.plan_source = env.provider.planner_source
            if state.asked is None:  # the first round's plan fixes what was asked
                state.asked = _asked(plan, state, env)
            return
        state.current.planner_error = reason
        if not retryable:
            return
        if attempt == PLANNER_MAX_ATTEMPTS:
            _plan_offline(state, env, request, reason)
            return
        env.events.record(PLANNER, EVENT_RETRY, {"attempt": attempt + 1, "reason": reason, "round": state.round})


def _plan_offline(state: GraphState, env: GraphEnv, request: PlannerRequest, reason: str) -> None:
    fallback = env.provider.planner_fallback
    if fallback is None:
        return
    plan = fallback.plan(request, env.ctx)  # deterministic, no model: it does not fail technically
    state.current.plan = plan.model_copy(update={"mode": state.mode})
    if state.asked is None:
        state.asked = _asked(plan, state, env)
    state.current.plan_source = PLAN_SOURCE_OFFLINE_FALLBACK
    state.current.planner_failure = reason
    state.current.planner_error = None
    env.events.record(
        PLANNER, EVENT_RETRY, {"attempt": PLANNER_MAX_ATTEMPTS + 1, "reason": reason, "plan_source": state.current.plan_source,
                               "round": state.round},
    )


def _asked(plan: Plan, state: GraphState, env: GraphEnv) -> Asked:
    """The plan's ``asked`` with canonical service names; the deterministic derivation when the
    plan has none (a provider that does not say), or when it names no service the catalog knows
    while the question does."""
    derived = read_question(state).asked
    if plan.asked is None:
        return derived
    asked = plan.asked.canonical(env.service_names)
    updates: dict[str, object] = {}
    if not asked.services and derived.services:
        updates["services"] = derived.services
    if asked.window is None:
        updates["window"] = derived.window
    return asked.model_copy(update=updates) if updates else asked
