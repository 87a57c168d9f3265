"""The chat scope throttles POST /api/chat and the stream together: 429 + Retry-After, JSON body."""

from __future__ import annotations

import copy

import pytest
from django.conf import settings
from django.test import override_settings

from tests.api.conftest import error_code

pytestmark = pytest.mark.django_db


def _rates(**rates):
    rest = copy.deepcopy(settings.REST_FRAMEWORK)
    rest["DEFAULT_THROTTLE_RATES"].update(rates)
    return override_settings(REST_FRAMEWORK=rest)


def test_chat_is_throttled_with_retry_after(as_api_user):
    with _rates(chat="2/minute"):
        for _ in range(2):
            assert as_api_user.post("/api/chat", {"question": ""}, format="json").status_code == 400
        response = as_api_user.post("/api/chat", {"question": "为什么报错"}, format="json")
    assert response.status_code == 429
    assert error_code(response) == "throttled"
    assert 1 <= int(response["Retry-After"]) <= 60
    assert "秒后再试" in response.json()["error"]["message"]


def test_stream_shares_the_chat_budget(as_api_user):
    with _rates(chat="1/minute"):
        assert as_api_user.post("/api/chat", {"question": ""}, format="json").status_code == 400
        response = as_api_user.post("/api/chat/stream", {"question": "为什么报错"}, format="json")
    assert response.status_code == 429
    assert error_code(response) == "throttled"
    assert "Retry-After" in response


def test_reads_are_not_in_the_chat_scope(as_api_user):
    with _rates(chat="1/minute"):
        assert as_api_user.post("/api/chat", {"question": ""}, format="json").status_code == 400
        assert as_api_user.get("/api/runs").status_code == 200


def test_throttle_is_per_user(as_api_user, as_outsider):
    with _rates(chat="1/minute"):
        assert as_api_user.post("/api/chat", {"question": ""}, format="json").status_code == 400
        assert as_api_user.post("/api/chat", {"question": ""}, format="json").status_code == 429
        assert as_outsider.post("/api/chat", {"question": ""}, format="json").status_code == 400
