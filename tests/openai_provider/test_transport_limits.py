"""One retry layer (the openai client's), explicit timeouts, and what a spent budget raises.

A logical call never makes more than LLM_MAX_RETRIES + 1 HTTP attempts; once the client gives
up the AgentError is not retryable, so no second layer adds attempts."""

from __future__ import annotations

import time

import openai
import pytest

from diagnosis.agents.base import AgentError
from diagnosis.agents.openai import build_provider
from diagnosis.agents.openai import client as wire
from diagnosis.agents.openai.config import config_from_settings
from tests.fake_llm.server import Reply
from tests.openai_provider.helpers import CANONICAL_VERIFIER_INPUT

pytestmark = pytest.mark.django_db

OK = Reply(content='{"verdict":"PASS"}')


def verify(ctx):
    return build_provider().verifier.verify(CANONICAL_VERIFIER_INPUT, ctx)


def test_client_timeouts_are_explicit_not_the_library_default(openai_settings):
    openai_settings.LLM_TIMEOUT_S = 30
    client = wire.make_client(config_from_settings())
    assert client.timeout == openai.Timeout(30.0, connect=10.0)
    assert client.timeout.read == 30.0 and client.timeout.read != openai.DEFAULT_TIMEOUT.read
    assert client.max_retries == openai_settings.LLM_MAX_RETRIES


def test_rate_limit_with_retry_after_is_retried_once_by_the_client(openai_settings, fake_llm, ctx):
    fake_llm.script("verifier", Reply(status=429, headers={"Retry-After": "1"}, error_message="slow down"), OK)
    started = time.monotonic()
    assert verify(ctx) == '{"verdict":"PASS"}'
    first, second = fake_llm.requests
    assert second.at - first.at >= 0.9  # the Retry-After was honoured
    assert time.monotonic() - started < 5


@pytest.mark.parametrize("max_retries", [0, 1, 2])
def test_repeated_500s_stop_after_max_retries_plus_one_attempts(openai_settings, fake_llm, ctx, max_retries):
    openai_settings.LLM_MAX_RETRIES = max_retries
    fake_llm.script("verifier", *[Reply(status=500, headers={"Retry-After": "0"}) for _ in range(max_retries + 1)])
    with pytest.raises(AgentError) as err:
        verify(ctx)
    assert len(fake_llm.requests) == max_retries + 1
    assert err.value.reason == wire.REASON_HTTP_ERROR and err.value.retryable is False


def test_persistent_rate_limiting_is_a_non_retryable_agent_error(openai_settings, fake_llm, ctx):
    fake_llm.script("verifier", Reply(status=429, headers={"Retry-After": "0"}), Reply(status=429, headers={"Retry-After": "0"}))
    with pytest.raises(AgentError) as err:
        verify(ctx)
    assert err.value.reason == wire.REASON_RATE_LIMITED and not err.value.retryable
    assert len(fake_llm.requests) == 2


def test_a_hanging_response_times_out_within_the_configured_budget(openai_settings, fake_llm, ctx):
    openai_settings.LLM_TIMEOUT_S = 0.4
    fake_llm.script("verifier", Reply(content="{}", delay_s=5), Reply(content="{}", delay_s=5))
    started = time.monotonic()
    with pytest.raises(AgentError) as err:
        verify(ctx)
    assert err.value.reason == wire.REASON_TIMEOUT and not err.value.retryable
    assert len(fake_llm.requests) == 2  # LLM_MAX_RETRIES=1 → two attempts, no more
    assert time.monotonic() - started < 4


def test_a_client_error_is_not_retried(openai_settings, fake_llm, ctx):
    fake_llm.script("verifier", Reply(status=400, error_message="bad request"))
    with pytest.raises(AgentError) as err:
        verify(ctx)
    assert len(fake_llm.requests) == 1 and not err.value.retryable


def test_connection_refused_is_a_non_retryable_agent_error_after_client_retries(openai_settings, fake_llm, ctx):
    openai_settings.OPENAI_BASE_URL = "http://127.0.0.1:9/v1"  # discard port: nothing listens
    with pytest.raises(AgentError) as err:
        verify(ctx)
    assert err.value.reason == wire.REASON_CONNECTION and not err.value.retryable


def test_providers_with_the_same_endpoint_share_one_pooled_client(openai_settings):
    first, second = build_provider(), build_provider()
    assert first.verifier.caller.client is second.verifier.caller.client
    openai_settings.LLM_TIMEOUT_S = 7
    assert build_provider().verifier.caller.client is not first.verifier.caller.client
