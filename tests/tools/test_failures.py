"""A tool never raises into its caller: every failure is a `failed` invocation with an error."""

from __future__ import annotations

import threading

import pytest

from diagnosis.models import ToolInvocation
from diagnosis.selectors.scopes import live_scope
from diagnosis.tools.backends import BACKEND_FACTORIES
from diagnosis.tools.service import ERROR_TIMEOUT, tool_invocation_execute
from tests.factories import make_run, make_session
from tests.tools.fakes import ExplodingLogs, SlowLogs

pytestmark = pytest.mark.django_db
FAILED = ToolInvocation.Status.FAILED


def call(run, tool_name="query_logs", arguments=None):
    return tool_invocation_execute(run=run, round_no=1, tool_name=tool_name, arguments=arguments)


def assert_failed(inv, *needles):
    assert inv.status == FAILED
    assert inv.output is None
    assert inv.retrieval_details["evidence_refs"] == []
    for needle in needles:
        assert needle in inv.error


def test_unknown_tool_is_a_failed_invocation(run, world):
    inv = call(run, "delete_everything", {"really": True})
    assert_failed(inv, "unknown tool", "delete_everything")
    assert inv.arguments == {"really": True}


def test_unparseable_json_arguments_are_a_failed_invocation(run, world):
    inv = call(run, "query_logs", '{"service": "payment-service",')
    assert_failed(inv, "not a valid JSON object")
    assert inv.arguments == {"_raw": '{"service": "payment-service",'}


def test_json_that_is_not_an_object_is_refused(run, world):
    assert_failed(call(run, "query_logs", '["payment-service"]'), "got list")


@pytest.mark.parametrize(
    ("tool", "arguments", "needle"),
    [
        ("query_logs", {"limit": 0}, "limit"),
        ("query_logs", {"limit": 101}, "limit"),
        ("query_logs", {"level": "LOUD"}, "level must be one of"),
        ("query_logs", {"start": "10:05"}, "ISO 8601"),
        (
            "query_logs",
            {"start": "2026-11-28T11:00:00+08:00", "end": "2026-11-28T10:00:00+08:00"},
            "start must be before end",
        ),
        ("query_logs", {"servce": "payment-service"}, "servce"),
        ("lookup_knowledge", {}, "query"),
        ("lookup_knowledge", {"query": "   "}, "query"),
        ("lookup_knowledge", {"query": "x" * 501}, "query"),
        ("lookup_knowledge", {"query": "连接池", "top_k": 11}, "top_k"),
        ("query_metrics", {"metric": 42}, "metric"),
    ],
)
def test_bad_arguments_are_summarised_in_the_error(run, world, tool, arguments, needle):
    inv = call(run, tool, arguments)
    assert_failed(inv, "invalid arguments", needle)


def test_nul_bytes_in_arguments_are_refused_and_stored_safely(run, world):
    inv = call(run, "query_logs", {"keyword": "pool\x00"})
    assert_failed(inv, "NUL")
    inv.refresh_from_db()
    assert inv.arguments == {"keyword": "pool\ufffd"}


def test_backend_exception_becomes_a_failed_invocation(run, world, monkeypatch):
    monkeypatch.setitem(BACKEND_FACTORIES["logs"], "builtin", lambda scope: ExplodingLogs())
    inv = call(run, "query_logs", {"service": "payment-service"})
    assert_failed(inv, "tool failed", "ConnectionError", "connection refused")


def test_slow_backend_times_out_as_a_failed_invocation(run, world, monkeypatch, settings):
    release = threading.Event()
    monkeypatch.setitem(BACKEND_FACTORIES["logs"], "builtin", lambda scope: SlowLogs(release))
    settings.TOOL_TIMEOUT_S = 0.2
    try:
        inv = call(run, "query_logs", {"service": "payment-service"})
    finally:
        release.set()
    assert_failed(inv, ERROR_TIMEOUT.format(seconds=0.2))
    assert 150 <= inv.duration_ms < 3000


def test_a_failed_call_does_not_stop_the_next_one(run, world, monkeypatch):
    monkeypatch.setitem(BACKEND_FACTORIES["logs"], "builtin", lambda scope: ExplodingLogs())
    call(run, "query_logs", {})
    assert call(run, "get_current_time").status == ToolInvocation.Status.SUCCESS


def test_unimplemented_backend_fails_the_logs_tool_but_not_knowledge(api_user, world, settings):
    settings.LOGS_BACKEND = "loki"  # the live scope reads the configured backends
    run = make_run(api_user, session=make_session(api_user, scope=live_scope()))
    assert_failed(call(run, "query_logs", {}), "backend misconfigured", "LOGS_BACKEND=loki")
    assert call(run, "lookup_knowledge", {"query": "连接池"}).status == ToolInvocation.Status.NO_HIT


def test_a_replay_scope_reads_its_builtin_rows_whatever_backend_is_configured(run, world, settings):
    settings.LOGS_BACKEND = "loki"
    assert call(run, "query_logs", {}).retrieval_details["backend"] == "builtin"


def test_timings_are_recorded(run, world):
    inv = call(run, "query_logs", {})
    assert inv.started_at is not None
    assert inv.duration_ms >= 0
