"""Fault injection through the fake server, whole graph: every run ends ``completed`` (possibly
with a fallback outcome) with a Chinese answer and a recorded reason, and the number of HTTP
attempts never exceeds the configured limits."""

from __future__ import annotations

import pytest

from contracts import reasons as R
from diagnosis.graph.nodes.composer import COMPOSER_MAX_ATTEMPTS
from diagnosis.graph.nodes.planner import PLANNER_MAX_ATTEMPTS
from diagnosis.graph.nodes.verifier import VERIFIER_MAX_ATTEMPTS
from diagnosis.models import ToolInvocation
from tests.fake_llm.server import Reply
from tests.openai_provider.dataset import WINDOW
from tests.openai_provider.graph_helpers import (
    ask,
    assert_completed_in_chinese,
    assert_wire_contract,
    retry_reasons,
    verifier_bodies_identical,
    verifier_evaluation,
)
from tests.openai_provider.scripts import (
    composer_reply,
    executor_final,
    plan_reply,
    standard_tool_calls,
    tool_calls_reply,
    verdict_reply,
)

pytestmark = pytest.mark.django_db

PASS_CHECKS = [("c1", "direct_observation"), ("c2", "direct_observation")]
ANSWER = "10:05:12 起 payment-service 数据库连接池耗尽。"


@pytest.fixture
def graph(openai_settings, fake_llm, incident):
    return fake_llm


def script_until_verifier(server, *, planner=(), executor=()):
    server.script("planner", *planner, plan_reply())
    server.script("executor", standard_tool_calls(), *executor, executor_final())


def script_pass(server, *, planner=(), executor=(), verifier=(), composer=()):
    """The PASS script with optional faulty replies queued before each role's good reply."""
    script_until_verifier(server, planner=planner, executor=executor)
    server.script("verifier", *verifier, verdict_reply("PASS", PASS_CHECKS))
    server.script("composer", *composer, composer_reply(ANSWER))


def assert_within_limits(server, settings, rounds: int = 1):
    per_call = settings.LLM_MAX_RETRIES + 1
    assert len(server.requests_for("planner")) <= rounds * PLANNER_MAX_ATTEMPTS * per_call
    assert len(server.requests_for("verifier")) <= rounds * VERIFIER_MAX_ATTEMPTS * per_call
    assert len(server.requests_for("composer")) <= COMPOSER_MAX_ATTEMPTS * per_call
    assert len(server.requests_for("executor")) <= rounds * (settings.EXECUTOR_MAX_TOOL_CALLS + 3) * per_call


def test_rate_limit_with_retry_after_is_absorbed_by_the_client(graph, api_user, openai_settings):
    script_pass(graph, planner=[Reply(status=429, headers={"Retry-After": "1"}, error_message="rate limited")])
    run = ask(api_user)
    assert_completed_in_chinese(run, outcome="pass")
    first, second = graph.requests_for("planner")
    assert (first.reply_status, second.reply_status) == (429, 200) and second.at - first.at >= 0.9
    assert retry_reasons(run, "planner") == []  # the transport layer retried, not the node
    assert_within_limits(graph, openai_settings)


def test_repeated_500s_end_in_a_fallback_after_exactly_the_client_attempts(graph, api_user, openai_settings):
    openai_settings.LLM_MAX_RETRIES = 2
    graph.script("planner", *[Reply(status=500, headers={"Retry-After": "0"})] * 3)
    run = ask(api_user)
    assert_completed_in_chinese(run, outcome="fallback", fallback_reason=R.PLANNER_FAILED)
    assert len(graph.requests) == 3  # LLM_MAX_RETRIES + 1; a non-retryable AgentError: no node re-ask
    assert_within_limits(graph, openai_settings)


def test_a_hanging_verifier_times_out_and_falls_back(graph, api_user, openai_settings):
    openai_settings.LLM_TIMEOUT_S = 0.5
    script_until_verifier(graph)
    graph.script("verifier", Reply(content="{}", delay_s=5), Reply(content="{}", delay_s=5))
    run = ask(api_user)
    assert_completed_in_chinese(run, outcome="fallback", fallback_reason=R.VERIFIER_NON_RETRYABLE)
    assert len(graph.requests_for("verifier")) == 2 and verifier_bodies_identical(graph)
    assert "llm_timeout" in " ".join(verifier_evaluation(run)["verifier_errors"])
    assert_within_limits(graph, openai_settings)


def test_a_malformed_json_body_is_re_asked_with_identical_bytes(graph, api_user, openai_settings):
    script_pass(graph, verifier=[Reply(raw_body=b'{"id": "x", "choices": [{"message": {"content": "{\"ver')])
    run = ask(api_user)
    assert_completed_in_chinese(run, outcome="pass")
    assert len(graph.requests_for("verifier")) == 2 and verifier_bodies_identical(graph)
    assert retry_reasons(run, "verifier") == ["llm_malformed_response"]
    assert_within_limits(graph, openai_settings)


