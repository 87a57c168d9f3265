"""A run's shared tool context (``run_tool_context``) answers dedup and invocation numbering from
memory exactly as the database path does — same statuses, same ids, fewer queries."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from diagnosis.evidence.selectors import reference_clock
from diagnosis.models import ToolInvocation
from diagnosis.tools.service import run_tool_context, tool_invocation_execute
from tests.tools.builders import builder_scope, make_log

pytestmark = pytest.mark.django_db
WINDOW = {"start": "2026-11-28T09:55:00+08:00", "end": "2026-11-28T10:30:00+08:00"}
ARGS = {"service": "payment-service", "level": "ERROR", **WINDOW}


@pytest.fixture
def shared(world):
    make_log("HikariPool-1 - Connection is not available")
    scope = builder_scope()
    now, source = reference_clock(scope)
    return run_tool_context(scope=scope, now=now, clock_source=source)


def call(run, context, seq_hint=None, **arguments):
    return tool_invocation_execute(
        run=run, round_no=1, tool_name="query_logs", arguments=arguments, context=context, seq_hint=seq_hint
    )


def test_repeat_through_the_shared_context_is_deduped_like_the_database_path(run, shared):
    first = call(run, shared, **ARGS)
    second = call(run, shared, seq_hint=2, **ARGS)
    assert first.status == ToolInvocation.Status.SUCCESS
    assert (second.status, second.deduped_from, second.invocation_id) == ("deduped", "inv_1", "inv_2")


def test_a_failed_call_is_not_remembered_as_an_answer(run, shared):
    failed = call(run, shared, service="payment-service", start="not a time")
    retried = call(run, shared, service="payment-service", start="not a time")
    assert failed.status == retried.status == ToolInvocation.Status.FAILED


def test_a_wrong_seq_hint_falls_back_to_the_next_free_number(run, shared):
    call(run, shared, **ARGS)
    other = call(run, shared, seq_hint=1, service="order-service", **WINDOW)
    assert other.invocation_id == "inv_2" and other.seq == 2


def test_the_shared_context_saves_the_dedup_and_clock_queries(run, shared):
    call(run, shared, **ARGS)
    with CaptureQueriesContext(connection) as with_shared:
        call(run, shared, seq_hint=2, service="payment-service", level="WARN", **WINDOW)
    with CaptureQueriesContext(connection) as fresh:
        call(run, None, service="payment-service", level="INFO", **WINDOW)
    assert len(with_shared) < len(fresh)
