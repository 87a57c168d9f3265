"""``/healthz`` (process up) and ``/readyz`` (database; broker in celery mode) — no credentials
needed, no error text leaked."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client

from tests.celery_worker import requires_redis

pytestmark = pytest.mark.django_db


def test_healthz_answers_ok_without_credentials():
    response = Client().get("/healthz")
    assert response.status_code == 200 and response.json() == {"status": "ok"}


def test_readyz_ok_when_the_database_answers_inline_mode_has_no_broker_check(settings):
    settings.RUN_EXECUTION = "inline"
    response = Client().get("/readyz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "checks": {"database": "ok"}}


def test_readyz_is_503_when_the_database_fails(monkeypatch):
    def broken_cursor(*args, **kwargs):
        raise connection.OperationalError("connection refused by db.internal password=hunter2")

    monkeypatch.setattr(connection, "cursor", broken_cursor)
    response = Client().get("/readyz")
    assert response.status_code == 503
    assert response.json()["checks"]["database"] == "unavailable"
    assert b"hunter2" not in response.content and b"db.internal" not in response.content


def test_readyz_in_celery_mode_is_503_when_the_broker_is_down(settings):
    from tests.api.asgi_server import free_port

    settings.RUN_EXECUTION = "celery"
    settings.CELERY_BROKER_URL = f"redis://:secret@127.0.0.1:{free_port()}/0"  # nothing listens
    response = Client().get("/readyz")
    assert response.status_code == 503
    assert response.json()["checks"] == {"database": "ok", "broker": "unavailable"}
    assert b"secret" not in response.content


@requires_redis
def test_readyz_in_celery_mode_checks_the_real_broker(settings):
    settings.RUN_EXECUTION = "celery"
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:6379/15"
    response = Client().get("/readyz")
    assert response.status_code == 200 and response.json()["checks"]["broker"] == "ok"


def test_probes_refuse_other_methods():
    assert Client().post("/healthz").status_code == 405
