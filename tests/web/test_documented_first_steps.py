"""The documented first steps work as written (issue 27): the command docs/USAGE.md gives for a plain
(non-staff) user makes one who can ask in the web UI but not open the audit console, and the
Alertmanager payload docs/ALERTS.md shows, posted with a receiver's token as its curl line says,
starts a run."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse
from rest_framework.test import APIClient

from diagnosis.alerts.services import alert_receiver_create
from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import DiagnosisRun

pytestmark = pytest.mark.django_db

DOCS = Path(settings.BASE_DIR) / "docs"
FENCE = re.compile(r"```(\w*)\n(.*?)```", re.S)


def _block_after(doc: str, marker: str, language: str) -> str:
    text = (DOCS / doc).read_text(encoding="utf-8")
    start = text.index(marker)
    for match in FENCE.finditer(text, start):
        if match.group(1) == language:
            return match.group(2)
    raise AssertionError(f"no {language} block after {marker!r} in docs/{doc}")


def test_the_plain_user_command_makes_a_user_who_asks_but_does_not_audit(client):
    block = _block_after("USAGE.md", "A plain (non-staff) user", "bash")
    line = next(line for line in block.splitlines() if "create_user(" in line)
    argv = shlex.split(line)
    call_command("shell", command=argv[argv.index("-c") + 1])
    user = get_user_model().objects.get()
    assert not user.is_staff and not user.is_superuser and user.has_usable_password()
    client.force_login(user)
    assert client.get(reverse("web:home")).status_code == 200
    assert client.get(reverse("admin:index")).status_code == 302  # to the admin login: not for them


def test_the_alertmanager_payload_to_try_starts_a_run():
    evidence_bundle_load(data=DEMO_BUNDLE_PATH.read_bytes(), source_name=DEMO_BUNDLE_PATH.name)
    payload = json.loads(_block_after("ALERTS.md", "An Alertmanager payload to try", "json"))
    curl = _block_after("ALERTS.md", "An Alertmanager payload to try", "bash")
    assert "/api/alerts/alertmanager" in curl and "Authorization: Bearer" in curl
    _, token = alert_receiver_create(name="try-am")
    response = APIClient().post(
        "/api/alerts/alertmanager", json.dumps(payload, ensure_ascii=False), content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code == 201, response.content
    run = DiagnosisRun.objects.get(pk=response.json()["run_id"])
    assert run.session.origin == "alert" and run.status == "completed"
