from __future__ import annotations

import pytest
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient


@pytest.fixture(autouse=True)
def _fresh_throttle_history():
    """Throttle history lives in the (process-wide) cache; every test starts with none."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def as_api_user(api, api_user):
    api.force_authenticate(api_user)
    return api


@pytest.fixture
def as_outsider(outsider):
    client = APIClient()
    client.force_authenticate(outsider)
    return client


@pytest.fixture
def as_staff(staff):
    client = APIClient()
    client.force_authenticate(staff)
    return client


def token_for(user) -> str:
    return Token.objects.get_or_create(user=user)[0].key


def error_code(response) -> str:
    content_type = response["Content-Type"].split(";")[0]
    assert content_type == "application/json" or content_type.endswith("+json"), content_type
    return response.json()["error"]["code"]
