"""Model calls, tokens and errors are counted by role (issue 12 item 4), through the real client
against the fake OpenAI server."""

from __future__ import annotations

import pytest
from prometheus_client import REGISTRY

from diagnosis.agents.base import AgentError
from diagnosis.agents.openai import build_provider
from diagnosis.agents.openai import client as wire
from tests.fake_llm.server import Reply
from tests.openai_provider.helpers import CANONICAL_VERIFIER_INPUT

pytestmark = pytest.mark.django_db


def value(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


def test_a_successful_call_counts_one_call_and_its_tokens(openai_settings, fake_llm, ctx):
    calls = value("superbiz_model_calls_total", role="verifier", status="ok")
    prompt = value("superbiz_model_tokens_total", role="verifier", direction="prompt")
    completion = value("superbiz_model_tokens_total", role="verifier", direction="completion")
    fake_llm.script("verifier", Reply(content='{"verdict":"PASS"}', usage={"prompt_tokens": 40, "completion_tokens": 9}))
    build_provider().verifier.verify(CANONICAL_VERIFIER_INPUT, ctx)
    assert value("superbiz_model_calls_total", role="verifier", status="ok") == calls + 1
    assert value("superbiz_model_tokens_total", role="verifier", direction="prompt") == prompt + 40
    assert value("superbiz_model_tokens_total", role="verifier", direction="completion") == completion + 9


def test_a_failed_call_counts_an_error_with_its_reason(openai_settings, fake_llm, ctx):
    openai_settings.LLM_MAX_RETRIES = 0
    errors = value("superbiz_model_errors_total", role="verifier", reason=wire.REASON_HTTP_ERROR)
    failed = value("superbiz_model_calls_total", role="verifier", status="error")
    fake_llm.script("verifier", Reply(status=400, error_message="bad request"))
    with pytest.raises(AgentError):
        build_provider().verifier.verify(CANONICAL_VERIFIER_INPUT, ctx)
    assert value("superbiz_model_errors_total", role="verifier", reason=wire.REASON_HTTP_ERROR) == errors + 1
    assert value("superbiz_model_calls_total", role="verifier", status="error") == failed + 1
