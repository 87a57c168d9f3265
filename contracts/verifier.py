"""The normalised Verifier result (DESIGN §5.3): what the graph uses and persists."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from contracts.verdict import Verdict


class VerifierOutput(BaseModel):
    """The normalised Verifier result the graph uses and persists."""

    model_config = ConfigDict(frozen=True)

    verdict: Verdict
    model_groundedness_score: float
    model_critical_fact_count: int | None
    critical_fact_count: int
    claim_checks: list[dict[str, Any]]
    facts_checked: list[dict[str, Any]]
    facts_checked_source: Literal["model", "derived"]
    evidence_gaps: list[dict[str, Any]]
    rationale: str
    dropped_evidence_refs: list[dict[str, Any]] = Field(default_factory=list)
    dropped_claim_checks: list[dict[str, Any]] = Field(default_factory=list)
    missing_claim_checks: list[str] = Field(default_factory=list)
    downgraded_claim_checks: list[dict[str, Any]] = Field(default_factory=list)
