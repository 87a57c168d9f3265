"""A re-sent group notification returns the run it started and starts no second one — also when
the copies arrive at the same moment."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from rest_framework.test import APIClient

from diagnosis.alerts.models import AlertGroupRun
from diagnosis.models import DiagnosisRun
from tests.alerts.conftest import post, variant

pytestmark = pytest.mark.django_db


def test_a_resent_notification_returns_200_with_the_same_run(client, token, firing):
    first = post(client, firing, token)
    again = post(client, firing, token)
    assert first.status_code == 201 and again.status_code == 200
    assert again.json()["result"] == "deduplicated"
    assert again.json()["run_id"] == first.json()["run_id"]
    assert DiagnosisRun.objects.count() == 1
    group = AlertGroupRun.objects.get()
    assert group.notifications == 2 and group.last_received_at > group.first_received_at


def test_a_notification_after_the_window_starts_a_new_run(client, token, firing, settings):
    settings.ALERT_DEDUP_WINDOW_S = 60
    post(client, firing, token)
    AlertGroupRun.objects.update(first_received_at=AlertGroupRun.objects.get().first_received_at - timedelta(seconds=61))
    again = post(client, firing, token)
    assert again.status_code == 201 and again.json()["result"] == "started"
    assert DiagnosisRun.objects.count() == 2


def test_a_new_alert_joining_the_group_starts_a_new_run(client, token, firing):
    post(client, firing, token)
    grown = variant(firing)
    grown["alerts"] = [*firing["alerts"], {**firing["alerts"][0], "fingerprint": "ffff000011112222", "labels": {**firing["alerts"][0]["labels"], "instance": "pay-2"}}]
    assert post(client, grown, token).json()["result"] == "started"
    assert DiagnosisRun.objects.count() == 2


def test_a_group_that_shrank_is_still_the_same_incident(client, token, firing):
    two = variant(firing)
    second = {**firing["alerts"][0], "fingerprint": "ffff000011112222"}
    two["alerts"] = [*firing["alerts"], second]
    run_id = post(client, two, token).json()["run_id"]
    shrunk = variant(firing)
    shrunk["alerts"] = [firing["alerts"][0], {**second, "status": "resolved", "endsAt": "2026-11-28T02:20:00Z"}]
    response = post(client, shrunk, token)
    assert response.json()["run_id"] == run_id
    assert response.json()["result"] == "deduplicated"
    group = AlertGroupRun.objects.get()
    assert group.resolved_fingerprints == ["ffff000011112222"] and group.status == AlertGroupRun.Status.FIRING


def test_the_same_fingerprints_in_another_group_are_another_run(client, token, firing):
    post(client, firing, token)
    other = variant(firing, groupKey='{}:{alertname="HighErrorRate"}')
    assert post(client, other, token).json()["result"] == "started"


def test_another_receiver_sending_the_same_group_gets_its_own_run(client, token, firing):
    from diagnosis.alerts.services import alert_receiver_create

    _, other_token = alert_receiver_create(name="staging-am")
    first = post(client, firing, token).json()["run_id"]
    second = post(client, firing, other_token).json()["run_id"]
    assert first != second


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_concurrent_copies_of_one_notification_start_exactly_one_run(receiver, token, firing):
    copies = 6
    barrier = threading.Barrier(copies)
    results: list[tuple[int, dict]] = []
    errors: list[BaseException] = []

    def send() -> None:
        try:
            barrier.wait(timeout=30)
            response = post(APIClient(), firing, token)
            results.append((response.status_code, response.json()))
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(copies)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors
    assert sorted(code for code, _ in results) == [200] * (copies - 1) + [201]
    assert len({body["run_id"] for _, body in results}) == 1
    assert DiagnosisRun.objects.count() == 1 and AlertGroupRun.objects.count() == 1
    assert AlertGroupRun.objects.get().notifications == copies
