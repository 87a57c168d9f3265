"""LLM_STRUCTURED_OUTPUT against the fake server (issue 29 item 4): what each mode sends, how
``auto`` steps down when a server refuses ``response_format`` and reuses the mode that worked,
what a server that ignores the schema leads to, and that the audit records each call's mode."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from diagnosis.agents.base import AgentError
from diagnosis.agents.openai import build_provider
from diagnosis.agents.openai.client import REASON_HTTP_ERROR
from diagnosis.agents.openai.output_modes import output_modes
from diagnosis.agents.openai.planner import REASON_PLAN_INVALID
from diagnosis.agents.openai.schemas import reply_schema
from tests.fake_llm.server import RecordedRequest, Reply
from tests.openai_provider.graph_helpers import ask, assert_completed_in_chinese
from tests.openai_provider.helpers import CANONICAL_VERIFIER_INPUT, executor_request, planner_request
from tests.openai_provider.scripts import (
    composer_reply,
    executor_final,
    plan_reply,
    standard_tool_calls,
    verdict_reply,
)

pytestmark = pytest.mark.django_db

OPENAI_REFUSAL = "Invalid parameter: 'response_format' of type '{kind}' is not supported with this model."
# llama-cpp-python 0.3.36's answer to {"type": "json_schema"}: HTTP 500 with the validation error.
LLAMA_REFUSAL = "1 validation error: {'loc': ('body', 'response_format', 'type'), 'msg': \"Input should be 'text' or 'json_object'\"}"


def sent_format(request: RecordedRequest) -> dict | None:
    return request.body.get("response_format")


def kind(request: RecordedRequest) -> str:
    fmt = sent_format(request)
    if fmt is None:
        return "off"
    return "json_object_schema" if fmt["type"] == "json_object" and "schema" in fmt else fmt["type"]


def refusing(reply: Reply, refused: set[str], *, status: int = 400, message: str = OPENAI_REFUSAL) -> Callable[[RecordedRequest], Reply]:
    """A server that refuses the response_format kinds in ``refused`` and answers ``reply`` otherwise."""

    def answer(request: RecordedRequest) -> Reply:
        if kind(request) in refused:
            return Reply(status=status, error_message=message.replace("{kind}", kind(request)), headers={"x-should-retry": "false"})
        return reply

    return answer


def plan(ctx, n: int = 1):
    planner = build_provider().planner
    return [planner.plan(planner_request(), ctx) for _ in range(n)]


# --- what each mode sends --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("setting", "expected"),
    [
        ("json_schema", {"type": "json_schema", "json_schema": {
            "name": "planner_plan", "strict": False, "schema": reply_schema("planner").schema}}),
        ("json_object", {"type": "json_object"}),
        ("off", None),
    ],
)
def test_each_fixed_mode_sends_its_response_format_and_is_recorded(openai_settings, fake_llm, ctx, setting, expected):
    openai_settings.LLM_STRUCTURED_OUTPUT = setting
    fake_llm.script("planner", plan_reply())
    plan(ctx)
    assert sent_format(fake_llm.requests[0]) == expected
    assert ctx.usage["planner"].output_modes == [setting]


def test_an_explicit_mode_wins_over_json_mode_false(openai_settings, fake_llm, ctx):
    openai_settings.LLM_JSON_MODE = False
    openai_settings.LLM_STRUCTURED_OUTPUT = "json_schema"
    fake_llm.script("planner", plan_reply())
    plan(ctx)
    assert kind(fake_llm.requests[0]) == "json_schema"


def test_auto_starts_with_the_json_schema_of_each_role(openai_settings, fake_llm, ctx):
    fake_llm.script("verifier", Reply(content='{"verdict":"PASS"}'))
    build_provider().verifier.verify(CANONICAL_VERIFIER_INPUT, ctx)
    assert sent_format(fake_llm.requests[0])["json_schema"]["schema"] == reply_schema("verifier").schema
    assert ctx.usage["verifier"].output_modes == ["json_schema"]


# --- auto's fallbacks --------------------------------------------------------------------------
def test_a_400_naming_response_format_steps_down_and_the_mode_is_reused(openai_settings, fake_llm, ctx):
    fake_llm.script("planner", refusing(plan_reply(), {"json_schema"}), refusing(plan_reply(), {"json_schema"}),
                    refusing(plan_reply(), {"json_schema"}))
    plan(ctx, 2)
    assert [kind(r) for r in fake_llm.requests] == ["json_schema", "json_object_schema", "json_object_schema"]
    assert fake_llm.requests[1].body["response_format"]["schema"] == reply_schema("planner").schema
    # The refused attempt is no call of the run: two calls, both with the mode that worked.
    assert ctx.usage["planner"].calls == 2
    assert ctx.usage["planner"].output_modes == ["json_object_schema", "json_object_schema"]


def test_llama_cpp_pythons_500_refusal_steps_down_without_opening_the_circuit(openai_settings, fake_llm, ctx):
    openai_settings.LLM_CIRCUIT_FAILURES = 1
    fake_llm.script("planner", *(refusing(plan_reply(), {"json_schema"}, status=500, message=LLAMA_REFUSAL) for _ in range(3)))
    plan(ctx, 2)
    assert [kind(r) for r in fake_llm.requests] == ["json_schema", "json_object_schema", "json_object_schema"]


def test_a_server_refusing_every_format_ends_with_none_and_still_answers(openai_settings, fake_llm, ctx):
    every = {"json_schema", "json_object_schema", "json_object"}
    fake_llm.script("planner", *(refusing(plan_reply(), every) for _ in range(5)))
    plan(ctx, 2)
    assert [kind(r) for r in fake_llm.requests] == ["json_schema", "json_object_schema", "json_object", "off", "off"]
    assert ctx.usage["planner"].output_modes == ["off", "off"]


def test_the_remembered_mode_is_per_model(openai_settings, fake_llm, ctx):
    fake_llm.script("planner", refusing(plan_reply(), {"json_schema"}), refusing(plan_reply(), {"json_schema"}))
    plan(ctx)
    openai_settings.LLM_ROLE_MODELS = {**openai_settings.LLM_ROLE_MODELS, "verifier": "other-model"}
    fake_llm.script("verifier", Reply(content='{"verdict":"PASS"}'))
    build_provider().verifier.verify(CANONICAL_VERIFIER_INPUT, ctx)
    assert kind(fake_llm.requests_for("verifier")[0]) == "json_schema"
    assert output_modes.current((fake_llm.base_url, "fake-model")) == "json_object_schema"


def test_a_400_that_does_not_name_response_format_is_an_error(openai_settings, fake_llm, ctx):
    fake_llm.script("planner", Reply(status=400, error_message="This model's maximum context length is 8192 tokens"))
    with pytest.raises(AgentError) as err:
        plan(ctx)
    assert err.value.reason == REASON_HTTP_ERROR and len(fake_llm.requests) == 1


def test_a_fixed_mode_does_not_step_down(openai_settings, fake_llm, ctx):
    openai_settings.LLM_STRUCTURED_OUTPUT = "json_schema"
    fake_llm.script("planner", refusing(plan_reply(), {"json_schema"}))
    with pytest.raises(AgentError) as err:
        plan(ctx)
    assert err.value.reason == REASON_HTTP_ERROR and len(fake_llm.requests) == 1


# --- a server that ignores the schema ----------------------------------------------------------
@pytest.mark.parametrize("content", ["好的，我会先查日志再查指标。", '{"mode": "NORMAL", "steps": [{"tool": '])
def test_a_server_that_ignores_the_schema_ends_in_the_invalid_output_path(openai_settings, fake_llm, ctx, content):
    fake_llm.script("planner", Reply(content=content))
    with pytest.raises(AgentError) as err:
        plan(ctx)
    assert err.value.reason == REASON_PLAN_INVALID and err.value.retryable
    assert kind(fake_llm.requests[0]) == "json_schema"


# --- the executor ----------------------------------------------------------------------------
def test_the_executors_final_answer_turn_is_constrained_and_its_tool_turns_are_not(openai_settings, fake_llm, ctx, tool_runner):
    openai_settings.EXECUTOR_MAX_TOOL_CALLS = 2
    fake_llm.script("executor", standard_tool_calls(), Reply(content='{"answer_version":"executor_evidence_v2","claims":[]}'))
    build_provider().executor.execute(executor_request(), tool_runner, ctx)
    tool_turn, final_turn = fake_llm.requests_for("executor")
    assert "response_format" not in tool_turn.body and tool_turn.body["tools"]
    assert final_turn.body["tool_choice"] == "none" and final_turn.body["tools"]
    assert final_turn.body["response_format"]["json_schema"]["schema"] == reply_schema("executor").schema
    assert ctx.usage["executor"].output_modes == ["off", "json_schema"]


# --- the audit -------------------------------------------------------------------------------
def test_a_runs_token_usage_records_the_mode_of_every_call(openai_settings, fake_llm, incident, api_user):
    fake_llm.script("planner", refusing(plan_reply(), {"json_schema"}), refusing(plan_reply(), {"json_schema"}))
    fake_llm.script("executor", standard_tool_calls(), executor_final())
    fake_llm.script("verifier", verdict_reply("PASS", [("c1", "direct_observation"), ("c2", "direct_observation")]))
    fake_llm.script("composer", composer_reply())
    run = ask(api_user)
    assert_completed_in_chinese(run, outcome="pass")
    assert run.token_usage["planner"]["output_modes"] == ["json_object_schema"]
    assert run.token_usage["executor"]["output_modes"] == ["off", "off"]
    # The endpoint's mode was learnt by the planner: the later roles start there.
    assert run.token_usage["verifier"]["output_modes"] == ["json_object_schema"]
    assert run.token_usage["composer"]["output_modes"] == ["json_object_schema"]
