"""The executor's tool-calling loop: every call persisted through the tool layer, results sent
back as JSON tool messages with refs, failures reported to the model, bounded calls per round."""

from __future__ import annotations

import json

import pytest

from contracts.tools import ToolCallResult
from diagnosis.agents.base import AgentError
from diagnosis.agents.openai import build_provider
from diagnosis.agents.openai.executor import (
    REASON_TURN_LIMIT,
    STATUS_BUDGET_EXHAUSTED,
    TOOL_MESSAGE_MAX_CHARS,
    tool_message_content,
)
from diagnosis.models import ToolInvocation
from diagnosis.tools.registry import TOOLS
from tests.fake_llm.server import Reply
from tests.openai_provider.dataset import POOL_LOG, WINDOW
from tests.openai_provider.helpers import executor_request
from tests.openai_provider.scripts import executor_final, standard_tool_calls, tool_calls_reply

pytestmark = pytest.mark.django_db


def execute(ctx, tool_runner, request=None):
    return build_provider().executor.execute(request or executor_request(), tool_runner, ctx)


def test_tool_calls_are_persisted_and_results_sent_back_with_refs(openai_settings, fake_llm, ctx, tool_runner, run):
    fake_llm.script("executor", standard_tool_calls(), executor_final())
    reply = execute(ctx, tool_runner)

    invocations = list(ToolInvocation.objects.filter(run=run).order_by("seq"))
    assert [(i.invocation_id, i.tool_name, i.status) for i in invocations] == [
        ("inv_1", "query_logs", "success"),
        ("inv_2", "query_metrics", "success"),
    ]
    second = fake_llm.requests[1]
    assistant = second.messages[2]
    assert assistant["role"] == "assistant" and [c["id"] for c in assistant["tool_calls"]] == ["call_query_logs_0", "call_query_metrics_1"]
    tool_messages = [m for m in second.messages if m["role"] == "tool"]
    assert [m["tool_call_id"] for m in tool_messages] == ["call_query_logs_0", "call_query_metrics_1"]
    logs_result = json.loads(tool_messages[0]["content"])
    assert {"invocation_id", "tool_name", "status", "evidence_refs", "summary"} <= set(logs_result)
    assert logs_result["invocation_id"] == "inv_1" and logs_result["status"] == "success"
    persisted = invocations[0].retrieval_details["evidence_refs"]
    assert logs_result["evidence_refs"] == [{"raw_path": r["raw_path"], "text": r["text"]} for r in persisted]
    assert any(POOL_LOG in r["text"] for r in logs_result["evidence_refs"])

    contract = json.loads(reply.content)
    binding = contract["claims"][0]["evidence_bindings"][0]
    assert binding["source_invocation_id"] == "inv_1" and binding["raw_path"] in {r["raw_path"] for r in persisted}
    assert reply.finish_reason == "stop"


def test_unknown_tool_becomes_a_failed_invocation_reported_to_the_model(openai_settings, fake_llm, ctx, tool_runner, run):
    fake_llm.script("executor", tool_calls_reply(("restart_database", {"now": True})), Reply(content="{}"))
    execute(ctx, tool_runner)
    inv = ToolInvocation.objects.get(run=run)
    assert inv.status == "failed" and "restart_database" in inv.error
    result = fake_llm.requests[1].tool_messages()[0]
    assert result["status"] == "failed" and result["invocation_id"] == inv.invocation_id
    assert result["error"] == inv.error and result["evidence_refs"] == []


def test_arguments_that_are_not_json_become_a_failed_invocation_reported_to_the_model(openai_settings, fake_llm, ctx, tool_runner, run):
    fake_llm.script("executor", tool_calls_reply(("query_logs", '{"service": "payment-service",')), Reply(content="{}"))
    execute(ctx, tool_runner)
    inv = ToolInvocation.objects.get(run=run)
    assert inv.status == "failed" and inv.tool_name == "query_logs"
    result = fake_llm.requests[1].tool_messages()[0]
    assert result["status"] == "failed" and "JSON" in result["error"]


