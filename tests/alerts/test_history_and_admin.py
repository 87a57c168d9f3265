"""Alert-started runs appear, marked 告警触发, in the web history for staff and in the admin; a
normal user still sees only their own sessions and runs."""

from __future__ import annotations

import pytest
from django.urls import reverse

from diagnosis.alerts.models import AlertGroupRun
from diagnosis.models import DiagnosisRun, DiagnosisSession
from tests.alerts.conftest import post
from tests.factories import make_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def alert_run(client, token, firing):
    return DiagnosisRun.objects.get(pk=post(client, firing, token).json()["run_id"])


def test_staff_see_the_alert_started_session_in_their_history_with_the_badge(client, staff, alert_run):
    own = make_session(staff, title="我自己的会话")
    client.force_login(staff)
    html = client.get(reverse("web:session-list")).content.decode()
    assert alert_run.session.title in html and own.title in html
    assert html.count('class="badge badge-alert"') == 1
    detail = client.get(reverse("web:session-detail", args=[alert_run.session_id])).content.decode()
    assert "告警触发" in detail and alert_run.question in detail
    run_page = client.get(reverse("web:run-detail", args=[alert_run.pk]))
    assert run_page.status_code == 200 and "告警触发" in run_page.content.decode()


def test_a_normal_user_does_not_see_alert_started_runs(client, api_user, alert_run):
    client.force_login(api_user)
    assert alert_run.session.title not in client.get(reverse("web:session-list")).content.decode()
    assert client.get(reverse("web:session-detail", args=[alert_run.session_id])).status_code == 404
    assert client.get(reverse("web:run-detail", args=[alert_run.pk])).status_code == 404


def test_the_api_keeps_its_ownership_rules_for_alert_runs(api_user, staff, alert_run):
    from rest_framework.test import APIClient

    user = APIClient()
    user.force_authenticate(api_user)
    assert user.get(f"/api/runs/{alert_run.pk}").status_code == 404
    staff_client = APIClient()
    staff_client.force_authenticate(staff)
    assert staff_client.get(f"/api/runs/{alert_run.pk}").status_code == 200


def test_the_admin_filters_runs_by_origin_and_shows_the_alert_record(client, reviewer, staff, alert_run):
    make_session(staff)
    client.force_login(reviewer)
    listing = client.get(reverse("admin:diagnosis_diagnosisrun_changelist"), {"session__origin__exact": "alert"})
    assert listing.status_code == 200
    assert listing.context["cl"].result_count == 1
    page = client.get(reverse("admin:diagnosis_diagnosisrun_change", args=[alert_run.pk])).content.decode()
    assert "触发该运行的告警" in page and "HighErrorRate" in page and "6a8b3c2d1e0f4a5b" in page
    sessions = client.get(reverse("admin:diagnosis_diagnosissession_changelist"), {"origin__exact": "alert"})
    assert sessions.context["cl"].result_count == 1
    record = client.get(reverse("admin:diagnosis_alertgrouprun_change", args=[AlertGroupRun.objects.get().pk]))
    assert record.status_code == 200


def test_the_receiver_admin_never_shows_the_token_digest(client, reviewer, receiver):
    client.force_login(reviewer)
    page = client.get(reverse("admin:diagnosis_alertreceiver_change", args=[receiver[0].pk])).content.decode()
    assert receiver[0].token_hash not in page and receiver[1] not in page
    assert client.get(reverse("admin:diagnosis_alertreceiver_add")).status_code == 403


def test_the_session_origin_vocabulary_has_one_home():
    assert DiagnosisSession.Origin.ALERT.label == "告警触发"
