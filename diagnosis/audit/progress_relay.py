"""Wake-ups across processes: a Celery run's progress, relayed over Redis (issue 30: CPU per run).

With ``RUN_EXECUTION=celery`` a run's OrchestrationEvent rows are written by a worker process, so
``progress_notify`` in the writer reaches no stream. The writer therefore also *publishes* the run
id on one Redis channel of the deployment (the Celery broker's Redis) after each events INSERT
commits and after the run's terminal transition commits; each web process keeps one subscriber (a
daemon thread, started by the first Celery stream) that calls ``progress_notify`` locally, so a
Celery run's stream waits the way an inline run's does (``progress_watch``, with its fallback
timeout) instead of reading every ``POLL_S``.

A message carries no data but the run id: the database stays the one source of what a stream
sends, and a lost message costs at most the stream's fallback timeout. Redis being down changes
nothing else: a failed publish is logged at debug and dropped, and while the subscriber is not
connected (``RelayListener.connected``) the stream polls at ``POLL_S`` as before.

The channel is ``superbiz:progress:<broker db>:<queue>``: Redis pub/sub ignores database
numbers, so the channel names both the database and the queue of the deployment (two deployments
that share both share their queue too). Run ids are UUIDs, so a message of another deployment on
the same channel could only cost a wake-up that finds nothing.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any, Final

import redis
from django.conf import settings
from redis.backoff import NoBackoff
from redis.retry import Retry

from diagnosis.audit.progress import progress_notify, progress_notify_all

logger = logging.getLogger(__name__)

CHANNEL_TEMPLATE: Final = "superbiz:progress:{db}:{queue}"
REDIS_SCHEMES: Final = ("redis", "rediss", "unix")
#: A publish is one short command on the writer's path: never wait long for it, never retry it
#: (redis-py retries 3 times with backoff by default — seconds per event with Redis down).
PUBLISH_TIMEOUT_S: Final = 0.5
#: After a publish *timed out* (a host that does not answer, rather than refuses), the writer
#: skips publishing this long instead of paying the timeout on every batch of events.
PUBLISH_PAUSE_S: Final = 5.0
#: The subscriber's reconnect delays: doubled after each failure up to the maximum.
BACKOFF_FIRST_S: Final = 0.1
BACKOFF_MAX_S: Final = 5.0
#: How long the subscriber blocks on its socket before looking at its stop flag; and how often
#: redis-py PINGs a quiet subscription, so that a dead connection is noticed.
LISTEN_TICK_S: Final = 1.0
HEALTH_CHECK_S: Final = 15
#: Redis CLIENT LIST names: the publisher's, and the subscriber's (``listener-<channel>``).
PUBLISHER_NAME: Final = "superbiz-progress-publisher"
LISTENER_NAME_PREFIX: Final = "listener-"


def relay_address() -> tuple[str, str] | None:
    """``(Redis URL, channel)`` of this deployment's wake-ups; ``None`` when runs are not
    executed on Celery or its broker is not Redis (nothing is relayed, streams poll)."""
    if settings.RUN_EXECUTION != "celery":
        return None
    url = str(settings.CELERY_BROKER_URL)
    if url.split(":", 1)[0] not in REDIS_SCHEMES:
        return None
    try:
        db = redis.connection.parse_url(url).get("db", 0)
    except ValueError:
        return None
    return url, CHANNEL_TEMPLATE.format(db=db, queue=settings.CELERY_TASK_DEFAULT_QUEUE)


def _redis(url: str, **options: Any) -> redis.Redis:
    return redis.Redis.from_url(url, retry=Retry(NoBackoff(), 0), **options)


# --- the writer's side ---------------------------------------------------------------------------

_publish_lock = threading.Lock()
_publishers: dict[str, redis.Redis] = {}
_paused_until: dict[str, float] = {}


def _publisher(url: str) -> redis.Redis:
    # One client (one connection pool) per process and URL; redis-py's pool notices a fork
    # (Celery's prefork children) and opens the child's own connection.
    with _publish_lock:
        client = _publishers.get(url)
        if client is None:
            client = _redis(
                url, socket_timeout=PUBLISH_TIMEOUT_S, socket_connect_timeout=PUBLISH_TIMEOUT_S, client_name=PUBLISHER_NAME
            )
            _publishers[url] = client
        return client


def progress_publish(run_id: Any) -> None:
    """Tell every web process that ``run_id``'s writer committed progress. Never raises."""
    address = relay_address()
    if address is None:
        return
    url, channel = address
    if time.monotonic() < _paused_until.get(url, 0.0):
        return
    try:
        _publisher(url).publish(channel, str(run_id))
    except (redis.RedisError, OSError) as exc:
        if isinstance(exc, redis.TimeoutError | TimeoutError):
            _paused_until[url] = time.monotonic() + PUBLISH_PAUSE_S
        logger.debug("progress of run %s not published on Redis", run_id, exc_info=True)


