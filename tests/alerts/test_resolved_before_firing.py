"""A resolved notification that overtakes its firing copy (a retry of the firing one delivered
late, two Alertmanager replicas) no longer leaves the group's record ``firing`` forever (issue 25,
smaller items): the early resolution is remembered, and the firing copy that arrives after it —
an alert that started before that resolution ended — is recorded as already resolved. A genuinely
new firing (started after the resolution) is firing."""

from __future__ import annotations

import pytest

from diagnosis.alerts.models import AlertGroupRun
from tests.alerts.conftest import post, variant

pytestmark = pytest.mark.django_db


def test_a_firing_copy_arriving_after_its_resolution_is_recorded_resolved(client, token, firing, resolved):
    assert post(client, resolved, token).json()["result"] == "resolved_unknown"
    late = post(client, firing, token).json()
    assert late["result"] == "started"  # the incident happened: it is still diagnosed
    group = AlertGroupRun.objects.get()
    assert group.status == AlertGroupRun.Status.RESOLVED and group.resolved_at is not None
    assert group.resolved_fingerprints == ["6a8b3c2d1e0f4a5b"]


def test_a_firing_that_started_after_the_early_resolution_ended_is_firing(client, token, firing, resolved):
    post(client, resolved, token)
    refired = variant(firing)
    refired["alerts"] = [{**firing["alerts"][0], "startsAt": "2026-11-28T03:10:00Z"}]  # after endsAt 02:41:30
    assert post(client, refired, token).json()["result"] == "started"
    assert AlertGroupRun.objects.get().status == AlertGroupRun.Status.FIRING


def test_an_early_resolution_of_one_alert_leaves_the_group_firing_for_the_others(client, token, firing, resolved):
    post(client, resolved, token)
    two = variant(firing)
    two["alerts"] = [*firing["alerts"], {**firing["alerts"][0], "fingerprint": "ffff000011112222"}]
    post(client, two, token)
    group = AlertGroupRun.objects.get()
    assert group.resolved_fingerprints == ["6a8b3c2d1e0f4a5b"]
    assert group.status == AlertGroupRun.Status.FIRING


def test_an_early_resolution_of_another_group_changes_nothing(client, token, firing, resolved):
    post(client, variant(resolved, groupKey="{}:{alertname=\"Other\"}"), token)
    post(client, firing, token)
    assert AlertGroupRun.objects.get().status == AlertGroupRun.Status.FIRING
