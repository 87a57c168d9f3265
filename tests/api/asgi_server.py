"""A real uvicorn serving the project's ASGI application, for tests (SSE over real HTTP, and the
browser tests' live progress — pytest-django's live_server is WSGI and cannot stream).

``uvicorn_in_thread`` runs uvicorn inside the test process (it shares the test database, also
SQLite's in-memory one); ``uvicorn_subprocess`` runs ``uvicorn superbiz.asgi:application`` as
its own process against the test database (PostgreSQL only: a subprocess cannot open an
in-memory SQLite database). Tests using either need ``django_db(transaction=True)``.
``uvicorn_process`` is the subprocess against any database (the load harness, benchmarks/load.py).
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


@contextmanager
def uvicorn_subprocess() -> Iterator[str]:
    with uvicorn_process({"DATABASE_URL": test_database_url()}) as base_url:
        yield base_url


@contextmanager
def uvicorn_process(env: dict[str, str], *, log_path: Path | None = None) -> Iterator[str]:
    """``uvicorn superbiz.asgi:application`` on 127.0.0.1 (a free port) with ``env`` over this
    process's environment; its output goes to ``log_path`` (or a pipe, shown if it fails to start)."""
    sock = _free_socket()
    port = sock.getsockname()[1]
    sock.close()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "superbiz.settings", **env}
    uvicorn_bin = Path(sys.executable).with_name("uvicorn")
    log = open(log_path, "wb") if log_path else None  # noqa: SIM115 — closed in finally
    process = subprocess.Popen(
        [str(uvicorn_bin), "superbiz.asgi:application", "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
        cwd=ROOT,
        env=env,
        stdout=log or subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                output = log_path.read_text(errors="replace") if log_path else process.stdout.read().decode(errors="replace")
                raise RuntimeError(f"uvicorn exited: {output}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("uvicorn subprocess did not start") from None
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if log:
            log.close()
