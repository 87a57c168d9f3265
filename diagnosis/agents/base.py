"""The four role interfaces every provider implements (DESIGN §7), and the plain shapes that
cross between the graph and an agent.

The graph owns orchestration, persistence, parsing and all deterministic checks; an agent only
turns its input into a reply. Replies are *raw text* for the executor, verifier and composer so
that the graph's shared parsers (and the Gatekeeper) judge every provider the same way — the
offline agents get no shortcut past validation.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Final, Literal, Protocol, runtime_checkable

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    field_validator,
    model_serializer,
)

from diagnosis.masking.masker import Masker
from diagnosis.schemas.session_context import SessionContext
from diagnosis.verification.asked import Asked
from diagnosis.verification.verdict import Verdict

Role = Literal["planner", "executor", "verifier", "composer"]
ROLES: tuple[Role, ...] = ("planner", "executor", "verifier", "composer")
PlannerMode = Literal["NORMAL", "EVIDENCE_GAP_ONLY"]


class AgentError(Exception):
    """A technical failure of one agent call (transport error, timeout, blank or truncated reply).

    ``retryable`` tells the node whether a bounded re-ask with the same input makes sense.
    """

    def __init__(self, message: str, *, retryable: bool = True, reason: str = "agent_error") -> None:
        super().__init__(message)
        self.retryable = retryable
        self.reason = reason


#: ``AgentError.reason`` of a call refused by the endpoint's open circuit breaker: no request was
#: sent. Provider-neutral so the graph can route it to the ``model_unavailable`` fallback.
REASON_CIRCUIT_OPEN: Final = "llm_circuit_open"


# --- Planner ------------------------------------------------------------------------------
class PlanStep(BaseModel):
    model_config = ConfigDict(extra="ignore")

    tool: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    purpose: str = ""


class Plan(BaseModel):
    """Planner reply shape of DESIGN §7."""

    model_config = ConfigDict(extra="ignore")

    mode: PlannerMode = "NORMAL"
    goal: str = ""
    steps: list[PlanStep] = Field(default_factory=list, max_length=12)
    # What the question asked (DESIGN §10.1). A plan without one — or with one that does not
    # validate — gets the deterministic derivation in the planner node; a malformed ``asked``
    # never costs the whole plan.
    asked: Asked | None = None

    @field_validator("asked", mode="before")
    @classmethod
    def _lenient_asked(cls, value: Any) -> Any:
        if value is None or isinstance(value, Asked):
            return value
        try:
            return Asked.model_validate(value)
        except ValueError:
            return None


class ServiceInfo(BaseModel):
    name: str
    aliases: list[str] = Field(default_factory=list)
    description: str = ""


class PlannerRequest(BaseModel):
    question: str
    mode: PlannerMode = "NORMAL"
    round: int = 1
    now: datetime  # reference "now": the data's reference_time when loaded, else the clock
    now_source: Literal["reference_time", "clock"] = "clock"
    timezone: str = "Asia/Shanghai"
    services: list[ServiceInfo] = Field(default_factory=list)
    # EVIDENCE_GAP_ONLY: the valid critical gaps the Verifier named ({claim_id, gap, suggested_tool,
    # suggested_query, is_critical}); the planner plans only for these.
    evidence_gaps: list[dict[str, Any]] = Field(default_factory=list)
    # EVIDENCE_GAP_ONLY: what the earlier round already queried and how it ended (the tool trace
    # summary's ``planner_view``: tool, arguments, status, evidence level — no output text).
    tried: list[dict[str, Any]] = Field(default_factory=list)
    # The session's earlier turns (their ``asked`` and confirmed entities, never answer text), for
    # resolving a follow-up's references; ``None`` for the first question of a session.
    context: SessionContext | None = None


# --- Executor -----------------------------------------------------------------------------
@dataclass(frozen=True)
class ToolCallResult:
    """What an agent sees of one executed tool call (a persisted ToolInvocation)."""

    invocation_id: str
    tool_name: str
    round: int
    status: str  # success | no_hit | failed | deduped
    arguments: dict[str, Any]
    output: Any
    evidence_refs: list[dict[str, Any]]
    error: str = ""
    deduped_from: str = ""
    origin: str = ""  # why an agent made a follow-up call of its own ("" = a planned call)


class ToolRunner(Protocol):
    """Runs tools for one run and round through the real tool layer (persisting every call)."""

    def call(
        self, tool_name: str, arguments: dict[str, Any] | str | None, origin: str = ""
    ) -> ToolCallResult: ...

    def history(self) -> list[ToolCallResult]:
        """Every invocation of this run so far, all rounds, in order."""
        ...


class ExecutorRequest(BaseModel):
    question: str
    plan: Plan
    mode: PlannerMode = "NORMAL"
    round: int = 1
    now: datetime
    timezone: str = "Asia/Shanghai"
    services: list[ServiceInfo] = Field(default_factory=list)
    evidence_gaps: list[dict[str, Any]] = Field(default_factory=list)


@dataclass
class ExecutorReply:
    """The executor's final message content (should be the §5.1 contract as JSON text)."""

    content: str
    finish_reason: str = "stop"


