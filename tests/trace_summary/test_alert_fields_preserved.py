"""Spec 000 "Metrics evidence contains concrete alert fields": alert names, services and bounded
metric values are kept, and no alert absent from the output is implied."""

from diagnosis.trace_summary import build_tool_trace_summary
from tests.trace_summary.facts import ALERT_TEXT, SERIES_TEXT, metrics


def test_alert_name_service_state_and_value_are_in_the_summary():
    item = build_tool_trace_summary([metrics(2)]).items[0]
    assert ALERT_TEXT in item.output_summary
    for fact in ("HighErrorRate", "payment-service", "critical", "firing", "12.5%", "10:06"):
        assert fact in item.output_summary


def test_metric_values_are_in_the_summary():
    item = build_tool_trace_summary([metrics(2)]).items[0]
    assert SERIES_TEXT in item.output_summary
    for number in ("min 0.2%", "max 14.1%", "last 12.5%", "超过阈值 5% 于 10:06"):
        assert number in item.output_summary


def test_no_alert_is_implied_when_the_output_has_none():
    item = build_tool_trace_summary([metrics(2, alerts=False)]).items[0]
    assert "HighErrorRate" not in item.output_summary
    assert "告警 http" not in item.output_summary
    assert "告警 0 条" in item.output_summary
    assert "firing" not in item.output_summary


def test_alert_fields_are_rendered_from_output_when_refs_are_missing():
    call = metrics(2, series=False)
    call["retrieval_details"] = {"evidence_refs": []}
    summary = build_tool_trace_summary([call]).items[0].output_summary
    assert "HighErrorRate" in summary and "payment-service" in summary and "12.5%" in summary
