"""Streamed model calls (issue 15 item 3): every request asks for a stream (usage in the last
chunk), the reply is assembled whole — content, tool calls from their deltas — and a timeout or
the run's deadline closes the stream, which the fake server sees as a client disconnect (where
vLLM and llama.cpp stop generating). The wire contract and X-Prompt-* headers are unchanged."""

from __future__ import annotations

import json
import time

import pytest

from contracts import reasons as R
from diagnosis.agents.base import AgentError
from diagnosis.agents.openai import build_provider
from diagnosis.agents.openai import client as wire
from diagnosis.agents.openai.prompts import load_prompt
from diagnosis.models import ToolInvocation
from tests.fake_llm.server import Reply, ToolCall
from tests.openai_provider.dataset import WINDOW
from tests.openai_provider.graph_helpers import ask, assert_completed_in_chinese, verifier_evaluation
from tests.openai_provider.helpers import (
    CANONICAL_VERIFIER_INPUT,
    composer_material,
    executor_request,
    planner_request,
)
from tests.openai_provider.scripts import composer_reply, plan_reply, standard_tool_calls

pytestmark = pytest.mark.django_db

LONG_VERDICT = '{"verdict": "PASS", "rationale": "' + "核对证据" * 60 + '"}'


def test_every_request_is_streamed_with_usage_and_the_same_headers(openai_settings, fake_llm, ctx, tool_runner):
    fake_llm.script("planner", plan_reply())
    fake_llm.script("executor", standard_tool_calls(), Reply(content='{"answer_version":"executor_evidence_v2","claims":[]}'))
    fake_llm.script("verifier", Reply(content='{"verdict":"PASS"}'))
    fake_llm.script("composer", composer_reply())
    provider = build_provider()
    provider.planner.plan(planner_request(), ctx)
    provider.executor.execute(executor_request(), tool_runner, ctx)
    assert provider.verifier.verify(CANONICAL_VERIFIER_INPUT, ctx) == '{"verdict":"PASS"}'
    provider.composer.compose(composer_material(), ctx)

    for request in fake_llm.requests:
        assert request.body["stream"] is True and request.body["stream_options"] == {"include_usage": True}
        assert request.headers["x-prompt-name"] == request.role
        assert request.headers["x-prompt-version"] == load_prompt(request.role).version
        assert request.ended.wait(5), "the fake server never ended the stream"
        assert request.streamed and request.stream_finished and not request.stream_closed
    assert ctx.usage["executor"].model_dump() == {  # from the usage chunks
        "prompt_tokens": 22, "completion_tokens": 14, "calls": 2, "output_modes": ["off", "off"],
    }


def test_a_finished_stream_leaves_its_connection_for_the_next_request(openai_settings, fake_llm, ctx, tool_runner):
    # P1: the body is read to its end after [DONE]; a half-read response would be closed and
    # every model call would pay a new TCP connection.
    fake_llm.script("executor", standard_tool_calls(), Reply(content='{"answer_version":"executor_evidence_v2","claims":[]}'))
    build_provider().executor.execute(executor_request(), tool_runner, ctx)
    first, second = fake_llm.requests_for("executor")
    assert first.stream_finished and first.peer == second.peer


def test_tool_calls_and_content_are_assembled_from_one_character_deltas(openai_settings, fake_llm, ctx, tool_runner):
    arguments = json.dumps({"service": "payment-service", "level": "ERROR", **WINDOW}, ensure_ascii=False)
    fake_llm.script(
        "executor",
        Reply(tool_calls=[ToolCall(name="query_logs", arguments=arguments, id="call_a"),
                          ToolCall(name="query_metrics", arguments=json.dumps({"service": "payment-service", **WINDOW}), id="call_b")],
              chunk_size=1),
        Reply(content='{"answer_version":"executor_evidence_v2","claims":[]}', chunk_size=1),
    )
    reply = build_provider().executor.execute(executor_request(), tool_runner, ctx)
    assert reply.content == '{"answer_version":"executor_evidence_v2","claims":[]}'
    invocations = list(ToolInvocation.objects.order_by("seq"))
    assert [(i.tool_name, i.status) for i in invocations] == [("query_logs", "success"), ("query_metrics", "success")]
    assert invocations[0].arguments["service"] == "payment-service" and invocations[0].arguments["level"] == "ERROR"
    second_turn = fake_llm.requests_for("executor")[1]
    assert [m["tool_call_id"] for m in second_turn.messages if m["role"] == "tool"] == ["call_a", "call_b"]


