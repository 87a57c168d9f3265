"""The graph runner: node → routing function → next node, bounded, with an OrchestrationEvent
for every node start / finish / retry / route (and error).

An unexpected exception inside a node is caught here: it is logged server-side with its stack
trace, recorded as an ``error`` event (type and bounded message only) and routed to the
fallback with reason ``internal_error`` — the user sees the Chinese fallback text, never a trace.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Final

from django.conf import settings

from contracts import reasons as R
from contracts.nodes import COMPOSER, END, EXECUTOR, FALLBACK, GATEKEEPER, PLANNER, VERIFIER
from diagnosis.agents.base import AgentContext, Provider, RunBudget, services_from
from diagnosis.audit.events import EVENT_ERROR, EVENT_FINISH, EVENT_ROUTE, EVENT_START
from diagnosis.composer.templates import render_fallback
from diagnosis.evidence.selectors import evidence_span, reference_clock
from diagnosis.graph.env import EventRecorder, GraphEnv
from diagnosis.graph.nodes import composer, executor, fallback, gatekeeper, planner, verifier
from diagnosis.graph.routing import ROUTERS, Route, apply_route
from diagnosis.graph.state import GraphState
from diagnosis.masking.config import run_masker
from diagnosis.metrics import observe_node
from diagnosis.models import DiagnosisRun, EvidenceScope, Service
from diagnosis.selectors.sessions import earlier_questions, session_context_for_run
from diagnosis.tools.service import run_tool_context

logger = logging.getLogger(__name__)

#: planner, executor, gatekeeper, verifier twice (two rounds) + composer/fallback = 9; the bound
#: only guards against a routing bug.
MAX_STEPS: Final = 16
MAX_ERROR_CHARS: Final = 300

NODE_FUNCTIONS: Final[dict[str, Callable[[GraphState, GraphEnv], None]]] = {
    PLANNER: planner.run,
    EXECUTOR: executor.run,
    GATEKEEPER: gatekeeper.run,
    VERIFIER: verifier.run,
    COMPOSER: composer.run,
    FALLBACK: fallback.run,
}


def run_scope(run: DiagnosisRun) -> EvidenceScope:
    """The evidence scope the run reads: its session's (DESIGN §10.3)."""
    return EvidenceScope.objects.get(sessions__runs=run)


def initial_state(run: DiagnosisRun, scope: EvidenceScope) -> tuple[GraphState, list[list[str]]]:
    now, source = reference_clock(scope)
    rows = list(Service.objects.for_scope(scope).order_by("name"))
    state = GraphState(
        run_id=str(run.pk),
        question=run.question,
        now=now,
        now_source=source,
        timezone=settings.TIME_ZONE,
        services=services_from(rows),
        session_context=session_context_for_run(run),
        data_span=evidence_span(scope),
    )
    return state, [list(row.all_names()) for row in rows]


def agent_context(run: DiagnosisRun, provider: Provider) -> AgentContext:
    """The per-run context: usage sink, placeholder map and the run's model budget (RUN_MAX_TOKENS /
    RUN_MAX_SECONDS, its clock starting now)."""
    return AgentContext(
        run_id=str(run.pk),
        model_by_role=dict(provider.model_by_role),
        masker=run_masker(provider, earlier_questions=lambda: earlier_questions(run)),
        budget=RunBudget(max_tokens=int(settings.RUN_MAX_TOKENS), max_seconds=float(settings.RUN_MAX_SECONDS)),
    )


def _error_text(node: str, exc: BaseException) -> str:
    return f"{node}: {type(exc).__name__}: {exc}"[:MAX_ERROR_CHARS]


def run_graph(*, run: DiagnosisRun, provider: Provider, ctx: AgentContext | None = None) -> tuple[GraphState, GraphEnv]:
    """Execute the graph for ``run`` and return the final state (nothing persisted but the
    tool invocations and the events; see ``diagnosis.graph.persist``)."""
    scope = run_scope(run)
    state, service_names = initial_state(run, scope)
    ctx = ctx or agent_context(run, provider)
    env = GraphEnv(
        run=run,
        provider=provider,
        ctx=ctx,
        events=EventRecorder(run),
        service_names=service_names,
        tool_context=run_tool_context(scope=scope, now=state.now, clock_source=state.now_source),
    )
    ctx.before_model_call = env.events.before_model_call
    node = PLANNER
    steps = 0
    try:
        while node != END:
            steps += 1
            if steps > MAX_STEPS and node != FALLBACK:
                route = Route(FALLBACK, R.INTERNAL_ERROR)
                state.internal_error = R.MAX_STEPS_EXCEEDED
                env.events.record(node, EVENT_ERROR, {"error": R.MAX_STEPS_EXCEEDED})
            else:
                route = _step(node, state, env)
            env.events.record(node, EVENT_ROUTE, {"target": route.target, "reason": route.reason, "round": state.round})
            apply_route(state, route)
            node = route.target
    finally:
        env.events.flush()
    return state, env


def _step(node: str, state: GraphState, env: GraphEnv) -> Route:
    env.events.record(node, EVENT_START, {"round": state.round})
    started = time.monotonic()
    try:
        NODE_FUNCTIONS[node](state, env)
    except Exception as exc:  # noqa: BLE001 - any node fault becomes a handled fallback
        logger.exception("graph node %s failed for run %s", node, state.run_id)
        observe_node(node, time.monotonic() - started)
        elapsed = int((time.monotonic() - started) * 1000)
        env.events.record(node, EVENT_ERROR, {"error": type(exc).__name__, "elapsed_ms": elapsed})
        state.internal_error = _error_text(node, exc)
        if node == FALLBACK:
            # The fallback itself failed: the fixed internal-error text, and stop.
            state.fallback_reason = state.fallback_reason or R.INTERNAL_ERROR
            state.final_answer = render_fallback(R.INTERNAL_ERROR)
            state.composer_output = {"source": "template", "status": "fallback", "reason": R.INTERNAL_ERROR}
            return Route(END, R.DONE)
        return Route(FALLBACK, R.INTERNAL_ERROR)
    seconds = time.monotonic() - started
    observe_node(node, seconds)
    env.events.record(node, EVENT_FINISH, {"elapsed_ms": int(seconds * 1000), "round": state.round})
    return ROUTERS[node](state)
