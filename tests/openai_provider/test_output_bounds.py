"""Per-role output bounds (issue 15 item 1): every request of every role carries its role's
``max_tokens`` (or ``max_completion_tokens``), the executor's on each turn of its tool loop, and a
reply cut by its bound (``finish_reason: length``) is a truncated reply — re-asked once, then the
node's fallback. A tool call cut mid-arguments is never executed."""

from __future__ import annotations

import pytest

from contracts import reasons as R
from diagnosis.agents.openai import build_provider
from diagnosis.models import ToolInvocation
from tests.fake_llm.server import Reply, ToolCall
from tests.openai_provider.graph_helpers import ask, assert_completed_in_chinese, retry_reasons
from tests.openai_provider.helpers import (
    CANONICAL_VERIFIER_INPUT,
    composer_material,
    executor_request,
    planner_request,
)
from tests.openai_provider.scripts import (
    composer_reply,
    executor_final,
    plan_reply,
    standard_tool_calls,
    verdict_reply,
)

pytestmark = pytest.mark.django_db

BOUNDS = {"planner": 111, "executor": 222, "verifier": 333, "composer": 444}
PASS_CHECKS = [("c1", "direct_observation"), ("c2", "direct_observation")]


@pytest.fixture
def bounded(openai_settings):
    openai_settings.LLM_MAX_TOKENS = dict(BOUNDS)
    return openai_settings


def run_all_four_roles(fake_llm, ctx, tool_runner):
    fake_llm.script("planner", plan_reply())
    fake_llm.script("executor", standard_tool_calls(), Reply(content='{"answer_version":"executor_evidence_v2","claims":[]}'))
    fake_llm.script("verifier", Reply(content='{"verdict":"PASS"}'))
    fake_llm.script("composer", composer_reply())
    provider = build_provider()
    provider.planner.plan(planner_request(), ctx)
    provider.executor.execute(executor_request(), tool_runner, ctx)
    provider.verifier.verify(CANONICAL_VERIFIER_INPUT, ctx)
    provider.composer.compose(composer_material(), ctx)


def test_every_request_of_every_role_carries_its_own_max_tokens(bounded, fake_llm, ctx, tool_runner):
    run_all_four_roles(fake_llm, ctx, tool_runner)
    assert fake_llm.roles() == ["planner", "executor", "executor", "verifier", "composer"]
    for request in fake_llm.requests:
        assert request.body["max_tokens"] == BOUNDS[request.role], request.role
        assert "max_completion_tokens" not in request.body


def test_max_completion_tokens_replaces_max_tokens_when_configured(bounded, fake_llm, ctx, tool_runner):
    bounded.LLM_MAX_TOKENS_PARAM = "max_completion_tokens"
    run_all_four_roles(fake_llm, ctx, tool_runner)
    for request in fake_llm.requests:
        assert request.body["max_completion_tokens"] == BOUNDS[request.role]
        assert "max_tokens" not in request.body


def test_default_bounds_are_sent_when_nothing_is_configured(openai_settings, fake_llm, ctx):
    fake_llm.script("planner", plan_reply())
    build_provider().planner.plan(planner_request(), ctx)
    assert fake_llm.requests[0].body["max_tokens"] == 800


@pytest.fixture
def graph(bounded, fake_llm, incident):
    return fake_llm


def test_a_tool_call_cut_by_its_bound_is_not_executed_and_the_turn_is_re_asked(graph, api_user):
    graph.script("planner", plan_reply())
    cut = Reply(tool_calls=[ToolCall(name="query_logs", arguments='{"service": "payment-se', id="call_cut")], finish_reason="length")
    graph.script("executor", cut, standard_tool_calls(), executor_final())
    graph.script("verifier", verdict_reply("PASS", PASS_CHECKS))
    graph.script("composer", composer_reply("10:05:12 起 payment-service 数据库连接池耗尽。"))
    run = ask(api_user)
    assert_completed_in_chinese(run, outcome="pass")
    # Only the two complete calls ran; the cut one reached the tool layer never.
    assert list(ToolInvocation.objects.filter(run=run).values_list("status", flat=True)) == ["success", "success"]
    first, second = graph.requests_for("executor")[:2]
    assert first.raw == second.raw  # the re-ask sent the identical turn


def test_a_planner_cut_twice_by_its_bound_ends_in_the_planner_route(graph, api_user, settings):
    settings.PLANNER_FALLBACK = "none"
    truncated = Reply(content='{"mode": "NORMAL", "goal": "定位', finish_reason="length")
    graph.script("planner", truncated, truncated)
    run = ask(api_user)
    assert_completed_in_chinese(run, outcome="fallback", fallback_reason=R.PLANNER_FAILED)
    assert retry_reasons(run, "planner") == ["llm_truncated"]
    assert [r.body["max_tokens"] for r in graph.requests] == [BOUNDS["planner"]] * 2


def test_a_verifier_cut_twice_by_its_bound_falls_back_exhausted(graph, api_user):
    graph.script("planner", plan_reply())
    graph.script("executor", standard_tool_calls(), executor_final())
    truncated = Reply(content='{"verdict": "PA', finish_reason="length")
    graph.script("verifier", truncated, truncated)
    run = ask(api_user)
    assert_completed_in_chinese(run, outcome="fallback", fallback_reason=R.VERIFIER_EXHAUSTED)
    assert retry_reasons(run, "verifier") == ["llm_truncated"]
