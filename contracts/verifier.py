"""The normalised Verifier result (DESIGN §5.3): what the graph uses and persists."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

from contracts.verdict import Verdict


class Stored(BaseModel):
    """A shape inside a channel, stored as its writer gave it: it dumps the keys it was given
    (and any extra ones), never a default it filled in — so typing it changes no stored byte."""

    model_config = ConfigDict(extra="allow")

    @model_serializer(mode="wrap")
    def _given_keys(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        if not isinstance(self, BaseModel):  # put in unvalidated (``model_copy(update=…)``): as given
            return dict(self)
        given = self.model_fields_set | set(self.model_extra or {})
        return {key: value for key, value in handler(self).items() if key in given}


class CheckRef(Stored):
    """A Verifier check's reference to one verified evidence item (``protocol.REF_KEYS``)."""

    claim_id: str | None = None
    source_invocation_id: str | None = None
    tool_name: str | None = None
    raw_path: str | None = None


class ClaimCheck(Stored):
    """The Verifier's classification of one verified claim (``protocol.parse_verifier_reply``)."""

    claim_id: str = ""
    verification: str = ""  # a ClaimVerification value
    is_critical: bool | None = None
    detail: str = ""
    evidence_refs: list[CheckRef] = Field(default_factory=list)
    synthesized: bool = False  # the Verifier gave no check: counted as unsupported


class FactCheck(Stored):
    """One legacy ``facts_checked`` row (from the model, or derived from the claim checks)."""

    model_config = ConfigDict(frozen=True)

    fact: str = ""
    is_critical: bool | None = None
    verification: str = ""  # a FactClass value
    detail: str = ""
    evidence_refs: list[CheckRef] = Field(default_factory=list)
    claim_id: str | None = None


class EvidenceGap(Stored):
    """Evidence found missing: a gap the Verifier named (``claim_id`` the verified claim it is
    about), or the coverage check's unanswered question (``claim_id`` None). The one gap shape of
    the Verifier's output, the graph state, the retry round's requests and the stored audit."""

    model_config = ConfigDict(frozen=True)

    claim_id: str | None = None
    gap: str = ""
    is_critical: bool | None = None
    suggested_tool: str | None = None
    suggested_query: str | None = None


class VerifierOutput(BaseModel):
    """The normalised Verifier result the graph uses and persists."""

    model_config = ConfigDict(frozen=True)

    verdict: Verdict
    model_groundedness_score: float
    model_critical_fact_count: int | None
    critical_fact_count: int
    claim_checks: list[ClaimCheck]
    facts_checked: list[FactCheck]
    facts_checked_source: Literal["model", "derived"]
    evidence_gaps: list[EvidenceGap]
    rationale: str
    dropped_evidence_refs: list[dict[str, Any]] = Field(default_factory=list)
    dropped_claim_checks: list[dict[str, Any]] = Field(default_factory=list)
    missing_claim_checks: list[str] = Field(default_factory=list)
    downgraded_claim_checks: list[dict[str, Any]] = Field(default_factory=list)
