"""The openai planner says what was asked (prompt 1.2.0); the graph keeps it canonical, derives it when
the model does not say, persists it, and turns an unanswered question into the gap round."""

from __future__ import annotations

import json

import pytest

from tests.openai_provider.dataset import WINDOW
from tests.openai_provider.graph_helpers import ask, assert_completed_in_chinese, verifier_evaluation
from tests.openai_provider.scripts import (
    ASKED,
    composer_reply,
    executor_final,
    plan_reply,
    standard_tool_calls,
    tool_calls_reply,
    verdict_reply,
)

pytestmark = pytest.mark.django_db

BOTH_DIRECT = [("c1", "direct_observation"), ("c2", "direct_observation")]
ANSWER = "10:05:12 起 payment-service 数据库连接池耗尽（active=50, waiting=37），获取连接 3000ms 超时。"


@pytest.fixture
def graph(openai_settings, fake_llm, incident):
    return fake_llm


def test_the_models_asked_is_persisted_with_canonical_service_names(graph, api_user):
    graph.script("planner", plan_reply(asked={**ASKED, "services": ["支付服务", "no-such-service"]}))
    graph.script("executor", standard_tool_calls(), executor_final())
    graph.script("verifier", verdict_reply("PASS", BOTH_DIRECT))
    graph.script("composer", composer_reply(ANSWER))
    run = ask(api_user)

    assert_completed_in_chinese(run, outcome="pass")
    evaluation = verifier_evaluation(run)
    assert evaluation["asked"]["services"] == ["payment-service"]
    assert evaluation["asked"]["kind"] == "cause"
    assert evaluation["coverage"]["status"] == "answered"
    assert evaluation["coverage_verdict"] == "PASS"


def test_a_plan_without_asked_gets_the_derived_one(graph, api_user):
    graph.script("planner", plan_reply(asked=None))
    graph.script("executor", standard_tool_calls(), executor_final())
    graph.script("verifier", verdict_reply("PASS", BOTH_DIRECT))
    graph.script("composer", composer_reply(ANSWER))
    run = ask(api_user)

    asked = verifier_evaluation(run)["asked"]
    assert (asked["kind"], asked["services"], asked["window"]) == ("cause", ["payment-service"], WINDOW)


def test_a_malformed_asked_does_not_cost_the_plan(graph, api_user):
    graph.script("planner", plan_reply(asked={"kind": "whatever", "services": 3}))
    graph.script("executor", standard_tool_calls(), executor_final())
    graph.script("verifier", verdict_reply("PASS", BOTH_DIRECT))
    graph.script("composer", composer_reply(ANSWER))
    run = ask(api_user)

    assert_completed_in_chinese(run, outcome="pass")
    assert verifier_evaluation(run)["asked"]["kind"] == "cause"  # derived


def test_an_unanswered_question_is_low_confid_and_its_gap_round_sees_what_was_tried(graph, api_user):
    redis = {**ASKED, "kind": "quantity", "dimension": {"metric": None, "terms": ["Redis", "连接池"]}}
    graph.script("planner", plan_reply(asked=redis))
    graph.script("executor", standard_tool_calls(), executor_final())
    graph.script("verifier", verdict_reply("PASS", BOTH_DIRECT))  # the model is content; coverage is not
    graph.script("planner", plan_reply("EVIDENCE_GAP_ONLY", [
        {"tool": "query_logs", "arguments": {"service": "payment-service", "keyword": "redis", **WINDOW}, "purpose": "Redis 连接池"},
    ], asked=None))
    graph.script("executor", tool_calls_reply(("query_logs", {"service": "payment-service", "keyword": "redis", **WINDOW})), executor_final())
    graph.script("verifier", verdict_reply("PASS", BOTH_DIRECT))
    graph.script("composer", composer_reply("10:05:12 起 payment-service 数据库连接池耗尽。"))
    run = ask(api_user, "payment-service 的 Redis 连接池用了多少？")

    assert_completed_in_chinese(run, outcome="low_confid")
    assert run.evidence_retry_count == 1
    gap_request = json.loads(graph.requests_for("planner")[1].user_message())
    coverage_gaps = [g for g in gap_request["evidence_gaps"] if g["claim_id"] is None]
    assert coverage_gaps and coverage_gaps[0]["gap"].startswith("没有找到直接回答『payment-service 的 Redis 连接池用量』的证据")
    assert [t["tool_name"] for t in gap_request["tried"]] == ["query_logs", "query_metrics"]
    assert {t["status"] for t in gap_request["tried"]} <= {"success", "no_hit", "failed", "deduped"}
    evaluation = verifier_evaluation(run)
    assert (evaluation["model_verdict"], evaluation["coverage_verdict"], evaluation["effective_verdict"]) == (
        "PASS", "LOW_CONFID", "LOW_CONFID",
    )
    assert evaluation["coverage"]["status"] == "unanswered"
