"""RUN_EXECUTION=celery with a real worker on Redis: the webhook answers 202 (queued) at once, a
re-sent notification finds the queued run, the worker executes it, and the outbound notification
is sent from the worker once the run has ended."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

from diagnosis.alerts.models import AlertGroupRun
from diagnosis.alerts.services import alert_receiver_create
from tests.alerts.conftest import URL, payload
from tests.alerts.webhook_server import webhook_server
from tests.api.asgi_server import uvicorn_server
from tests.celery.helpers import terminal, wait_until
from tests.celery_worker import celery_worker, isolated_broker, requires_redis
from tests.offline.dataset import load_world

pytestmark = [requires_redis, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def broker():
    with isolated_broker() as b:
        yield b


def _notify(port: int, token: str) -> tuple[int, dict]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{URL}",
        data=json.dumps(payload("firing_payment")).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.status, json.loads(response.read())


def test_a_notification_is_queued_deduplicated_executed_by_the_worker_and_announced(broker):
    load_world()
    _, token = alert_receiver_create(name="prod-am")
    with webhook_server() as robot:
        with uvicorn_server(**broker.env()) as web:
            status, body = _notify(web.port, token)
            assert status == 202 and body["status"] == "queued" and body["result"] == "started"
            again_status, again = _notify(web.port, token)
            assert again_status == 200 and again["result"] == "deduplicated" and again["run_id"] == body["run_id"]
            assert broker.queued_messages() == 1
        with celery_worker(broker, ALERT_NOTIFY_URL=robot.url, SITE_URL="https://d.example.com") as worker:
            run = terminal(body["run_id"], timeout=90)
            assert wait_until(lambda: len(robot.received) == 1, timeout=30), worker.log()
    assert run.status == "completed"
    sent = robot.received[0].body
    assert sent["run_id"] == body["run_id"] and sent["outcome"] == run.outcome
    assert sent["link"] == f"https://d.example.com/runs/{run.pk}/"
    assert AlertGroupRun.objects.get().notified_at is not None
