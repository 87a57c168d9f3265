"""Every enum value the API returns has its Chinese label beside it in a ``*_display`` field, from
the one label table the web UI and the admin use (issue 27 item 5)."""

from __future__ import annotations

import pytest

from diagnosis import vocabulary as V
from diagnosis.models import DiagnosisRun
from tests.admin.example_run import make_example_run
from tests.factories import make_run

pytestmark = pytest.mark.django_db


def test_a_run_says_its_status_outcome_verdict_and_severity_in_chinese(as_api_user, api_user):
    run = make_example_run(api_user)
    body = as_api_user.get(f"/api/runs/{run.pk}").json()
    assert (body["status"], body["status_display"]) == ("completed", V.RUN_STATUS["completed"])
    assert (body["outcome"], body["outcome_display"]) == ("pass", "通过")
    assert (body["verdict"], body["verdict_display"]) == ("PASS", V.VERDICT["PASS"])
    assert (body["gatekeeper_severity"], body["gatekeeper_severity_display"]) == ("none", V.GATEKEEPER_SEVERITY["none"])
    assert body["fallback_reason_display"] is None
    invocations = {inv["invocation_id"]: inv for inv in body["tool_invocations"]}
    assert invocations["inv_1"]["status_display"] == "成功" and invocations["inv_3"]["status_display"] == "失败"
    assert invocations["inv_1"]["tool_display"] == V.TOOL["query_logs"]
    assert all(event["label"] for event in body["events"])
    assert body["events"][0]["label"] == "规划取证 · 开始"


def test_a_fallback_run_says_why_in_chinese_and_has_no_verdict_label(as_api_user, api_user):
    run = make_run(api_user)
    DiagnosisRun.objects.filter(pk=run.pk).update(status="completed", outcome="fallback", fallback_reason="gatekeeper_reject")
    body = as_api_user.get(f"/api/runs/{run.pk}").json()
    assert (body["outcome_display"], body["verdict"], body["verdict_display"]) == ("兜底", None, None)
    assert body["fallback_reason_display"] == V.FALLBACK_REASON["gatekeeper_reject"]


def test_lists_and_the_chat_answer_carry_the_labels_too(as_api_user, api_user):
    make_example_run(api_user)
    listed = as_api_user.get("/api/runs").json()["results"][0]
    assert (listed["status_display"], listed["outcome_display"], listed["verdict_display"]) == ("已完成", "通过", "通过")
    answer = as_api_user.post("/api/chat", {"question": "payment-service 为什么 500？"}, format="json").json()
    assert answer["status_display"] == V.RUN_STATUS[answer["status"]]
    scope = as_api_user.get("/api/scopes").json()
    rows = scope["results"] if isinstance(scope, dict) else scope
    assert all(row["kind_display"] == V.SCOPE_KIND[row["kind"]] for row in rows)
