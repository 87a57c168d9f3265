"""Metric series a run's confirmed statements cite, for the chart beside the evidence (issue 14
item 2). Everything comes from the invocation's stored output: a chart never queries a backend,
so it shows exactly the points the run saw (thinned by the tool, peak and crossing kept)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

from django.conf import settings
from django.urls import reverse

from contracts.pointer import PointerError, resolve_pointer
from contracts.tools import QUERY_METRICS
from diagnosis.models import DiagnosisRun, ToolInvocation
from diagnosis.selectors.runs import RunAudit, run_audit_view

METRICS_TOOL: Final = QUERY_METRICS
SERIES_POINTER: Final = re.compile(r"^/series/(0|[1-9][0-9]{0,3})$")


@dataclass(frozen=True)
class ChartRef:
    invocation_id: str
    raw_path: str
    label: str
    claim_ids: tuple[str, ...]
    url: str


def series_url(run_id: Any, invocation_id: str, raw_path: str) -> str:
    return reverse("api:run-series", args=[run_id, invocation_id, raw_path.lstrip("/")])


def _confirmed_citations(audit: RunAudit) -> dict[tuple[str, str], list[str]]:
    cited: dict[tuple[str, str], list[str]] = {}
    for statement in audit.confirmed_statements:
        for item in statement.evidence:
            if item.tool_name == METRICS_TOOL and SERIES_POINTER.match(item.raw_path):
                claims = cited.setdefault((item.invocation_id, item.raw_path), [])
                if statement.claim_id not in claims:
                    claims.append(statement.claim_id)
    return cited


def cited_series(audit: RunAudit) -> list[ChartRef]:
    """One chart per series that a confirmed statement rests on, in the order they are cited."""
    labels = {
        (inv.invocation_id, str(ref.get("raw_path"))): str(ref.get("label") or ref.get("source_id") or "")
        for inv in audit.invocations
        for ref in inv.evidence_refs
    }
    return [
        ChartRef(
            invocation_id=invocation_id,
            raw_path=raw_path,
            label=labels.get((invocation_id, raw_path), raw_path),
            claim_ids=tuple(claims),
            url=series_url(audit.run.pk, invocation_id, raw_path),
        )
        for (invocation_id, raw_path), claims in _confirmed_citations(audit).items()
    ]


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def run_series(run: DiagnosisRun, invocation_id: str, raw_path: str) -> dict[str, Any] | None:
    """The chart data of one series in one invocation of ``run``, or None when there is none."""
    if not SERIES_POINTER.match(raw_path):
        return None
    invocation = ToolInvocation.objects.filter(run=run, invocation_id=invocation_id, tool_name=METRICS_TOOL).first()
    if invocation is None or not isinstance(invocation.output, dict):
        return None
    try:
        series = resolve_pointer(invocation.output, raw_path)
    except PointerError:
        return None
    if not isinstance(series, dict) or not isinstance(series.get("points"), list):
        return None
    points = [
        [point[0], value]
        for point in series["points"]
        if isinstance(point, list) and len(point) == 2 and isinstance(point[0], str)
        and (value := _number(point[1])) is not None
    ]  # fmt: skip
    window = invocation.output.get("window") if isinstance(invocation.output.get("window"), dict) else {}
    return {
        "run_id": str(run.pk),
        "invocation_id": invocation.invocation_id,
        "raw_path": raw_path,
        "name": str(series.get("name") or ""),
        "service": str(series.get("service") or ""),
        "unit": str(series.get("unit") or ""),
        "threshold": _number(series.get("threshold")),
        "window": {"start": window.get("start"), "end": window.get("end")},
        "points": points,
        "point_count": int(series.get("point_count") or len(points)),
        "peak": {"at": series.get("peak_at"), "value": _number(series.get("max"))},
        "crossed_at": series.get("crossed_at"),
        "cited_by": _confirmed_citations(run_audit_view(run)).get((invocation.invocation_id, raw_path), []),
        "timezone": settings.TIME_ZONE,
    }
