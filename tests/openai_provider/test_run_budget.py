"""The per-run model budget (issue 15 item 2): RUN_MAX_TOKENS (prompt + completion over all roles)
and RUN_MAX_SECONDS are checked before every model call; a spent budget sends no request and ends
in the fallback ``budget_exhausted`` — unless a verified verdict already exists, which then stands
(no evidence retry, deterministic wording). The spend per role is in the audit."""

from __future__ import annotations

import pytest

from contracts import reasons as R
from diagnosis.agents.base import AgentContext, AgentError, RunBudget
from diagnosis.agents.openai import build_provider
from diagnosis.models import ToolInvocation
from tests.fake_llm.server import DEFAULT_USAGE, Reply
from tests.openai_provider.graph_helpers import ask, assert_completed_in_chinese, verifier_evaluation
from tests.openai_provider.helpers import CANONICAL_VERIFIER_INPUT
from tests.openai_provider.scripts import (
    composer_reply,
    executor_final,
    plan_reply,
    standard_tool_calls,
    verdict_reply,
)

pytestmark = pytest.mark.django_db

PER_CALL = DEFAULT_USAGE["prompt_tokens"] + DEFAULT_USAGE["completion_tokens"]  # 18 tokens per fake reply
GAP = {"claim_id": "c2", "gap": "缺少 HighErrorRate 告警的触发时间与数值", "is_critical": True,
       "suggested_tool": "query_metrics", "suggested_query": "HighErrorRate payment-service"}


@pytest.fixture
def graph(openai_settings, fake_llm, incident):
    openai_settings.RUN_MAX_TOKENS = 1_000_000
    openai_settings.RUN_MAX_SECONDS = 600.0
    return fake_llm


def test_a_spent_budget_sends_no_request(openai_settings, fake_llm):
    ctx = AgentContext(run_id="r1", budget=RunBudget(max_tokens=PER_CALL))
    ctx.record_usage("planner", prompt_tokens=11, completion_tokens=7)
    with pytest.raises(AgentError) as err:
        build_provider().verifier.verify(CANONICAL_VERIFIER_INPUT, ctx)
    assert err.value.reason == R.BUDGET_EXHAUSTED and err.value.retryable is False
    assert fake_llm.requests == []
    assert ctx.budget_refused == "tokens"


def test_a_token_budget_spent_in_the_tool_loop_ends_in_budget_exhausted(graph, api_user, openai_settings):
    openai_settings.RUN_MAX_TOKENS = 2 * PER_CALL - 1  # planner + one executor turn cross it
    graph.script("planner", plan_reply())
    graph.script("executor", standard_tool_calls())
    run = ask(api_user)

    assert_completed_in_chinese(run, outcome="fallback", fallback_reason=R.BUDGET_EXHAUSTED)
    assert graph.roles() == ["planner", "executor"]  # the second executor turn was never sent
    assert ToolInvocation.objects.filter(run=run).count() == 2  # the tools of the first turn ran
    budget = verifier_evaluation(run)["run_budget"]
    assert budget["refused_by"] == "tokens" and budget["max_tokens"] == 2 * PER_CALL - 1
    assert budget["tokens_used"] == 2 * PER_CALL
    assert budget["usage"] == run.token_usage
    assert budget["usage"]["executor"] == {"prompt_tokens": 11, "completion_tokens": 7, "calls": 1, "output_modes": ["off"]}


def test_a_time_budget_spent_by_a_slow_planner_ends_in_budget_exhausted(graph, api_user, openai_settings):
    openai_settings.RUN_MAX_SECONDS = 1.0
    graph.script("planner", Reply(content=plan_reply().content, delay_s=1.2))
    run = ask(api_user)

    assert_completed_in_chinese(run, outcome="fallback", fallback_reason=R.BUDGET_EXHAUSTED)
    assert graph.roles() == ["planner"]
    budget = verifier_evaluation(run)["run_budget"]
    assert budget["refused_by"] == "seconds" and budget["seconds_used"] >= 1.0


def test_a_budget_spent_after_verification_keeps_the_verdict_and_skips_the_retry(graph, api_user, openai_settings):
    openai_settings.RUN_MAX_TOKENS = 4 * PER_CALL - 1  # crossed by the verifier's reply
    graph.script("planner", plan_reply())
    graph.script("executor", standard_tool_calls(), executor_final())
    graph.script("verifier", verdict_reply("LOW_CONFID", [("c1", "direct_observation"), ("c2", "unsupported")], gaps=[GAP]))
    run = ask(api_user)

    assert_completed_in_chinese(run, outcome="low_confid")
    assert run.evidence_retry_count == 0  # the gap would have qualified for a retry round
    assert graph.roles() == ["planner", "executor", "executor", "verifier"]  # composer refused, not sent
    composer = verifier_evaluation(run)["composer_output"]
    assert composer["source"] == "template" and composer["reason"] == R.BUDGET_EXHAUSTED
    assert "连接池耗尽" in run.final_answer


def test_a_run_within_budget_records_its_spend_per_role(graph, api_user):
    graph.script("planner", plan_reply())
    graph.script("executor", standard_tool_calls(), executor_final())
    graph.script("verifier", verdict_reply("PASS", [("c1", "direct_observation"), ("c2", "direct_observation")]))
    graph.script("composer", composer_reply("10:05:12 起 payment-service 数据库连接池耗尽。"))
    run = ask(api_user)

    assert_completed_in_chinese(run, outcome="pass")
    budget = verifier_evaluation(run)["run_budget"]
    assert budget["refused_by"] is None and budget["tokens_used"] == 5 * PER_CALL
    assert set(budget["usage"]) == {"planner", "executor", "verifier", "composer"}
    assert budget["usage"] == run.token_usage
