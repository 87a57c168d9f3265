"""Spec 000: a call that "returns no usable evidence" stays in as a gap (evidence level none)."""

from diagnosis.trace_summary import build_tool_trace_summary
from tests.trace_summary.facts import knowledge, logs, metrics


def test_no_hit_logs_call_is_kept_as_an_unsuccessful_gap():
    item = build_tool_trace_summary([logs(1, records=[], service="inventory-service")]).items[0]
    assert item.status == "no_hit"
    assert item.success is False and item.evidence_level == "none"
    assert "无命中" in item.output_summary
    assert "窗口 2026-11-28 09:55:00–2026-11-28 10:30:00" in item.output_summary
    assert item.input_summary.startswith("service=inventory-service")


def test_no_hit_knowledge_and_metrics_calls_are_gaps_too():
    summary = build_tool_trace_summary([metrics(1, alerts=False, series=False), knowledge(2, hits=[])])
    assert [(i.tool_name, i.evidence_level, i.success) for i in summary.items] == [
        ("query_metrics", "none", False),
        ("lookup_knowledge", "none", False),
    ]
