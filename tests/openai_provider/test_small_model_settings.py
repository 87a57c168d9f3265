"""The settings for a small local model (issue 29): LLM_PROMPT_PROFILE=compact sends the compact
prompts and bounded schemas (the same contracts: every compact reply parses with the pydantic
model), LLM_PLANNER=offline lets the deterministic planner plan from the start, LLM_TEMPERATURE
is sent when set. Their defaults leave every request as it was."""

from __future__ import annotations

import json

import pytest

from contracts.executor import ExecutorContract
from diagnosis.agents.openai.schemas import REPLY_MODELS, reply_schema
from diagnosis.graph.nodes.planner import PLAN_SOURCE_OFFLINE
from diagnosis.prompts_catalog import prompt_audit, prompt_entry, prompts_dir
from tests.openai_provider.graph_helpers import ask, assert_completed_in_chinese, verifier_evaluation
from tests.openai_provider.scripts import (
    composer_reply,
    executor_final,
    plan_reply,
    standard_tool_calls,
    verdict_reply,
)

pytestmark = pytest.mark.django_db

ROLES = ("planner", "executor", "verifier", "composer")
PASS_CHECKS = [("c1", "direct_observation"), ("c2", "direct_observation")]


@pytest.fixture
def graph(openai_settings, fake_llm, incident):
    return fake_llm


def script_after_planner(server):
    server.script("executor", standard_tool_calls(), executor_final())
    server.script("verifier", verdict_reply("PASS", PASS_CHECKS))
    server.script("composer", composer_reply())


def walk(schema):
    yield schema
    for value in schema.values() if isinstance(schema, dict) else schema if isinstance(schema, list) else ():
        if isinstance(value, dict | list):
            yield from walk(value)


def test_the_default_profile_sends_the_schemas_and_prompts_it_always_sent(settings):
    assert settings.LLM_PROMPT_PROFILE == "default"
    assert prompts_dir().name == "prompts"
    for role in ROLES:
        assert reply_schema(role) == reply_schema(role, "default")


@pytest.mark.parametrize("role", ROLES)
def test_a_compact_schema_bounds_every_array_and_never_uses_max_length(role):
    schema = reply_schema(role, "compact").schema
    nodes = [node for node in walk(schema) if isinstance(node, dict)]
    assert all("maxItems" in node for node in nodes if node.get("type") == "array")
    # llama-cpp-python compiles maxLength into nested rules: ~7 times slower sampling (measured).
    assert not any("maxLength" in node for node in nodes if node.get("type") == "string" and "enum" not in node)


def test_a_reply_of_the_compact_executor_schema_is_a_valid_contract():
    schema = reply_schema("executor", "compact").schema
    assert schema["properties"]["claims"]["minItems"] == 1
    assert {name: schema["properties"][name]["maxItems"] for name in ("hypotheses", "recommended_actions", "missing_info")} == {
        "hypotheses": 0, "recommended_actions": 0, "missing_info": 0}
    reply = {"answer_version": "executor_evidence_v2", "claims": [{
        "claim_id": "c1", "claim_type": "observation", "claim_text": "连接池耗尽", "support_level": "direct",
        "evidence_bindings": [{"source_type": "log", "tool_name": "query_logs", "evidence_excerpt": "Connection is not available",
                               "source_invocation_id": "inv_1", "raw_path": "/records/0"}]}],
        "hypotheses": [], "recommended_actions": [], "missing_info": []}
    binding = schema["$defs"]["EvidenceBinding"]
    assert set(binding["required"]) == set(reply["claims"][0]["evidence_bindings"][0])
    assert binding["properties"]["raw_path"] == {"type": "string", "minLength": 1}  # never null: it must be checkable
    ExecutorContract.model_validate(reply)
    assert REPLY_MODELS["executor"][1] is ExecutorContract


def test_the_compact_profile_sends_the_compact_prompts_and_records_them(graph, api_user, settings):
    settings.LLM_PROMPT_PROFILE = "compact"
    graph.script("planner", plan_reply())
    script_after_planner(graph)
    run = ask(api_user)

    assert_completed_in_chinese(run, outcome="pass")
    for role in ROLES:
        entry = prompt_entry(role)
        [request] = graph.requests_for(role)[:1]
        assert entry.name.endswith("-compact")
        assert request.headers["x-prompt-version"] == entry.version and request.messages[0]["content"] == entry.text
    recorded = verifier_evaluation(run)["prompt_audit"]
    assert recorded == prompt_audit() and {p["name"] for p in recorded["prompts"]} == {
        f"diagnosis-{role}-compact" for role in ROLES}
    planner_schema = graph.requests_for("planner")[0].body["response_format"]["json_schema"]["schema"]
    assert planner_schema == reply_schema("planner", "compact").schema


def test_the_offline_planner_plans_from_the_start_and_the_model_does_the_rest(graph, api_user, settings):
    settings.LLM_PLANNER = "offline"
    script_after_planner(graph)
    run = ask(api_user)

    assert_completed_in_chinese(run, outcome="pass")
    assert graph.roles() == ["executor", "executor", "verifier", "composer"]  # no planner request at all
    evaluation = verifier_evaluation(run)
    assert evaluation["plan_source"] == PLAN_SOURCE_OFFLINE and evaluation.get("planner_failure") is None
    assert json.loads(graph.requests_for("executor")[0].user_message())["plan"]["steps"]


def test_the_temperature_is_sent_only_when_set(graph, api_user, settings):
    graph.script("planner", plan_reply())
    script_after_planner(graph)
    ask(api_user)
    assert all("temperature" not in request.body for request in graph.requests)

    settings.LLM_TEMPERATURE = 0.0
    graph.requests.clear()
    graph.script("planner", plan_reply())
    script_after_planner(graph)
    ask(api_user)
    assert graph.requests and all(request.body["temperature"] == 0.0 for request in graph.requests)