def test_calls_beyond_the_budget_are_not_executed_and_the_model_is_told_to_finish(openai_settings, fake_llm, ctx, tool_runner, run):
    openai_settings.EXECUTOR_MAX_TOOL_CALLS = 2
    many = tool_calls_reply(*[("query_logs", {"service": "payment-service", "keyword": f"k{i}", **WINDOW}) for i in range(3)])
    fake_llm.script("executor", many, Reply(content='{"answer_version":"executor_evidence_v2","claims":[]}'))
    reply = execute(ctx, tool_runner)
    assert ToolInvocation.objects.filter(run=run).count() == 2
    results = fake_llm.requests[1].tool_messages()
    assert [r["status"] for r in results] == ["no_hit", "no_hit", STATUS_BUDGET_EXHAUSTED]
    assert "executor_evidence_v2" in results[2]["error"]
    assert fake_llm.requests[1].body["tool_choice"] == "none"
    assert "tool_choice" not in fake_llm.requests[0].body
    assert json.loads(reply.content)["answer_version"] == "executor_evidence_v2"


def test_a_model_that_never_stops_calling_tools_hits_the_turn_limit(openai_settings, fake_llm, ctx, tool_runner, run):
    openai_settings.EXECUTOR_MAX_TOOL_CALLS = 1
    call = tool_calls_reply(("get_current_time", {}))
    fake_llm.script("executor", *[call] * 4)
    with pytest.raises(AgentError) as err:
        execute(ctx, tool_runner)
    assert err.value.reason == REASON_TURN_LIMIT and not err.value.retryable
    assert len(fake_llm.requests) == 1 + 3  # budget + EXTRA_TURNS model turns, never more
    assert ToolInvocation.objects.filter(run=run).count() == 1


def test_blank_final_content_is_re_asked_once_without_rerunning_tools(openai_settings, fake_llm, ctx, tool_runner, run):
    fake_llm.script("executor", standard_tool_calls(), Reply(content="", finish_reason="stop"), executor_final())
    reply = execute(ctx, tool_runner)
    assert json.loads(reply.content)["answer_version"] == "executor_evidence_v2"
    assert len(fake_llm.requests) == 3
    assert fake_llm.requests[1].raw == fake_llm.requests[2].raw  # the same messages again
    assert ToolInvocation.objects.filter(run=run).count() == 2


@pytest.mark.parametrize("bad", [Reply(content="", finish_reason="stop"), Reply(content='{"answer_vers', finish_reason="length")])
def test_a_second_unusable_final_reply_is_an_agent_error(openai_settings, fake_llm, ctx, tool_runner, bad):
    fake_llm.script("executor", standard_tool_calls(), bad, bad)
    with pytest.raises(AgentError) as err:
        execute(ctx, tool_runner)
    assert err.value.reason in {"llm_blank_content", "llm_truncated"}
    assert len(fake_llm.requests) == 3


def test_transport_failure_in_the_loop_is_not_re_asked(openai_settings, fake_llm, ctx, tool_runner):
    openai_settings.LLM_MAX_RETRIES = 0
    fake_llm.script("executor", standard_tool_calls(), Reply(status=503))
    with pytest.raises(AgentError) as err:
        execute(ctx, tool_runner)
    assert not err.value.retryable and len(fake_llm.requests) == 2


def test_earlier_rounds_results_are_offered_in_the_first_message(openai_settings, fake_llm, ctx, tool_runner):
    fake_llm.script("executor", standard_tool_calls(), executor_final())
    execute(ctx, tool_runner)
    tool_runner.round_no = 2
    fake_llm.script("executor", Reply(content="{}"))
    execute(ctx, tool_runner, executor_request(mode="EVIDENCE_GAP_ONLY", round=2))
    first = json.loads(fake_llm.requests[-1].user_message())
    assert [r["invocation_id"] for r in first["previous_tool_results"]] == ["inv_1", "inv_2"]
    assert first["mode"] == "EVIDENCE_GAP_ONLY"


