"""A finished round's record (``verifier_evaluation.round_history``): what an earlier round of an
evidence-retried run planned, called and concluded, kept auditable after the retry round replaced
the round's state."""

from __future__ import annotations

from pydantic import ConfigDict, Field

from contracts.coverage import Coverage
from contracts.plan import PlannerMode
from contracts.verdict import Severity, Status, Verdict
from contracts.verifier import ClaimCheck, EvidenceGap, Stored


class RoundRecord(Stored):
    """One finished round (``diagnosis.graph.routing.round_summary``). Stored as its writer gave
    it, so a record read back from an older run is written back unchanged."""

    model_config = ConfigDict(frozen=True)

    round: int = 1
    mode: PlannerMode = "NORMAL"
    plan_source: str | None = None
    invocation_ids: list[str] = Field(default_factory=list)
    gatekeeper_status: Status | None = None
    gatekeeper_severity: Severity | None = None
    verdict_ceiling: Verdict | None = None
    model_verdict: Verdict | None = None
    rule_verdict: Verdict | None = None
    effective_verdict: Verdict | None = None
    groundedness_score: float | None = None
    # Each claim's classification only: ``claim_id``, ``verification`` and ``is_critical``.
    claim_checks: list[ClaimCheck] = Field(default_factory=list)
    valid_gaps: list[EvidenceGap] = Field(default_factory=list)
    coverage: Coverage | None = None
