"""Spec 000 "raw outputs not passed through in full": only a minimal evidence summary."""

import json

from diagnosis.trace_summary import MAX_ITEM_OUTPUT_CHARS, build_tool_trace_summary
from tests.trace_summary.facts import knowledge, log_record, logs


def test_large_log_output_becomes_a_bounded_summary():
    records = [
        log_record(f"error number {i} " + "x" * 900, f"2026-11-28T10:{i % 60:02d}:00+08:00")
        for i in range(100)
    ]
    call = logs(1, records=records, total=5000)
    item = build_tool_trace_summary([call]).items[0]
    assert len(item.output_summary) <= MAX_ITEM_OUTPUT_CHARS
    assert (
        len(json.dumps(item.model_dump(), ensure_ascii=False))
        < len(json.dumps(call["output"], ensure_ascii=False)) / 20
    )
    assert "error number 0" in item.output_summary
    assert "error number 99" not in item.output_summary
    assert "共 5000 条，返回 100 条" in item.output_summary


def test_raw_json_structure_is_not_copied():
    item = build_tool_trace_summary([knowledge(1)]).items[0]
    assert '"hits"' not in item.output_summary and "{" not in item.output_summary
