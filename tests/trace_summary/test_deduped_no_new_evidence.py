"""Spec 000 "Deduped retrievals do not count as fresh support": no_new_evidence, never direct."""

from diagnosis.trace_summary import build_tool_trace_summary
from tests.trace_summary.facts import HTTP500, knowledge


def test_deduped_knowledge_lookup_in_a_later_round_is_no_new_evidence():
    original = knowledge(3)
    summary = build_tool_trace_summary([original, knowledge(7, round_no=2) | {"status": "deduped", "output": {"deduped_from": "inv_3"},
                                        "deduped_from": "inv_3", "retrieval_details": {"evidence_refs": []}}])  # fmt: skip
    later = summary.items[1]
    assert later.status == "deduped"
    assert later.evidence_level == "no_new_evidence"
    assert later.success is False  # never fresh support
    assert later.deduped_from == ["inv_3"]
    assert later.source_invocation_ids == ["inv_7"]
    assert "与 inv_3 重复，无新证据" in later.output_summary
    assert "临时扩大连接池上限" not in later.output_summary  # the earlier evidence is not re-presented


def test_a_deduped_repeat_in_the_same_round_only_adds_to_the_counts():
    from tests.trace_summary.facts import deduped

    original = knowledge(1)
    item = build_tool_trace_summary([original, deduped(2, original)]).items[0]
    assert item.evidence_level == "direct"  # from inv_1, the first effective hit
    assert item.counts.deduped == 1 and item.source_invocation_ids == ["inv_1", "inv_2"]


def test_deduped_entries_show_no_log_lines():
    from tests.trace_summary.facts import deduped, logs

    original = logs(1)
    item = build_tool_trace_summary([original, deduped(5, original, round_no=2)]).items[1]
    assert HTTP500 not in item.output_summary
