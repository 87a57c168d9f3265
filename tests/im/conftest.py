from __future__ import annotations

import json

import pytest
from django.test import Client

from diagnosis.im import client as feishu_client
from diagnosis.im.models import ImAccountBinding
from tests.im.events import APP_ID, APP_SECRET, BOUND_OPEN_ID, ENCRYPT_KEY, VERIFICATION_TOKEN
from tests.im.fake_feishu import fake_feishu

URL = "/api/im/feishu/events"
SITE = "https://diagnosis.example.com"


@pytest.fixture
def feishu(settings, monkeypatch):
    """The fake open API, and the settings of a Feishu app that talks to it (no Encrypt Key)."""
    monkeypatch.setattr(feishu_client, "_token", None)
    with fake_feishu() as fake:
        settings.FEISHU_APP_ID = APP_ID
        settings.FEISHU_APP_SECRET = APP_SECRET
        settings.FEISHU_VERIFICATION_TOKEN = VERIFICATION_TOKEN
        settings.FEISHU_ENCRYPT_KEY = ""
        settings.FEISHU_API_BASE = fake.base_url
        settings.SITE_URL = SITE
        yield fake


@pytest.fixture
def encrypting(settings, feishu):
    settings.FEISHU_ENCRYPT_KEY = ENCRYPT_KEY
    return feishu


@pytest.fixture
def bound_user(api_user):
    """The api_user, bound to the Feishu sender ``BOUND_OPEN_ID`` by an administrator."""
    ImAccountBinding.objects.create(im_user_id=BOUND_OPEN_ID, user=api_user)
    return api_user


def post(body: dict, **headers):
    raw = json.dumps(body, ensure_ascii=False).encode("utf-8")
    return Client().post(URL, data=raw, content_type="application/json", **headers)
