"""A reaped run's Idempotency-Key stops answering 409: a retry replays the failed run (same run
id, ``Idempotent-Replayed: true``) rather than starting a second run under the same key."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from contracts import reasons as R
from diagnosis.models import DiagnosisRun
from diagnosis.services.idempotency import diagnosis_run_create_idempotent
from diagnosis.services.reaper import stale_runs_reap

pytestmark = pytest.mark.django_db
QUESTION = "payment-service 为什么报 500？"


def test_retry_after_reap_replays_the_failed_run(api_user, settings):
    settings.RUN_STALE_AFTER_S = 60
    # The first request's process died mid-run: its run stays running.
    start = diagnosis_run_create_idempotent(owner=api_user, question=QUESTION, idempotency_key="key-1")
    DiagnosisRun.objects.filter(pk=start.run.pk).update(status="running", started_at=timezone.now())
    client = APIClient()
    client.force_authenticate(api_user)
    in_flight = client.post("/api/chat", {"question": QUESTION}, format="json", HTTP_IDEMPOTENCY_KEY="key-1")
    assert in_flight.status_code == 409

    DiagnosisRun.objects.filter(pk=start.run.pk).update(started_at=timezone.now() - timedelta(seconds=61))
    assert stale_runs_reap() == [start.run.pk]

    retry = client.post("/api/chat", {"question": QUESTION}, format="json", HTTP_IDEMPOTENCY_KEY="key-1")
    assert retry.status_code == 201 and retry["Idempotent-Replayed"] == "true"
    body = retry.json()
    assert body["run_id"] == str(start.run.pk) and body["status"] == "failed"
    assert DiagnosisRun.objects.filter(owner=api_user).count() == 1
    assert DiagnosisRun.objects.get(pk=start.run.pk).fallback_reason == R.STALE_RUN
