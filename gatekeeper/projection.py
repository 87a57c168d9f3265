"""The verified projection (DESIGN §5.3; spec 001 "only passed bindings are available",
"verified evidence preserves precise references", "gatekeeper audit and ceiling are available").

The Verifier reads only this: claims that kept at least one passed binding, with only those
bindings, and one `verified_evidence` item per passed binding quoting the original evidence text
the excerpt matched. `hypotheses`, `recommended_actions` and `missing_info` are copied through
(known fields only): they are not confirmed facts and the graph decides what to do with them.

The projection is rebuilt from the contract models, never from the raw input, so unknown keys
the Executor added cannot reach the Verifier. A checked binding is only honoured if it still
describes the same binding (tool_name and raw_path agree): a result from another contract must
not smuggle material in.
"""

from __future__ import annotations

from typing import Any

from contracts.executor import Claim, EvidenceBinding, parse_contract
from contracts.gatekeeper import (
    CheckedBinding,
    GatekeeperResult,
    VerifiedBinding,
    VerifiedClaim,
    VerifiedEvidence,
    VerifiedOutput,
    VerifiedProjection,
)
from contracts.verdict import Verdict
from gatekeeper.catalog import Catalog, packaged_catalog
from gatekeeper.check import limits_from_catalog
from gatekeeper.severity import ceiling_for_severity


def _verified_binding(binding: EvidenceBinding, checked: CheckedBinding | None) -> VerifiedBinding | None:
    if (
        checked is None
        or not checked.passed
        or checked.tool_name != binding.tool_name
        or checked.raw_path != binding.raw_path
        or checked.source_invocation_id is None
        or checked.raw_path is None
        or checked.matched_text is None
    ):
        return None
    return VerifiedBinding(
        source_type=binding.source_type,
        tool_name=binding.tool_name,
        # The id the rules verified (a narrowly backfilled one included).
        source_invocation_id=checked.source_invocation_id,
        raw_path=checked.raw_path,
        evidence_excerpt=binding.evidence_excerpt,
        source_id=binding.source_id,
    )


def _project_claim(
    claim: Claim, passed: dict[tuple[str, int], CheckedBinding]
) -> tuple[VerifiedClaim | None, list[VerifiedEvidence]]:
    kept: list[VerifiedBinding] = []
    evidence: list[VerifiedEvidence] = []
    for index, binding in enumerate(claim.evidence_bindings):
        checked = passed.get((claim.claim_id, index))
        verified = _verified_binding(binding, checked)
        if verified is None or checked is None or checked.matched_text is None:
            continue
        kept.append(verified)
        evidence.append(
            VerifiedEvidence(
                claim_id=claim.claim_id,
                source_invocation_id=verified.source_invocation_id,
                tool_name=verified.tool_name,
                raw_path=verified.raw_path,
                matched_text=checked.matched_text,
            )
        )
    if not kept:
        return None, []
    verified_claim = VerifiedClaim(
        claim_id=claim.claim_id,
        claim_type=claim.claim_type,
        claim_text=claim.claim_text,
        support_level=claim.support_level,
        evidence_bindings=kept,
    )
    return verified_claim, evidence


def project(contract: Any, result: GatekeeperResult, *, catalog: Catalog | None = None) -> VerifiedProjection:
    """Reduce `contract` to what `result` verified. An illegal contract projects to nothing
    with ceiling REJECT."""
    catalog = catalog or packaged_catalog()
    parsed = parse_contract(contract, limits=limits_from_catalog(catalog))
    if parsed.contract is None:
        return VerifiedProjection(verified_executor_output=VerifiedOutput(), verdict_ceiling=Verdict.REJECT)
    passed = {
        (checked.claim_id, checked.binding_index): checked
        for checked in result.checked_bindings
        if checked.passed
    }
    claims: list[VerifiedClaim] = []
    evidence: list[VerifiedEvidence] = []
    for claim in parsed.contract.claims:
        verified_claim, claim_evidence = _project_claim(claim, passed)
        if verified_claim is not None:
            claims.append(verified_claim)
            evidence.extend(claim_evidence)
    source = parsed.contract
    output = VerifiedOutput(
        answer_version=source.answer_version,
        claims=claims,
        hypotheses=list(source.hypotheses),
        recommended_actions=list(source.recommended_actions),
        missing_info=list(source.missing_info),
    )
    return VerifiedProjection(
        verified_executor_output=output,
        verified_evidence=evidence,
        verdict_ceiling=ceiling_for_severity(result.severity),
    )