def test_tool_message_is_bounded_and_keeps_refs_before_the_summary():
    refs = [{"raw_path": f"/records/{i}", "text": "x" * 900} for i in range(20)]
    result = ToolCallResult(
        invocation_id="inv_7", tool_name="query_logs", round=1, status="success", arguments={},
        output={"records": [{"message": "x" * 900}] * 20, "total": 20}, evidence_refs=refs,
    )
    content = tool_message_content(result)
    assert len(content) <= TOOL_MESSAGE_MAX_CHARS
    payload = json.loads(content)
    assert payload["invocation_id"] == "inv_7" and payload["summary"] == ""
    kept = payload["evidence_refs"]
    assert kept == refs[: len(kept)] and payload["evidence_refs_omitted"] == 20 - len(kept) > 0


def test_small_tool_message_carries_a_summary_of_the_output_shape():
    result = ToolCallResult(
        invocation_id="inv_1", tool_name="query_logs", round=1, status="success", arguments={},
        output={"records": [{"message": "a"}, {"message": "b"}], "total": 214, "truncated": True},
        evidence_refs=[{"raw_path": "/records/0", "text": "a", "source_id": "s", "label": "l"}],
    )
    payload = json.loads(tool_message_content(result))
    assert json.loads(payload["summary"]) == {"records": "2 items", "total": 214, "truncated": True}
    assert payload["evidence_refs"] == [{"raw_path": "/records/0", "text": "a"}]


def test_the_echoed_tool_call_turn_never_sends_null_content(openai_settings, fake_llm, ctx, tool_runner, run):
    # llama-cpp-python's server answers HTTP 500 to an assistant message with "content": null,
    # and its chat template fails on one without the key (both measured in the realmodel step).
    fake_llm.script("executor", standard_tool_calls(), executor_final())
    execute(ctx, tool_runner)
    assistant = fake_llm.requests[1].messages[2]
    assert assistant["role"] == "assistant" and assistant["tool_calls"]
    assert isinstance(assistant["content"], str)


def test_first_tool_choice_plan_names_the_plans_first_tool_on_the_first_turn_only(openai_settings, fake_llm, ctx, tool_runner, run):
    openai_settings.EXECUTOR_FIRST_TOOL_CHOICE = "plan"
    fake_llm.script("executor", standard_tool_calls(), executor_final())
    execute(ctx, tool_runner)
    assert fake_llm.requests[0].body["tool_choice"] == {"type": "function", "function": {"name": "query_logs"}}
    assert "tool_choice" not in fake_llm.requests[1].body  # afterwards the model decides again
    assert ToolInvocation.objects.filter(run=run).count() == 2


def test_a_named_first_tool_is_sent_alone_and_every_tool_afterwards(openai_settings, fake_llm, ctx, tool_runner, run):
    openai_settings.EXECUTOR_FIRST_TOOL_CHOICE = "plan"
    fake_llm.script("executor", standard_tool_calls(), executor_final())
    execute(ctx, tool_runner)
    first, second = fake_llm.requests[0].body, fake_llm.requests[1].body
    assert [tool["function"]["name"] for tool in first["tools"]] == ["query_logs"]
    assert len(second["tools"]) == len(TOOLS) > 1
    assert len(json.dumps(first, ensure_ascii=False)) < len(json.dumps(second, ensure_ascii=False))


def test_first_tool_choice_auto_leaves_the_choice_to_the_model(openai_settings, fake_llm, ctx, tool_runner, run):
    assert openai_settings.EXECUTOR_FIRST_TOOL_CHOICE == "auto"
    fake_llm.script("executor", standard_tool_calls(), executor_final())
    execute(ctx, tool_runner)
    assert all("tool_choice" not in request.body for request in fake_llm.requests)