# --- Composer -----------------------------------------------------------------------------
class ClaimFacts(BaseModel):
    """What a confirmed claim's verified evidence elements are, read from the typed tool output
    (not from rendered text): the conclusion, key evidence and timeline of the answer are chosen
    and worded from these (issue 24). Built by the composer node from the run's invocations."""

    model_config = ConfigDict(extra="forbid")

    claim_id: str
    claim_type: str = "observation"
    kind: str = ""  # log | alert | series | query | k8s | hit
    service: str = ""
    at: str = ""  # ISO 8601: when it began (a log line's time, an alert's start, a crossing)
    ended_at: str = ""  # a resolved alert's end
    peak_at: str = ""  # a series' peak
    name: str = ""  # alert / series / Kubernetes object name
    names: list[str] = Field(default_factory=list)  # every alert / series named by its evidence (a listing)
    change: str = ""  # the kind of change a timeline line records (部署, 配置变更 …)
    level: str = ""  # a log line's level
    anomalous: bool = False  # an ERROR line, an alert, a crossed threshold, an unhealthy object
    symptoms: list[str] = Field(default_factory=list)  # symptom ids the evidence shows
    cause: str = ""  # the innermost link of the line's exception chain, when it has one
    line: str = ""  # a log line's message, its first line (what a conclusion quotes the head of)


class ComposerMaterial(BaseModel):
    """Verifier-allowed material only (spec 000 "Composer-safe protocols"). Built by the graph;
    nothing else reaches the composer, and the leak guard checks the answer against it."""

    model_config = ConfigDict(extra="forbid")

    question: str
    route: Literal["pass", "low_confid", "reject"]
    verdict: Verdict
    # What was asked (DESIGN §10.1): the conclusion answers it.
    asked: Asked | None = None
    # Confirmed statements: claim text + the verified excerpt(s) + invocation ids they rest on.
    confirmed: list[dict[str, Any]] = Field(default_factory=list)
    # The typed facts of each confirmed claim (same order as ``confirmed``).
    facts: list[ClaimFacts] = Field(default_factory=list)
    # Unverified directions (Executor hypotheses / inference-only claims), always labelled as such.
    directions: list[str] = Field(default_factory=list)
    # Verifier-identified gaps only.
    gaps: list[str] = Field(default_factory=list)
    # Next steps (runbook/evidence-based recommended actions, tools to run for the gaps).
    next_steps: list[str] = Field(default_factory=list)


# --- Context shared by every call ---------------------------------------------------------
#: AgentError.reason (and fallback reason) when the run's model budget is spent.
REASON_BUDGET_EXHAUSTED = "budget_exhausted"
BudgetLimit = Literal["tokens", "seconds"]


@dataclass(frozen=True)
class RunBudget:
    """What one run may spend on model calls (OWASP LLM10, unbounded consumption): prompt +
    completion tokens over all roles, and wall-clock seconds since the run started. ``None``
    means unbounded (the offline provider, unit tests)."""

    max_tokens: int | None = None
    max_seconds: float | None = None


class RoleUsage(BaseModel):
    """One role's model usage in a run (``DiagnosisRun.token_usage[role]``, ``run_budget.usage``).
    ``estimated_calls`` — calls whose figures are estimates (the server reported none) — is
    present only when there was one, as it always was in the persisted shape."""

    model_config = ConfigDict(extra="allow")

    prompt_tokens: int = 0
    completion_tokens: int = 0
    calls: int = 0
    estimated_calls: int | None = None

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if data.get("estimated_calls") is None:
            data.pop("estimated_calls", None)
        return data

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


def usage_dump(usage: Mapping[str, RoleUsage]) -> dict[str, dict[str, int]]:
    """The per-role usage as persisted (``token_usage``)."""
    return {role: values.model_dump(mode="json") for role, values in usage.items()}


