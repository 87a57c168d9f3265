"""The typed graph state (DESIGN §6). One instance per run execution, in memory only.

``executor_raw`` — the Executor's final content — lives here only: it is never persisted into
``self_evaluation`` and never sent to the Verifier (spec 001 "Verifier remains isolated from
intermediate and raw material"). Everything downstream of the Gatekeeper reads the verified
projection (``verified_output`` / ``verified_evidence``) instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Final, Literal

from contracts.answer import ComposerOutput
from contracts.asked import Asked
from contracts.composer import ComposerMaterial
from contracts.coverage import Coverage
from contracts.executor_parse import ExecutorParseStatus
from contracts.gatekeeper import GatekeeperResult, VerifiedEvidence, VerifiedOutput
from contracts.plan import Plan, PlannerMode, ServiceInfo
from contracts.reading import Reading
from contracts.rounds import RoundRecord
from contracts.session import SessionContext
from contracts.verdict import Verdict
from contracts.verifier import EvidenceGap, VerifierOutput
from diagnosis.verification.verifier_input import RetryContext, VerifierInput

NORMAL: Final = "NORMAL"
EVIDENCE_GAP_ONLY: Final = "EVIDENCE_GAP_ONLY"

VerifierStatus = Literal["not_started", "completed", "failed", "skipped"]


@dataclass
class RoundState:
    """Everything one round produces. The evidence-retry transition replaces it wholesale
    (``GraphState.current = RoundState()``), so nothing of round 1 can leak into round 2."""

    # Planner
    plan: Plan | None = None
    planner_error: str | None = None  # technical failure reason after bounded re-ask
    plan_source: str | None = None  # provider | offline | offline_fallback
    planner_failure: str | None = None  # the provider planner's failure when the fallback planned

    # Executor
    executor_raw: str | None = field(default=None, repr=False)  # memory only, never persisted
    executor_error: str | None = None  # technical failure reason
    executor_output_parse_status: ExecutorParseStatus | None = None
    round_invocation_ids: list[str] = field(default_factory=list)

    # Gatekeeper
    gatekeeper_result: GatekeeperResult | None = None  # DESIGN §5.2
    verdict_ceiling: Verdict | None = None
    verified_output: VerifiedOutput | None = None  # bounded projection (what the Verifier sees)
    verified_evidence: list[VerifiedEvidence] = field(default_factory=list)
    projection_truncation: list[str] = field(default_factory=list)

    # Verifier
    verifier_input: VerifierInput | None = None  # serialised once per round
    verifier_status: VerifierStatus = "not_started"
    verifier_failure: Literal["exhausted", "non_retryable", "model_unavailable"] | None = None
    verifier_attempts: int = 0
    verifier_errors: list[str] = field(default_factory=list)
    verifier_output: VerifierOutput | None = None
    model_verdict: Verdict | None = None
    rule_verdict: Verdict | None = None
    effective_verdict: Verdict | None = None
    groundedness: float | None = None
    evidence_gaps: list[EvidenceGap] = field(default_factory=list)
    valid_gaps: list[EvidenceGap] = field(default_factory=list)
    coverage: Coverage | None = None
    coverage_gap: EvidenceGap | None = None  # the unanswered question as a critical gap

    @property
    def verified_claim_ids(self) -> list[str]:
        return [c.claim_id for c in self.verified_output.claims] if self.verified_output else []

    @property
    def passed_binding_count(self) -> int:
        checked = self.gatekeeper_result.checked_bindings if self.gatekeeper_result else []
        return sum(1 for b in checked if b.passed)


@dataclass
class GraphState:
    run_id: str
    question: str
    now: datetime
    now_source: Literal["reference_time", "clock"] = "clock"
    timezone: str = "Asia/Shanghai"
    services: list[ServiceInfo] = field(default_factory=list)
    # The session's earlier turns, for a follow-up's references (read once, before planning).
    session_context: SessionContext | None = None
    # The time the scope's evidence covers (None: the live scope, or nothing loaded).
    data_span: tuple[datetime, datetime] | None = None

    round: int = 1
    mode: PlannerMode = NORMAL

    # The question read once (``reading.conversation.resolve``), and what it asked: fixed by the
    # first round's plan, kept across rounds.
    reading: Reading | None = None
    asked: Asked | None = None
    # The question names nothing to diagnose: the run ends with a clarification (issue 24).
    clarify: bool = False

    # What this round produced (replaced wholesale before the evidence-retry round).
    current: RoundState = field(default_factory=RoundState)

    # Evidence retry
    retry_context: RetryContext | None = None
    evidence_retry_count: int = 0
    round_history: list[RoundRecord] = field(default_factory=list)

    # Run budget (run-level, not reset between rounds): a model call was refused because
    # RUN_MAX_TOKENS / RUN_MAX_SECONDS is spent, or is spent after a completed verification.
    budget_exhausted: bool = False

    # Ending
    route_trace: list[str] = field(default_factory=list)
    last_route_reason: str | None = None
    fallback_reason: str | None = None
    internal_error: str | None = None  # bounded "node: ExcType: message" (no stack trace)
    composer_material: ComposerMaterial | None = None
    composer_output: ComposerOutput | None = None
    final_answer: str | None = None
