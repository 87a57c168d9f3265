"""An example run as if an Alertmanager notification had started it (the alert record beside it)."""

from __future__ import annotations

import hashlib

from django.utils import timezone

from diagnosis.alerts.models import AlertGroupRun
from diagnosis.alerts.services import alert_receiver_create
from diagnosis.models import DiagnosisRun, DiagnosisSession
from tests.admin.example_run import make_example_run


def make_alert_started_run(owner) -> DiagnosisRun:
    run = make_example_run(owner)
    DiagnosisSession.objects.filter(pk=run.session_id).update(origin=DiagnosisSession.Origin.ALERT)
    receiver, _ = alert_receiver_create(name="prod-am")
    now = timezone.now()
    AlertGroupRun.objects.create(
        receiver=receiver,
        group_key='{}:{alertname="HighErrorRate", service="payment-service"}',
        group_key_hash=hashlib.sha256(b"group").hexdigest(),
        fingerprints_hash=hashlib.sha256(b"fingerprints").hexdigest(),
        fingerprints=["a1b2c3d4e5f60718"],
        run=run,
        alert_name="HighErrorRate",
        service="payment-service",
        first_received_at=now,
        last_received_at=now,
        notify_error="",
    )
    run.refresh_from_db()
    return run
