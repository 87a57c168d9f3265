"""Spec 000 "tool trace summary derived from tool facts": every item names the tool, its success,
input summary, output summary and evidence level."""

from diagnosis.trace_summary import ToolTraceSummary, build_tool_trace_summary
from tests.trace_summary.facts import knowledge, logs, metrics


def test_each_item_has_tool_success_input_output_and_evidence_level():
    summary = build_tool_trace_summary([logs(1), metrics(2), knowledge(3)])
    assert isinstance(summary, ToolTraceSummary)
    assert [i.tool_name for i in summary.items] == ["query_logs", "query_metrics", "lookup_knowledge"]
    for item in summary.items:
        assert item.success is True
        assert item.evidence_level == "direct"
        assert item.input_summary and item.output_summary


def test_input_summary_names_the_arguments_compactly():
    item = build_tool_trace_summary([logs(1)]).items[0]
    assert (
        item.input_summary
        == "service=payment-service level=ERROR start=2026-11-28 09:55:00 end=2026-11-28 10:30:00"
    )


def test_summary_dumps_to_plain_json():
    dumped = build_tool_trace_summary([logs(1)]).model_dump()
    assert dumped["version"] == "tool_trace_summary_v1"
    assert set(dumped["items"][0]) >= {
        "trace_ref", "tool_name", "success", "input_summary", "output_summary", "evidence_level", "source_invocation_ids",
    }  # fmt: skip


def test_empty_input_gives_an_empty_summary():
    assert build_tool_trace_summary([]).items == []
