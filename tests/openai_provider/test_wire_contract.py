"""The wire contract every outside harness relies on (DESIGN §7): prompt headers on every
request, the Verifier's user message verbatim, JSON mode where it is configured, usage per role."""

from __future__ import annotations

import json

import pytest

from diagnosis.agents.openai import build_provider
from diagnosis.agents.openai.prompts import load_prompt
from diagnosis.agents.openai.schemas import reply_schema
from tests.fake_llm.server import Reply
from tests.openai_provider.helpers import (
    CANONICAL_VERIFIER_INPUT,
    composer_material,
    executor_request,
    planner_request,
)
from tests.openai_provider.scripts import composer_reply, plan_reply, standard_tool_calls

pytestmark = pytest.mark.django_db


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


def test_every_request_carries_prompt_name_and_version_headers(openai_settings, fake_llm, ctx, tool_runner):
    run_all_four_roles(fake_llm, ctx, tool_runner)
    assert fake_llm.roles() == ["planner", "executor", "executor", "verifier", "composer"]
    for request in fake_llm.requests:
        role = request.headers["x-prompt-name"]
        assert request.headers["x-prompt-version"] == load_prompt(role).version
        assert request.path == "/v1/chat/completions"
        assert request.body["model"] == "fake-model"


def test_system_message_is_the_prompt_file_text(openai_settings, fake_llm, ctx, tool_runner):
    run_all_four_roles(fake_llm, ctx, tool_runner)
    for request in fake_llm.requests:
        assert request.messages[0] == {"role": "system", "content": load_prompt(request.role).text}


def test_verifier_user_message_is_the_canonical_input_byte_for_byte(openai_settings, fake_llm, ctx):
    fake_llm.script("verifier", Reply(content='{"verdict":"PASS"}'), Reply(content='{"verdict":"PASS"}'))
    verifier = build_provider().verifier
    verifier.verify(CANONICAL_VERIFIER_INPUT, ctx)
    verifier.verify(CANONICAL_VERIFIER_INPUT, ctx)
    first, second = fake_llm.requests
    assert [m["role"] for m in first.messages] == ["system", "user"]
    assert first.user_message() == CANONICAL_VERIFIER_INPUT
    assert first.user_message().encode("utf-8") == CANONICAL_VERIFIER_INPUT.encode("utf-8")
    assert first.raw == second.raw  # a re-ask puts the identical bytes on the wire


def test_a_reply_schema_is_requested_for_planner_verifier_and_composer_but_not_tool_turns(openai_settings, fake_llm, ctx, tool_runner):
    run_all_four_roles(fake_llm, ctx, tool_runner)
    for request in fake_llm.requests:
        if request.role == "executor":
            # The script's final answer came on a turn that could still call tools: unconstrained.
            assert "response_format" not in request.body
            assert {t["function"]["name"] for t in request.body["tools"]} == {
                "lookup_knowledge", "query_logs", "query_metrics", "query_k8s", "get_current_time",
            }
        else:
            spec = reply_schema(request.role)
            assert request.body["response_format"] == {
                "type": "json_schema", "json_schema": {"name": spec.name, "strict": spec.strict, "schema": spec.schema},
            }
            assert "JSON" in request.messages[0]["content"]


def test_json_mode_off_turns_auto_into_no_response_format(openai_settings, fake_llm, ctx):
    openai_settings.LLM_JSON_MODE = False
    fake_llm.script("planner", plan_reply())
    build_provider().planner.plan(planner_request(), ctx)
    assert "response_format" not in fake_llm.requests[0].body
    assert ctx.usage["planner"].output_modes == ["off"]


def test_token_usage_is_recorded_per_role(openai_settings, fake_llm, ctx, tool_runner):
    run_all_four_roles(fake_llm, ctx, tool_runner)
    assert ctx.usage["planner"].model_dump() == {
        "prompt_tokens": 11, "completion_tokens": 7, "calls": 1, "output_modes": ["json_schema"],
    }
    assert ctx.usage["executor"].model_dump() == {
        "prompt_tokens": 22, "completion_tokens": 14, "calls": 2, "output_modes": ["off", "off"],
    }
    assert ctx.usage["verifier"].calls == 1 and ctx.usage["composer"].calls == 1


def test_missing_usage_is_estimated_and_marked_as_an_estimate(openai_settings, fake_llm, ctx):
    # Streamed replies of some servers (llama-cpp-python) carry no usage: the run budget counts
    # an estimate — one token per content delta, ~3 request characters per prompt token.
    fake_llm.script("verifier", Reply(content='{"verdict":"PASS"}', usage=None, chunk_size=6))
    build_provider().verifier.verify(CANONICAL_VERIFIER_INPUT, ctx)
    usage = ctx.usage["verifier"]
    assert usage.calls == 1 and usage.estimated_calls == 1
    assert usage.completion_tokens == 3  # three content deltas of 6 characters
    request_chars = len(fake_llm.requests[0].messages[0]["content"]) + len(CANONICAL_VERIFIER_INPUT)
    assert request_chars // 4 < usage.prompt_tokens < request_chars


def test_per_role_models_come_from_settings(openai_settings, fake_llm, ctx):
    openai_settings.LLM_ROLE_MODELS = {"planner": "qwen-plus", "executor": "m", "verifier": "qwen-max", "composer": "m"}
    fake_llm.script("planner", plan_reply())
    fake_llm.script("verifier", Reply(content="{}"))
    provider = build_provider()
    provider.planner.plan(planner_request(), ctx)
    provider.verifier.verify("{}", ctx)
    assert [r.body["model"] for r in fake_llm.requests] == ["qwen-plus", "qwen-max"]
    assert provider.name == "openai" and provider.model_by_role["verifier"] == "qwen-max"


def test_composer_receives_the_material_as_json(openai_settings, fake_llm, ctx):
    fake_llm.script("composer", composer_reply())
    material = composer_material()
    raw = build_provider().composer.compose(material, ctx)
    assert json.loads(raw)["conclusion"][0]["claims"] == ["c1"]
    assert json.loads(fake_llm.requests[0].user_message()) == material.model_dump(mode="json")


def test_planner_user_message_carries_gaps_only_in_gap_mode(openai_settings, fake_llm, ctx):
    gap = {"claim_id": "c2", "gap": "缺少告警数据", "suggested_tool": "query_metrics", "suggested_query": "HighErrorRate", "is_critical": True}
    fake_llm.script("planner", plan_reply(), plan_reply("EVIDENCE_GAP_ONLY"))
    planner = build_provider().planner
    planner.plan(planner_request(), ctx)
    plan = planner.plan(planner_request(mode="EVIDENCE_GAP_ONLY", round=2, evidence_gaps=[gap]), ctx)
    normal, gap_only = (json.loads(r.user_message()) for r in fake_llm.requests)
    assert "evidence_gaps" not in normal and normal["mode"] == "NORMAL"
    assert gap_only["mode"] == "EVIDENCE_GAP_ONLY" and gap_only["evidence_gaps"] == [gap]
    assert gap_only["now"] == "2026-11-28T10:30:00+08:00" and gap_only["question"]
    assert plan.mode == "EVIDENCE_GAP_ONLY"
