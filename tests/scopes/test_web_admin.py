"""The web UI's scope picker (escaped names, the default preselected, a new session bound to the
picked scope, a continued session keeping its own) and the admin's scope filters."""

from __future__ import annotations

import pytest
from django.urls import reverse

from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import DiagnosisRun
from tests.factories import make_session
from tests.scopes.worlds import ALPHA, BETA, alpha_bundle, load_both

pytestmark = pytest.mark.django_db
HOSTILE = '<img src=x onerror="alert(1)">'
QUESTION = "payment-service 10:05 开始大量 500，原因是什么？"


@pytest.fixture
def staff_client(client, staff):
    client.force_login(staff)
    return client


def test_the_ask_form_offers_every_scope_escaped_with_the_default_selected(staff_client):
    load_both()
    evidence_bundle_load(data=alpha_bundle(), scope=HOSTILE)  # now the most recently loaded
    html = staff_client.get(reverse("web:home")).content.decode()
    assert '<select id="id_scope" name="scope"' in html
    assert HOSTILE not in html
    assert 'value="&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" selected' in html
    assert f'<option value="{ALPHA}" >' in html and f'<option value="{BETA}" >' in html


def test_asking_without_javascript_binds_the_new_session_to_the_picked_scope(staff_client, staff):
    load_both()
    response = staff_client.post(reverse("web:ask"), {"question": QUESTION, "scope": ALPHA})
    run = DiagnosisRun.objects.get(owner=staff)
    assert response.status_code == 302 and run.session.scope.name == ALPHA
    assert "HikariPool" in run.final_answer
    page = staff_client.get(reverse("web:session-detail", args=[run.session_id])).content.decode()
    assert f'<span class="scope" id="session-scope">{ALPHA}</span>' in page


def test_a_continued_session_keeps_its_scope_whatever_the_picker_says(staff_client, staff):
    alpha, _ = load_both()
    session = make_session(staff, scope=alpha)
    staff_client.post(reverse("web:ask"), {"question": QUESTION, "session_id": str(session.pk), "scope": BETA})
    assert DiagnosisRun.objects.get(owner=staff).session.scope == alpha


def test_an_unknown_scope_is_shown_as_a_chinese_error(staff_client):
    load_both()
    response = staff_client.post(reverse("web:ask"), {"question": QUESTION, "scope": "nowhere"})
    assert response.status_code == 400
    assert "证据范围不存在：nowhere" in response.content.decode()
    assert not DiagnosisRun.objects.exists()


@pytest.mark.parametrize(
    "model", ["diagnosisrun", "diagnosissession", "logrecord", "alert", "metricseries", "knowledgedocument",
              "service", "evidencebundle", "evidencescope"],
)  # fmt: skip
def test_admin_lists_filter_by_scope(client, reviewer, admin_user, model):
    alpha, beta = load_both()
    make_session(admin_user, scope=alpha)
    client.force_login(admin_user)
    url = reverse(f"admin:diagnosis_{model}_changelist")
    assert client.get(url).status_code == 200
    if model == "evidencescope":
        return
    field = "session__scope__id__exact" if model == "diagnosisrun" else "scope__id__exact"
    filtered = client.get(url, {field: beta.pk})
    assert filtered.status_code == 200  # an unknown lookup would redirect to ?e=1
    if model in ("logrecord", "service"):
        body = filtered.content.decode()
        expected = "JedisConnectionException" if model == "logrecord" else "支付（支付事故 B）"
        assert expected in body and ("HikariPool" not in body if model == "logrecord" else "支付（支付事故 A）" not in body)
