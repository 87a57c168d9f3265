"""What the planner is asked and what it replies (DESIGN §7): the plan, its steps, the services it
may name, and the requests the planner and the executor receive."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from contracts.asked import Asked
from contracts.reading import Reading
from contracts.session import SessionContext
from contracts.verifier import EvidenceGap

Role = Literal["planner", "executor", "verifier", "composer"]
ROLES: tuple[Role, ...] = ("planner", "executor", "verifier", "composer")
PlannerMode = Literal["NORMAL", "EVIDENCE_GAP_ONLY"]


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
    # EVIDENCE_GAP_ONLY: the valid critical gaps the Verifier named, and the coverage check's
    # unanswered question (``RetryContext.evidence_gaps``); the planner plans only for these.
    evidence_gaps: list[EvidenceGap] = Field(default_factory=list)
    # EVIDENCE_GAP_ONLY: what the earlier round already queried and how it ended (the tool trace
    # summary's ``planner_view``: tool, arguments, status, evidence level — no output text).
    tried: list[dict[str, Any]] = Field(default_factory=list)
    # The session's earlier turns (their ``asked`` and confirmed entities, never answer text), for
    # resolving a follow-up's references; ``None`` for the first question of a session.
    context: SessionContext | None = None
    # The question read once, in its session (``reading.conversation.resolve``): what a provider
    # plans with instead of reading the text again. Never sent to a model as such.
    reading: Reading


class ExecutorRequest(BaseModel):
    question: str
    plan: Plan
    mode: PlannerMode = "NORMAL"
    round: int = 1
    now: datetime
    timezone: str = "Asia/Shanghai"
    services: list[ServiceInfo] = Field(default_factory=list)
    evidence_gaps: list[EvidenceGap] = Field(default_factory=list)
    # The question read once (see ``PlannerRequest.reading``).
    reading: Reading
