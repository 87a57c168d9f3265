"""A real ``celery -A superbiz worker`` subprocess on this machine's Redis, against the test
database (PostgreSQL), for the Celery tests (issue 12 item 1).

Isolation from other test runs on the same Redis: a Redis database number derived from the
process id and a queue name unique to the test; both are passed to the web subprocess too.
The worker runs in its own session so a test can ``SIGKILL`` the whole worker (main process and
pool children) the way a crashed host would lose it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.api.asgi_server import ROOT, subprocess_env

REDIS_HOST = "127.0.0.1"
REDIS_PORT = 6379


def redis_available() -> bool:
    import redis

    try:
        return bool(redis.Redis(host=REDIS_HOST, port=REDIS_PORT, socket_connect_timeout=1).ping())
    except redis.RedisError:
        return False


requires_redis = pytest.mark.skipif(not redis_available(), reason="needs Redis on 127.0.0.1:6379 (.ci/run starts it)")


@dataclass
class Broker:
    url: str
    queue: str
    db: int

    def env(self, **extra: str) -> dict[str, str]:
        return {"RUN_EXECUTION": "celery", "CELERY_BROKER_URL": self.url, "CELERY_QUEUE": self.queue, **extra}

    def queued_messages(self) -> int:
        import redis

        return int(redis.Redis(host=REDIS_HOST, port=REDIS_PORT, db=self.db).llen(self.queue))

    def cleanup(self) -> None:
        import redis

        client = redis.Redis(host=REDIS_HOST, port=REDIS_PORT, db=self.db)
        client.delete(self.queue)
        # Unacknowledged messages of a killed worker (kombu's bookkeeping keys).
        for key in ("unacked", "unacked_index", "unacked_mutex"):
            client.delete(key)


@contextmanager
def isolated_broker() -> Iterator[Broker]:
    db = 1 + os.getpid() % 15
    broker = Broker(url=f"redis://{REDIS_HOST}:{REDIS_PORT}/{db}", queue=f"superbiz-test-{uuid.uuid4().hex[:12]}", db=db)
    try:
        yield broker
    finally:
        broker.cleanup()


@dataclass
class Worker:
    process: subprocess.Popen[bytes]
    lines: list[str] = field(default_factory=list)

    def log(self) -> str:
        return "".join(self.lines)

    def wait_for(self, text: str, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in self.log():
                return True
            if self.process.poll() is not None:
                return text in self.log()
            time.sleep(0.05)
        return False

    def kill(self) -> None:
        """SIGKILL the worker and its pool children (a lost host), no shutdown of any kind."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)


@contextmanager
def celery_worker(broker: Broker, *, beat: bool = False, concurrency: int = 1, **env: str) -> Iterator[Worker]:
    celery_bin = str(Path(sys.executable).with_name("celery"))
    argv = [celery_bin, "-A", "superbiz", "worker", "-l", "info", "-c", str(concurrency), "-Q", broker.queue,
            "-n", f"test-{uuid.uuid4().hex[:8]}@%h", "--without-gossip", "--without-mingle", "--without-heartbeat"]
    schedule_dir = None
    if beat:
        import tempfile

        schedule_dir = tempfile.mkdtemp(prefix="celerybeat-")
        argv += ["-B", "-s", str(Path(schedule_dir) / "schedule")]
    process = subprocess.Popen(
        argv, cwd=ROOT, env=subprocess_env(**broker.env(**env)), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    worker = Worker(process=process)

    def pump() -> None:
        assert process.stdout is not None
        for raw in iter(process.stdout.readline, b""):
            worker.lines.append(raw.decode(errors="replace"))

    threading.Thread(target=pump, daemon=True, name="celery-worker-log").start()
    try:
        if not worker.wait_for(" ready.", timeout=60):
            raise RuntimeError(f"celery worker did not start:\n{worker.log()}")
        yield worker
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        if schedule_dir:
            import shutil

            shutil.rmtree(schedule_dir, ignore_errors=True)
