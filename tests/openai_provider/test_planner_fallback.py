"""The planner degrades instead of failing (issue 15 item 4): a model planner that still gives no
usable plan after its re-ask is replaced by the deterministic offline planner's plan and the run
goes on (``plan_source: offline_fallback`` in the audit and the admin); verification is unchanged.
``PLANNER_FALLBACK=none`` keeps the ``planner_failed`` route; a non-retryable failure is never
degraded (the next model call would fail the same way)."""

from __future__ import annotations

import json
from datetime import datetime

import pytest
from django.urls import reverse

from contracts import reasons as R
from contracts.plan import PlannerRequest, ServiceInfo
from contracts.reading import Reading
from diagnosis.agents.offline.agents import OfflinePlanner
from diagnosis.graph.nodes.planner import PLAN_SOURCE_OFFLINE_FALLBACK, PLAN_SOURCE_PROVIDER
from diagnosis.models import ToolInvocation
from diagnosis.reading.conversation import resolve
from tests.fake_llm.server import Reply
from tests.openai_provider.graph_helpers import (
    ask,
    assert_completed_in_chinese,
    assert_wire_contract,
    verifier_evaluation,
)
from tests.openai_provider.scripts import (
    composer_reply,
    executor_final,
    plan_reply,
    standard_tool_calls,
    verdict_reply,
)

pytestmark = pytest.mark.django_db

PASS_CHECKS = [("c1", "direct_observation"), ("c2", "direct_observation")]
ANSWER = "10:05:12 起 payment-service 数据库连接池耗尽。"
NOT_A_PLAN = Reply(content="我先想一想……")
CUT_PLAN = Reply(content='{"mode": "NORMAL", "goal": "定位', finish_reason="length")


def read(sent: dict) -> Reading:
    """The question of the request the model got, read as the planner node reads it."""
    services = [ServiceInfo.model_validate(s) for s in sent["services"]]
    now = datetime.fromisoformat(sent["now"])
    return resolve(question=sent["question"], now=now, tz=sent["timezone"], services=services, context=None)


@pytest.fixture
def graph(openai_settings, fake_llm, incident):
    return fake_llm


def script_after_planner(server):
    server.script("executor", standard_tool_calls(), executor_final())
    server.script("verifier", verdict_reply("PASS", PASS_CHECKS))
    server.script("composer", composer_reply(ANSWER))


def test_a_planner_failing_its_re_ask_degrades_to_the_offline_plan_and_the_run_is_verified(graph, api_user):
    graph.script("planner", NOT_A_PLAN, CUT_PLAN)
    script_after_planner(graph)
    run = ask(api_user)

    assert_completed_in_chinese(run, outcome="pass")  # verified exactly as with a model plan
    assert graph.roles() == ["planner", "planner", "executor", "executor", "verifier", "composer"]
    evaluation = verifier_evaluation(run)
    assert evaluation["plan_source"] == PLAN_SOURCE_OFFLINE_FALLBACK
    assert evaluation["planner_failure"] == "llm_truncated"
    assert evaluation["round_history"] == [] and evaluation["failure_reason"] is None
    # The executor was handed the offline planner's plan for the very request the model got.
    sent = json.loads(graph.requests_for("planner")[0].user_message())
    request = PlannerRequest.model_validate({**sent, "reading": read(sent)})
    expected = OfflinePlanner().plan(request, None)  # type: ignore[arg-type]
    executor_plan = json.loads(graph.requests_for("executor")[0].user_message())["plan"]
    assert executor_plan == expected.model_dump(mode="json") and executor_plan["steps"]
    assert ToolInvocation.objects.filter(run=run).count() == 2
    assert_wire_contract(graph)


def test_plan_source_is_shown_in_the_admin(graph, api_user, client, reviewer):
    graph.script("planner", NOT_A_PLAN, NOT_A_PLAN)
    script_after_planner(graph)
    run = ask(api_user)
    client.force_login(reviewer)
    html = client.get(reverse("admin:diagnosis_diagnosisrun_change", args=[run.pk])).content.decode()
    assert "plan_source" in html and PLAN_SOURCE_OFFLINE_FALLBACK in html
    assert "planner_failure" in html and "planner_invalid_output" in html


def test_a_model_plan_is_recorded_as_the_providers(graph, api_user):
    graph.script("planner", plan_reply())
    script_after_planner(graph)
    run = ask(api_user)
    assert_completed_in_chinese(run, outcome="pass")
    assert verifier_evaluation(run)["plan_source"] == PLAN_SOURCE_PROVIDER
    assert verifier_evaluation(run)["planner_failure"] is None


def test_planner_fallback_none_keeps_the_planner_failed_route(graph, api_user, openai_settings):
    openai_settings.PLANNER_FALLBACK = "none"
    graph.script("planner", NOT_A_PLAN, Reply(content="", finish_reason="stop"))
    run = ask(api_user)
    assert_completed_in_chinese(run, outcome="fallback", fallback_reason=R.PLANNER_FAILED)
    assert graph.roles() == ["planner", "planner"]
    assert verifier_evaluation(run)["plan_source"] is None
    assert ToolInvocation.objects.filter(run=run).count() == 0


def test_a_non_retryable_planner_failure_is_not_degraded(graph, api_user, openai_settings):
    openai_settings.LLM_MAX_RETRIES = 1
    graph.script("planner", *[Reply(status=500, headers={"Retry-After": "0"})] * 2)
    run = ask(api_user)
    assert_completed_in_chinese(run, outcome="fallback", fallback_reason=R.PLANNER_FAILED)
    assert graph.roles() == ["planner", "planner"]  # the client's two attempts; no executor request
    assert verifier_evaluation(run)["plan_source"] is None
