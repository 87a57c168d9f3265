"""The typed elements of the tools' outputs (issue 28): a log record of ``query_logs``, an alert and a
series summary of ``query_metrics``, a hit of ``lookup_knowledge``, and the ``/query`` element every
evidence tool writes (``query_k8s``'s elements are ``contracts.k8s.K8S_OUTPUT_MODELS``).

The tools persist their outputs as plain JSON (``ToolInvocation.output``, unchanged); these models
read one element of it (``SeriesSummary.model_validate(output["series"][0])``). The evidence-ref
text of an element is rendered from its model (``diagnosis.tools.element_text``), and the offline
analysis reads the model's fields, never the rendered text back.

Times are the outputs' ISO 8601 strings read as aware datetimes; the tools write them in the offset
of the configured time zone, so their wall clock is the local time the text shows.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class LogRecord(BaseModel):
    """One line of ``query_logs`` (``/records/i``); a grouped read adds its template's counts."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    timestamp: datetime
    service: str
    level: str
    message: str
    instance: str = ""
    trace_id: str | None = ""
    in_window: int | None = None
    in_baseline: int | None = None


class AlertElement(BaseModel):
    """One alert of ``query_metrics`` (``/alerts/i``): firing, or resolved at ``ends_at``."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    name: str
    service: str
    severity: str = ""
    state: str
    starts_at: datetime
    ends_at: datetime | None = None
    value: str | int | float | None = ""
    summary: str = ""
    labels: dict[str, Any] = Field(default_factory=dict)

    @property
    def resolved_at(self) -> datetime | None:
        """When it resolved: its end, unless it still fires (an end of a firing alert is not shown)."""
        return self.ends_at if self.state != "firing" else None


class SeriesSummary(BaseModel):
    """One metric series of ``query_metrics`` (``/series/i``) summarised over the window: its
    min/max/avg/last, when it peaked, and when it first exceeded its threshold (``crossed_at`` is
    None when it never did, or has no threshold); ``points``, the thinned chart as (time, value), is
    what a level shift against the series' own baseline is read from (``reading.onsets``)."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    name: str
    service: str
    unit: str | None = ""
    labels: dict[str, Any] = Field(default_factory=dict)
    threshold: int | float | None = None
    point_count: int
    first_at: datetime
    last_at: datetime
    min: int | float
    max: int | float
    avg: int | float
    last: int | float
    peak_at: datetime
    crossed_at: datetime | None = None
    points: list[tuple[datetime, float]] = Field(default_factory=list)


class HitElement(BaseModel):
    """One runbook or knowledge section ``lookup_knowledge`` found (``/hits/i``), best first."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    document_title: str
    source: str = ""
    heading_path: str = ""
    text: str
    score: float = 0.0


class QueryElement(BaseModel):
    """What an evidence tool was asked and how many elements it returned (``output["query"]``,
    DESIGN §10.1), written once by the tool layer (``diagnosis.tools.query_ref``): the tool, its
    normalised arguments (no empty ones), the window it resolved, the count, and the text its
    ``/query`` evidence ref quotes — rendered from the other fields, never read back."""

    model_config = ConfigDict(frozen=True)

    tool: str
    arguments: dict[str, Any]
    window: dict[str, Any] | None
    count: int
    text: str
