"""What the MCP tools answer with (issue 31): the structured output a calling agent reads.

One model per shape. ``RunReport`` is a finished (or still running) diagnosis as an agent needs
it: the verdict, the answer's conclusion, which statements the Verifier confirmed (each with
the excerpts it rests on), which it did not, the gaps, and where the run's full record is.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class RunLinks(BaseModel):
    model_config = ConfigDict(extra="forbid")

    run: str = Field(description="GET /api/runs/{id}: the run's full audit record (JSON)")
    session: str = Field(description="GET /api/sessions/{id}: the session and its runs")
    web: str = Field(description="the staff web UI's answer page")


class QuotedEvidence(BaseModel):
    """One verified excerpt a statement rests on, quoted from a tool's output."""

    model_config = ConfigDict(extra="forbid")

    invocation_id: str
    tool_name: str
    raw_path: str
    quote: str


class ReportStatement(BaseModel):
    """A claim of the run as the Verifier classified it."""

    model_config = ConfigDict(extra="forbid")

    claim_id: str
    text: str
    classification: str = Field(description="the Verifier's classification (supported, overstated, unsupported, …)")
    classification_label: str = Field(description="the classification in Chinese")
    is_critical: bool | None
    evidence: list[QuotedEvidence]


class ReportGap(BaseModel):
    """Evidence the Verifier found missing, and the tool that could supply it."""

    model_config = ConfigDict(extra="forbid")

    gap: str
    is_critical: bool | None
    suggested_tool: str


class RunReport(BaseModel):
    """One diagnosis run: what is confirmed, what is not, and where its record is."""

    model_config = ConfigDict(extra="forbid")

    run_id: str
    session_id: str
    question: str
    status: str = Field(description="queued | running | completed | failed")
    outcome: str | None = Field(description="pass | low_confid | reject | fallback | clarify; null until finished")
    verdict: str | None = Field(description="PASS | LOW_CONFID | REJECT; null for a fallback or an unfinished run")
    verdict_label: str = Field(description="what the verdict (or its absence) means, in Chinese")
    fallback_reason: str | None
    conclusion: list[str] = Field(description="the answer's verified conclusion, sentence by sentence")
    answer: str | None = Field(description="the whole Chinese answer as a user reads it; null until finished")
    confirmed: list[ReportStatement] = Field(description="statements the Verifier confirmed, with their evidence")
    not_confirmed: list[ReportStatement] = Field(description="statements it did not confirm: not to be relied on")
    gaps: list[ReportGap]
    links: RunLinks


class ScopeItem(BaseModel):
    """An evidence scope a question can be asked in (``diagnose``'s ``scope``)."""

    model_config = ConfigDict(extra="forbid")

    name: str
    kind: str = Field(description="live | replay")
    kind_label: str
    reference_time: str | None = Field(description="a replay scope's 'now' (ISO 8601); null for live")


class ScopeList(BaseModel):
    model_config = ConfigDict(extra="forbid")

    scopes: list[ScopeItem]


class RunBrief(BaseModel):
    """A run in a list: enough to pick one and read it with ``get_run``."""

    model_config = ConfigDict(extra="forbid")

    run_id: str
    session_id: str
    question: str
    status: str
    verdict: str | None
    created_at: str
    links: RunLinks


class RunList(BaseModel):
    model_config = ConfigDict(extra="forbid")

    runs: list[RunBrief]
