"""A firing group becomes one alert-started run that the offline provider answers on the demo."""

from __future__ import annotations

import pytest

from diagnosis.alerts.models import AlertGroupRun
from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import DiagnosisRun, DiagnosisSession
from tests.alerts.conftest import payload, post
from tests.offline.running import confirmed_lines

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(db):
    evidence_bundle_load(data=DEMO_BUNDLE_PATH.read_bytes(), source_name="demo_bundle.json")


def test_a_firing_group_is_asked_in_chinese_and_answered_from_the_demo_evidence(client, token, demo, firing):
    response = post(client, firing, token)
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["result"] == "started"
    run = DiagnosisRun.objects.get(pk=body["run_id"])
    assert run.question == (
        "payment-service 的告警 HighErrorRate 于 2026-11-28 10:06 开始触发"
        "（告警摘要：「5xx 比例超过 5%，当前 12.5%（POST /api/pay）」），原因是什么？"
    )
    assert run.status == DiagnosisRun.Status.COMPLETED
    assert run.outcome in (DiagnosisRun.Outcome.PASS, DiagnosisRun.Outcome.LOW_CONFID), run.final_answer
    confirmed = "\n".join(confirmed_lines(run.final_answer))
    assert "payment-service" in confirmed, run.final_answer
    assert body["verdict"] == run.verdict and body["links"]["run"].endswith(f"/api/runs/{run.pk}")


def test_the_run_and_its_session_are_marked_alert_started(client, token, receiver, demo, firing):
    run_id = post(client, firing, token).json()["run_id"]
    run = DiagnosisRun.objects.select_related("session").get(pk=run_id)
    assert run.session.origin == DiagnosisSession.Origin.ALERT
    assert run.session.owner == receiver[0].service_account
    group = AlertGroupRun.objects.get(run=run)
    assert group.alert_name == "HighErrorRate" and group.service == "payment-service"
    assert group.fingerprints == ["6a8b3c2d1e0f4a5b"] and group.status == AlertGroupRun.Status.FIRING
    assert group.payload["groupKey"] == firing["groupKey"]


def test_a_group_of_several_alerts_with_a_job_label_is_one_run_about_that_service(client, token, demo):
    response = post(client, payload("firing_pool_group"), token)
    assert response.status_code == 201
    run = DiagnosisRun.objects.get()
    assert run.question.startswith("payment-service 的告警 DBConnectionPoolHighUsage、DBConnectionPoolExhausted 等 2 条告警 于 2026-11-28 10:03 开始触发")
    assert "「payment-service HikariPool-1 活跃连接 46/50 超过 90%」" in run.question
    assert run.outcome in (DiagnosisRun.Outcome.PASS, DiagnosisRun.Outcome.LOW_CONFID), run.final_answer


def test_a_user_question_session_stays_user_origin(api_user):
    from diagnosis.services.runs import diagnosis_run_create

    run = diagnosis_run_create(owner=api_user, question="payment-service 为什么报错？")
    assert run.session.origin == DiagnosisSession.Origin.USER
