"""HTTP and polling helpers shared by the real-worker Celery tests."""

from __future__ import annotations

import http.client
import json
import time
from typing import Any

from diagnosis.models import DiagnosisRun
from tests.api.sse import parse_sse

QUESTION = "payment-service 10:05 开始大量 500，原因是什么？"


def post(port: int, path: str, token: str, body: dict[str, Any], timeout: float = 60) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(
            "POST", path, body=json.dumps(body).encode(),
            headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
        )
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def stream(port: int, token: str, timeout: float = 120) -> list[tuple[str, Any]]:
    status, raw = post(port, "/api/chat/stream", token, {"question": QUESTION}, timeout=timeout)
    assert status == 200, raw
    return parse_sse(raw.decode("utf-8"))[0]


def wait_until(predicate, timeout: float, step: float = 0.1) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return False


def terminal(run_id: str, timeout: float) -> DiagnosisRun:
    assert wait_until(
        lambda: DiagnosisRun.objects.get(pk=run_id).status in ("completed", "failed"), timeout
    ), f"run {run_id} did not end: {DiagnosisRun.objects.get(pk=run_id).status}"
    return DiagnosisRun.objects.get(pk=run_id)
