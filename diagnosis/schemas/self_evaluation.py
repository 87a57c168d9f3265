"""The ``DiagnosisRun.self_evaluation`` JSON container and its channels.

One pydantic model per channel (STYLE §2). The container keeps channels it does not know
(``extra="allow"``) so a writer of one channel never drops another's data (spec 000
"self_evaluation SHALL be a container object").

Every reader of the stored JSON goes through ``SelfEvaluation.stored``: the channels and the
shapes inside them are typed here once, every field has a default (an old run may lack a newer
key, a run that failed before the Verifier has no verifier channel), and a stored value that
does not validate reads as an empty container — never a crash of a page.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializationInfo,
    ValidationError,
    field_serializer,
)

from contracts.answer import ComposerOutput
from contracts.asked import Asked
from contracts.coverage import Coverage
from contracts.executor_parse import ExecutorParseStatus
from contracts.gatekeeper import GatekeeperResult, VerifiedEvidence, VerifiedOutput
from contracts.rounds import RoundRecord
from contracts.verdict import Verdict
from contracts.verifier import ClaimCheck, EvidenceGap, FactCheck, Stored
from diagnosis.verification.verifier_input import RetryContext

CHANNEL_RULE = "rule_evaluation"
CHANNEL_AIOPS_RULE = "aiops_rule_evaluation"
CHANNEL_VERIFIER = "verifier_evaluation"
KNOWN_CHANNELS = (CHANNEL_RULE, CHANNEL_AIOPS_RULE, CHANNEL_VERIFIER)


class PromptRef(Stored):
    role: str = ""
    name: str = ""
    version: str = ""
    sha256: str = ""


class PromptAudit(Stored):
    """Which prompts the run used (``prompts_catalog.prompt_audit``); ``error`` when unavailable."""

    version: str = ""
    prompts: list[PromptRef] = Field(default_factory=list)
    error: str | None = None


class MaskingAudit(Stored):
    """Whether masking ran and how many values of each type (``masking.config.masking_audit``)."""

    enabled: bool = False
    entities: dict[str, int] = Field(default_factory=dict)


class RuleEvaluation(BaseModel):
    """Rule-based evidence score over the run's tool invocations."""

    model_config = ConfigDict(extra="allow")

    evidence_calls: int = 0
    success: int = 0
    failed: int = 0
    no_hit: int = 0
    deduped: int = 0
    distinct_tools: list[str] = Field(default_factory=list)
    claims_total: int = 0
    claims_with_passed_binding: int = 0
    claim_coverage: float = 0.0
    score: float = Field(default=0.0, ge=0.0, le=1.0)
    # Formula inputs (diagnosis.audit.rule_evaluation documents the formula).
    successful_tools: list[str] = Field(default_factory=list)
    success_rate: float = 0.0
    tool_diversity: float = 0.0
    formula: str = ""
    updates: int = 0  # how many times this channel was written (also used by the concurrency test)


class AiopsRuleEvaluation(BaseModel):
    """Channel reserved for AIOps rule checks (alert/metric heuristics); shape kept open."""

    model_config = ConfigDict(extra="allow")

    updates: int = 0


class VerifierEvaluation(BaseModel):
    """Everything the graph persists about verification (spec 001 "Verifier SHALL be observable").

    Never holds raw Executor text or a complete tool trace summary. On a pre-verification
    fallback ``model_verdict`` / ``effective_verdict`` / ``verdict`` stay ``None``.
    """

    model_config = ConfigDict(extra="allow")

    verifier_status: str = "not_started"  # completed | failed | skipped | not_started
    model_verdict: Verdict | None = None
    effective_verdict: Verdict | None = None
    verdict: Verdict | None = None
    rule_verdict: Verdict | None = None
    groundedness_score: float | None = None
    model_groundedness_score: float | None = None
    critical_fact_count: int | None = None
    claim_checks: list[ClaimCheck] = Field(default_factory=list)
    facts_checked: list[FactCheck] = Field(default_factory=list)
    evidence_gaps: list[EvidenceGap] = Field(default_factory=list)
    rationale: str = ""
    dropped_evidence_refs: list[dict[str, Any]] = Field(default_factory=list)
    verified_executor_output: VerifiedOutput | None = None
    verified_evidence: list[VerifiedEvidence] = Field(default_factory=list)
    gatekeeper_result: GatekeeperResult | None = None
    verdict_ceiling: Verdict | None = None
    traceability_version: str = ""
    prompt_audit: PromptAudit | None = None
    composer_output: ComposerOutput | None = None
    executor_output_parse_status: ExecutorParseStatus | None = None
    evidence_retry_count: int = 0
    failure_reason: str | None = None
    route: str | None = None
    # Graph audit detail (diagnosis.graph.persist): the path taken, retries, what was cut.
    route_trace: list[str] = Field(default_factory=list)
    round: int = 1
    mode: str = "NORMAL"
    verifier_failure: Literal["exhausted", "non_retryable", "model_unavailable"] | None = None
    verifier_attempts: int = 0
    verifier_errors: list[str] = Field(default_factory=list)
    verifier_input_sha256: str | None = None
    verifier_input_chars: int | None = None
    verifier_input_truncation: list[str] = Field(default_factory=list)
    retry_context: RetryContext | None = None
    round_history: list[RoundRecord] = Field(default_factory=list)
    valid_evidence_gaps: list[EvidenceGap] = Field(default_factory=list)
    facts_checked_source: Literal["model", "derived"] | None = None
    model_critical_fact_count: int | None = None
    dropped_claim_checks: list[dict[str, Any]] = Field(default_factory=list)
    missing_claim_checks: list[str] = Field(default_factory=list)
    downgraded_claim_checks: list[dict[str, Any]] = Field(default_factory=list)
    failure_detail: str | None = None  # "node: ExcType: message", bounded; never a stack trace
    # What was asked (DESIGN §10.1) and whether the final round's confirmed claims answer it.
    asked: Asked | None = None
    coverage: Coverage | None = None
    coverage_verdict: Literal[Verdict.PASS, Verdict.LOW_CONFID] | None = None
    # DESIGN §10.4: whether masking ran and how many values of each type — never the map itself.
    masking: MaskingAudit | None = None
    updates: int = 0

    @field_serializer("verified_executor_output")
    def _as_projected(self, output: VerifiedOutput | None, info: SerializationInfo) -> dict[str, Any] | None:
        # Stored as the Gatekeeper projects it: absent optional fields left out.
        return output.model_dump(mode=info.mode, exclude_none=True) if output is not None else None


class SelfEvaluation(BaseModel):
    model_config = ConfigDict(extra="allow")

    rule_evaluation: RuleEvaluation | None = None
    aiops_rule_evaluation: AiopsRuleEvaluation | None = None
    verifier_evaluation: VerifierEvaluation | None = None

    @classmethod
    def stored(cls, value: Any) -> SelfEvaluation:
        """The ``DiagnosisRun.self_evaluation`` column read back. A null column — or stored JSON
        that does not validate (legacy, hand-edited) — reads as the empty container: what a run
        without any channel shows, never an exception."""
        try:
            return cls.model_validate(value if value is not None else {})
        except ValidationError:
            return cls()

    @property
    def verifier(self) -> VerifierEvaluation:
        """The verifier channel; an unset (empty) one when the run has none."""
        return self.verifier_evaluation or VerifierEvaluation()


CHANNEL_MODELS: dict[str, type[BaseModel]] = {
    CHANNEL_RULE: RuleEvaluation,
    CHANNEL_AIOPS_RULE: AiopsRuleEvaluation,
    CHANNEL_VERIFIER: VerifierEvaluation,
}
