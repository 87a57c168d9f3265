"""Inline mode: ``kill -9`` of uvicorn mid-run leaves the run ``running``; the restarted server's
reaper closes it (failed / stale_run) within the deadline — no traffic needed."""

from __future__ import annotations

import http.client
import json
import os
import signal
import time

import pytest

from contracts import reasons as R
from diagnosis.composer.templates import render_fallback
from diagnosis.models import DiagnosisRun
from tests.api.asgi_server import uvicorn_server
from tests.api.conftest import token_for
from tests.api.sse import parse_sse
from tests.fake_llm.server import Reply

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

STALE_AFTER_S = 4
REAPER_INTERVAL_S = 0.3


def _env(fake_llm) -> dict[str, str]:
    return {
        "RUN_EXECUTION": "inline",
        "LLM_PROVIDER": "openai",
        "OPENAI_BASE_URL": fake_llm.base_url,
        "OPENAI_API_KEY": "sk-test-secret-key-123456",
        "LLM_MODEL": "fake-model",
        "LLM_TIMEOUT_S": "120",
        "LLM_MAX_RETRIES": "0",
        "RUN_STALE_AFTER_S": str(STALE_AFTER_S),
        "RUN_REAPER_INTERVAL_S": str(REAPER_INTERVAL_S),
    }


def _start_run(port: int, token: str) -> str:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request(
        "POST",
        "/api/chat/stream",
        body=json.dumps({"question": "payment-service 为什么报 500？"}).encode(),
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
    )
    first = conn.getresponse().read1(65536).decode("utf-8")
    events, _ = parse_sse(first.split("\n\n")[0] + "\n\n")
    assert events[0][0] == "run"
    return events[0][1]["run_id"]


def _wait(predicate, timeout: float, step: float = 0.05) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return False


def test_run_of_a_killed_uvicorn_is_reaped_after_restart(api_user, fake_llm):
    # The planner's model call hangs: the run is mid-flight when the server dies.
    fake_llm.script("planner", Reply(content="{}", delay_s=60))
    token = token_for(api_user)
    env = _env(fake_llm)

    with uvicorn_server(**env) as first:
        run_id = _start_run(first.port, token)
        assert _wait(lambda: fake_llm.requests_for("planner"), timeout=15)
        os.kill(first.process.pid, signal.SIGKILL)
        first.process.wait(timeout=10)
    run = DiagnosisRun.objects.get(pk=run_id)
    assert run.status == "running" and run.started_at is not None  # the kill left it open

    with uvicorn_server(**env):
        assert _wait(lambda: DiagnosisRun.objects.get(pk=run_id).status != "running", timeout=STALE_AFTER_S + 20)
        closed_at = time.time()
    run.refresh_from_db()
    assert (run.status, run.outcome, run.fallback_reason) == ("failed", "fallback", R.STALE_RUN)
    assert run.final_answer == render_fallback(R.STALE_RUN)
    # Closed once it was stale, within one reaper interval plus start-up slack — not at once, not never.
    age = closed_at - run.started_at.timestamp()
    assert STALE_AFTER_S <= age <= STALE_AFTER_S + 15
    assert len(fake_llm.requests_for("planner")) == 1  # the restart did not re-run the run
