"""Rule-based evidence score over a run's tool invocations (spec 000 "rule evaluation stored
separately"; issue 4 item 7). Written to the ``rule_evaluation`` channel through the channel
service, so ``verifier_evaluation`` and any other channel are preserved.

Formula (deterministic, documented so the admin figures can be read):

- evidence calls = evidence-bearing invocations (helpers like ``get_current_time`` excluded);
  counted by status ``success | no_hit | failed | deduped`` (deduped is no new evidence);
- success_rate = success / evidence calls;
- tool_diversity = min(1, distinct evidence tools with ≥ 1 success / 3);
- claim coverage = claims with ≥ 1 passed Gatekeeper binding / claims checked by the Gatekeeper
  (0 without claims);
- score = 0.5·coverage + 0.3·success_rate + 0.2·tool_diversity, rounded to 4 places, in [0, 1];
  0 when there was no evidence call at all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

from diagnosis.audit.self_evaluation import self_evaluation_update_channel
from diagnosis.models import DiagnosisRun, ToolInvocation
from diagnosis.schemas.self_evaluation import CHANNEL_RULE, RuleEvaluation

W_COVERAGE: Final = 0.5
W_SUCCESS: Final = 0.3
W_DIVERSITY: Final = 0.2
DIVERSITY_TARGET: Final = 3
FORMULA: Final = "0.5*claim_coverage + 0.3*success_rate + 0.2*min(1, successful_tools/3)"


def rule_evaluation_compute(
    *, invocations: Iterable[Mapping[str, Any]], gatekeeper_result: Mapping[str, Any] | None
) -> RuleEvaluation:
    """Pure: ``invocations`` are ``{tool_name, status, evidence_bearing}`` mappings."""
    evidence = [i for i in invocations if i.get("evidence_bearing", True)]
    counts = {s: sum(1 for i in evidence if i.get("status") == s) for s in ("success", "no_hit", "failed", "deduped")}
    tools = sorted({str(i.get("tool_name")) for i in evidence})
    successful_tools = sorted({str(i.get("tool_name")) for i in evidence if i.get("status") == "success"})
    checked = list((gatekeeper_result or {}).get("checked_bindings") or [])
    claims = {str(b.get("claim_id")) for b in checked}
    covered = {str(b.get("claim_id")) for b in checked if b.get("passed")}
    coverage = len(covered) / len(claims) if claims else 0.0
    success_rate = counts["success"] / len(evidence) if evidence else 0.0
    diversity = min(1.0, len(successful_tools) / DIVERSITY_TARGET)
    score = 0.0 if not evidence else W_COVERAGE * coverage + W_SUCCESS * success_rate + W_DIVERSITY * diversity
    return RuleEvaluation(
        evidence_calls=len(evidence),
        success=counts["success"],
        failed=counts["failed"],
        no_hit=counts["no_hit"],
        deduped=counts["deduped"],
        distinct_tools=tools,
        claims_total=len(claims),
        claims_with_passed_binding=len(covered),
        claim_coverage=round(coverage, 4),
        score=round(min(1.0, max(0.0, score)), 4),
        successful_tools=successful_tools,
        success_rate=round(success_rate, 4),
        tool_diversity=round(diversity, 4),
        formula=FORMULA,
    )


def rule_evaluation_of_run(*, run: DiagnosisRun, gatekeeper_result: Mapping[str, Any] | None) -> RuleEvaluation:
    invocations = ToolInvocation.objects.filter(run=run).values("tool_name", "status", "evidence_bearing")
    return rule_evaluation_compute(invocations=list(invocations), gatekeeper_result=gatekeeper_result)


def rule_evaluation_mutation(value: RuleEvaluation) -> Callable[[dict[str, Any] | None], RuleEvaluation]:
    """The channel mutation writing ``value`` (and counting the update)."""

    def mutate(old: dict[str, Any] | None) -> RuleEvaluation:
        updates = int((old or {}).get("updates", 0)) + 1
        return value.model_copy(update={"updates": updates})

    return mutate


def rule_evaluation_record(*, run: DiagnosisRun, gatekeeper_result: Mapping[str, Any] | None) -> RuleEvaluation:
    """Compute and write the channel on its own (re-scoring a finished run)."""
    value = rule_evaluation_of_run(run=run, gatekeeper_result=gatekeeper_result)
    self_evaluation_update_channel(run_id=run.pk, channel=CHANNEL_RULE, mutate=rule_evaluation_mutation(value))
    return value
