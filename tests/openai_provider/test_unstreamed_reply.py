"""A gateway that ignores ``stream`` (issue 29 item 3): it answers a streamed request with one
plain ``chat.completion`` JSON body (Content-Type application/json). That is a whole reply, read
as a normal completion — not ``llm_empty_choices``."""

from __future__ import annotations

import pytest

from diagnosis.agents.openai import build_provider
from tests.fake_llm.server import Reply, ToolCall
from tests.openai_provider.helpers import CANONICAL_VERIFIER_INPUT, executor_request

pytestmark = pytest.mark.django_db


def test_a_plain_json_body_to_a_streamed_request_is_read_as_the_completion(openai_settings, fake_llm, ctx):
    fake_llm.script("verifier", Reply(content='{"verdict":"PASS"}', ignore_stream=True))
    assert build_provider().verifier.verify(CANONICAL_VERIFIER_INPUT, ctx) == '{"verdict":"PASS"}'
    assert fake_llm.requests[0].body["stream"] is True and not fake_llm.requests[0].streamed
    usage = ctx.usage["verifier"]
    assert (usage.prompt_tokens, usage.completion_tokens, usage.calls, usage.estimated_calls) == (11, 7, 1, None)


def test_tool_calls_in_a_plain_json_body_reach_the_tool_loop(openai_settings, fake_llm, ctx, tool_runner):
    fake_llm.script(
        "executor",
        Reply(tool_calls=[ToolCall(name="get_current_time", arguments="{}", id="call_t")], ignore_stream=True),
        Reply(content='{"answer_version":"executor_evidence_v2","claims":[]}', ignore_stream=True),
    )
    reply = build_provider().executor.execute(executor_request(), tool_runner, ctx)
    assert reply.content == '{"answer_version":"executor_evidence_v2","claims":[]}'
    second = fake_llm.requests_for("executor")[1]
    assert second.messages[-1]["role"] == "tool" and second.messages[-1]["tool_call_id"] == "call_t"
    assert second.tool_messages()[0]["tool_name"] == "get_current_time"
