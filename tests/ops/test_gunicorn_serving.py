"""Production serving smoke test: gunicorn with 2 uvicorn workers (``gunicorn.conf.py``), the
PostgreSQL test database with connection reuse, whitenoise static files, multi-process
``/metrics`` — and one question answered end to end."""

from __future__ import annotations

import http.client
import json
import sys
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.api.asgi_server import free_port, server_subprocess, subprocess_env
from tests.api.conftest import token_for
from tests.celery.helpers import wait_until
from tests.offline.dataset import load_world

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
TOKEN = "gunicorn-metrics-token"
QUESTION = "payment-service 10:05 开始大量 500，原因是什么？"


def _get(port: int, path: str, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def _children(pid: int) -> list[int]:
    kids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            kids.append(int(stat.parent.name))
    return kids


def _runs_total(body: bytes) -> float:
    return sum(
        sample.value
        for family in text_string_to_metric_families(body.decode())
        for sample in family.samples
        if sample.name == "superbiz_runs_total"
    )


def test_gunicorn_with_two_uvicorn_workers_answers_a_question(api_user, tmp_path):
    load_world()
    token = token_for(api_user)
    port = free_port()
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    env = subprocess_env(
        DB_CONN_MAX_AGE="60",
        PROMETHEUS_MULTIPROC_DIR=str(tmp_path),
        METRICS_TOKEN=TOKEN,
        WEB_CONCURRENCY="2",
        GUNICORN_BIND=f"127.0.0.1:{port}",
    )
    with server_subprocess([gunicorn, "superbiz.asgi:application"], port=port, env=env) as server:
        # The master listens before it has forked every worker: wait for both.
        assert wait_until(lambda: len(_children(server.process.pid)) == 2, timeout=30)

        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        conn.request(
            "POST", "/api/chat", body=json.dumps({"question": QUESTION}).encode(),
            headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
        )
        response = conn.getresponse()
        body = json.loads(response.read())
        conn.close()
        assert response.status == 201 and body["status"] == "completed" and body["answer"]

        assert _get(port, "/healthz")[0] == 200
        assert _get(port, "/readyz")[0] == 200
        status, css = _get(port, "/static/admin/css/base.css")  # whitenoise, DEBUG off
        assert status == 200 and b"{" in css
        # Whichever worker answers the scrape, it reports the run the other may have executed.
        for _ in range(6):
            status, metrics = _get(port, "/metrics", {"Authorization": f"Bearer {TOKEN}"})
            assert status == 200 and _runs_total(metrics) == 1
        assert _get(port, "/metrics")[0] == 401
    assert any(tmp_path.glob("counter_*.db"))  # values lived in the shared directory
