"""Property: for arbitrary (even malformed) invocation lists the builder never raises and the
summary stays within its bounds."""

from hypothesis import given, settings
from hypothesis import strategies as st

from diagnosis.trace_summary import MAX_SOURCE_IDS, build_tool_trace_summary

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=300),
    lambda children: (
        st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=10), children, max_size=6)
    ),
    max_leaves=40,
)
record = st.fixed_dictionaries(
    {
        "timestamp": st.text(max_size=30),
        "service": st.text(max_size=20),
        "level": st.text(max_size=8),
        "message": st.text(max_size=2000),
    }
)
output = st.one_of(
    json_values,
    st.fixed_dictionaries(
        {"records": st.lists(record, max_size=30), "total": st.integers(), "returned": st.integers()}
    ),
    st.fixed_dictionaries(
        {
            "alerts": st.lists(
                st.dictionaries(st.sampled_from(["name", "service", "value", "state"]), st.text(max_size=50)),
                max_size=5,
            ),
            "series": st.lists(
                st.dictionaries(st.sampled_from(["name", "min", "max"]), json_values), max_size=5
            ),
        }
    ),  # fmt: skip
    st.fixed_dictionaries(
        {
            "hits": st.lists(
                st.dictionaries(st.sampled_from(["document_title", "text", "score"]), json_values),
                max_size=10,
            )
        }
    ),
)
invocation = st.fixed_dictionaries(
    {
        "invocation_id": st.one_of(
            st.integers(1, 60).map(lambda n: f"inv_{n}"), st.text(max_size=12), st.none()
        ),
        "round": st.one_of(st.integers(1, 3), st.text(max_size=3), st.none()),
        "tool_name": st.sampled_from(
            ["query_logs", "query_metrics", "lookup_knowledge", "get_current_time", "x", ""]
        ),
        "status": st.sampled_from(["success", "no_hit", "failed", "deduped", "weird", ""]),
        "arguments": st.one_of(
            json_values,
            st.dictionaries(st.sampled_from(["service", "query", "keyword", "start"]), st.text(max_size=300)),
        ),
        "output": output,
        "retrieval_details": st.one_of(
            json_values,
            st.fixed_dictionaries(
                {
                    "evidence_refs": st.lists(
                        st.fixed_dictionaries(
                            {"raw_path": st.text(max_size=12), "text": st.text(max_size=1200)}
                        ),
                        max_size=8,
                    )
                }
            ),
        ),
        "error": st.one_of(st.text(max_size=2000), st.none(), st.integers()),
    },
    optional={
        "evidence_bearing": st.one_of(st.booleans(), st.text(max_size=3)),
        "deduped_from": st.text(max_size=10),
    },
)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(invocation, max_size=60),
    st.integers(min_value=1, max_value=50),
    st.integers(min_value=1000, max_value=20000),
    st.integers(min_value=100, max_value=2000),
)
def test_summary_is_bounded_and_never_raises(invocations, max_items, max_chars, max_item_chars):
    summary = build_tool_trace_summary(
        invocations, max_items=max_items, max_chars=max_chars, max_item_chars=max_item_chars
    )
    assert len(summary.model_dump_json()) <= max_chars
    assert len(summary.items) <= max_items
    refs = [item.trace_ref for item in summary.items]
    assert len(refs) == len(set(refs))
    for item in summary.items:
        assert len(item.output_summary) <= max_item_chars
        assert len(item.source_invocation_ids) <= MAX_SOURCE_IDS
        assert item.evidence_level in ("direct", "none", "no_new_evidence")
        assert item.success == (item.evidence_level == "direct")
    # Deterministic.
    assert summary == build_tool_trace_summary(
        invocations, max_items=max_items, max_chars=max_chars, max_item_chars=max_item_chars
    )


def test_a_repeated_invocation_id_is_read_once_so_trace_refs_stay_unique():
    invocations = [
        {"invocation_id": "inv_1", "round": 2, "tool_name": "query_logs", "status": "no_hit",
         "arguments": {}, "output": [], "retrieval_details": {}, "error": None},
        {"invocation_id": "inv_1", "round": 2, "tool_name": "query_logs", "status": "failed",
         "arguments": {"service": "0"}, "output": {"hits": []}, "retrieval_details": {"evidence_refs": []}, "error": None},
    ]
    summary = build_tool_trace_summary(invocations)
    assert [item.trace_ref for item in summary.items] == ["trace:2:query_logs:inv_1"]
    assert summary.items[0].source_invocation_ids == ["inv_1"]


def test_a_non_ascii_digit_round_is_read_as_the_default_not_a_crash():
    summary = build_tool_trace_summary(
        [{"invocation_id": "inv_18", "round": "²", "tool_name": "query_logs", "status": "no_hit",
          "arguments": {}, "output": {"records": []}, "retrieval_details": {"evidence_refs": []}, "error": None}]
    )
    assert summary.items[0].round == 1
