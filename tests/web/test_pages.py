"""The staff web UI: login, the ask page, the answer page beside its evidence, run history."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from diagnosis.models import DiagnosisRun
from tests.admin.example_run import (
    ANSWER,
    C1_MATCH,
    C1_TEXT,
    C2_TEXT,
    GAP,
    HOSTILE,
    HYPOTHESIS,
    make_example_run,
)
from tests.factories import make_run, make_session
from tests.personas import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client, staff):
    client.force_login(staff)
    return client


@pytest.mark.parametrize("name", ["web:home", "web:session-list"])
def test_pages_require_login(client, name):
    response = client.get(reverse(name))
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/?next=")


def test_login_and_logout_pages_are_chinese(client, staff):
    html = client.get("/accounts/login/").content.decode()
    assert "登录" in html and "用户名" in html and "密码" in html
    response = client.post("/accounts/login/", {"username": "staff", "password": "wrong"})
    assert "用户名或密码不正确" in response.content.decode()
    response = client.post("/accounts/login/", {"username": "staff", "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/"
    response = client.post("/accounts/logout/")
    assert response.status_code == 302 and response["Location"] == "/accounts/login/"


def test_home_has_the_ask_form_wired_to_the_stream(staff_client, staff):
    session = make_session(staff, title="支付故障排查")
    html = staff_client.get(reverse("web:home"), {"session": str(session.pk)}).content.decode()
    assert 'id="ask-form"' in html and 'data-stream-url="/api/chat/stream"' in html
    assert "csrfmiddlewaretoken" in html and "js/chat.js" in html and "css/superbiz.css" in html
    assert f'value="{session.pk}" selected' in html and "支付故障排查" in html


def test_answer_page_shows_answer_badge_statements_evidence_and_invocations(staff_client, staff):
    run = make_example_run(staff)
    response = staff_client.get(reverse("web:run-detail", args=[run.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert ANSWER.splitlines()[1] in html  # the Chinese answer, line breaks preserved (pre-wrap)
    assert 'class="badge badge-pass"' in html and ">PASS<" in html
    # each confirmed statement beside its verified excerpt and a link to the tool call it came from
    assert C1_TEXT in html and C2_TEXT in html and C1_MATCH in html
    assert 'href="#call-1"' in html and 'id="call-1"' in html and "第 1 次调用 · 日志查询" in html
    assert "直接观察" in html
    # gaps and possible directions, tool calls (tool and status in Chinese)
    assert GAP in html and HYPOTHESIS in html
    assert "处理手册检索" in html and "知识库暂不可用" in html
    # staff without admin permissions get no dead links into the audit console
    assert reverse("admin:diagnosis_diagnosisrun_change", args=[run.pk]) not in html


def test_reviewers_get_links_into_the_audit_console(client, reviewer):
    run = make_example_run(reviewer)
    client.force_login(reviewer)
    html = client.get(reverse("web:run-detail", args=[run.pk])).content.decode()
    assert reverse("admin:diagnosis_diagnosisrun_change", args=[run.pk]) in html  # ids and paths are there


@pytest.mark.parametrize(
    ("outcome", "verdict", "css", "label"),
    [("low_confid", "LOW_CONFID", "low", "LOW_CONFID"), ("reject", "REJECT", "reject", "REJECT"), ("fallback", "", "fallback", "兜底")],
)
def test_verdict_badges(staff_client, staff, outcome, verdict, css, label):
    run = make_run(staff)
    DiagnosisRun.objects.filter(pk=run.pk).update(status="completed", outcome=outcome, verdict=verdict, final_answer="回答")
    html = staff_client.get(reverse("web:run-detail", args=[run.pk])).content.decode()
    assert f'class="badge badge-{css}"' in html and f">{label}<" in html


def test_hostile_text_is_escaped_on_the_answer_and_session_pages(staff_client, staff):
    run = make_example_run(staff, hostile=True)
    for url in (reverse("web:run-detail", args=[run.pk]), reverse("web:session-detail", args=[run.session_id]), reverse("web:session-list"), reverse("web:home")):
        html = staff_client.get(url).content.decode()
        assert HOSTILE not in html, url
    html = staff_client.get(reverse("web:run-detail", args=[run.pk])).content.decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_users_cannot_open_other_users_runs_or_sessions(client, api_user, outsider):
    run = make_example_run(api_user)
    client.force_login(outsider)
    assert client.get(reverse("web:run-detail", args=[run.pk])).status_code == 404
    assert client.get(reverse("web:session-detail", args=[run.session_id])).status_code == 404
    assert client.get(reverse("web:run-detail", args=[uuid.uuid4()])).status_code == 404


def test_staff_may_open_a_colleagues_run_but_lists_show_their_own(staff_client, api_user, staff):
    theirs = make_example_run(api_user)
    mine = make_run(staff, question="我自己的问题")
    assert staff_client.get(reverse("web:run-detail", args=[theirs.pk])).status_code == 200
    html = staff_client.get(reverse("web:session-list")).content.decode()
    assert str(mine.session_id) in html and str(theirs.session_id) not in html
    # a colleague's session is readable but not continued from here
    html = staff_client.get(reverse("web:session-detail", args=[theirs.session_id])).content.decode()
    assert 'id="ask-form"' not in html


def test_session_page_lists_its_run_history(staff_client, staff):
    session = make_session(staff, title="支付故障")
    first = make_run(staff, session=session, question="第一个问题")
    second = make_run(staff, session=session, question="第二个问题")
    html = staff_client.get(reverse("web:session-detail", args=[session.pk])).content.decode()
    assert html.index("第一个问题") < html.index("第二个问题")
    assert reverse("web:run-detail", args=[first.pk]) in html and reverse("web:run-detail", args=[second.pk]) in html
    assert 'id="ask-form"' in html


def test_ask_without_javascript_runs_and_redirects_to_the_answer(staff_client, staff):
    response = staff_client.post(reverse("web:ask"), {"question": "payment-service 为什么报 500？"})
    run = DiagnosisRun.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("web:run-detail", args=[run.pk])
    assert run.owner == staff and run.status == "completed"


def test_ask_without_javascript_shows_validation_errors(staff_client):
    response = staff_client.post(reverse("web:ask"), {"question": "  "})
    assert response.status_code == 400
    assert "问题不能为空" in response.content.decode()
    assert not DiagnosisRun.objects.exists()
