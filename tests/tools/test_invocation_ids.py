"""invocation ids: short, unique within the run, numbering continues across rounds."""

from __future__ import annotations

import pytest

from diagnosis.tools.service import tool_invocation_execute, tool_invocation_facts
from tests.factories import make_run

pytestmark = pytest.mark.django_db


def test_ids_continue_across_rounds(run, world):
    round_one = [
        tool_invocation_execute(
            run=run, round_no=1, tool_name="query_logs", arguments={"service": "payment-service"}
        ),
        tool_invocation_execute(run=run, round_no=1, tool_name="query_metrics", arguments={}),
        tool_invocation_execute(
            run=run, round_no=1, tool_name="lookup_knowledge", arguments={"query": "连接池"}
        ),
    ]
    round_two = tool_invocation_execute(
        run=run, round_no=2, tool_name="query_logs", arguments={"level": "ERROR"}
    )
    assert [(i.invocation_id, i.seq, i.round) for i in round_one] == [
        ("inv_1", 1, 1),
        ("inv_2", 2, 1),
        ("inv_3", 3, 1),
    ]
    assert (round_two.invocation_id, round_two.seq, round_two.round) == ("inv_4", 4, 2)


def test_failed_calls_take_a_number_too(run, world):
    assert (
        tool_invocation_execute(run=run, round_no=1, tool_name="nope", arguments={}).invocation_id == "inv_1"
    )
    assert (
        tool_invocation_execute(run=run, round_no=1, tool_name="query_logs", arguments={}).invocation_id
        == "inv_2"
    )


def test_each_run_numbers_its_own_calls(run, world, outsider):
    other = make_run(outsider)
    tool_invocation_execute(run=run, round_no=1, tool_name="query_logs", arguments={})
    assert (
        tool_invocation_execute(run=other, round_no=1, tool_name="query_logs", arguments={}).invocation_id
        == "inv_1"
    )


def test_facts_are_what_the_gatekeeper_takes(run, world):
    tool_invocation_execute(run=run, round_no=1, tool_name="lookup_knowledge", arguments={"query": "连接池"})
    tool_invocation_execute(run=run, round_no=1, tool_name="query_logs", arguments="{not json")
    facts = tool_invocation_facts(run)
    assert [set(f) for f in facts] == [{"invocation_id", "tool_name", "status", "evidence_refs"}] * 2
    assert [(f["invocation_id"], f["tool_name"], f["status"]) for f in facts] == [
        ("inv_1", "lookup_knowledge", "no_hit"),
        ("inv_2", "query_logs", "failed"),
    ]
