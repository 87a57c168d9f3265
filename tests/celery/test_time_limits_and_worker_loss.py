"""Per-run time limits and a lost worker, with real Celery workers on Redis.

- The soft limit interrupts a run stuck in a model call: it ends once, with the Chinese
  fallback answer.
- A worker killed mid-run (SIGKILL of the whole worker): the message was not acknowledged
  (acks_late), so Redis redelivers it to the next worker after the visibility timeout — which
  does not run the started run again (the claim only takes queued runs); the reaper, on the
  beat schedule, closes it. Exactly one terminal outcome, one planner call.
"""

from __future__ import annotations

import json

import pytest

from diagnosis.composer.templates import render_fallback
from diagnosis.graph import reasons as R
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
    env = broker.env(**_model_env(fake_llm, RUN_SOFT_TIME_LIMIT_S="2", RUN_HARD_TIME_LIMIT_S="30"))
    token = token_for(api_user)
    with uvicorn_server(**env) as web, celery_worker(broker, **env):
        run_id = _enqueue(web, token)
        run = terminal(run_id, timeout=30)
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
