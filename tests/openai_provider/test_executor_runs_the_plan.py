"""EXECUTOR_TOOL_CALLS=plan (issue 29, small local models): the executor runs the plan's evidence
steps itself, through the same tool layer, and asks the model once — no ``tools``, the results in
the user message — for the contract, constrained to its schema. Under LLM_PROMPT_PROFILE=compact
the bindings are narrowed to the results in that request; the Gatekeeper still checks excerpts."""

from __future__ import annotations

import json

import pytest

from contracts.plan import ExecutorRequest, Plan, PlanStep
from diagnosis.agents.openai import build_provider
from diagnosis.agents.openai.executor import COMPACT_TOOL_RESULT_MAX_CHARS
from diagnosis.models import ToolInvocation
from tests.fake_llm.server import Reply
from tests.openai_provider.dataset import WINDOW
from tests.openai_provider.helpers import NOW, QUESTION, reading
from tests.openai_provider.scripts import executor_final

pytestmark = pytest.mark.django_db

STEPS = [
    PlanStep(tool="get_current_time"),
    PlanStep(tool="query_logs", arguments={"service": "payment-service", "level": "ERROR", **WINDOW}),
    PlanStep(tool="query_metrics", arguments={"service": "payment-service", **WINDOW}),
]


@pytest.fixture
def planned(openai_settings):
    openai_settings.EXECUTOR_TOOL_CALLS = "plan"
    openai_settings.LLM_STRUCTURED_OUTPUT = "json_schema"
    return openai_settings


def execute(ctx, tool_runner):
    request = ExecutorRequest(question=QUESTION, plan=Plan(goal="定位原因", steps=STEPS), now=NOW, reading=reading())
    return build_provider().executor.execute(request, tool_runner, ctx)


def test_the_plans_evidence_steps_run_and_the_model_is_asked_once_without_tools(planned, fake_llm, ctx, tool_runner, run):
    fake_llm.script("executor", executor_final())
    reply = execute(ctx, tool_runner)

    invocations = list(ToolInvocation.objects.filter(run=run).order_by("seq"))
    # The clock is no evidence: only the evidence steps ran, as planned, with the plan's arguments.
    assert [(i.tool_name, i.status) for i in invocations] == [("query_logs", "success"), ("query_metrics", "success")]
    [request] = fake_llm.requests_for("executor")
    assert "tools" not in request.body and "tool_choice" not in request.body
    assert [m["role"] for m in request.messages] == ["system", "user"]
    assert request.body["response_format"]["json_schema"]["name"] == "executor_evidence_v2"
    results = json.loads(request.user_message())["tool_results"]
    assert [(r["invocation_id"], r["tool_name"]) for r in results] == [("inv_1", "query_logs"), ("inv_2", "query_metrics")]
    persisted = invocations[0].retrieval_details["evidence_refs"]
    assert results[0]["evidence_refs"] == [{"raw_path": r["raw_path"], "text": r["text"]} for r in persisted]
    assert json.loads(reply.content)["claims"][0]["evidence_bindings"][0]["source_invocation_id"] == "inv_1"


def test_no_more_steps_run_than_the_tool_call_budget(planned, fake_llm, ctx, tool_runner, run):
    planned.EXECUTOR_MAX_TOOL_CALLS = 1
    fake_llm.script("executor", Reply(content="{}"))
    execute(ctx, tool_runner)
    assert list(ToolInvocation.objects.filter(run=run).values_list("tool_name", flat=True)) == ["query_logs"]
    assert [r["tool_name"] for r in json.loads(fake_llm.requests_for("executor")[0].user_message())["tool_results"]] == [
        "query_logs"]


def test_compact_bindings_may_name_only_the_results_in_the_request(planned, fake_llm, ctx, tool_runner, run):
    planned.LLM_PROMPT_PROFILE = "compact"
    fake_llm.script("executor", executor_final())
    execute(ctx, tool_runner)

    [request] = fake_llm.requests_for("executor")
    payload = json.loads(request.user_message())
    assert set(payload) == {"question", "mode", "round", "now", "timezone", "tool_results"}  # no plan, no catalogue
    assert all(len(json.dumps(r, ensure_ascii=False, separators=(",", ":"))) <= COMPACT_TOOL_RESULT_MAX_CHARS
               for r in payload["tool_results"])
    schema = request.body["response_format"]["json_schema"]["schema"]
    branches = schema["$defs"]["EvidenceBinding"]["anyOf"]
    sent = {r["invocation_id"]: [ref["raw_path"] for ref in r["evidence_refs"]] for r in payload["tool_results"]}
    assert {b["properties"]["source_invocation_id"]["const"]: b["properties"]["raw_path"]["enum"] for b in branches} == sent
    assert [b["properties"]["source_type"]["const"] for b in branches] == ["log", "metric"]
    # The excerpt is the model's to write (and the Gatekeeper's to check): free text, last.
    assert all(list(b["properties"])[-1] == "evidence_excerpt" and b["properties"]["evidence_excerpt"]["type"] == "string"
               for b in branches)
