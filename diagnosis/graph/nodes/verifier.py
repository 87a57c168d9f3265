"""Verifier node: build the round's canonical input once, ask the Verifier (bounded technical
re-ask with the byte-identical string), parse with the shared protocol parser, then run the
deterministic verdict arithmetic — including the coverage check (does a confirmed claim answer
what was asked?), whose verdict joins the minimum.

- ``AgentError(reason=llm_circuit_open)`` → ``verifier_failure = model_unavailable`` (no re-ask);
- ``AgentError(retryable=False)`` → ``verifier_failure = non_retryable`` (no re-ask);
- a protocol failure or a retryable ``AgentError`` → re-ask (a ``retry`` event), up to
  ``VERIFIER_MAX_ATTEMPTS``; then ``verifier_failure = exhausted``.

No tool, Executor or Gatekeeper work is repeated (spec 001 "technical retry occurs").
"""

from __future__ import annotations

from typing import Final

from contracts import reasons as R
from contracts.asked import Asked
from contracts.gatekeeper import VerifiedOutput
from contracts.nodes import VERIFIER
from contracts.reasons import REASON_CIRCUIT_OPEN
from diagnosis.agents.base import AgentError
from diagnosis.agents.offline.survey import ORIGIN as SURVEY_ORIGIN
from diagnosis.audit.events import EVENT_RETRY
from diagnosis.graph.env import GraphEnv
from diagnosis.graph.nodes.planner import read_question
from diagnosis.graph.state import GraphState
from diagnosis.tools.query_ref import read_query_element
from diagnosis.trace_summary import build_tool_trace_summary, tried_lines
from diagnosis.verification.coverage import check_coverage, coverage_gap
from diagnosis.verification.listing import alert_universe
from diagnosis.verification.protocol import parse_verifier_reply
from diagnosis.verification.verdict import (
    LOW_CONFID,
    effective_verdict,
    groundedness_from_claim_checks,
    rule_verdict,
    valid_critical_gaps,
)
from diagnosis.verification.verifier_input import build_verifier_input

VERIFIER_MAX_ATTEMPTS: Final = 2


def run(state: GraphState, env: GraphEnv) -> None:
    env.ctx.round = state.round
    if state.current.verifier_input is None:
        if state.current.gatekeeper_result is None:
            raise RuntimeError("verifier reached without a gatekeeper result")  # the runner fails closed
        state.current.verifier_input = build_verifier_input(
            question=state.question,
            round_no=state.round,
            mode=state.mode,
            reference_time=state.now.isoformat(),
            timezone=state.timezone,
            verified_output=state.current.verified_output or VerifiedOutput(),
            verified_evidence=state.current.verified_evidence,
            gatekeeper_result=state.current.gatekeeper_result,
            verdict_ceiling=state.current.verdict_ceiling or LOW_CONFID,
            retry_context=state.retry_context,
        )
    text = state.current.verifier_input.text
    claims = state.current.verifier_input.payload["verified_executor_output"].get("claims", [])
    evidence = state.current.verifier_input.payload["verified_evidence"]
    invocations = env.run_invocations()
    # The typed /query elements by invocation id: what a claim resting on one must restate.
    queries = {i.invocation_id: q for i in invocations if (q := read_query_element(i.output)) is not None}
    output = None
    for attempt in range(1, VERIFIER_MAX_ATTEMPTS + 1):
        state.current.verifier_attempts = attempt
        try:
            reply = env.provider.verifier.verify(text, env.ctx)
        except AgentError as exc:
            state.current.verifier_errors.append(f"attempt {attempt}: {exc.reason}"[:200])
            state.budget_exhausted = state.budget_exhausted or exc.reason == R.BUDGET_EXHAUSTED
            if exc.reason == REASON_CIRCUIT_OPEN:
                state.current.verifier_status, state.current.verifier_failure = "failed", "model_unavailable"
                return
            if not exc.retryable:
                state.current.verifier_status, state.current.verifier_failure = "failed", "non_retryable"
                return
            reason = exc.reason
        else:
            parsed = parse_verifier_reply(reply, verified_claims=claims, verified_evidence=evidence, queries=queries)
            if parsed.ok:
                output = parsed.output
                break
            state.current.verifier_errors.append(f"attempt {attempt}: {parsed.reason}: {'; '.join(parsed.errors[:3])}"[:300])
            reason = parsed.reason
        if attempt < VERIFIER_MAX_ATTEMPTS:
            env.events.record(VERIFIER, EVENT_RETRY, {"attempt": attempt + 1, "reason": reason, "round": state.round})
    if output is None:
        state.current.verifier_status, state.current.verifier_failure = "failed", "exhausted"
        return

    state.current.verifier_output = output
    state.current.verifier_status = "completed"
    # A budget already spent here means no evidence-retry round (it could not finish); the
    # verified verdict of this round stands.
    state.budget_exhausted = state.budget_exhausted or env.ctx.budget_exceeded() is not None
    state.current.model_verdict = output.verdict
    state.current.rule_verdict = rule_verdict(output.claim_checks)
    state.current.groundedness = groundedness_from_claim_checks(output.claim_checks)
    asked = state.asked or Asked()
    facts = read_question(state).facts
    state.current.coverage = check_coverage(
        asked=asked,
        question=state.question,
        claims=claims,
        claim_checks=output.claim_checks,
        verified_evidence=evidence,
        catalog=env.service_names,
        tried=tried_lines(build_tool_trace_summary(invocations)),
        why=facts.why,
        changes=facts.change,
        asked_symptoms=facts.symptoms,
        listing_universe=alert_universe([(i.tool_name, i.output) for i in invocations], asked, unresolved=facts.unresolved,
                                        symptoms=facts.symptoms)
        if facts.listing == "alerts" or "alert" in facts.symptoms else (),
        data_span=state.data_span,
        now=state.now,
        survey=facts.survey or any((i.retrieval_details or {}).get("origin") == SURVEY_ORIGIN for i in invocations),
    )
    state.current.effective_verdict = effective_verdict(
        model_verdict=output.verdict,
        rule_verdict=state.current.rule_verdict,
        ceiling=state.current.verdict_ceiling or LOW_CONFID,
        coverage=state.current.coverage.verdict,
    )
    state.current.evidence_gaps = list(output.evidence_gaps)
    state.current.valid_gaps = valid_critical_gaps(output.evidence_gaps, state.current.verified_claim_ids)
    state.current.coverage_gap = coverage_gap(state.current.coverage)
