"""Issue 30: a Celery run's SSE stream reads the run's events when the worker has committed some —
the worker publishes a data-free wake-up on Redis (``diagnosis.audit.progress_relay``) and this
process's one subscriber wakes the stream — not every ``POLL_S``. Every event still arrives, in
order, and the reads are bounded by the worker's writes, not by how long the run waits."""

from __future__ import annotations

import threading
import time

import pytest
import redis
from asgiref.sync import async_to_sync
from celery import current_app
from django.db import connections

from diagnosis.api import stream
from diagnosis.audit import progress_relay
from diagnosis.models import OrchestrationEvent
from diagnosis.services.idempotency import diagnosis_run_create_idempotent
from diagnosis.services.runs import EXECUTE_TASK
from tests.api.sse import parse_sse
from tests.celery.helpers import QUESTION
from tests.celery_worker import celery_worker, requires_redis
from tests.offline.dataset import load_world

pytestmark = [requires_redis, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def celery_settings(settings, broker):
    """This process as a web process of the test's own deployment (its Redis db and queue, so
    its channel): what ``broker.env()`` gives the worker."""
    settings.RUN_EXECUTION = "celery"
    settings.CELERY_BROKER_URL = broker.url
    settings.CELERY_TASK_DEFAULT_QUEUE = broker.queue
    yield settings
    progress_relay.progress_relay_close()


def enqueue(run_id, broker) -> None:
    # The Celery app's broker settings were read once per process (maybe before this test's
    # settings): send on an explicit connection to the test's broker and queue.
    with current_app.connection_for_write(broker.url) as conn:
        current_app.send_task(EXECUTE_TASK, args=[str(run_id)], queue=broker.queue, connection=conn)


def test_a_celery_stream_reads_once_per_worker_commit_not_per_poll(api_user, broker, celery_settings, monkeypatch):
    load_world()
    reads = [0]
    real_payloads = stream._stage_payloads

    def counted_payloads(*args):
        reads[0] += 1
        return real_payloads(*args)

    monkeypatch.setattr(stream, "_stage_payloads", counted_payloads)
    listener = progress_relay.progress_relay_listen()
    assert listener is not None and listener.wait_connected(10)
    # A second subscriber counts what the worker publishes: the wake-ups the stream can get.
    url, channel = progress_relay.relay_address()
    counter = redis.Redis.from_url(url).pubsub(ignore_subscribe_messages=True)
    counter.subscribe(channel)
    counter.get_message(timeout=1)

    start = diagnosis_run_create_idempotent(owner=api_user, question=QUESTION)
    enqueue(start.run.pk, broker)
    out: dict[str, str] = {}

    def consume() -> None:
        async def go():
            # A 10 ms timer, and a fallback (and keep-alive) longer than the test: only wake-ups
            # can end it in time.
            chunks = stream.event_stream(start, None, poll_s=0.01, wake_timeout_s=300, keepalive_s=300)
            return "".join([chunk async for chunk in chunks])

        try:
            out["raw"] = async_to_sync(go)()
        finally:
            connections.close_all()

    reader = threading.Thread(target=consume, daemon=True)
    began = time.monotonic()
    reader.start()
    # The run waits in the queue while its worker starts (seconds): a timer would read all along.
    with celery_worker(broker):
        reader.join(timeout=120)
    waited = time.monotonic() - began
    assert not reader.is_alive(), "the stream did not end"
    wakeups = 0
    while (message := counter.get_message(timeout=0.2)) is not None:
        wakeups += message["type"] == "message"
    counter.close()

    events, _ = parse_sse(out["raw"])
    stages = [data["seq"] for name, data in events if name == "stage"]
    assert stages == list(OrchestrationEvent.objects.filter(run=start.run).order_by("seq").values_list("seq", flat=True))
    assert [name for name, _ in events][-2:] == ["answer", "done"]
    assert events[-1][1]["status"] == "completed"
    # The first read, then at most one per wake-up (an events batch, the terminal transition);
    # a 10 ms timer would have read ≥ 100 times per second of the wait.
    assert wakeups > 0 and reads[0] <= wakeups + 2, (reads[0], wakeups, waited)