# --- the web process's side ----------------------------------------------------------------------


class RelayListener:
    """One subscription of this process to the deployment's channel, in a daemon thread that
    reconnects with backoff; each message wakes the watchers of its run (``progress_notify``)."""

    def __init__(self, url: str, channel: str) -> None:
        self.url, self.channel = url, channel
        self._connected = threading.Event()
        self._stop = threading.Event()
        self.connects = 0  # subscriptions made, the first one included (tests and logs)
        self._thread = threading.Thread(target=self._run, name="progress-relay", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def connected(self) -> bool:
        """Subscribed now: a published wake-up reaches this process."""
        return self._connected.is_set()

    def wait_connected(self, timeout: float) -> bool:
        return self._connected.wait(timeout)

    def _run(self) -> None:
        backoff = BACKOFF_FIRST_S
        while not self._stop.is_set():
            try:
                self._listen()
                backoff = BACKOFF_FIRST_S
            except (redis.RedisError, OSError, ValueError):
                logger.debug("progress relay %s lost; reconnecting in %.1f s", self.channel, backoff, exc_info=True)
                self._stop.wait(backoff)
                backoff = min(backoff * 2, BACKOFF_MAX_S)
            finally:
                self._connected.clear()

    def _listen(self) -> None:
        client = _redis(
            self.url, socket_timeout=None, socket_connect_timeout=2.0, health_check_interval=HEALTH_CHECK_S,
            client_name=LISTENER_NAME_PREFIX + self.channel,
        )
        pubsub = client.pubsub()
        try:
            pubsub.subscribe(self.channel)
            while not self._stop.is_set():
                message = pubsub.get_message(timeout=LISTEN_TICK_S)
                if message is None:
                    continue
                if message["type"] == "subscribe":
                    self.connects += 1
                    self._connected.set()
                    # Wake-ups published while this process was not subscribed are lost: every
                    # watcher reads once now rather than at its fallback timeout.
                    progress_notify_all()
                elif message["type"] == "message":
                    data = message["data"]
                    progress_notify(data.decode() if isinstance(data, bytes) else str(data))
        finally:
            self._connected.clear()
            pubsub.close()
            client.close()


_listen_lock = threading.Lock()
_listener: RelayListener | None = None


def progress_relay_listen() -> RelayListener | None:
    """This process's listener for the current deployment, started on first use; ``None`` when
    nothing is relayed (inline runs, or a broker that is not Redis)."""
    global _listener
    address = relay_address()
    if address is None:
        return None
    with _listen_lock:
        if _listener is not None and (_listener.url, _listener.channel) != address:
            _listener.stop()  # the settings changed (tests): follow them
            _listener = None
        if _listener is None:
            _listener = RelayListener(*address)
            _listener.start()
        return _listener


def progress_relay_close() -> None:
    """Stop this process's listener (its thread ends within ``LISTEN_TICK_S``); the next Celery
    stream starts a new one."""
    global _listener
    with _listen_lock:
        if _listener is not None:
            _listener.stop()
            _listener = None
