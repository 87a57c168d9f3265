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

from pydantic import BaseModel, ConfigDict, Field

from contracts.executor import ANSWER_VERSION, Claim, ClaimType, EvidenceBinding, SupportLevel, parse_contract
from contracts.gatekeeper import CheckedBinding, GatekeeperResult
from contracts.verdict import Verdict
from gatekeeper.catalog import Catalog, packaged_catalog
from gatekeeper.check import limits_from_catalog
from gatekeeper.severity import Ceiling, ceiling_for_severity


class VerifiedBinding(BaseModel):
    model_config = ConfigDict(frozen=True)

    source_type: str
    tool_name: str
    source_invocation_id: str
    raw_path: str
    evidence_excerpt: str
    source_id: str | None = None


class VerifiedClaim(BaseModel):
    model_config = ConfigDict(frozen=True)

    claim_id: str
    claim_type: ClaimType
    claim_text: str
    support_level: SupportLevel
    evidence_bindings: list[VerifiedBinding]


class VerifiedEvidence(BaseModel):
    """One passed binding's precise reference and the original text it matched."""

    model_config = ConfigDict(frozen=True)

    claim_id: str
    source_invocation_id: str
    tool_name: str
    raw_path: str
    matched_text: str


class VerifiedProjection(BaseModel):
    model_config = ConfigDict(frozen=True)

    #: The contract reduced to verified material (a plain dict: it is serialised into the
    #: Verifier input as-is). Shape: answer_version, claims (VerifiedClaim), hypotheses,
    #: recommended_actions, missing_info.
    verified_executor_output: dict[str, Any]
    verified_evidence: list[VerifiedEvidence] = Field(default_factory=list)
    verdict_ceiling: Ceiling


def _empty_output() -> dict[str, Any]:
    return {
        "answer_version": ANSWER_VERSION,
        "claims": [],
        "hypotheses": [],
        "recommended_actions": [],
        "missing_info": [],
    }


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
        return VerifiedProjection(verified_executor_output=_empty_output(), verdict_ceiling=Verdict.REJECT)
    passed = {
        (checked.claim_id, checked.binding_index): checked
        for checked in result.checked_bindings
        if checked.passed
    }
    claims: list[dict[str, Any]] = []
    evidence: list[VerifiedEvidence] = []
    for claim in parsed.contract.claims:
        verified_claim, claim_evidence = _project_claim(claim, passed)
        if verified_claim is not None:
            claims.append(verified_claim.model_dump(exclude_none=True))
            evidence.extend(claim_evidence)
    source = parsed.contract
    output = {
        "answer_version": source.answer_version,
        "claims": claims,
        "hypotheses": [item.model_dump(exclude_none=True) for item in source.hypotheses],
        "recommended_actions": [item.model_dump(exclude_none=True) for item in source.recommended_actions],
        "missing_info": [item.model_dump(exclude_none=True) for item in source.missing_info],
    }
    return VerifiedProjection(
        verified_executor_output=output,
        verified_evidence=evidence,
        verdict_ceiling=ceiling_for_severity(result.severity),
    )
