"""The SSE endpoint over real HTTP from uvicorn (ASGI): events arrive as they happen, and a client
that hangs up mid-stream does not stop its run."""

from __future__ import annotations

import http.client
import json
import time
from urllib.parse import urlsplit

import pytest

from diagnosis.graph.env import EventRecorder
from diagnosis.models import DiagnosisRun
from tests.api.asgi_server import uvicorn_in_thread, uvicorn_subprocess
from tests.api.conftest import token_for
from tests.api.sse import parse_sse

QUESTION = "payment-service 10:05 开始大量 500，原因是什么？"


def _open_stream(base_url: str, token: str) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
    parts = urlsplit(base_url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    conn.request(
        "POST",
        "/api/chat/stream",
        body=json.dumps({"question": QUESTION}).encode(),
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json", "Accept": "text/event-stream"},
    )
    return conn, conn.getresponse()


def _read_all_frames(response: http.client.HTTPResponse) -> list[tuple[float, bytes]]:
    """Every chunk with its arrival time (read1 returns what the socket has, not a full buffer)."""
    chunks = []
    while True:
        chunk = response.read1(65536)
        if not chunk:
            return chunks
        chunks.append((time.monotonic(), chunk))


def _wait_for_completion(run_id, timeout: float = 60.0) -> DiagnosisRun:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        run = DiagnosisRun.objects.get(pk=run_id)
        if run.status in ("completed", "failed"):
            return run
        time.sleep(0.1)
    raise AssertionError("run did not finish")


def _check_stream(base_url: str, token: str, *, spread_over_ms: float = 0) -> None:
    conn, response = _open_stream(base_url, token)
    try:
        assert response.status == 200
        assert response.getheader("Content-Type").startswith("text/event-stream")
        assert response.getheader("Content-Length") is None  # streamed (chunked), not one buffered body
        chunks = _read_all_frames(response)
    finally:
        conn.close()
    events, _ = parse_sse(b"".join(c for _, c in chunks).decode("utf-8"))
    names = [n for n, _ in events]
    assert names[0] == "run" and names[-2:] == ["answer", "done"] and "stage" in names
    if spread_over_ms:
        # The events came in several network chunks while the run was going, not in one burst.
        assert len(chunks) > 2
        assert (chunks[-1][0] - chunks[0][0]) * 1000 > spread_over_ms
    run = DiagnosisRun.objects.get(pk=events[0][1]["run_id"])
    assert run.status == "completed" and events[-2][1]["answer"] == run.final_answer


def _check_disconnect(base_url: str, token: str) -> None:
    conn, response = _open_stream(base_url, token)
    first = response.read1(65536).decode("utf-8")
    conn.sock.shutdown(2)  # hang up right after the first event
    conn.close()
    events, _ = parse_sse(first.split("\n\n")[0] + "\n\n")
    assert events[0][0] == "run"
    run = _wait_for_completion(events[0][1]["run_id"])
    assert run.status == "completed" and run.final_answer


@pytest.mark.django_db(transaction=True)
def test_stream_over_uvicorn_in_process(api_user, monkeypatch):
    token = token_for(api_user)
    real_record = EventRecorder.record

    def record_then_pause(self, node, event, detail=None):  # stands in for model latency
        real_record(self, node, event, detail)
        time.sleep(0.03)

    monkeypatch.setattr(EventRecorder, "record", record_then_pause)
    with uvicorn_in_thread() as base_url:
        _check_stream(base_url, token, spread_over_ms=300)
        _check_disconnect(base_url, token)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_stream_over_uvicorn_subprocess(api_user):
    """``uvicorn superbiz.asgi:application`` exactly as deployed, against the test database."""
    token = token_for(api_user)
    with uvicorn_subprocess() as base_url:
        _check_stream(base_url, token)
        _check_disconnect(base_url, token)
