"""Spec 000 "Summary remains bounded" and keeps concrete facts before boilerplate."""

import json

from diagnosis.trace_summary import build_tool_trace_summary
from tests.trace_summary.facts import POOL, failed, knowledge, log_record, logs, metrics


def many_calls(n: int):
    calls = []
    for i in range(1, n + 1):
        records = [log_record(f"{POOL} #{i}-{j}") for j in range(30)]
        calls.append(logs(i, records=records, keyword=f"topic{i}"))
    return calls


def size(summary) -> int:
    return len(summary.model_dump_json())


def test_whole_summary_stays_within_its_character_budget():
    summary = build_tool_trace_summary(many_calls(30), max_chars=8000)
    assert size(summary) <= 8000
    assert summary.items  # shrinking items comes before dropping them


def test_item_count_is_bounded_and_the_omission_recorded():
    summary = build_tool_trace_summary(many_calls(12), max_items=5)
    assert len(summary.items) == 5
    assert summary.omitted_items == 7
    assert summary.omitted_invocation_ids == [f"inv_{i}" for i in range(6, 13)]


def test_shrinking_keeps_concrete_facts_and_drops_boilerplate_list_tail_first():
    summary = build_tool_trace_summary(many_calls(20), max_chars=9000)
    for item in summary.items:
        assert item.output_summary.startswith("2026-11-28 10:05:12 payment-service ERROR HikariPool-1")


def test_counts_tail_is_kept_alongside_the_facts():
    item = build_tool_trace_summary([metrics(1)]).items[0]
    assert item.output_summary.index("HighErrorRate") < item.output_summary.index("告警 1 条，指标 1 条")


def test_gaps_survive_in_a_tight_budget():
    calls = [*many_calls(3), failed(4, service="order-service"), knowledge(5)]
    summary = build_tool_trace_summary(calls, max_chars=5000)
    assert size(summary) <= 5000
    assert any(i.status == "failed" for i in summary.items)


def test_repeated_identical_log_lines_are_counted_not_repeated():
    records = [log_record(POOL, f"2026-11-28T10:05:{s:02d}+08:00") for s in range(40)]
    item = build_tool_trace_summary([logs(1, records=records)]).items[0]
    assert item.output_summary.count("HikariPool-1") == 1
    assert "(×40)" in item.output_summary
    assert json.loads(build_tool_trace_summary([logs(1, records=records)]).model_dump_json())  # valid JSON
