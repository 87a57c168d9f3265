"""Issue 30: a web process's one Redis subscriber of Celery runs' wake-ups
(``diagnosis.audit.progress_relay.RelayListener``) outlives its connection: killed by the server,
it subscribes again, and wake-ups published afterwards reach the process's watchers; started while
Redis cannot be reached, it keeps retrying (with backoff) and subscribes once Redis is there."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
import uuid
from contextlib import closing

import pytest
import redis

from diagnosis.audit import progress_relay
from diagnosis.audit.progress import progress_watch
from tests.celery_worker import REDIS_HOST, REDIS_PORT, isolated_broker, requires_redis

pytestmark = [requires_redis]


@pytest.fixture
def celery_deployment(settings):
    """RUN_EXECUTION=celery on a Redis db and queue (so a relay channel) of this test's own."""
    settings.RUN_EXECUTION = "celery"
    with isolated_broker() as broker:
        settings.CELERY_BROKER_URL = broker.url
        settings.CELERY_TASK_DEFAULT_QUEUE = broker.queue
        yield settings
    progress_relay.progress_relay_close()


def a_published_wake_up_arrives(run_id: str) -> bool:
    """Watch ``run_id`` in an event loop, publish its wake-up as a worker does, wait for it."""

    async def go() -> bool:
        with progress_watch(run_id) as woken:
            await asyncio.to_thread(progress_relay.progress_publish, run_id)
            try:
                await asyncio.wait_for(woken.wait(), timeout=5)
            except TimeoutError:
                return False
            return True

    return asyncio.run(go())


def test_the_listener_subscribes_again_after_redis_drops_its_connection(celery_deployment):
    listener = progress_relay.progress_relay_listen()
    assert listener is not None and listener.wait_connected(10)
    assert a_published_wake_up_arrives(str(uuid.uuid4()))

    server = redis.Redis(host=REDIS_HOST, port=REDIS_PORT)
    name = progress_relay.LISTENER_NAME_PREFIX + listener.channel  # this test's channel: no other client's
    ids = [c["id"] for c in server.client_list(_type="pubsub") if c.get("name") == name]
    assert len(ids) == 1
    server.client_kill_filter(_id=ids[0])

    deadline = time.monotonic() + 10
    while not (listener.connects >= 2 and listener.connected()) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert listener.connects == 2 and listener.connected()
    assert a_published_wake_up_arrives(str(uuid.uuid4()))


class Forwarder:
    """A TCP port that forwards to Redis only once ``open()`` is called: Redis "down", then up."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.sock.close()  # until open(): refused

    def open(self) -> None:
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", self.port))
        self.sock.listen()
        threading.Thread(target=self._accept, daemon=True).start()

    def close(self) -> None:
        self.sock.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.sock.accept()
            except OSError:
                return
            upstream = socket.create_connection((REDIS_HOST, REDIS_PORT))
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        with closing(source), closing(sink):
            try:
                while data := source.recv(65536):
                    sink.sendall(data)
            except OSError:
                pass


def test_a_listener_started_while_redis_is_down_subscribes_when_it_comes_up(celery_deployment):
    forwarder = Forwarder()
    db = int(celery_deployment.CELERY_BROKER_URL.rsplit("/", 1)[1])
    celery_deployment.CELERY_BROKER_URL = f"redis://127.0.0.1:{forwarder.port}/{db}"
    listener = progress_relay.progress_relay_listen()
    assert listener is not None
    try:
        assert not listener.wait_connected(1.0)  # refused, retried with backoff
        forwarder.open()
        assert listener.wait_connected(10)  # the backoff is capped at BACKOFF_MAX_S
        assert a_published_wake_up_arrives(str(uuid.uuid4()))
    finally:
        progress_relay.progress_relay_close()
        forwarder.close()
