"""Whether the final round's confirmed claims answer what was asked (DESIGN §10.1): the
``verifier_evaluation.coverage`` shape, kept in the graph state and in each round's record.
``diagnosis.verification.coverage`` computes it."""

from __future__ import annotations

from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from contracts.verdict import Verdict

CoverageStatus = Literal["answered", "partial", "unanswered"]
ANSWERED: Final = "answered"
PARTIAL: Final = "partial"
UNANSWERED: Final = "unanswered"


class Coverage(BaseModel):
    """``verifier_evaluation.coverage`` (DESIGN §10.1)."""

    model_config = ConfigDict(extra="forbid")

    status: CoverageStatus
    covering_claims: list[str] = Field(default_factory=list)
    reasons: list[str] = Field(default_factory=list)
    gap: str = ""
    tried: list[str] = Field(default_factory=list)
    suggested_tool: str = ""
    suggested_query: str = ""

    @property
    def verdict(self) -> Verdict:
        return coverage_verdict(self.status)


def coverage_verdict(status: str) -> Verdict:
    """PASS only for an answered question (unknown statuses fail closed)."""
    return Verdict.PASS if status == ANSWERED else Verdict.LOW_CONFID
