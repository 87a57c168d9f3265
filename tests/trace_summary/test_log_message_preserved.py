"""Spec 000 "Log evidence contains a concrete matching message": the message (or a bounded
excerpt) is in output_summary, with the invocation id to cite."""

from diagnosis.trace_summary import MAX_FACT_CHARS, build_tool_trace_summary
from tests.trace_summary.facts import HTTP500, POOL, log_record, logs


def test_concrete_log_message_appears_in_output_summary():
    item = build_tool_trace_summary([logs(2)]).items[0]
    assert f"2026-11-28 10:05:12 payment-service ERROR {POOL}" in item.output_summary
    assert HTTP500 in item.output_summary
    assert item.source_invocation_ids == ["inv_2"]
    assert item.evidence_level == "direct"


def test_long_message_is_kept_as_a_bounded_excerpt():
    message = "OutOfMemoryError: Java heap space " + "at com.example.Pay.run(Pay.java:42) " * 100
    item = build_tool_trace_summary([logs(1, records=[log_record(message)])]).items[0]
    assert "OutOfMemoryError: Java heap space" in item.output_summary
    assert len(item.output_summary) <= MAX_FACT_CHARS + 200


def test_message_is_rendered_from_output_when_refs_are_missing():
    call = logs(1)
    call["retrieval_details"] = {}
    assert POOL in build_tool_trace_summary([call]).items[0].output_summary
