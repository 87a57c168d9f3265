"""The intake has its own per-receiver budget (``alerts`` scope, API_THROTTLE_ALERTS)."""

from __future__ import annotations

import copy

import pytest
from django.conf import settings as django_settings
from django.test import override_settings

from diagnosis.alerts.services import alert_receiver_create
from tests.alerts.conftest import post

pytestmark = pytest.mark.django_db


def test_a_receiver_over_its_budget_gets_429_and_another_receiver_does_not(client, token, resolved):
    rest = copy.deepcopy(django_settings.REST_FRAMEWORK)
    rest["DEFAULT_THROTTLE_RATES"]["alerts"] = "2/minute"
    _, other = alert_receiver_create(name="other-am")
    with override_settings(REST_FRAMEWORK=rest):
        assert [post(client, resolved, token).status_code for _ in range(2)] == [200, 200]
        limited = post(client, resolved, token)
        assert limited.status_code == 429 and int(limited["Retry-After"]) >= 1
        assert limited.json()["error"]["code"] == "throttled"
        assert post(client, resolved, other).status_code == 200
