"""Spec 000 "tool trace summary preserves invocation references": stable trace_ref,
source_invocation_ids, and query samples / retrieval layers / relevance / source labels."""

import random

from diagnosis.trace_summary import build_tool_trace_summary
from tests.trace_summary.facts import failed, knowledge, logs, metrics


def facts():
    return [logs(1), metrics(2), knowledge(3), failed(4, "query_logs", round_no=2, service="order-service")]


def test_trace_refs_are_stable_across_calls_and_input_order():
    first = build_tool_trace_summary(facts())
    shuffled = facts()
    random.Random(7).shuffle(shuffled)
    again = build_tool_trace_summary(shuffled)
    assert (
        [i.trace_ref for i in first.items]
        == [i.trace_ref for i in again.items]
        == [
            "trace:1:query_logs:inv_1",
            "trace:1:query_metrics:inv_2",
            "trace:1:lookup_knowledge:inv_3",
            "trace:2:query_logs:inv_4",
        ]
    )
    assert first == again


def test_trace_refs_are_unique():
    refs = [i.trace_ref for i in build_tool_trace_summary(facts()).items]
    assert len(refs) == len(set(refs))


def test_source_invocation_ids_are_preserved():
    summary = build_tool_trace_summary(facts())
    assert [i.source_invocation_ids for i in summary.items] == [["inv_1"], ["inv_2"], ["inv_3"], ["inv_4"]]


def test_numeric_order_of_invocation_ids_is_respected():
    summary = build_tool_trace_summary(
        [knowledge(10, query="磁盘"), knowledge(9, query="内存"), knowledge(2, query="连接池")]
    )
    assert [i.source_invocation_ids[0] for i in summary.items] == ["inv_2", "inv_9", "inv_10"]


def test_knowledge_items_carry_query_samples_labels_relevance_and_layers():
    item = build_tool_trace_summary([knowledge(3)]).items[0]
    assert item.query_samples == ["query=数据库连接池耗尽 500 top_k=5"]
    assert item.source_labels == ["数据库连接池耗尽处理手册"]
    assert item.relevance == [7.412, 5.1]
    assert item.retrieval_layers == ["builtin"]


def test_persisted_invocation_objects_work_as_input():
    class Row:  # attribute access, like a ToolInvocation model instance
        def __init__(self, **fields):
            self.__dict__.update(fields)

    item = build_tool_trace_summary([Row(**logs(1), evidence_bearing=True)]).items[0]
    assert item.trace_ref == "trace:1:query_logs:inv_1" and item.success
