"""The Gatekeeper result shapes (DESIGN §5.2).

`GatekeeperResult.model_dump()` is what the graph persists as
`self_evaluation.verifier_evaluation.gatekeeper_result`, so field names here are the contract.
`CheckedBinding` adds two audit fields to the §5.2 example: `messages` (why a rule failed) and
`backfilled` (spec "Unique invocation candidate may be backfilled" wants the auto-fill visible).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from contracts.executor import (
    ANSWER_VERSION,
    ClaimType,
    Hypothesis,
    MissingInfo,
    RecommendedAction,
    SupportLevel,
)
from contracts.verdict import Severity, Status, Verdict


class RuleSummary(BaseModel):
    """One catalog rule as reported in every result (spec "Gatekeeper SHALL expose rule catalog
    metadata in audit output")."""

    model_config = ConfigDict(frozen=True)

    id: str
    description: str
    enabled: bool
    default_severity: Severity
    params: dict[str, int] = Field(default_factory=dict)


class CheckedBinding(BaseModel):
    """The outcome of validating one evidence binding of one claim."""

    model_config = ConfigDict(frozen=True)

    claim_id: str
    binding_index: int
    #: The id the rules were evaluated against: the binding's own, a single legacy plural id,
    #: or the narrowly backfilled one (then `backfilled` is true).
    source_invocation_id: str | None
    tool_name: str
    raw_path: str | None
    passed: bool
    severity: Severity
    failed_rules: list[str] = Field(default_factory=list)
    #: The span of the *original* evidence ref text the excerpt matched (bounded); what
    #: `verified_evidence` carries. None unless the excerpt was verified.
    matched_text: str | None = None
    messages: list[str] = Field(default_factory=list)
    backfilled: bool = False


class GatekeeperResult(BaseModel):
    """The whole validation outcome for one Executor contract."""

    model_config = ConfigDict(frozen=True)

    status: Status
    severity: Severity
    rule_set_version: str
    rules: list[RuleSummary]
    checked_bindings: list[CheckedBinding] = Field(default_factory=list)
    failed_rules: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    errors: list[str] = Field(default_factory=list)


# --- The verified projection (DESIGN §5.3) ---------------------------------------------------
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


class VerifiedOutput(BaseModel):
    """The executor contract reduced to what the Gatekeeper verified: claims that kept at least one
    passed binding (with only those), and the contract's hypotheses, recommended actions and
    missing info copied through (not confirmed facts). Persisted as
    ``verifier_evaluation.verified_executor_output`` (dumped ``exclude_none``)."""

    model_config = ConfigDict(frozen=True)

    answer_version: str = ANSWER_VERSION
    claims: list[VerifiedClaim] = Field(default_factory=list)
    hypotheses: list[Hypothesis] = Field(default_factory=list)
    recommended_actions: list[RecommendedAction] = Field(default_factory=list)
    missing_info: list[MissingInfo] = Field(default_factory=list)


class VerifiedProjection(BaseModel):
    model_config = ConfigDict(frozen=True)

    #: The contract reduced to verified material.
    verified_executor_output: VerifiedOutput
    verified_evidence: list[VerifiedEvidence] = Field(default_factory=list)
    verdict_ceiling: Verdict  # the ceiling
