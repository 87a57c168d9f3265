"""Event writes are batched without hiding progress: a node's start (and a retry, an error) is
written at once together with anything pending; finish, route and tool events wait for the next
of those, the next model request, or the progress delay. Sequence numbers stay consecutive."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from diagnosis.graph.env import EventRecorder
from diagnosis.models import OrchestrationEvent
from tests.factories import make_run

pytestmark = pytest.mark.django_db


def stored(run) -> list[tuple[int, str, str]]:
    return list(OrchestrationEvent.objects.filter(run=run).order_by("seq").values_list("seq", "node", "event"))


def test_start_is_written_at_once_finish_and_route_ride_with_the_next_start(api_user):
    run = make_run(api_user)
    events = EventRecorder(run)
    events.record("planner", "start", {"round": 1})
    assert stored(run) == [(1, "planner", "start")]
    events.record("planner", "finish", {"elapsed_ms": 3})
    events.record("planner", "route", {"target": "executor"})
    assert len(stored(run)) == 1  # not yet
    with CaptureQueriesContext(connection) as queries:
        events.record("executor", "start", {"round": 1})
    inserts = [q for q in queries.captured_queries if q["sql"].lstrip().upper().startswith("INSERT")]
    assert len(inserts) == 1  # three rows, one statement
    assert stored(run) == [(1, "planner", "start"), (2, "planner", "finish"), (3, "planner", "route"),
                           (4, "executor", "start")]


def test_tool_events_ride_with_the_next_start_and_flush_writes_the_rest(api_user):
    run = make_run(api_user)
    events = EventRecorder(run)
    events.record("executor", "start")
    with CaptureQueriesContext(connection) as queries:
        for name in ("query_logs", "query_metrics", "lookup_knowledge"):
            events.record("executor", "tool", {"tool_name": name})
    assert queries.captured_queries == []  # fast tool calls cost no INSERT of their own
    events.record("executor", "finish")
    events.record("gatekeeper", "start")
    assert [e for _, _, e in stored(run)] == ["start", "tool", "tool", "tool", "finish", "start"]
    events.record("gatekeeper", "finish")
    events.flush()
    events.flush()  # nothing pending: no-op
    assert [s for s, _, _ in stored(run)] == [1, 2, 3, 4, 5, 6, 7]


def test_a_model_request_writes_the_pending_tool_events_first(api_user):
    run = make_run(api_user)
    events = EventRecorder(run)
    events.record("executor", "start")
    events.record("executor", "tool", {"tool_name": "query_logs"})
    events.before_model_call()
    assert stored(run)[-1] == (2, "executor", "tool")


def test_a_pending_event_waits_at_most_the_progress_delay_when_more_arrive(api_user):
    run = make_run(api_user)
    now = [100.0]
    events = EventRecorder(run, clock=lambda: now[0])
    events.record("executor", "start")
    events.record("executor", "tool", {"tool_name": "query_logs"})
    now[0] += EventRecorder.PROGRESS_MAX_DELAY_S / 2
    events.record("executor", "tool", {"tool_name": "query_metrics"})
    assert len(stored(run)) == 1  # both still within the delay
    now[0] += EventRecorder.PROGRESS_MAX_DELAY_S
    events.record("executor", "tool", {"tool_name": "lookup_knowledge"})
    assert [e for _, _, e in stored(run)] == ["start", "tool", "tool", "tool"]


def test_a_recorder_continues_after_events_someone_else_wrote(api_user):
    run = make_run(api_user)
    EventRecorder(run).record("api", "start")
    later = EventRecorder(run)
    later.record("planner", "start")
    assert [s for s, _, _ in stored(run)] == [1, 2]


def test_a_seq_taken_meanwhile_is_renumbered_not_lost(api_user):
    run = make_run(api_user)
    events = EventRecorder(run)
    OrchestrationEvent.objects.create(run=run, seq=1, node="other", event="start", detail={}, at=run.created_at)
    events.record("planner", "start")
    assert stored(run) == [(1, "other", "start"), (2, "planner", "start")]
