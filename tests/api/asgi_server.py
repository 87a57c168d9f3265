"""A real uvicorn serving the project's ASGI application, for tests (SSE over real HTTP, and the
browser tests' live progress — pytest-django's live_server is WSGI and cannot stream).

``uvicorn_in_thread`` runs uvicorn inside the test process (it shares the test database, also
SQLite's in-memory one); ``uvicorn_subprocess`` runs ``uvicorn superbiz.asgi:application`` as
its own process against the test database (PostgreSQL only: a subprocess cannot open an
in-memory SQLite database). Tests using either need ``django_db(transaction=True)``.
``uvicorn_process`` is the subprocess against any database (the load harness, benchmarks/load.py);
``uvicorn_server`` / ``server_subprocess`` expose the process (kill -9 tests, gunicorn, Celery).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


def _free_socket() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


@contextmanager
def uvicorn_in_thread() -> Iterator[str]:
    import uvicorn
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
    from django.core.asgi import get_asgi_application

    sock = _free_socket()
    port = sock.getsockname()[1]
    app = ASGIStaticFilesHandler(get_asgi_application())
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True, name="uvicorn-test")
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=15)
        sock.close()


def test_database_url() -> str:
    """DATABASE_URL of the (PostgreSQL) test database this process is using."""
    s = connection.settings_dict
    user = quote(s.get("USER") or "")
    password = f":{quote(s['PASSWORD'])}" if s.get("PASSWORD") else ""
    host = s.get("HOST") or "127.0.0.1"
    port = f":{s['PORT']}" if s.get("PORT") else ""
    return f"postgres://{user}{password}@{host}{port}/{s['NAME']}"


@dataclass
class ServerProcess:
    url: str
    process: subprocess.Popen[bytes]
    port: int

    def output(self) -> str:
        """What the process printed (only once it has exited)."""
        return self.process.stdout.read().decode(errors="replace") if self.process.stdout else ""


def free_port() -> int:
    sock = _free_socket()
    port = sock.getsockname()[1]
    sock.close()
    return port


def subprocess_env(**extra: str) -> dict[str, str]:
    """The environment of a server/worker subprocess: this process's, on the test database."""
    return {
        **os.environ,
        "DATABASE_URL": test_database_url(),
        "DJANGO_SETTINGS_MODULE": "superbiz.settings",
        **extra,
    }


def wait_for_port(process: subprocess.Popen[bytes], port: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            out = process.stdout.read().decode(errors="replace") if process.stdout else ""
            raise RuntimeError(f"server exited: {out}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise RuntimeError("server subprocess did not start") from None
            time.sleep(0.1)


def stop_process(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextmanager
def server_subprocess(argv: list[str], *, port: int, env: dict[str, str] | None = None) -> Iterator[ServerProcess]:
    """Run ``argv`` (a server listening on ``port``) until the block ends."""
    process = subprocess.Popen(
        argv, cwd=ROOT, env=env or subprocess_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    try:
        wait_for_port(process, port)
        yield ServerProcess(url=f"http://127.0.0.1:{port}", process=process, port=port)
    finally:
        stop_process(process)


def uvicorn_argv(port: int) -> list[str]:
    uvicorn_bin = Path(sys.executable).with_name("uvicorn")
    return [str(uvicorn_bin), "superbiz.asgi:application", "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"]


@contextmanager
def uvicorn_server(*, port: int | None = None, **env: str) -> Iterator[ServerProcess]:
    """``uvicorn superbiz.asgi:application`` against the test database, extra settings in ``env``;
    the process handle is exposed (the kill -9 tests)."""
    port = port or free_port()
    with server_subprocess(uvicorn_argv(port), port=port, env=subprocess_env(**env)) as server:
        yield server


@contextmanager
def uvicorn_subprocess() -> Iterator[str]:
    with uvicorn_process({"DATABASE_URL": test_database_url()}) as base_url:
        yield base_url


@contextmanager
def uvicorn_process(env: dict[str, str], *, log_path: Path | None = None) -> Iterator[str]:
    """``uvicorn superbiz.asgi:application`` on 127.0.0.1 (a free port) with ``env`` over this
    process's environment; its output goes to ``log_path`` (or a pipe, shown if it fails to start)."""
    port = free_port()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "superbiz.settings", **env}
    log = open(log_path, "wb") if log_path else None  # noqa: SIM115 — closed in finally
    process = subprocess.Popen(
        uvicorn_argv(port), cwd=ROOT, env=env, stdout=log or subprocess.PIPE, stderr=subprocess.STDOUT
    )
    try:
        try:
            wait_for_port(process, port)
        except RuntimeError:
            if log_path:
                log.flush()
                raise RuntimeError(f"uvicorn exited: {log_path.read_text(errors='replace')}") from None
            raise
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_process(process)
        if log:
            log.close()