def test_a_timeout_in_the_middle_of_a_stream_closes_it_and_is_not_retried(openai_settings, fake_llm, ctx):
    openai_settings.LLM_TIMEOUT_S = 0.3
    fake_llm.script("verifier", Reply(content=LONG_VERDICT, chunk_size=2, chunk_delay_s=0.6))
    with pytest.raises(AgentError) as err:
        build_provider().verifier.verify(CANONICAL_VERIFIER_INPUT, ctx)
    assert err.value.reason == wire.REASON_TIMEOUT and err.value.retryable is False
    (request,) = fake_llm.requests  # generation was under way: no second attempt paying for it again
    assert request.closed.wait(5), "the fake server never saw the client close the stream"
    assert request.stream_closed and not request.stream_finished


def test_the_run_deadline_closes_a_trickling_stream_and_ends_in_budget_exhausted(openai_settings, fake_llm, incident, api_user):
    openai_settings.LLM_TIMEOUT_S = 2.0  # every event arrives well within the read timeout…
    openai_settings.RUN_MAX_SECONDS = 1.0  # …but the whole reply would take ~15 s
    fake_llm.script("planner", Reply(content=plan_reply().content, chunk_size=1, chunk_delay_s=0.05))
    started = time.monotonic()
    run = ask(api_user)
    assert time.monotonic() - started < 5

    assert_completed_in_chinese(run, outcome="fallback", fallback_reason=R.BUDGET_EXHAUSTED)
    (request,) = fake_llm.requests
    assert request.closed.wait(5) and not request.stream_finished
    assert verifier_evaluation(run)["run_budget"]["refused_by"] == "seconds"
    # The cut call was sent: it counts, its prompt estimated.
    assert run.token_usage["planner"]["calls"] == 1 and run.token_usage["planner"]["estimated_calls"] == 1
    assert run.token_usage["planner"]["prompt_tokens"] > 0


def test_an_error_event_inside_the_stream_is_a_non_retryable_agent_error(openai_settings, fake_llm, ctx):
    fake_llm.script("verifier", Reply(raw_body=b'{"error": {"message": "model overloaded", "type": "server_error"}}'))
    with pytest.raises(AgentError) as err:
        build_provider().verifier.verify(CANONICAL_VERIFIER_INPUT, ctx)
    assert err.value.reason == wire.REASON_HTTP_ERROR and not err.value.retryable
    assert "model overloaded" in str(err.value)


def test_the_run_deadline_cuts_a_stream_kept_alive_by_pings_without_any_chunk(openai_settings, fake_llm, incident, api_user):
    # sse-starlette (llama-cpp-python's server) sends ": ping" every 15 s while the model reads its
    # prompt: no chunk arrives and the read timeout never fires; the deadline must still cut.
    openai_settings.LLM_TIMEOUT_S = 2.0
    openai_settings.RUN_MAX_SECONDS = 1.0
    fake_llm.script("planner", Reply(content=plan_reply().content, stall_s=20, ping_every_s=0.1))
    started = time.monotonic()
    run = ask(api_user)
    assert time.monotonic() - started < 5

    assert_completed_in_chinese(run, outcome="fallback", fallback_reason=R.BUDGET_EXHAUSTED)
    (request,) = fake_llm.requests
    assert request.closed.wait(5) and not request.stream_finished
    assert verifier_evaluation(run)["run_budget"]["refused_by"] == "seconds"
