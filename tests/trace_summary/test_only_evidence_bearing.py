"""Spec 000 "only evidence-bearing tools included": helpers are excluded by default."""

from diagnosis.trace_summary import build_tool_trace_summary
from tests.trace_summary.facts import current_time, invocation, logs


def test_helper_tools_are_excluded_by_default():
    summary = build_tool_trace_summary([current_time(1), logs(2)])
    assert [i.tool_name for i in summary.items] == ["query_logs"]
    assert "inv_1" not in str(summary.model_dump())


def test_the_evidence_flag_wins_over_the_tool_name():
    flagged_helper = invocation(1, "query_logs", "success", evidence_bearing=False)
    assert build_tool_trace_summary([flagged_helper]).items == []


def test_without_a_flag_known_evidence_tools_are_recognised_by_name():
    unflagged = current_time(1)
    del unflagged["evidence_bearing"]
    assert build_tool_trace_summary([unflagged, logs(2)]).items[0].tool_name == "query_logs"


def test_helpers_can_be_included_on_request():
    summary = build_tool_trace_summary([current_time(1), logs(2)], include_helpers=True)
    assert [i.tool_name for i in summary.items] == ["get_current_time", "query_logs"]
