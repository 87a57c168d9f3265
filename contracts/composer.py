"""What the composer is given: the verifier-allowed material of one run and the typed facts of its
confirmed claims (spec 000 "Composer-safe protocols")."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from contracts.asked import Asked
from contracts.verdict import Verdict


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


class ConfirmedEvidence(BaseModel):
    """One verified evidence item a confirmed statement rests on (the excerpt it matched)."""

    model_config = ConfigDict(extra="forbid")

    invocation_id: str = ""
    tool_name: str = ""
    raw_path: str = ""
    matched_text: str = ""


class ConfirmedItem(BaseModel):
    """A confirmed statement: the claim's text, how the Verifier classified it, and its evidence."""

    model_config = ConfigDict(extra="forbid")

    claim_id: str
    claim_type: str = "observation"
    text: str = ""
    verification: str = ""
    evidence: list[ConfirmedEvidence] = Field(default_factory=list)

    def texts(self) -> list[str]:
        """The statement and every excerpt it rests on: what may be said about it."""
        return [self.text, *(e.matched_text for e in self.evidence)]


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
    confirmed: list[ConfirmedItem] = Field(default_factory=list)
    # The typed facts of each confirmed claim (same order as ``confirmed``).
    facts: list[ClaimFacts] = Field(default_factory=list)
    # Unverified directions (Executor hypotheses / inference-only claims), always labelled as such.
    directions: list[str] = Field(default_factory=list)
    # Verifier-identified gaps only.
    gaps: list[str] = Field(default_factory=list)
    # Next steps (runbook/evidence-based recommended actions, tools to run for the gaps).
    next_steps: list[str] = Field(default_factory=list)
