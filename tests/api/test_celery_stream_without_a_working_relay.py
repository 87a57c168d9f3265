"""Issue 30: the Redis relay of a Celery run's wake-ups (``diagnosis.audit.progress_relay``) only
saves reads. When the worker cannot publish, the stream still sends every event and ends (at its
fallback timeout); when Redis is down altogether, it polls at ``POLL_S`` as before.

The worker here is a thread of the test process executing the run with ``RUN_EXECUTION=celery``
— what a Celery worker does, with the same publishing code path — so a failure can be injected.
"""

from __future__ import annotations

import logging
import socket
import threading
import time

import pytest
import redis
from asgiref.sync import async_to_sync

from diagnosis.api import stream
from diagnosis.audit import progress_relay
from diagnosis.models import OrchestrationEvent
from diagnosis.services import runs as run_services
from diagnosis.services.idempotency import diagnosis_run_create_idempotent
from tests.api.sse import parse_sse
from tests.celery_worker import isolated_broker, requires_redis

QUESTION = "payment-service 10:05 开始大量 500，原因是什么？"

# A worker thread writing while the stream reads: real concurrency, so real PostgreSQL.
pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def celery_deployment(settings):
    """RUN_EXECUTION=celery on a Redis db and queue (so a relay channel) of this test's own."""
    settings.RUN_EXECUTION = "celery"
    with isolated_broker() as broker:
        settings.CELERY_BROKER_URL = broker.url
        settings.CELERY_TASK_DEFAULT_QUEUE = broker.queue
        yield settings
    progress_relay.progress_relay_close()


def stream_while_a_worker_runs(start, **options):
    worker = threading.Thread(target=run_services._execute_in_background, args=(start.run.pk,))

    async def go():
        chunks = stream.event_stream(start, None, **options)
        worker.start()
        return "".join([chunk async for chunk in chunks])

    events, _ = parse_sse(async_to_sync(go)())
    worker.join(timeout=60)
    return events


def assert_every_event_then_the_end(events, start) -> None:
    stages = [data["seq"] for name, data in events if name == "stage"]
    assert stages and stages == list(
        OrchestrationEvent.objects.filter(run=start.run).order_by("seq").values_list("seq", flat=True)
    )
    assert [name for name, _ in events][-2:] == ["answer", "done"]
    assert events[-1][1]["status"] in ("completed", "failed")


@requires_redis
def test_a_celery_stream_whose_worker_cannot_publish_still_sends_every_event(
    api_user, celery_deployment, monkeypatch, caplog
):
    listener = progress_relay.progress_relay_listen()
    assert listener is not None and listener.wait_connected(10)  # the stream waits for wake-ups

    class RedisGone:
        def publish(self, channel, message):
            raise redis.ConnectionError("Connection refused")

    monkeypatch.setattr(progress_relay, "_publisher", lambda url: RedisGone())
    caplog.set_level(logging.DEBUG, logger=progress_relay.__name__)
    start = diagnosis_run_create_idempotent(owner=api_user, question=QUESTION)

    events = stream_while_a_worker_runs(start, poll_s=0.01, wake_timeout_s=0.05)

    assert_every_event_then_the_end(events, start)
    assert listener.connected()
    failures = [r for r in caplog.records if r.name == progress_relay.__name__ and "not published" in r.getMessage()]
    assert failures and all(r.levelno == logging.DEBUG for r in failures)


def test_with_redis_down_a_celery_stream_polls_and_sends_every_event(api_user, celery_deployment):
    with socket.socket() as probe:  # a port nothing listens on: connections are refused
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    celery_deployment.CELERY_BROKER_URL = f"redis://127.0.0.1:{port}/0"
    start = diagnosis_run_create_idempotent(owner=api_user, question=QUESTION)

    began = time.monotonic()
    # The fallback is longer than the test: a stream waiting for wake-ups would not end in time.
    events = stream_while_a_worker_runs(start, poll_s=0.01, wake_timeout_s=120)

    assert_every_event_then_the_end(events, start)
    assert time.monotonic() - began < 60
    listener = progress_relay.progress_relay_listen()
    assert listener is not None and not listener.connected()
