"""The system-side ``/query`` element every evidence tool writes (DESIGN §10.1), also on a no-hit."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from diagnosis.models import ToolInvocation
from diagnosis.tools.query_ref import (
    COUNT_NOUNS,
    DEFAULT_NOUN,
    QUERY_RAW_PATH,
    query_element,
    query_text,
    read_query_element,
)
from diagnosis.tools.service import tool_invocation_execute
from tests.tools.builders import make_alert, make_log, make_runbooks

pytestmark = pytest.mark.django_db
WINDOW = {"start": "2026-11-28T09:55:00+08:00", "end": "2026-11-28T10:30:00+08:00"}


def call(run, tool, **arguments):
    return tool_invocation_execute(run=run, round_no=1, tool_name=tool, arguments=arguments)


def query_ref(inv):
    refs = [r for r in inv.retrieval_details["evidence_refs"] if r["raw_path"] == QUERY_RAW_PATH]
    assert len(refs) == 1
    return refs[0]


def test_a_no_hit_log_query_still_writes_its_query_element_and_stays_no_hit(run, world):
    make_log("boom", when="09:00:00")  # outside the window
    inv = call(run, "query_logs", service="支付服务", level="error", **WINDOW)
    assert inv.status == ToolInvocation.Status.NO_HIT
    assert query_ref(inv)["text"] == "query_logs level>=ERROR service=payment-service 2026-11-28 09:55–10:30 → 0 条记录"
    element = read_query_element(inv.output)
    assert element is not None and element.count == 0 and element.tool == "query_logs"
    assert element.text == query_ref(inv)["text"]  # the ref quotes the element's own text


def test_a_log_query_with_hits_counts_them_in_its_query_element(run, world):
    make_log("boom", when="10:05:12")
    make_log("bang", when="10:06:12")
    inv = call(run, "query_logs", service="payment-service", **WINDOW)
    assert inv.status == ToolInvocation.Status.SUCCESS
    assert query_ref(inv)["text"].endswith("→ 2 条记录")


@pytest.mark.parametrize("with_alert", [True, False], ids=["hit", "no_hit"])
def test_a_metrics_query_writes_its_query_element(run, world, with_alert):
    if with_alert:
        make_alert()
    inv = call(run, "query_metrics", service="payment-service", **WINDOW)
    assert inv.status == (ToolInvocation.Status.SUCCESS if with_alert else ToolInvocation.Status.NO_HIT)
    text = query_ref(inv)["text"]
    assert text.startswith("query_metrics service=payment-service 2026-11-28 09:55–10:30 → ")
    assert text.endswith(f"→ {1 if with_alert else 0} 条告警或指标序列")


@pytest.mark.parametrize("query", ["数据库连接池耗尽", "火星探测器"], ids=["hit", "no_hit"])
def test_a_knowledge_search_writes_its_query_element(run, query):
    make_runbooks()
    inv = call(run, "lookup_knowledge", query=query)
    text = query_ref(inv)["text"]
    assert text.startswith(f"lookup_knowledge query={query} → ")
    assert read_query_element(inv.output).count == len(inv.output["hits"])


def test_a_tool_that_is_not_evidence_writes_no_query_element(run):
    inv = call(run, "get_current_time")
    assert "query" not in (inv.output or {})
    assert all(r["raw_path"] != QUERY_RAW_PATH for r in inv.retrieval_details.get("evidence_refs", []))


# --- the pure text --------------------------------------------------------------------------
_value = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc", "Zs", "Zl", "Zp")), min_size=1, max_size=15)
_args = st.dictionaries(st.sampled_from(["service", "level", "keyword", "metric", "alert_name", "query"]), _value,
                        max_size=4)
_window = st.none() | st.just({"start": "2026-08-14T10:30:00+08:00", "end": "2026-08-14T11:00:00+08:00"})
_TOOLS = st.sampled_from(["query_logs", "query_metrics", "lookup_knowledge", "query_k8s"])
SECRET = "sk-LIVE-0123456789"


@given(tool=_TOOLS, args=_args, window=_window, count=st.integers(0, 10_000))
def test_query_text_is_deterministic_names_tool_and_count_and_says_nothing_beyond_its_arguments(tool, args, window,
                                                                                               count):
    text = query_text(tool, args, window, count)
    assert text == query_text(tool, dict(reversed(list(args.items()))), window, count)  # key order irrelevant
    assert text.startswith(tool + " ") and f"→ {count} " in text
    element = query_element(tool, args, window, count)
    assert (element.tool, element.count, element.text) == (tool, count, text)
    # Whatever is not an argument value is the fixed vocabulary: tool, keys, window, count, noun.
    tokens = [f"level>={v}" if k == "level" else f"{k}={v}" for k, v in args.items()]
    rest = text
    for token in sorted(tokens, key=len, reverse=True):
        assert token in rest
        rest = rest.replace(token, "", 1)
    assert SECRET not in text
    assert set(rest.split()) <= {tool, "→", str(count), "2026-08-14", "10:30–11:00", COUNT_NOUNS.get(tool, DEFAULT_NOUN)}


def test_query_text_leaves_out_size_bounds_and_empty_arguments():
    text = query_text("query_logs", {"service": "a", "limit": 50, "keyword": None, "start": "x", "end": "y"}, None, 3)
    assert text == "query_logs service=a → 3 条记录"
