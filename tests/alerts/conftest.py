from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from diagnosis.alerts.services import alert_receiver_create

PAYLOADS = Path(__file__).with_name("payloads")
URL = "/api/alerts/alertmanager"


def payload(name: str) -> dict:
    return json.loads((PAYLOADS / f"{name}.json").read_text(encoding="utf-8"))


def post(client: APIClient, body, token: str | None, **extra):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    data = body if isinstance(body, (bytes, str)) else json.dumps(body, ensure_ascii=False)
    return client.post(URL, data=data, content_type=extra.pop("content_type", "application/json"), **headers, **extra)


@pytest.fixture(autouse=True)
def _fresh_throttle_history():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def receiver(db):
    """(receiver, token) made the way the management command makes them."""
    return alert_receiver_create(name="prod-am")


@pytest.fixture
def token(receiver):
    return receiver[1]


@pytest.fixture
def client():
    return APIClient()


@pytest.fixture
def firing():
    return payload("firing_payment")


@pytest.fixture
def resolved():
    return payload("resolved_payment")


def variant(body: dict, **changes) -> dict:
    out = copy.deepcopy(body)
    out.update(changes)
    return out
