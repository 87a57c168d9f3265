"""Every route of the graph driven through the real openai client (DESIGN §6, spec 001),
asserting on what went over the wire."""

from __future__ import annotations

import json

import pytest

from contracts import reasons as R
from diagnosis.models import ToolInvocation
from tests.fake_llm.server import Reply
from tests.openai_provider.dataset import WINDOW
from tests.openai_provider.graph_helpers import (
    ask,
    assert_completed_in_chinese,
    assert_wire_contract,
    verifier_bodies_identical,
    verifier_evaluation,
)
from tests.openai_provider.scripts import (
    claim,
    composer_reply,
    contract,
    executor_final,
    find_ref,
    plan_reply,
    pool_and_alert_contract,
    standard_tool_calls,
    tool_calls_reply,
    verdict_reply,
)

pytestmark = pytest.mark.django_db

PASS_ANSWER = "10:05:12 起 payment-service 数据库连接池耗尽（active=50, waiting=37），获取连接 3000ms 超时。"
GAP = {"claim_id": "c2", "gap": "缺少 HighErrorRate 告警的触发时间与数值", "is_critical": True,
       "suggested_tool": "query_metrics", "suggested_query": "HighErrorRate payment-service"}


@pytest.fixture
def graph(openai_settings, fake_llm, incident):
    return fake_llm


def script_round_one(server, *, final=None):
    server.script("planner", plan_reply())
    server.script("executor", standard_tool_calls(), final or executor_final())


def test_pass_route(graph, api_user):
    script_round_one(graph)
    graph.script("verifier", verdict_reply("PASS", [("c1", "direct_observation"), ("c2", "direct_observation")]))
    graph.script("composer", composer_reply(PASS_ANSWER))
    run = ask(api_user)

    assert_completed_in_chinese(run, outcome="pass")
    assert run.verdict == "PASS" and run.final_answer.splitlines()[1] == PASS_ANSWER
    assert graph.roles() == ["planner", "executor", "executor", "verifier", "composer"]
    assert_wire_contract(graph)
    evaluation = verifier_evaluation(run)
    assert evaluation["composer_output"]["source"] == "model"
    assert {e["claim_id"] for e in evaluation["verified_evidence"]} == {"c1", "c2"}
    assert run.token_usage["executor"]["calls"] == 2 and run.prompt_tokens == 5 * 11
    assert ToolInvocation.objects.filter(run=run).count() == 2


def test_low_confid_without_evidence_retry(graph, api_user):
    script_round_one(graph)
    graph.script("verifier", verdict_reply("LOW_CONFID", [("c1", "direct_observation"), ("c2", "unsupported")]))
    graph.script("composer", composer_reply("10:05:12 起 payment-service 数据库连接池耗尽。"))
    run = ask(api_user)

    assert_completed_in_chinese(run, outcome="low_confid")
    assert run.evidence_retry_count == 0
    assert graph.roles() == ["planner", "executor", "executor", "verifier", "composer"]
    assert_wire_contract(graph)


def round_two_contract(request):
    log_msg, log_ref = find_ref(request, "query_logs", "HikariPool")
    alert_msg, alert_ref = find_ref(request, "query_metrics", "HighErrorRate")
    assert alert_msg["invocation_id"] == "inv_3"  # the supplementary call of round 2
    return Reply(content=json.dumps(contract([
        claim("c1", "10:05:12 起 payment-service 数据库连接池耗尽", log_msg, log_ref, "Connection is not available"),
        claim("c2", "payment-service 告警 HighErrorRate 于 10:06 触发，数值 12.5%", alert_msg, alert_ref, "5xx 比例超过 5%"),
    ]), ensure_ascii=False))


def test_low_confid_with_evidence_retry_runs_one_gap_only_round(graph, api_user):
    script_round_one(graph)
    graph.script("verifier", verdict_reply("LOW_CONFID", [("c1", "direct_observation"), ("c2", "unsupported")], gaps=[GAP]))
    graph.script("planner", plan_reply("EVIDENCE_GAP_ONLY", [
        {"tool": "query_metrics", "arguments": {"service": "payment-service", "alert_name": "HighErrorRate", **WINDOW}, "purpose": "补充告警"},
    ]))
    graph.script(
        "executor",
        tool_calls_reply(("query_metrics", {"service": "payment-service", "alert_name": "HighErrorRate", **WINDOW})),
        round_two_contract,
    )
    graph.script("verifier", verdict_reply("PASS", [("c1", "direct_observation"), ("c2", "direct_observation")]))
    graph.script("composer", composer_reply(PASS_ANSWER))
    run = ask(api_user)

    assert_completed_in_chinese(run, outcome="pass")
    assert run.evidence_retry_count == 1
    assert graph.roles() == [
        "planner", "executor", "executor", "verifier",
        "planner", "executor", "executor", "verifier", "composer",
    ]
    round_two_planner = json.loads(graph.requests_for("planner")[1].user_message())
    assert round_two_planner["mode"] == "EVIDENCE_GAP_ONLY" and round_two_planner["round"] == 2
    assert [g["claim_id"] for g in round_two_planner["evidence_gaps"]] == ["c2"]
    round_two_executor = json.loads(graph.requests_for("executor")[2].user_message())
    assert [r["invocation_id"] for r in round_two_executor["previous_tool_results"]] == ["inv_1", "inv_2"]
    round_two_verifier = json.loads(graph.requests_for("verifier")[1].user_message())
    assert round_two_verifier["retry_context"]
    assert ToolInvocation.objects.get(run=run, invocation_id="inv_3").round == 2
    assert_wire_contract(graph)


