"""Conditional edges of the graph (spec 001 "ChatService SHALL route based on Verifier verdict",
"Structured Executor output SHALL degrade safely", "gatekeeper reject bypasses Verifier",
"gatekeeper low confidence is bounded", "Verifier execution fails").

Each ``route_after_*`` is a pure function of the state returning ``Route(target, reason)``;
``apply_route`` is the only state transition made between nodes (recording the fallback reason,
or preparing the ``EVIDENCE_GAP_ONLY`` round).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple

from contracts import reasons as R
from contracts.nodes import COMPOSER, END, EXECUTOR, FALLBACK, GATEKEEPER, PLANNER, VERIFIER
from contracts.reasons import REASON_CIRCUIT_OPEN
from contracts.rounds import RoundRecord
from contracts.verdict import Severity
from contracts.verifier import ClaimCheck
from diagnosis.graph.state import EVIDENCE_GAP_ONLY, GraphState, RoundState
from diagnosis.verification.verdict import LOW_CONFID, PASS, REJECT, evidence_retry_qualifies
from diagnosis.verification.verifier_input import build_retry_context

MAX_ROUNDS: Final = 2


class Route(NamedTuple):
    target: str
    reason: str


def route_after_planner(state: GraphState) -> Route:
    if state.clarify:
        return Route(END, R.CLARIFY)
    if state.budget_exhausted:
        return Route(FALLBACK, R.BUDGET_EXHAUSTED)
    if state.current.planner_error == REASON_CIRCUIT_OPEN:
        return Route(FALLBACK, R.MODEL_UNAVAILABLE)
    if state.current.planner_error is not None or state.current.plan is None:
        return Route(FALLBACK, R.PLANNER_FAILED)
    return Route(EXECUTOR, R.PLANNED)


def route_after_executor(state: GraphState) -> Route:
    parse = state.current.executor_output_parse_status
    if state.budget_exhausted:
        return Route(FALLBACK, R.BUDGET_EXHAUSTED)
    if state.current.executor_error == REASON_CIRCUIT_OPEN:
        return Route(FALLBACK, R.MODEL_UNAVAILABLE)
    if state.current.executor_error is not None or (parse is not None and parse.is_failed):
        return Route(FALLBACK, R.EXECUTOR_FAILED)
    if parse is not None and parse.is_valid:
        return Route(GATEKEEPER, R.CONTRACT_PARSED)
    if parse is not None and parse.is_v2_schema_error:
        # A v2 object that breaks the schema (forbidden keys, a claim without bindings …): the
        # Gatekeeper's schema.executor_v2 rule judges it (reject → fallback, never the Verifier).
        return Route(GATEKEEPER, R.CONTRACT_SCHEMA_ERROR)
    return Route(FALLBACK, R.EXECUTOR_INVALID_OUTPUT)


def route_after_gatekeeper(state: GraphState) -> Route:
    result = state.current.gatekeeper_result
    severity = result.severity if result is not None else None
    if severity not in (Severity.NONE, Severity.LOW_CONFID) or state.current.verdict_ceiling not in (PASS, LOW_CONFID):
        return Route(FALLBACK, R.GATEKEEPER_REJECT)  # reject, or missing: fail closed
    if severity == Severity.LOW_CONFID and state.current.passed_binding_count == 0:
        return Route(FALLBACK, R.GATEKEEPER_NO_PASSED_BINDING)
    return Route(VERIFIER, R.VERIFIABLE)


def retry_qualifies(state: GraphState) -> bool:
    # A spent budget keeps this round's verified verdict instead of a retry that cannot finish.
    return state.round < MAX_ROUNDS and not state.budget_exhausted and evidence_retry_qualifies(
        effective=state.current.effective_verdict or REJECT,
        ceiling=state.current.verdict_ceiling or REJECT,
        evidence_gaps=state.current.evidence_gaps,
        verified_claim_ids=state.current.verified_claim_ids,
        evidence_retry_count=state.evidence_retry_count,
        coverage_gap=state.current.coverage_gap,
    )


def route_after_verifier(state: GraphState) -> Route:
    if state.current.verifier_status != "completed" or state.current.effective_verdict is None:
        if state.budget_exhausted:
            return Route(FALLBACK, R.BUDGET_EXHAUSTED)
        if state.current.verifier_failure == "model_unavailable":
            return Route(FALLBACK, R.MODEL_UNAVAILABLE)
        if state.current.verifier_failure == "non_retryable":
            return Route(FALLBACK, R.VERIFIER_NON_RETRYABLE)
        return Route(FALLBACK, R.VERIFIER_EXHAUSTED)
    if state.current.effective_verdict == PASS:
        return Route(COMPOSER, R.EFFECTIVE_PASS)
    if state.current.effective_verdict == LOW_CONFID:
        if retry_qualifies(state):
            return Route(PLANNER, R.EVIDENCE_RETRY)
        return Route(COMPOSER, R.LOW_CONFID_NO_RETRY)
    return Route(COMPOSER, R.EFFECTIVE_REJECT)


def route_to_end(state: GraphState) -> Route:
    return Route(END, R.DONE)


ROUTERS: Final[dict[str, Callable[[GraphState], Route]]] = {
    PLANNER: route_after_planner,
    EXECUTOR: route_after_executor,
    GATEKEEPER: route_after_gatekeeper,
    VERIFIER: route_after_verifier,
    COMPOSER: route_to_end,
    FALLBACK: route_to_end,
}


def round_summary(state: GraphState) -> RoundRecord:
    """A compact record of a finished round (kept in ``round_history``)."""
    current = state.current
    output = current.verifier_output
    gatekeeper_result = current.gatekeeper_result
    return RoundRecord(
        round=state.round,
        mode=state.mode,
        plan_source=current.plan_source,
        invocation_ids=list(current.round_invocation_ids),
        gatekeeper_status=gatekeeper_result.status if gatekeeper_result else None,
        gatekeeper_severity=gatekeeper_result.severity if gatekeeper_result else None,
        verdict_ceiling=current.verdict_ceiling,
        model_verdict=current.model_verdict,
        rule_verdict=current.rule_verdict,
        effective_verdict=current.effective_verdict,
        groundedness_score=current.groundedness,
        claim_checks=[
            ClaimCheck(claim_id=c.claim_id, verification=c.verification, is_critical=c.is_critical)
            for c in (output.claim_checks if output else [])
        ],
        valid_gaps=list(current.valid_gaps),
        coverage=current.coverage,
    )


def apply_route(state: GraphState, route: Route) -> None:
    """The state transition that goes with a route (pure over the state object)."""
    state.route_trace.append(route.target)
    if route.target != END:
        state.last_route_reason = route.reason  # the decisive edge, e.g. effective_pass / gatekeeper_reject
    if route.target == FALLBACK:
        state.fallback_reason = route.reason
    elif route.target == PLANNER and route.reason == R.EVIDENCE_RETRY:
        previous_verdict = state.current.effective_verdict or LOW_CONFID
        coverage_gap = state.current.coverage_gap
        gaps = [*state.current.valid_gaps, *([coverage_gap] if coverage_gap is not None else [])]
        state.round_history.append(round_summary(state))
        state.current = RoundState()
        state.round += 1
        state.mode = EVIDENCE_GAP_ONLY
        state.evidence_retry_count += 1
        # supplementary_invocation_ids are filled in once the round's Executor has run.
        state.retry_context = build_retry_context(
            previous_verdict=previous_verdict, evidence_gaps=gaps, supplementary_invocation_ids=[]
        )
