"""query_metrics: alerts active in the window, and metric series summarised with concrete values."""

from __future__ import annotations

from typing import Any

from contracts.elements import AlertElement, SeriesSummary
from contracts.evidence import MAX_REFS_PER_INVOCATION
from contracts.pointer import make_pointer
from diagnosis.tools.arguments import QueryMetricsArgs
from diagnosis.tools.backends import MetricQuery, MetricsBackend, SeriesEntry
from diagnosis.tools.base import ToolContext, ToolOutcome, bounded, evidence_ref
from diagnosis.tools.downsample import MIN_LIMIT, keep_indices
from diagnosis.tools.element_text import render_alert, render_series
from diagnosis.tools.logs import service_filter
from diagnosis.tools.rendering import iso
from diagnosis.tools.series_names import SHARED_LABELS as SHARED_LABELS
from diagnosis.tools.windows import resolve_window

MAX_ALERTS = 50
# Labels every series of a deployment carries (where, not which): a series' text leaves them out
# and shows the others, which tell same-named series apart (usename=rp_report vs usename=rp_pay).
MAX_SERIES = 20
MAX_SUMMARY_CHARS = 500
#: Points kept per series for the chart beside the evidence (issue 14 item 2), shared by all
#: series of one call so a 20-series answer stays well under the 64 KB output cap (~40 B a point).
CHART_POINTS_BUDGET = 1200
CHART_POINTS_PER_SERIES = 240


def _round(value: float) -> float:
    return round(value, 6)


def summarise_series(series: SeriesEntry, *, chart_points: int = CHART_POINTS_PER_SERIES) -> dict[str, Any]:
    """min/max/avg/last over the window's points, when the peak was, and when the threshold was
    first exceeded (``crossed_at`` is null if never, or if the series has no threshold); plus
    ``points`` for the chart: the series thinned to ``chart_points``, peak and crossing kept."""
    points = series.points
    values = [value for _, value in points]
    peak = max(values)
    peak_at = next(ts for ts, value in points if value == peak)
    crossed_at = None
    crossed = []
    if series.threshold is not None:
        crossed = [next((i for i, value in enumerate(values) if value > series.threshold), -1)]
        crossed_at = points[crossed[0]][0] if crossed[0] >= 0 else None
    kept = keep_indices(values, max(MIN_LIMIT, chart_points), keep=crossed)
    return {
        "name": series.name,
        "service": series.service,
        "unit": series.unit,
        "labels": series.labels,
        "threshold": series.threshold,
        "point_count": len(points),
        "first_at": iso(points[0][0]),
        "last_at": iso(points[-1][0]),
        "min": min(values),
        "max": peak,
        "avg": _round(sum(values) / len(values)),
        "last": values[-1],
        "peak_at": iso(peak_at),
        "crossed_at": iso(crossed_at) if crossed_at is not None else None,
        "points": [[iso(points[i][0]), values[i]] for i in kept],
    }


def _alert_json(alert) -> dict[str, Any]:
    return {
        "name": alert.name,
        "service": alert.service,
        "severity": alert.severity,
        "state": alert.state,
        "starts_at": iso(alert.starts_at),
        "ends_at": iso(alert.ends_at) if alert.ends_at is not None else None,
        "value": alert.value,
        "summary": bounded(alert.summary, MAX_SUMMARY_CHARS),
        "labels": alert.labels,
    }


def _chart_points(series_count: int) -> int:
    return min(CHART_POINTS_PER_SERIES, CHART_POINTS_BUDGET // max(1, series_count))


def run(args: QueryMetricsArgs, ctx: ToolContext) -> ToolOutcome:
    start, end = resolve_window(args.start, args.end, ctx.now)
    backend: MetricsBackend = ctx.backend("metrics")
    query = MetricQuery(
        start=start,
        end=end,
        services=service_filter(args.service, ctx),
        alert_name=args.alert_name,
        metric=args.metric,
        max_alerts=MAX_ALERTS,
        max_series=MAX_SERIES + 1,  # one more than shown: whether the read was cut
    )
    # An alert_name-only question is about alerts; a metric-only question about series. Nothing is
    # known of a window that starts after now: an alert firing now is no observation of tomorrow.
    future = start >= ctx.now
    alerts = [] if (args.metric and not args.alert_name) or future else backend.alerts(query)[:MAX_ALERTS]
    found = [] if args.alert_name and not args.metric else backend.series(query)
    series = found[:MAX_SERIES]
    output = {
        "alerts": [_alert_json(a) for a in alerts],
        "series": [summarise_series(s, chart_points=_chart_points(len(series))) for s in series if s.points],
        "window": {"start": iso(start), "end": iso(end)},
        "truncated": len(found) > MAX_SERIES,  # more series matched than shown (MAX_SERIES)
    }
    count = len(output["alerts"]) + len(output["series"])
    return ToolOutcome(output=output, result_count=count, details={"backend": getattr(backend, "name", "")})


def refs(output: dict[str, Any]) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for i, alert in enumerate(output.get("alerts", [])):
        items.append(
            evidence_ref(
                make_pointer("alerts", i),
                render_alert(AlertElement.model_validate(alert)),
                source_id=alert["name"],
                label=f"{alert['name']} ({alert['state']})",
            )
        )
    for i, series in enumerate(output.get("series", [])):
        items.append(
            evidence_ref(
                make_pointer("series", i),
                render_series(SeriesSummary.model_validate(series)),
                source_id=series["name"],
                label=f"{series['name']} {series['service']}",
            )
        )
    return items[:MAX_REFS_PER_INVOCATION]
