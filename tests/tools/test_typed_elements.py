"""The typed elements (``contracts.elements``) read what the tools output, field for field, and the
evidence text of each element is its typed rendering."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from contracts.elements import AlertElement, LogRecord, SeriesSummary
from diagnosis.tools import logs, metrics
from diagnosis.tools.backends import AlertEntry, LogEntry, SeriesEntry
from diagnosis.tools.element_text import render_alert, render_record, render_series

SH = ZoneInfo("Asia/Shanghai")
T0 = datetime(2026, 11, 28, 10, 0, tzinfo=SH)


def test_a_log_record_reads_the_query_logs_record():
    entry = LogEntry(T0 + timedelta(seconds=312), "payment-service", "ERROR", "pool exhausted", "i-1", "t-9")
    output = {"records": [logs._record(entry)]}
    record = LogRecord.model_validate(output["records"][0])
    assert (record.timestamp, record.service, record.level, record.message) == (
        entry.timestamp, "payment-service", "ERROR", "pool exhausted")
    assert (record.instance, record.trace_id) == ("i-1", "t-9")
    assert render_record(record) == "2026-11-28 10:05:12 payment-service ERROR pool exhausted"
    assert logs.refs(output)[0]["text"] == render_record(record)


def test_an_alert_reads_the_query_metrics_alert():
    entry = AlertEntry("HighErrorRate", "payment-service", "critical", "resolved", T0 + timedelta(minutes=6),
                       T0 + timedelta(minutes=21, seconds=30), "12.5%", "5xx above 5%")
    output = {"alerts": [metrics._alert_json(entry)], "series": []}
    alert = AlertElement.model_validate(output["alerts"][0])
    assert (alert.name, alert.service, alert.severity, alert.state) == (
        "HighErrorRate", "payment-service", "critical", "resolved")
    assert (alert.starts_at, alert.ends_at, alert.resolved_at) == (entry.starts_at, entry.ends_at, entry.ends_at)
    assert (alert.value, alert.summary) == ("12.5%", "5xx above 5%")
    assert render_alert(alert) == (
        "HighErrorRate payment-service critical resolved since 2026-11-28 10:06 resolved at 2026-11-28 10:21:30 "
        "value 12.5% (5xx above 5%)"
    )
    assert metrics.refs(output)[0]["text"] == render_alert(alert)


def test_a_firing_alert_shows_no_resolution():
    entry = AlertEntry("HighErrorRate", "payment-service", "", "firing", T0, T0 + timedelta(minutes=5))
    alert = AlertElement.model_validate(metrics._alert_json(entry))
    assert alert.resolved_at is None
    assert render_alert(alert) == "HighErrorRate payment-service firing since 2026-11-28 10:00"


def test_a_series_summary_reads_the_query_metrics_series():
    values = [0.2, 3.1, 6.4, 14.1, 12.5]
    points = [(T0 + timedelta(minutes=3 * i), v) for i, v in enumerate(values)]
    entry = SeriesEntry("http_5xx_rate", "payment-service", "%", 5.0, points, {"env": "prod", "route": "/pay"})
    output = {"alerts": [], "series": [metrics.summarise_series(entry)]}
    series = SeriesSummary.model_validate(output["series"][0])
    assert (series.name, series.service, series.unit, series.threshold) == ("http_5xx_rate", "payment-service", "%", 5.0)
    assert (series.min, series.max, series.last, series.point_count) == (0.2, 14.1, 12.5, 5)
    assert series.avg == round(sum(values) / len(values), 6)
    assert (series.first_at, series.last_at) == (points[0][0], points[-1][0])
    assert series.peak_at == points[3][0] and series.crossed_at == points[2][0]
    assert render_series(series) == (
        "http_5xx_rate{route=/pay} payment-service 2026-11-28 10:00–10:12 min 0.2% max 14.1% avg 7.26% "
        "last 12.5%; 峰值于 10:09; 超过阈值 5% 于 10:06 (5 个点)"
    )
    assert metrics.refs(output)[0]["text"] == render_series(series)
