"""Per-run time limits and a lost worker, with real Celery workers on Redis.

- The soft limit interrupts a run stuck in a model call: it ends once, with the Chinese
  fallback answer.
- A worker killed mid-run (SIGKILL of the whole worker): the message was not acknowledged
  (acks_late), so Redis redelivers it to the next worker after the visibility timeout — which
  does not run the started run again (the claim only takes queued runs); the reaper, on the
  beat schedule, closes it. Exactly one terminal outcome, one planner call.
- A child deaf to the soft limit is killed at the hard limit and the worker's main process ends
  the run (``run_time_limit``) at once — no redelivery, no waiting for the reaper.
"""

from __future__ import annotations

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
from tests.celery.helpers import QUESTION, post, terminal, wait_until
from tests.celery_worker import celery_worker, requires_redis
from tests.fake_llm.server import Reply

pytestmark = [requires_redis, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _model_env(fake_llm, **extra: str) -> dict[str, str]:
    return {
        "LLM_PROVIDER": "openai",
        "OPENAI_BASE_URL": fake_llm.base_url,
        "OPENAI_API_KEY": "sk-test-secret-key-123456",
        "LLM_MODEL": "fake-model",
        "LLM_TIMEOUT_S": "120",
        "LLM_MAX_RETRIES": "0",
        **extra,
    }


def _enqueue(web, token: str) -> str:
    status, raw = post(web.port, "/api/chat", token, {"question": QUESTION})
    assert status == 202, raw
    return json.loads(raw)["run_id"]


def test_soft_time_limit_ends_a_hung_run_with_the_fallback(api_user, broker, fake_llm):
    fake_llm.script("planner", Reply(content="{}", delay_s=60))
    # 6 s: on a loaded machine a 2 s limit could fire before the run reached its planner call
    # (setting the run up), which is another path (the task's own failure), not the one tested here.
    env = broker.env(**_model_env(fake_llm, RUN_SOFT_TIME_LIMIT_S="6", RUN_HARD_TIME_LIMIT_S="40"))
    token = token_for(api_user)
    with uvicorn_server(**env) as web, celery_worker(broker, **env):
        run_id = _enqueue(web, token)
        run = terminal(run_id, timeout=45)
    # SoftTimeLimitExceeded is raised inside the planner's model call; the graph runner turns it
    # into its internal-error fallback, like any node fault.
    assert (run.status, run.outcome, run.fallback_reason, run.verdict) == ("completed", "fallback", R.INTERNAL_ERROR, "")
    assert "SoftTimeLimitExceeded" in run.error
    assert run.final_answer == render_fallback(R.INTERNAL_ERROR)
    assert run.duration_ms < 20_000  # the limit, not the model's 60 s, ended it
    assert len(fake_llm.requests_for("planner")) == 1


def test_worker_killed_mid_run_ends_exactly_once_via_the_reaper(api_user, broker, fake_llm):
    fake_llm.script("planner", Reply(content="{}", delay_s=60))
    limits = {
        "RUN_SOFT_TIME_LIMIT_S": "4",
        "RUN_HARD_TIME_LIMIT_S": "5",
        "CELERY_VISIBILITY_TIMEOUT_S": "6",
        "CELERY_RESTORE_INTERVAL_S": "1",
        "RUN_STALE_AFTER_S": "9",
        "RUN_REAPER_INTERVAL_S": "0.5",
    }
    env = broker.env(**_model_env(fake_llm, **limits))
    token = token_for(api_user)
    with uvicorn_server(**env) as web:
        with celery_worker(broker, **env) as first:
            run_id = _enqueue(web, token)
            assert wait_until(lambda: fake_llm.requests_for("planner"), timeout=30)
            first.kill()
        assert DiagnosisRun.objects.get(pk=run_id).status == "running"

        with celery_worker(broker, beat=True, **env) as second:
            # The unacknowledged message comes back to the new worker, which leaves the run alone.
            assert second.wait_for("diagnosis.tasks.diagnosis_run_execute_task[", timeout=30), second.log()
            run = terminal(run_id, timeout=30)
    assert (run.status, run.fallback_reason) == ("failed", R.STALE_RUN)
    assert run.final_answer == render_fallback(R.STALE_RUN)
    assert len(fake_llm.requests_for("planner")) == 1
    assert run.events.filter(node="planner", event="start").count() == 1
    assert broker.queued_messages() == 0


def _pool_children(worker_pid: int) -> list[int]:
    children = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == worker_pid:
                children.append(int(entry))
    return children


def test_hard_time_limit_kills_a_child_deaf_to_the_soft_limit_and_the_run_ends_once(api_user, broker, fake_llm):
    # A child that cannot take the soft limit's signal — stopped here (SIGSTOP), the stand-in for
    # one stuck in C code or swapped out — is killed by Celery at the hard limit; the worker's main
    # process then ends the run: failed / run_time_limit with its Chinese answer, acknowledged
    # (not redelivered past the visibility timeout), reaper off so it cannot be the one closing it.
    fake_llm.script("planner", Reply(content="{}", delay_s=60))
    # The soft limit leaves a loaded machine time to reach the model call (the child's first
    # imports alone can take seconds); the hard limit is what ends the run.
    soft, hard, visibility = 12, 15, 16
    limits = {
        "RUN_SOFT_TIME_LIMIT_S": str(soft),
        "RUN_HARD_TIME_LIMIT_S": str(hard),
        "CELERY_VISIBILITY_TIMEOUT_S": str(visibility),
        "CELERY_RESTORE_INTERVAL_S": "1",
    }
    env = broker.env(**_model_env(fake_llm, **limits))
    token = token_for(api_user)
    with uvicorn_server(**env) as web, celery_worker(broker, **env) as worker:
        enqueued = time.monotonic()
        run_id = _enqueue(web, token)
        assert wait_until(lambda: fake_llm.requests_for("planner"), timeout=soft), worker.log()
        (child,) = _pool_children(worker.process.pid)
        os.kill(child, signal.SIGSTOP)
        run = terminal(run_id, timeout=hard + 30)
        assert worker.wait_for(f"Hard time limit ({hard}s) exceeded", timeout=10), worker.log()
        # Past the visibility timeout: an unacknowledged message would have come back by now.
        time.sleep(max(0.0, enqueued + visibility + 3 - time.monotonic()))
        log = worker.log()
    assert (run.status, run.outcome, run.fallback_reason, run.verdict) == ("failed", "fallback", R.RUN_TIME_LIMIT, "")
    assert run.final_answer == render_fallback(R.RUN_TIME_LIMIT) and "时长上限" in run.final_answer
    assert run.error.startswith("run_time_limit") and run.self_evaluation["verifier_evaluation"]["failure_reason"] == R.RUN_TIME_LIMIT
    assert (hard - 1) * 1000 <= run.duration_ms < (hard + 20) * 1000
    received = [line for line in log.splitlines() if "diagnosis_run_execute_task[" in line and "] received" in line]
    assert len(received) == 1, log
    assert broker.queued_messages() == 0
    assert len(fake_llm.requests_for("planner")) == 1
    assert DiagnosisRun.objects.filter(pk=run_id, status__in=("queued", "running")).count() == 0
    # Invocations are written once, after their tool returned: none can be left open.
    assert not run.tool_invocations.exists()
