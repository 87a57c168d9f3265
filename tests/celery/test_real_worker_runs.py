"""RUN_EXECUTION=celery with a real ``celery -A superbiz worker`` on Redis: the web process
creates the run and enqueues it on commit (202 + run id), the worker executes it with the same
service as inline mode, and the SSE stream tails the persisted events until the run ends."""

from __future__ import annotations

import json

import pytest

from diagnosis.models import DiagnosisRun
from tests.api.asgi_server import uvicorn_server
from tests.api.conftest import token_for
from tests.celery.helpers import QUESTION, post, stream, terminal
from tests.celery_worker import celery_worker, requires_redis
from tests.offline.dataset import load_world

pytestmark = [requires_redis, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_chat_answers_202_and_the_worker_completes_the_run(api_user, broker):
    load_world()
    token = token_for(api_user)
    with uvicorn_server(**broker.env()) as web:
        # No worker yet: the run waits in the queue, queued.
        status, raw = post(web.port, "/api/chat", token, {"question": QUESTION})
        assert status == 202, raw
        body = json.loads(raw)
        assert body["status"] == "queued" and body["answer"] is None
        run_id = body["run_id"]
        assert broker.queued_messages() == 1
        assert DiagnosisRun.objects.get(pk=run_id).status == "queued"

        with celery_worker(broker) as worker:
            run = terminal(run_id, timeout=60)
            assert "diagnosis.tasks.diagnosis_run_execute_task[" in worker.log()
    assert run.status == "completed" and run.provider == "offline" and run.final_answer
    assert run.events.filter(node="planner", event="start").count() == 1
    assert broker.queued_messages() == 0


def test_sse_tails_the_persisted_events_until_the_run_ends(api_user, broker):
    load_world()
    token = token_for(api_user)
    with uvicorn_server(**broker.env()) as web, celery_worker(broker):
        events = stream(web.port, token)
    names = [name for name, _ in events]
    assert names[0] == "run" and names[-2:] == ["answer", "done"]
    run = DiagnosisRun.objects.get(pk=events[0][1]["run_id"])
    assert run.status == "completed"
    streamed = [data["seq"] for name, data in events if name == "stage"]
    assert streamed == list(run.events.order_by("seq").values_list("seq", flat=True))
    assert events[-2][1]["answer"] == run.final_answer and events[-1][1]["status"] == "completed"
