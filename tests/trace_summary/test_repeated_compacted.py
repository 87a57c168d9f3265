"""Spec 000 "repeated tool calls may be compacted": same tool + topic + round → one item keeping
the first effective hit and the counts of repeated, failed and no-hit calls."""

from diagnosis.trace_summary import build_tool_trace_summary
from tests.trace_summary.facts import POOL, deduped, failed, knowledge, log_record, logs


def test_repeats_merge_into_one_item_with_first_effective_hit_and_counts():
    calls = [
        failed(1, "query_logs", service="payment-service"),
        logs(2, records=[], start="2026-11-28T10:00:00+08:00"),  # no hit in a narrower window
        logs(3, records=[log_record(POOL)]),  # the first effective hit
        logs(4, records=[log_record("later, different evidence")], level="WARN"),
    ]
    calls.append(deduped(5, calls[2]))
    summary = build_tool_trace_summary(calls)
    assert len(summary.items) == 1
    item = summary.items[0]
    assert item.trace_ref == "trace:1:query_logs:inv_1"
    assert item.source_invocation_ids == ["inv_1", "inv_2", "inv_3", "inv_4", "inv_5"]
    assert item.success is True and item.evidence_level == "direct" and item.status == "success"
    assert POOL in item.output_summary
    assert "later, different evidence" not in item.output_summary
    assert item.counts.model_dump() == {"calls": 5, "repeated": 4, "failed": 1, "no_hit": 1, "deduped": 1}
    assert "合并 5 次调用（重复 4，失败 1，无命中 1，去重 1）" in item.output_summary


def test_repeats_that_all_failed_merge_into_one_gap():
    item = build_tool_trace_summary([failed(1), failed(2)]).items[0]
    assert (
        item.evidence_level == "none"
        and item.counts.failed == 2
        and item.source_invocation_ids == ["inv_1", "inv_2"]
    )


def test_different_rounds_are_not_merged():
    summary = build_tool_trace_summary([logs(1), logs(4, round_no=2)])
    assert [i.trace_ref for i in summary.items] == ["trace:1:query_logs:inv_1", "trace:2:query_logs:inv_4"]


def test_different_topics_are_not_merged():
    summary = build_tool_trace_summary(
        [
            logs(1),
            logs(2, service="order-service"),
            logs(3, keyword="timeout"),
            knowledge(4, query="连接池"),
            knowledge(5, query="磁盘满"),
        ]
    )
    assert len(summary.items) == 5


def test_topic_normalisation_ignores_case_and_spacing():
    summary = build_tool_trace_summary(
        [knowledge(1, query="Connection  Pool"), knowledge(2, query="connection pool")]
    )
    assert len(summary.items) == 1


def test_compaction_can_be_switched_off():
    assert len(build_tool_trace_summary([failed(1), failed(2)], compact=False).items) == 2
