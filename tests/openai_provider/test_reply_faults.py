"""Replies that arrived but are not answers: malformed bodies, empty choices, blank content
(DeepSeek's finish_reason=stop with ""), truncation. Each is a retryable AgentError after exactly
one HTTP attempt (the transport worked; the node decides whether to re-ask)."""

from __future__ import annotations

import pytest

from diagnosis.agents.base import AgentError
from diagnosis.agents.openai import build_provider
from diagnosis.agents.openai import client as wire
from diagnosis.agents.openai.planner import REASON_PLAN_INVALID
from tests.fake_llm.server import Reply
from tests.openai_provider.helpers import CANONICAL_VERIFIER_INPUT, composer_material, planner_request
from tests.openai_provider.scripts import plan_reply

pytestmark = pytest.mark.django_db

FAULTS = {
    "truncated json body": (Reply(raw_body=b'{"choices": [{"mess'), wire.REASON_MALFORMED),
    "text body": (Reply(raw_body=b"upstream exploded", headers={"Content-Type": "text/plain"}), wire.REASON_MALFORMED),
    "json array body": (Reply(raw_body=b"[1, 2]"), wire.REASON_MALFORMED),
    "object without choices": (Reply(raw_body=b'{"id": "x"}'), wire.REASON_EMPTY_CHOICES),
    "choices not a list": (Reply(raw_body=b'{"choices": "abc"}'), wire.REASON_EMPTY_CHOICES),
    "message not an object": (Reply(raw_body=b'{"choices": [{"message": "hi", "finish_reason": "stop"}]}'), wire.REASON_MALFORMED),
    "empty choices": (Reply(empty_choices=True), wire.REASON_EMPTY_CHOICES),
    "blank content with stop": (Reply(content="", finish_reason="stop"), wire.REASON_BLANK),
    "null content with stop": (Reply(content=None, finish_reason="stop"), wire.REASON_BLANK),
    "whitespace content": (Reply(content="  \n ", finish_reason="stop"), wire.REASON_BLANK),
    "truncated output": (Reply(content='{"verdict": "PA', finish_reason="length"), wire.REASON_TRUNCATED),
}


@pytest.mark.parametrize("name", list(FAULTS))
def test_a_reply_that_is_not_an_answer_is_a_retryable_agent_error(openai_settings, fake_llm, ctx, name):
    reply, reason = FAULTS[name]
    fake_llm.script("verifier", reply)
    with pytest.raises(AgentError) as err:
        build_provider().verifier.verify(CANONICAL_VERIFIER_INPUT, ctx)
    assert err.value.reason == reason
    assert err.value.retryable is True
    assert len(fake_llm.requests) == 1


def test_content_filter_is_not_retryable(openai_settings, fake_llm, ctx):
    fake_llm.script("composer", Reply(content="", finish_reason="content_filter"))
    with pytest.raises(AgentError) as err:
        build_provider().composer.compose(composer_material(), ctx)
    assert err.value.reason == wire.REASON_FILTERED and not err.value.retryable


def test_verifier_reply_in_a_code_fence_is_returned_raw_for_the_shared_parser(openai_settings, fake_llm, ctx):
    fake_llm.script("verifier", Reply(content='```json\n{"verdict": "PASS"}\n```'))
    assert build_provider().verifier.verify(CANONICAL_VERIFIER_INPUT, ctx) == '```json\n{"verdict": "PASS"}\n```'


def test_planner_accepts_one_surrounding_code_fence(openai_settings, fake_llm, ctx):
    fake_llm.script("planner", Reply(content="```json\n" + plan_reply().content + "\n```"))
    plan = build_provider().planner.plan(planner_request(), ctx)
    assert [s.tool for s in plan.steps] == ["query_logs", "query_metrics"]


@pytest.mark.parametrize(
    "content",
    ["这不是 JSON", '["query_logs"]', '{"steps": "query_logs"}', '{"steps": [{"arguments": {}}]}', "```json\n{\"steps\": [\n```"],
)
def test_planner_reply_that_is_not_a_valid_plan_is_a_retryable_agent_error(openai_settings, fake_llm, ctx, content):
    fake_llm.script("planner", Reply(content=content))
    with pytest.raises(AgentError) as err:
        build_provider().planner.plan(planner_request(), ctx)
    assert err.value.reason == REASON_PLAN_INVALID and err.value.retryable


def test_planner_mode_is_the_requested_mode_whatever_the_model_echoes(openai_settings, fake_llm, ctx):
    fake_llm.script("planner", plan_reply("NORMAL"))
    plan = build_provider().planner.plan(planner_request(mode="EVIDENCE_GAP_ONLY", round=2), ctx)
    assert plan.mode == "EVIDENCE_GAP_ONLY"
