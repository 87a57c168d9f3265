"""The four role interfaces every provider implements (DESIGN §7), and the plain shapes that
cross between the graph and an agent.

The graph owns orchestration, persistence, parsing and all deterministic checks; an agent only
turns its input into a reply. Replies are *raw text* for the executor, verifier and composer so
that the graph's shared parsers (and the Gatekeeper) judge every provider the same way — the
offline agents get no shortcut past validation.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

from contracts.composer import ComposerMaterial
from contracts.plan import ExecutorRequest, Plan, PlannerRequest, Role, ServiceInfo
from contracts.reasons import REASON_BUDGET_EXHAUSTED
from contracts.tools import ToolCallResult
from contracts.usage import RoleUsage, usage_dump
from diagnosis.masking.masker import Masker


class AgentError(Exception):
    """A technical failure of one agent call (transport error, timeout, blank or truncated reply).

    ``retryable`` tells the node whether a bounded re-ask with the same input makes sense.
    """

    def __init__(self, message: str, *, retryable: bool = True, reason: str = "agent_error") -> None:
        super().__init__(message)
        self.retryable = retryable
        self.reason = reason


# --- Executor -----------------------------------------------------------------------------
class ToolRunner(Protocol):
    """Runs tools for one run and round through the real tool layer (persisting every call)."""

    def call(
        self, tool_name: str, arguments: dict[str, Any] | str | None, origin: str = ""
    ) -> ToolCallResult: ...

    def history(self) -> list[ToolCallResult]:
        """Every invocation of this run so far, all rounds, in order."""
        ...


@dataclass
class ExecutorReply:
    """The executor's final message content (should be the §5.1 contract as JSON text)."""

    content: str
    finish_reason: str = "stop"


# --- Context shared by every call ---------------------------------------------------------
BudgetLimit = Literal["tokens", "seconds"]


@dataclass(frozen=True)
class RunBudget:
    """What one run may spend on model calls (OWASP LLM10, unbounded consumption): prompt +
    completion tokens over all roles, and wall-clock seconds since the run started. ``None``
    means unbounded (the offline provider, unit tests)."""

    max_tokens: int | None = None
    max_seconds: float | None = None


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

    def record_usage(
        self, role: Role, *, prompt_tokens: int, completion_tokens: int, estimated: bool = False,
        output_mode: str | None = None,
    ) -> None:
        """Add one call's tokens; ``estimated`` when the server reported none (counted in
        ``estimated_calls`` so the audit says which figures are estimates); ``output_mode`` the
        structured-output mode the call was sent with (appended to ``output_modes``)."""
        slot = self.usage.setdefault(role, RoleUsage())
        slot.prompt_tokens += int(prompt_tokens or 0)
        slot.completion_tokens += int(completion_tokens or 0)
        slot.calls += 1
        if estimated:
            slot.estimated_calls = (slot.estimated_calls or 0) + 1
        if output_mode is not None:
            slot.output_modes = [*(slot.output_modes or []), output_mode]

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
    #: The run's ``plan_source`` when ``planner`` plans: ``provider``, or ``offline`` when the
    #: deterministic offline planner plans from the start (LLM_PLANNER=offline).
    planner_source: str = "provider"

    def model_label(self) -> str:
        models = sorted({m for m in self.model_by_role.values() if m})
        return ",".join(models) if models else self.name


def services_from(rows: Sequence[Any]) -> list[ServiceInfo]:
    return [ServiceInfo(name=r.name, aliases=list(r.aliases or []), description=r.description or "") for r in rows]
