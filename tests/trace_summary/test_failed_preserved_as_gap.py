"""Spec 000 "failed evidence calls preserved as evidence gaps" / "Failed evidence remains a
verifier-visible gap": a failed call stays in, unsuccessful, with evidence level none."""

from diagnosis.trace_summary import build_tool_trace_summary
from tests.trace_summary.facts import failed, logs


def test_failed_call_is_kept_as_an_unsuccessful_gap():
    item = build_tool_trace_summary([failed(1, "query_metrics", service="payment-service")]).items[0]
    assert item.tool_name == "query_metrics"
    assert item.success is False
    assert item.status == "failed"
    assert item.evidence_level == "none"
    assert item.source_invocation_ids == ["inv_1"]
    assert "工具调用超时" in item.output_summary and item.error.startswith("工具调用超时")


def test_failure_of_an_unparseable_call_without_arguments_is_still_listed():
    call = failed(1, "lookup_knowledge", error="参数不是合法的 JSON 对象")
    call["arguments"] = {"_raw": "{not json"}
    item = build_tool_trace_summary([call]).items[0]
    assert item.evidence_level == "none" and not item.success


def test_failed_and_successful_calls_of_different_topics_stay_apart():
    summary = build_tool_trace_summary([logs(1), failed(2, "query_logs", service="order-service")])
    assert [(i.success, i.evidence_level) for i in summary.items] == [(True, "direct"), (False, "none")]