def test_reject_route_gives_a_bounded_answer(graph, api_user):
    script_round_one(graph)
    graph.script("verifier", verdict_reply("REJECT", [("c1", "contradicted"), ("c2", "direct_observation")]))
    graph.script("composer", composer_reply("payment-service 告警 HighErrorRate 于 10:06 触发。"))
    run = ask(api_user)

    assert_completed_in_chinese(run, outcome="reject")
    assert run.verdict == "REJECT" and run.evidence_retry_count == 0
    assert graph.roles()[-1] == "composer" and graph.roles().count("planner") == 1
    assert_wire_contract(graph)


# --- fallbacks -------------------------------------------------------------------------------
def test_invalid_executor_output_falls_back_without_any_verifier_request(graph, api_user):
    script_round_one(graph, final=Reply(content="根据日志，连接池耗尽导致了 500 错误。"))
    run = ask(api_user)
    assert_completed_in_chinese(run, outcome="fallback", fallback_reason=R.EXECUTOR_INVALID_OUTPUT)
    assert graph.requests_for("verifier") == [] and graph.requests_for("composer") == []
    assert verifier_evaluation(run)["executor_output_parse_status"]["status"] == "invalid"


def test_executor_technical_failure_falls_back(graph, api_user):
    graph.script("planner", plan_reply())
    graph.script("executor", standard_tool_calls(), Reply(status=500), Reply(status=500))
    run = ask(api_user)
    assert_completed_in_chinese(run, outcome="fallback", fallback_reason=R.EXECUTOR_FAILED)
    assert graph.requests_for("verifier") == []
    assert len(graph.requests_for("executor")) == 1 + 2  # one tool turn, then LLM_MAX_RETRIES + 1 attempts


def test_gatekeeper_reject_falls_back_without_any_verifier_request(graph, api_user):
    script_round_one(graph, final=executor_final(source_invocation_id="inv_99"))
    run = ask(api_user)
    assert_completed_in_chinese(run, outcome="fallback", fallback_reason=R.GATEKEEPER_REJECT)
    assert graph.requests_for("verifier") == []
    assert "evidence.invocation_ref" in verifier_evaluation(run)["gatekeeper_result"]["failed_rules"]


def bindings_without_raw_path(request):
    reply = pool_and_alert_contract(request)
    body = json.loads(reply.content)
    for c in body["claims"]:
        for b in c["evidence_bindings"]:
            b.pop("raw_path")
    return Reply(content=json.dumps(body, ensure_ascii=False))


def test_gatekeeper_low_confid_without_a_passed_binding_falls_back(graph, api_user):
    script_round_one(graph, final=bindings_without_raw_path)
    run = ask(api_user)
    assert_completed_in_chinese(run, outcome="fallback", fallback_reason=R.GATEKEEPER_NO_PASSED_BINDING)
    assert graph.requests_for("verifier") == []
    assert verifier_evaluation(run)["gatekeeper_result"]["severity"] == "low_confid"


def test_verifier_exhausted_after_a_byte_identical_re_ask(graph, api_user):
    script_round_one(graph)
    graph.script("verifier", Reply(content="判定：PASS"), Reply(content="```json\n{\"verdict\": \"PASS\"}\n```"))
    run = ask(api_user)
    assert_completed_in_chinese(run, outcome="fallback", fallback_reason=R.VERIFIER_EXHAUSTED)
    assert len(graph.requests_for("verifier")) == 2 and verifier_bodies_identical(graph)
    assert graph.requests_for("composer") == []
    assert_wire_contract(graph)


def test_verifier_non_retryable_failure_falls_back_after_the_client_retries(graph, api_user):
    script_round_one(graph)
    graph.script("verifier", Reply(status=503), Reply(status=503))
    run = ask(api_user)
    assert_completed_in_chinese(run, outcome="fallback", fallback_reason=R.VERIFIER_NON_RETRYABLE)
    assert len(graph.requests_for("verifier")) == 2  # LLM_MAX_RETRIES=1: client attempts only, no node re-ask
    assert verifier_bodies_identical(graph)


def test_the_tool_events_are_stored_before_the_model_is_asked_again(graph, api_user, monkeypatch):
    # Tool events are batched (P2), but a watcher must see the tool calls while the model thinks:
    # each model request first writes what is pending.
    from diagnosis.agents.openai.client import ChatCaller
    from diagnosis.models import OrchestrationEvent

    seen: list[list[str]] = []
    real_send = ChatCaller._send

    def send(self, role, prompt, messages, kwargs, ctx, mode):
        seen.append(list(OrchestrationEvent.objects.filter(event="tool").values_list("detail__tool_name", flat=True)))
        return real_send(self, role, prompt, messages, kwargs, ctx, mode)

    monkeypatch.setattr(ChatCaller, "_send", send)
    script_round_one(graph)
    graph.script("verifier", verdict_reply("PASS", [("c1", "direct_observation"), ("c2", "direct_observation")]))
    graph.script("composer", composer_reply(PASS_ANSWER))
    run = ask(api_user)
    assert_completed_in_chinese(run, outcome="pass")
    # planner, executor turn 1 (no tool yet), executor turn 2 (both tool calls stored), …
    assert seen[:3] == [[], [], ["query_logs", "query_metrics"]]
