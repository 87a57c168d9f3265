"""A resolved notification is recorded on the run its group started, and starts nothing."""

from __future__ import annotations

import pytest

from diagnosis.alerts.models import AlertGroupRun
from diagnosis.models import DiagnosisRun
from tests.alerts.conftest import post, variant

pytestmark = pytest.mark.django_db


def test_a_resolved_notification_is_recorded_on_the_groups_run(client, token, firing, resolved):
    run_id = post(client, firing, token).json()["run_id"]
    response = post(client, resolved, token)
    assert response.status_code == 200
    assert response.json()["result"] == "resolved" and response.json()["run_id"] == run_id
    group = AlertGroupRun.objects.get()
    assert group.status == AlertGroupRun.Status.RESOLVED and group.resolved_at is not None
    assert group.resolved_fingerprints == ["6a8b3c2d1e0f4a5b"]
    assert DiagnosisRun.objects.count() == 1


def test_a_resolved_notification_of_an_unknown_group_starts_nothing(client, token, resolved):
    response = post(client, resolved, token)
    assert response.status_code == 200
    assert response.json()["result"] == "resolved_unknown"
    assert response.json()["run_id"] is None
    assert not DiagnosisRun.objects.exists() and not AlertGroupRun.objects.exists()


def test_after_resolution_the_group_firing_again_is_a_new_run(client, token, firing, resolved):
    first = post(client, firing, token).json()["run_id"]
    post(client, resolved, token)
    again = post(client, firing, token).json()
    assert again["result"] == "started" and again["run_id"] != first


def test_a_partly_resolved_group_records_only_the_resolved_fingerprints(client, token, firing):
    two = variant(firing)
    second = {**firing["alerts"][0], "fingerprint": "ffff000011112222"}
    two["alerts"] = [*firing["alerts"], second]
    post(client, two, token)
    half = variant(firing, status="resolved")
    half["alerts"] = [{**second, "status": "resolved"}]
    assert post(client, half, token).json()["result"] == "resolved"
    group = AlertGroupRun.objects.get()
    assert group.resolved_fingerprints == ["ffff000011112222"]
    assert group.status == AlertGroupRun.Status.FIRING and group.resolved_at is None
