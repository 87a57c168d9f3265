"""Sessions, invocations, events and the evidence stores are browsable (list, filter, search)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import Alert, KnowledgeDocument, LogRecord, MetricSeries, Service
from tests.admin.example_run import make_example_run

pytestmark = pytest.mark.django_db

BUNDLE = {
    "bundle_version": 1,
    "name": "admin-test",
    "reference_time": "2026-11-28T10:30:00+08:00",
    "services": [{"name": "payment-service", "aliases": ["支付服务"], "description": "支付"}],
    "logs": [
        {"timestamp": "2026-11-28T10:05:12+08:00", "service": "payment-service", "level": "ERROR", "instance": "pay-1",
         "message": "HikariPool-1 - Connection is not available <script>alert(1)</script>", "trace_id": "t1",
         "attributes": {}}
    ],
    "alerts": [
        {"name": "HighErrorRate", "service": "payment-service", "severity": "critical", "state": "firing",
         "starts_at": "2026-11-28T10:06:00+08:00", "ends_at": None, "value": "12.5%", "summary": "5xx", "labels": {}}
    ],
    "metrics": [
        {"name": "http_5xx_rate", "service": "payment-service", "unit": "%", "labels": {},
         "points": [["2026-11-28T10:00:00+08:00", 0.2], ["2026-11-28T10:06:00+08:00", 12.5]]}
    ],
    "documents": [{"title": "连接池", "source": "runbooks/pool.md", "content": "# 连接池\n\n扩大连接池上限。"}],
}


@pytest.fixture
def reviewer_client(client, reviewer):
    client.force_login(reviewer)
    return client


def test_session_invocation_and_event_pages(reviewer_client, api_user):
    run = make_example_run(api_user)
    inv = run.tool_invocations.get(invocation_id="inv_1")
    for url in (
        reverse("admin:diagnosis_diagnosissession_changelist"),
        reverse("admin:diagnosis_diagnosissession_change", args=[run.session_id]),
        reverse("admin:diagnosis_toolinvocation_changelist") + "?status__exact=success&q=query_logs",
        reverse("admin:diagnosis_toolinvocation_change", args=[inv.pk]),
        reverse("admin:diagnosis_orchestrationevent_changelist") + "?node__exact=planner",
    ):
        assert reviewer_client.get(url).status_code == 200, url
    html = reviewer_client.get(reverse("admin:diagnosis_toolinvocation_change", args=[inv.pk])).content.decode()
    assert "/records/0" in html and "连接池" in html  # evidence refs table, arguments with Chinese intact


def test_evidence_store_pages(reviewer_client):
    evidence_bundle_load(data=BUNDLE, source_name="admin-test.json")
    assert Service.objects.exists() and LogRecord.objects.exists() and Alert.objects.exists()
    pages = {
        "service": Service.objects.get().pk,
        "evidencebundle": None,
        "knowledgedocument": KnowledgeDocument.objects.get().pk,
        "logrecord": LogRecord.objects.get().pk,
        "alert": Alert.objects.get().pk,
        "metricseries": MetricSeries.objects.get().pk,
    }
    for model, pk in pages.items():
        listing = reviewer_client.get(reverse(f"admin:diagnosis_{model}_changelist"), {"q": "payment"})
        assert listing.status_code == 200, model
        if pk is not None:
            assert reviewer_client.get(reverse(f"admin:diagnosis_{model}_change", args=[pk])).status_code == 200, model
    html = reviewer_client.get(reverse("admin:diagnosis_logrecord_changelist")).content.decode()
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;" in html
