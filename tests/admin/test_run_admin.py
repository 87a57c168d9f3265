"""The admin audit console: reviewers read runs as tables; audit records are read-only."""

from __future__ import annotations

import pytest
from django.urls import reverse

from diagnosis.models import DiagnosisRun, OrchestrationEvent, ToolInvocation
from tests.admin.example_run import C1_MATCH, C1_TEXT, C2_MATCH, HOSTILE, make_example_run
from tests.factories import make_run

pytestmark = pytest.mark.django_db

ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"


@pytest.fixture
def reviewer_client(client, reviewer):
    client.force_login(reviewer)
    return client


def test_run_list_renders_columns_and_every_filter(reviewer_client, api_user):
    make_example_run(api_user)
    fallback = make_run(api_user, question="订单服务为什么慢？")
    DiagnosisRun.objects.filter(pk=fallback.pk).update(
        status="completed", outcome="fallback", fallback_reason="gatekeeper_reject", gatekeeper_severity="reject"
    )
    response = reviewer_client.get(reverse("admin:diagnosis_diagnosisrun_changelist"))
    assert response.status_code == 200
    html = response.content.decode()
    for column in ("问题", "结果", "判定", "守门严重度", "补充取证", "模型提供方", "所有者", "创建时间"):
        assert column.lower() in html.lower(), column
    for parameter in ("outcome__exact", "verdict__exact", "gatekeeper_severity__exact", "fallback_reason=", "provider=offline", "status__exact"):
        assert parameter in html, parameter
    assert "gatekeeper_reject" in html and "证据守门拒绝" in html  # the fallback-reason filter, in Chinese


def test_fallback_reason_filter_and_question_search(reviewer_client, api_user):
    passing = make_example_run(api_user)
    fallback = make_run(api_user, question="订单服务为什么慢？")
    DiagnosisRun.objects.filter(pk=fallback.pk).update(outcome="fallback", fallback_reason="gatekeeper_reject")
    url = reverse("admin:diagnosis_diagnosisrun_changelist")

    html = reviewer_client.get(url, {"fallback_reason": "gatekeeper_reject"}).content.decode()
    assert "订单服务为什么慢" in html and "payment-service 10:05" not in html

    html = reviewer_client.get(url, {"fallback_reason": "__none__"}).content.decode()
    assert "payment-service 10:05" in html and "订单服务为什么慢" not in html

    html = reviewer_client.get(url, {"q": "订单"}).content.decode()
    assert "订单服务为什么慢" in html and str(passing.pk) not in html


def test_run_page_renders_claim_checks_and_gatekeeper_tables(reviewer_client, api_user):
    run = make_example_run(api_user)
    response = reviewer_client.get(reverse("admin:diagnosis_diagnosisrun_change", args=[run.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    # claim checks: claim, classification, critical, detail, evidence refs
    assert 'id="audit-claim-checks"' in html
    assert C1_TEXT in html and "direct_observation" in html and "时间、连接池数值与超时均逐字出现在证据中" in html
    assert "inv_1 query_logs /records/0" in html
    # gatekeeper checked bindings: pass/fail, failed rules, matched text
    assert 'id="audit-gatekeeper"' in html
    assert "✔ 通过" in html and "✘ 未通过" in html and "evidence.invocation_ref" in html
    assert C1_MATCH in html and C2_MATCH in html
    # the other sections
    for section in ("audit-verified-evidence", "audit-facts", "audit-gaps", "audit-prompts", "audit-invocations", "audit-events", "audit-raw"):
        assert f'id="{section}"' in html, section
    assert "catalog-2026.11" in html and "composer" in html
    assert "知识库暂不可用" in html and "输出已截断" in html  # tool error and truncation flag
    # raw JSON pretty-printed with Chinese intact, inside a collapsible <details>
    assert "<details" in html and "&quot;verifier_status&quot;: &quot;completed&quot;" in html
    assert "两条关键事实均有直接证据" in html and "\\u" not in html.split('id="audit-raw"')[1]


def test_hostile_model_and_tool_text_is_escaped_everywhere_in_the_admin(reviewer_client, api_user):
    run = make_example_run(api_user, hostile=True)
    inv = run.tool_invocations.get(invocation_id="inv_1")
    event = run.events.first()
    pages = [
        reverse("admin:diagnosis_diagnosisrun_changelist"),
        reverse("admin:diagnosis_diagnosisrun_change", args=[run.pk]),
        reverse("admin:diagnosis_toolinvocation_change", args=[inv.pk]),
        reverse("admin:diagnosis_orchestrationevent_change", args=[event.pk]),
        reverse("admin:diagnosis_diagnosissession_change", args=[run.session_id]),
    ]
    for url in pages:
        html = reviewer_client.get(url).content.decode()
        assert HOSTILE not in html, url
        assert ESCAPED in html or "&lt;script&gt;" in html, url


def test_audit_records_are_read_only(reviewer_client, api_user):
    run = make_example_run(api_user)
    inv = run.tool_invocations.first()
    assert reviewer_client.get(reverse("admin:diagnosis_diagnosisrun_add")).status_code == 403
    assert reviewer_client.get(reverse("admin:diagnosis_toolinvocation_add")).status_code == 403
    assert reviewer_client.get(reverse("admin:diagnosis_orchestrationevent_add")).status_code == 403
    assert reviewer_client.get(reverse("admin:diagnosis_diagnosisrun_delete", args=[run.pk])).status_code == 403
    assert reviewer_client.get(reverse("admin:diagnosis_toolinvocation_delete", args=[inv.pk])).status_code == 403

    # A POST to the change page changes nothing (view-only).
    response = reviewer_client.post(
        reverse("admin:diagnosis_diagnosisrun_change", args=[run.pk]), {"question": "篡改", "outcome": "reject"}
    )
    assert response.status_code == 403
    run.refresh_from_db()
    assert run.outcome == "pass" and run.question.startswith("payment-service")

    html = reviewer_client.get(reverse("admin:diagnosis_diagnosisrun_change", args=[run.pk])).content.decode()
    assert 'name="_save"' not in html
    changelist = reviewer_client.get(reverse("admin:diagnosis_diagnosisrun_changelist")).content.decode()
    assert "delete_selected" not in changelist
    assert DiagnosisRun.objects.count() == 1 and ToolInvocation.objects.count() == 3 and OrchestrationEvent.objects.count() == 11


def test_non_staff_users_cannot_open_the_console(client, api_user):
    run = make_example_run(api_user)
    client.force_login(api_user)
    response = client.get(reverse("admin:diagnosis_diagnosisrun_change", args=[run.pk]))
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_run_page_for_an_unfinished_run_without_self_evaluation(reviewer_client, api_user):
    run = make_run(api_user)
    response = reviewer_client.get(reverse("admin:diagnosis_diagnosisrun_change", args=[run.pk]))
    assert response.status_code == 200
    assert "没有声明核查" in response.content.decode()


def test_malformed_self_evaluation_renders_without_crashing(reviewer_client, api_user):
    run = make_run(api_user)
    DiagnosisRun.objects.filter(pk=run.pk).update(
        self_evaluation={"verifier_evaluation": {"claim_checks": ["x", {"claim_id": 3, "evidence_refs": "bad"}],
                                                 "gatekeeper_result": {"checked_bindings": "nope"}}}
    )
    response = reviewer_client.get(reverse("admin:diagnosis_diagnosisrun_change", args=[run.pk]))
    assert response.status_code == 200
