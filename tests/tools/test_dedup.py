"""Dedup: a repeat of the same evidence tool + normalised arguments carries no fresh evidence."""

from __future__ import annotations

import pytest

from diagnosis.models import ToolInvocation
from diagnosis.tools.service import tool_invocation_execute
from tests.factories import make_run
from tests.tools.builders import make_log, make_runbooks

pytestmark = pytest.mark.django_db
WINDOW = {"start": "2026-11-28T09:55:00+08:00", "end": "2026-11-28T10:30:00+08:00"}


def logs(run, round_no=1, **arguments):
    return tool_invocation_execute(run=run, round_no=round_no, tool_name="query_logs", arguments=arguments)


@pytest.fixture
def incident(world):
    make_log("HikariPool-1 - Connection is not available")


def test_same_arguments_twice_second_is_deduped_without_refs(run, incident):
    first = logs(run, service="payment-service", level="ERROR", **WINDOW)
    second = logs(run, service="payment-service", level="ERROR", **WINDOW)
    assert first.status == ToolInvocation.Status.SUCCESS and first.evidence_refs
    assert second.status == ToolInvocation.Status.DEDUPED
    assert second.deduped_from == "inv_1"
    assert second.output == {"deduped_from": "inv_1"}
    assert second.retrieval_details["evidence_refs"] == []
    assert second.retrieval_details["deduped_from"] == "inv_1"
    assert second.as_fact()["evidence_refs"] == []


def test_equivalent_spellings_are_the_same_call(run, incident):
    logs(run, service="payment-service", level="ERROR", **WINDOW)
    again = tool_invocation_execute(
        run=run,
        round_no=2,
        tool_name="query_logs",
        arguments='{"service": " 支付服务 ", "level": "error", "limit": 20, '
        '"start": "2026-11-28T01:55:00Z", "end": "2026-11-28T10:30:00"}',
    )
    assert again.status == ToolInvocation.Status.DEDUPED
    assert again.deduped_from == "inv_1"


def test_different_arguments_bring_new_evidence(run, incident):
    logs(run, service="payment-service", **WINDOW)
    other = logs(run, service="payment-service", level="ERROR", **WINDOW)
    assert other.status == ToolInvocation.Status.SUCCESS
    assert other.evidence_refs


def test_a_repeated_no_hit_is_deduped_too(run, incident):
    assert logs(run, service="nobody").status == ToolInvocation.Status.NO_HIT
    assert logs(run, service="nobody").status == ToolInvocation.Status.DEDUPED


def test_a_failed_call_may_be_retried_for_real(run, incident):
    assert logs(run, limit=1000).status == ToolInvocation.Status.FAILED
    assert logs(run, limit=1000).status == ToolInvocation.Status.FAILED
    assert logs(run, **WINDOW).status == ToolInvocation.Status.SUCCESS


def test_dedup_is_per_run(run, incident, outsider):
    logs(run, **WINDOW)
    assert logs(make_run(outsider), **WINDOW).status == ToolInvocation.Status.SUCCESS


def test_dedup_points_at_the_first_effective_call(run, db):
    make_runbooks()
    for _ in range(3):
        last = tool_invocation_execute(
            run=run, round_no=1, tool_name="lookup_knowledge", arguments={"query": "连接池"}
        )
    assert last.invocation_id == "inv_3" and last.deduped_from == "inv_1"
    query_case = tool_invocation_execute(
        run=run, round_no=1, tool_name="lookup_knowledge", arguments={"query": "连接池", "top_k": 5}
    )
    assert query_case.status == ToolInvocation.Status.DEDUPED  # the default top_k, spelled out
