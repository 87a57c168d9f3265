"""Issue 30: an inline run's SSE stream reads the run's events when the run's thread has stored
some (``diagnosis.audit.progress``), not on a timer — every event still arrives, in order, and
as the run goes, while the reads are bounded by the run's writes, not by how long it waits."""

from __future__ import annotations

import time

import pytest
from asgiref.sync import async_to_sync

from diagnosis.api import stream
from diagnosis.audit import events as audit_events
from diagnosis.graph import env as graph_env
from diagnosis.models import OrchestrationEvent
from diagnosis.services import runs as run_services
from diagnosis.services.idempotency import diagnosis_run_create_idempotent
from tests.api.sse import parse_sse

QUESTION = "payment-service 10:05 开始大量 500，原因是什么？"


@pytest.mark.django_db(transaction=True)
def test_an_inline_stream_reads_once_per_stored_batch_not_per_poll(api_user, monkeypatch):
    reads, writes = [0], [0]
    real_payloads, real_append = stream._stage_payloads, graph_env.orchestration_events_append
    real_execute = run_services.diagnosis_run_execute

    def counted_payloads(*args):
        reads[0] += 1
        return real_payloads(*args)

    def counted_append(**kwargs):
        writes[0] += bool(kwargs["events"])
        return real_append(**kwargs)

    def slow_execute(**kwargs):
        time.sleep(0.6)  # a slow model: a timer would read many times meanwhile
        return real_execute(**kwargs)

    monkeypatch.setattr(stream, "_stage_payloads", counted_payloads)
    monkeypatch.setattr(graph_env, "orchestration_events_append", counted_append)  # the run's writer
    monkeypatch.setattr(run_services, "diagnosis_run_execute", slow_execute)
    start = diagnosis_run_create_idempotent(owner=api_user, question=QUESTION)

    async def go():
        return "".join([chunk async for chunk in stream.event_stream(start, stream.start_execution(start), poll_s=0.01)])

    events, _ = parse_sse(async_to_sync(go)())
    stages = [data["seq"] for name, data in events if name == "stage"]
    assert stages == list(OrchestrationEvent.objects.filter(run=start.run).order_by("seq").values_list("seq", flat=True))
    assert [name for name, _ in events][-2:] == ["answer", "done"]
    # The first read, one per stored batch, one after the end (each wake-up may also find a
    # batch already read); a 10 ms timer would have read ≥ 60 times in the sleep alone.
    assert writes[0] > 0 and reads[0] <= 2 * writes[0] + 2


@pytest.mark.django_db(transaction=True)
def test_a_stream_woken_by_nothing_still_reads_at_its_fallback_pace(api_user, monkeypatch):
    """A lost wake-up costs a delay, never an event: with notifications switched off the stream
    still reads every event at ``wake_timeout_s``."""
    monkeypatch.setattr(audit_events, "progress_notify", lambda run_id: None)
    monkeypatch.setattr(stream, "progress_notify", lambda run_id: None)
    start = diagnosis_run_create_idempotent(owner=api_user, question=QUESTION)

    async def go():
        return "".join([chunk async for chunk in stream.event_stream(start, stream.start_execution(start), wake_timeout_s=0.05)])

    events, _ = parse_sse(async_to_sync(go)())
    stages = [data["seq"] for name, data in events if name == "stage"]
    assert stages == list(OrchestrationEvent.objects.filter(run=start.run).order_by("seq").values_list("seq", flat=True))
    assert [name for name, _ in events][-2:] == ["answer", "done"]
