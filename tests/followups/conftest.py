from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.loader import evidence_bundle_load
from tests.fake_llm.fixtures import fake_llm, openai_settings  # noqa: F401 — fixtures


@pytest.fixture
def demo(db):
    """The demo world (reference time 2026-11-28 10:30 +08:00)."""
    evidence_bundle_load(data=DEMO_BUNDLE_PATH.read_bytes(), source_name="demo_bundle.json")


@pytest.fixture
def as_api_user(api_user):
    client = APIClient()
    client.force_authenticate(api_user)
    return client
