"""Graph result mapping: what a finished graph produced, as the ``RunTerminal`` the run finaliser
(``diagnosis.audit.finalise``) writes in one transaction (spec 001 "Verifier SHALL be
observable", "pre-verification fallback is persisted", "evaluation payload is inspected").

On every path:

1. ``verifier_evaluation`` — a channel mutation (applied under the run row lock). The
   verdict fields are set only when the Verifier completed in the final round; on a fallback they
   stay ``None`` (never fabricated). Gatekeeper audit, prompt audit, composer output, parse status
   and the failure reason are always written when available. Never raw Executor text, never a
   tool trace summary; ``verified_executor_output`` is the projection only (it is also the
   compatibility ``executor_structured_output``).
2. ``rule_evaluation`` — the rule-based evidence score (its own channel).
3. The run row — status, outcome, promoted verdict columns, answer, usage, timings.
"""

from __future__ import annotations

from typing import Any, Final

from contracts.verdict import Verdict
from diagnosis.agents.base import AgentContext, Provider
from diagnosis.audit.finalise import KIND_FALLBACK, KIND_SUCCESS, RunTerminal
from diagnosis.audit.rule_evaluation import rule_evaluation_mutation, rule_evaluation_of_run
from diagnosis.graph.state import GraphState
from diagnosis.masking.config import masking_audit
from diagnosis.models import DiagnosisRun
from diagnosis.prompts_catalog import prompt_audit
from diagnosis.schemas.self_evaluation import CHANNEL_RULE, CHANNEL_VERIFIER, MaskingAudit, VerifierEvaluation

TRACEABILITY_VERSION: Final = "verified-projection-v1"
OUTCOME_FOR_VERDICT: Final = {
    Verdict.PASS: DiagnosisRun.Outcome.PASS,
    Verdict.LOW_CONFID: DiagnosisRun.Outcome.LOW_CONFID,
    Verdict.REJECT: DiagnosisRun.Outcome.REJECT,
}


def outcome_of(state: GraphState) -> str:
    if state.clarify:
        return DiagnosisRun.Outcome.CLARIFY
    if state.fallback_reason is not None or state.current.effective_verdict is None:
        return DiagnosisRun.Outcome.FALLBACK
    return OUTCOME_FOR_VERDICT[state.current.effective_verdict]


def verifier_evaluation_from_state(state: GraphState, ctx: AgentContext | None = None) -> VerifierEvaluation:
    completed = state.current.verifier_status == "completed" and state.fallback_reason is None
    output = state.current.verifier_output if completed else None
    status = state.current.verifier_status if state.current.verifier_status != "not_started" else "skipped"
    vi = state.current.verifier_input
    return VerifierEvaluation(
        verifier_status=status,
        model_verdict=state.current.model_verdict if completed else None,
        effective_verdict=state.current.effective_verdict if completed else None,
        verdict=state.current.effective_verdict if completed else None,
        rule_verdict=state.current.rule_verdict if completed else None,
        groundedness_score=state.current.groundedness if completed else None,
        model_groundedness_score=output.model_groundedness_score if output else None,
        critical_fact_count=output.critical_fact_count if output else None,
        claim_checks=list(output.claim_checks) if output else [],
        facts_checked=list(output.facts_checked) if output else [],
        evidence_gaps=list(output.evidence_gaps) if output else [],
        rationale=output.rationale if output else "",
        dropped_evidence_refs=list(output.dropped_evidence_refs) if output else [],
        verified_executor_output=state.current.verified_output,
        verified_evidence=list(state.current.verified_evidence),
        gatekeeper_result=state.current.gatekeeper_result,
        verdict_ceiling=state.current.verdict_ceiling,
        traceability_version=TRACEABILITY_VERSION,
        prompt_audit=prompt_audit(),
        composer_output=state.composer_output,
        executor_output_parse_status=state.current.executor_output_parse_status,
        evidence_retry_count=state.evidence_retry_count,
        failure_reason=state.fallback_reason,
        route=state.last_route_reason,
        # Additive audit fields (the channel model allows extra keys).
        route_trace=list(state.route_trace),
        round=state.round,
        mode=state.mode,
        verifier_failure=state.current.verifier_failure,
        verifier_attempts=state.current.verifier_attempts,
        verifier_errors=list(state.current.verifier_errors),
        verifier_input_sha256=vi.sha256 if vi else None,
        verifier_input_chars=len(vi.text) if vi else None,
        verifier_input_truncation=list(dict.fromkeys([*state.current.projection_truncation, *(vi.truncation if vi else [])])),
        retry_context=state.retry_context,
        round_history=list(state.round_history),
        valid_evidence_gaps=list(state.current.valid_gaps) if completed else [],
        facts_checked_source=output.facts_checked_source if output else None,
        model_critical_fact_count=output.model_critical_fact_count if output else None,
        dropped_claim_checks=list(output.dropped_claim_checks) if output else [],
        missing_claim_checks=list(output.missing_claim_checks) if output else [],
        downgraded_claim_checks=list(output.downgraded_claim_checks) if output else [],
        failure_detail=state.internal_error,
        plan_source=state.current.plan_source,
        planner_failure=state.current.planner_failure,
        # The run's model budget and its spend per role (issue 15: usage per role in the audit).
        run_budget=ctx.budget_audit() if ctx is not None else None,
        asked=state.asked,
        coverage=state.current.coverage if completed else None,
        coverage_verdict=state.current.coverage.verdict if completed and state.current.coverage else None,
    )


def graph_terminal(*, run: DiagnosisRun, state: GraphState, provider: Provider, ctx: AgentContext) -> RunTerminal:
    """The ending of a finished graph, for the run finaliser (which writes it in one transaction)."""
    evaluation = verifier_evaluation_from_state(state, ctx).model_copy(
        update={"masking": MaskingAudit.model_validate(masking_audit(ctx.masker))}
    )

    def verifier_mutation(old: dict[str, Any] | None) -> VerifierEvaluation:
        return evaluation.model_copy(update={"updates": int((old or {}).get("updates", 0)) + 1})

    gatekeeper_result = state.current.gatekeeper_result
    rule = rule_evaluation_of_run(
        run=run, gatekeeper_result=gatekeeper_result.model_dump(mode="json") if gatekeeper_result else None
    )
    outcome = outcome_of(state)
    return RunTerminal(
        kind=KIND_FALLBACK if outcome == DiagnosisRun.Outcome.FALLBACK else KIND_SUCCESS,
        status=DiagnosisRun.Status.COMPLETED,
        outcome=outcome,
        verdict=evaluation.effective_verdict or "",
        gatekeeper_severity=gatekeeper_result.severity if gatekeeper_result else "",
        fallback_reason=state.fallback_reason or "",
        final_answer=state.final_answer or "",
        evidence_retry_count=state.evidence_retry_count,
        provider=provider.name,
        model=provider.model_label(),
        token_usage=ctx.usage,
        error=state.internal_error or "",
        coverage_status=evaluation.coverage.status if evaluation.coverage else None,
        channels={CHANNEL_VERIFIER: verifier_mutation, CHANNEL_RULE: rule_evaluation_mutation(rule)},
    )
