"""Every endpoint requires authentication; token auth works; session auth enforces CSRF."""

from __future__ import annotations

import uuid

import pytest
from django.core.management import call_command
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.api.conftest import error_code, token_for
from tests.personas import PASSWORD

pytestmark = pytest.mark.django_db

ENDPOINTS = [
    ("post", "/api/chat"),
    ("post", "/api/chat/stream"),
    ("get", "/api/runs"),
    ("get", f"/api/runs/{uuid.UUID(int=1)}"),
    ("get", "/api/sessions"),
    ("get", f"/api/sessions/{uuid.UUID(int=2)}"),
    ("get", "/api/knowledge"),
    ("post", "/api/knowledge"),
    ("get", "/api/schema/"),
]


@pytest.mark.parametrize(("method", "path"), ENDPOINTS)
def test_anonymous_callers_get_401_json(api, method, path):
    response = getattr(api, method)(path, {"question": "x"} if method == "post" else None, format="json")
    assert response.status_code == 401
    assert error_code(response) == "not_authenticated"
    assert response["WWW-Authenticate"] == "Token"


@pytest.mark.parametrize("path", ["/api/docs/", "/api/redoc/"])
def test_docs_pages_send_anonymous_people_to_the_login_page(client, path):
    response = client.get(path)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")


def test_bad_token_is_rejected(api):
    api.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    response = api.get("/api/runs")
    assert response.status_code == 401
    assert error_code(response) == "authentication_failed"


def test_token_from_drf_create_token_authenticates_without_csrf(api_user):
    call_command("drf_create_token", "api_user", stdout=open("/dev/null", "w"))
    key = Token.objects.get(user=api_user).key
    client = APIClient(enforce_csrf_checks=True)
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.get("/api/runs").status_code == 200
    response = client.post("/api/chat", {"question": ""}, format="json")
    assert response.status_code == 400  # got past auth and CSRF to validation


def test_session_auth_requires_the_csrf_token_for_writes(api_user):
    client = APIClient(enforce_csrf_checks=True)
    assert client.login(username="api_user", password=PASSWORD)

    assert client.get("/api/runs").status_code == 200  # safe methods need no token

    response = client.post("/api/chat", {"question": "payment-service 为什么报错？"}, format="json")
    assert response.status_code == 403
    assert error_code(response) == "csrf_failed"

    response = client.post("/api/chat/stream", {"question": "payment-service 为什么报错？"}, format="json")
    assert response.status_code == 403
    assert error_code(response) == "csrf_failed"

    csrf = client.get("/").cookies["csrftoken"].value  # any page that renders {% csrf_token %}
    client.cookies["csrftoken"] = csrf
    response = client.post(
        "/api/chat", {"question": "payment-service 为什么报错？"}, format="json", HTTP_X_CSRFTOKEN=csrf
    )
    assert response.status_code == 201, response.content


def test_token_for_helper_is_stable(api_user):
    assert token_for(api_user) == token_for(api_user)
