"""A real uvicorn serving the project's ASGI application, for tests (SSE over real HTTP, and the
browser tests' live progress — pytest-django's live_server is WSGI and cannot stream).

``uvicorn_in_thread`` runs uvicorn inside the test process (it shares the test database, also
SQLite's in-memory one); ``uvicorn_subprocess`` runs ``uvicorn superbiz.asgi:application`` as
its own process against the test database (PostgreSQL only: a subprocess cannot open an
in-memory SQLite database). Tests using either need ``django_db(transaction=True)``.
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
    sock = _free_socket()
    port = sock.getsockname()[1]
    sock.close()
    env = {**os.environ, "DATABASE_URL": test_database_url(), "DJANGO_SETTINGS_MODULE": "superbiz.settings"}
    uvicorn_bin = Path(sys.executable).with_name("uvicorn")
    process = subprocess.Popen(
        [str(uvicorn_bin), "superbiz.asgi:application", "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"uvicorn exited: {process.stdout.read().decode(errors='replace')}")
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