def test_json_in_code_fences(graph, api_user, openai_settings):
    fenced_plan = Reply(content="```json\n" + plan_reply().content + "\n```")
    graph.script("planner", fenced_plan)
    graph.script("executor", standard_tool_calls(), executor_final(fence=True))
    good = verdict_reply("PASS", PASS_CHECKS)
    graph.script("verifier", lambda request: Reply(content="```json\n" + good(request).content + "\n```"), good)
    graph.script("composer", composer_reply(ANSWER))
    run = ask(api_user)
    # planner and executor accept one fence; the strict verifier protocol re-asks
    assert_completed_in_chinese(run, outcome="pass")
    assert len(graph.requests_for("planner")) == 1
    assert verifier_evaluation(run)["executor_output_parse_status"]["status"] == "valid"
    assert len(graph.requests_for("verifier")) == 2 and verifier_bodies_identical(graph)
    assert len(retry_reasons(run, "verifier")) == 1
    assert_wire_contract(graph)


def test_truncated_output_is_re_asked(graph, api_user, openai_settings):
    script_pass(graph, composer=[Reply(content='{"answer": "结论（已', finish_reason="length")])
    run = ask(api_user)
    assert_completed_in_chinese(run, outcome="pass")
    assert retry_reasons(run, "composer") == ["llm_truncated"]
    assert verifier_evaluation(run)["composer_output"]["source"] == "model"
    assert_within_limits(graph, openai_settings)


def test_truncated_executor_contract_is_re_asked_inside_the_loop(graph, api_user, openai_settings):
    graph.script("planner", plan_reply())
    graph.script("executor", standard_tool_calls(), Reply(content='{"answer_version": "executor_ev', finish_reason="length"),
                 executor_final())
    graph.script("verifier", verdict_reply("PASS", PASS_CHECKS))
    graph.script("composer", composer_reply(ANSWER))
    run = ask(api_user)
    assert_completed_in_chinese(run, outcome="pass")
    assert ToolInvocation.objects.filter(run=run).count() == 2  # tools did not rerun
    assert_within_limits(graph, openai_settings)


def test_empty_choices_are_re_asked(graph, api_user, openai_settings):
    script_pass(graph, planner=[Reply(empty_choices=True)])
    run = ask(api_user)
    assert_completed_in_chinese(run, outcome="pass")
    assert retry_reasons(run, "planner") == ["llm_empty_choices"]


def test_deepseek_blank_content_twice_falls_back(graph, api_user, openai_settings):
    script_until_verifier(graph)
    graph.script("verifier", Reply(content="", finish_reason="stop"), Reply(content="", finish_reason="stop"))
    run = ask(api_user)
    assert_completed_in_chinese(run, outcome="fallback", fallback_reason=R.VERIFIER_EXHAUSTED)
    assert retry_reasons(run, "verifier") == ["llm_blank_content"]


def test_a_tool_call_to_an_unknown_function_is_a_failed_invocation_and_the_run_goes_on(graph, api_user, openai_settings):
    graph.script("planner", plan_reply())
    graph.script(
        "executor",
        tool_calls_reply(("kubectl_delete_pod", {"pod": "pay-1"})),
        standard_tool_calls(),
        executor_final(),
    )
    graph.script("verifier", verdict_reply("PASS", PASS_CHECKS))
    graph.script("composer", composer_reply(ANSWER))
    run = ask(api_user)
    assert_completed_in_chinese(run, outcome="pass")
    failed = ToolInvocation.objects.get(run=run, invocation_id="inv_1")
    assert failed.status == "failed" and "kubectl_delete_pod" in failed.error
    reported = graph.requests_for("executor")[1].tool_messages()[0]
    assert reported["status"] == "failed" and reported["invocation_id"] == "inv_1"


def test_tool_arguments_that_are_not_json_are_a_failed_invocation_and_the_run_goes_on(graph, api_user, openai_settings):
    graph.script("planner", plan_reply())
    graph.script(
        "executor",
        tool_calls_reply(("query_logs", "service=payment-service level=ERROR")),
        standard_tool_calls(),
        executor_final(),
    )
    graph.script("verifier", verdict_reply("PASS", PASS_CHECKS))
    graph.script("composer", composer_reply(ANSWER))
    run = ask(api_user)
    assert_completed_in_chinese(run, outcome="pass")
    failed = ToolInvocation.objects.get(run=run, invocation_id="inv_1")
    assert failed.status == "failed" and failed.tool_name == "query_logs"
    assert graph.requests_for("executor")[1].tool_messages()[0]["status"] == "failed"


def test_a_tool_budget_overrun_still_ends_with_a_verified_answer(graph, api_user, openai_settings):
    openai_settings.EXECUTOR_MAX_TOOL_CALLS = 2
    graph.script("planner", plan_reply())
    graph.script(
        "executor",
        tool_calls_reply(
            ("query_logs", {"service": "payment-service", "level": "ERROR", **WINDOW}),
            ("query_metrics", {"service": "payment-service", **WINDOW}),
            ("lookup_knowledge", {"query": "连接池耗尽"}),
        ),
        executor_final(),
    )
    graph.script("verifier", verdict_reply("PASS", PASS_CHECKS))
    graph.script("composer", composer_reply(ANSWER))
    run = ask(api_user)
    assert_completed_in_chinese(run, outcome="pass")
    assert ToolInvocation.objects.filter(run=run).count() == 2
    assert_within_limits(graph, openai_settings)