@dataclass
class AgentContext:
    """Per-run context handed to every agent call: which run/round, a usage sink, and the run's
    model budget (checked by a provider before each model call)."""

    run_id: str
    round: int = 1
    usage: dict[str, RoleUsage] = field(default_factory=dict)
    model_by_role: dict[str, str] = field(default_factory=dict)
    budget: RunBudget = field(default_factory=RunBudget)
    clock: Callable[[], float] = field(default=time.monotonic, repr=False)
    started: float = field(default=-1.0)
    budget_refused: BudgetLimit | None = None  # the limit that refused a model call, if one did
    # This run's placeholder map (DESIGN §10.4); None = nothing is masked. Never persisted.
    masker: Masker | None = None
    # Called before each model request (the run writes its pending progress events, so a
    # watcher sees the tool calls made so far while the model thinks); None = nothing to do.
    before_model_call: Callable[[], None] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.started < 0:
            self.started = self.clock()

    def record_usage(self, role: Role, *, prompt_tokens: int, completion_tokens: int, estimated: bool = False) -> None:
        """Add one call's tokens; ``estimated`` when the server reported none (counted in
        ``estimated_calls`` so the audit says which figures are estimates)."""
        slot = self.usage.setdefault(role, RoleUsage())
        slot.prompt_tokens += int(prompt_tokens or 0)
        slot.completion_tokens += int(completion_tokens or 0)
        slot.calls += 1
        if estimated:
            slot.estimated_calls = (slot.estimated_calls or 0) + 1

    @property
    def tokens_used(self) -> int:
        return sum(v.tokens for v in self.usage.values())

    @property
    def seconds_used(self) -> float:
        return self.clock() - self.started

    def seconds_left(self) -> float | None:
        """Seconds until the run's deadline (``None``: no deadline); may be negative."""
        if self.budget.max_seconds is None:
            return None
        return self.budget.max_seconds - self.seconds_used

    def budget_exceeded(self) -> BudgetLimit | None:
        """Which limit is spent, if any: checked before every model call."""
        if self.budget.max_tokens is not None and self.tokens_used >= self.budget.max_tokens:
            return "tokens"
        left = self.seconds_left()
        if left is not None and left <= 0:
            return "seconds"
        return None

    def check_budget(self, role: Role) -> None:
        """Raise the non-retryable ``budget_exhausted`` AgentError when a limit is spent; a
        provider calls this before every model call (no request is sent then)."""
        limit = self.budget_exceeded()
        if limit is None:
            return
        self.budget_refused = limit
        spent = f"{self.tokens_used} tokens" if limit == "tokens" else f"{self.seconds_used:.1f} s"
        raise AgentError(
            f"{role}: 本次运行的模型预算已用完（{limit}: {spent}），不再调用模型",
            retryable=False,
            reason=REASON_BUDGET_EXHAUSTED,
        )

    def budget_audit(self) -> dict[str, Any]:
        """The run's budget and what it spent, per role (persisted in the audit)."""
        return {
            "max_tokens": self.budget.max_tokens,
            "max_seconds": self.budget.max_seconds,
            "tokens_used": self.tokens_used,
            "seconds_used": round(self.seconds_used, 3),
            "refused_by": self.budget_refused,
            "usage": usage_dump(self.usage),
        }


# --- Role interfaces ----------------------------------------------------------------------
@runtime_checkable
class PlannerAgent(Protocol):
    def plan(self, request: PlannerRequest, ctx: AgentContext) -> Plan:
        """Return a plan, or raise AgentError."""
        ...


@runtime_checkable
class ExecutorAgent(Protocol):
    def execute(self, request: ExecutorRequest, tools: ToolRunner, ctx: AgentContext) -> ExecutorReply:
        """Call tools through ``tools`` and return the final content (the V2 contract text)."""
        ...


@runtime_checkable
class VerifierAgent(Protocol):
    def verify(self, verifier_input: str, ctx: AgentContext) -> str:
        """Take the canonical Verifier input (DESIGN §5.3, exact bytes) and return the raw reply.

        The graph parses the reply with the shared protocol parser; a re-ask sends the
        byte-identical input again."""
        ...


@runtime_checkable
class ComposerAgent(Protocol):
    def compose(self, material: ComposerMaterial, ctx: AgentContext) -> str:
        """Return the raw reply: a JSON object ``{"answer": "…Chinese…"}``."""
        ...


@dataclass
class Provider:
    """One provider = the four role agents plus what the run records about it."""

    name: str  # "offline" | "openai" | "scripted"
    planner: PlannerAgent
    executor: ExecutorAgent
    verifier: VerifierAgent
    composer: ComposerAgent
    model_by_role: dict[str, str] = field(default_factory=dict)
    # Used when ``planner`` fails after its re-ask (PLANNER_FALLBACK=offline): the plan only
    # decides which evidence tools run, never what is confirmed, so a deterministic plan is safe.
    planner_fallback: PlannerAgent | None = None

    def model_label(self) -> str:
        models = sorted({m for m in self.model_by_role.values() if m})
        return ",".join(models) if models else self.name


def services_from(rows: Sequence[Any]) -> list[ServiceInfo]:
    return [ServiceInfo(name=r.name, aliases=list(r.aliases or []), description=r.description or "") for r in rows]
