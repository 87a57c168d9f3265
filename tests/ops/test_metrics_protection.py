"""``/metrics`` is protected: off unless configured, bearer token and/or client networks."""

from __future__ import annotations

import ipaddress

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_metrics_are_off_without_token_or_networks(settings):
    settings.METRICS_TOKEN, settings.METRICS_ALLOWED_NETWORKS = "", []
    response = Client().get("/metrics")
    assert response.status_code == 403 and response.json()["error"]["code"] == "metrics_disabled"


def test_unauthenticated_or_wrong_token_is_refused(settings):
    settings.METRICS_TOKEN, settings.METRICS_ALLOWED_NETWORKS = "s3cret-token", []
    missing = Client().get("/metrics")
    assert missing.status_code == 401 and missing["WWW-Authenticate"] == "Bearer"
    assert "令牌" in missing.json()["error"]["message"]
    assert Client().get("/metrics", HTTP_AUTHORIZATION="Bearer wrong").status_code == 401
    assert Client().get("/metrics", HTTP_AUTHORIZATION="Token s3cret-token").status_code == 401


def test_the_token_opens_the_exposition(settings):
    settings.METRICS_TOKEN, settings.METRICS_ALLOWED_NETWORKS = "s3cret-token", []
    response = Client().get("/metrics", HTTP_AUTHORIZATION="Bearer s3cret-token")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/plain")
    assert b"superbiz_runs_total" in response.content


def test_networks_allow_only_listed_addresses(settings):
    settings.METRICS_TOKEN = ""
    settings.METRICS_ALLOWED_NETWORKS = [ipaddress.ip_network("10.0.0.0/8")]
    assert Client().get("/metrics", REMOTE_ADDR="127.0.0.1").status_code == 403
    assert Client().get("/metrics", REMOTE_ADDR="10.1.2.3").status_code == 200


def test_token_and_network_both_required_when_both_set(settings):
    settings.METRICS_TOKEN = "s3cret-token"
    settings.METRICS_ALLOWED_NETWORKS = [ipaddress.ip_network("10.0.0.0/8")]
    auth = {"HTTP_AUTHORIZATION": "Bearer s3cret-token"}
    assert Client().get("/metrics", REMOTE_ADDR="127.0.0.1", **auth).status_code == 403
    assert Client().get("/metrics", REMOTE_ADDR="10.1.2.3").status_code == 401
    assert Client().get("/metrics", REMOTE_ADDR="10.1.2.3", **auth).status_code == 200
