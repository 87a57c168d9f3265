"""The API key travels only in the Authorization header; it is never logged or put into an error
message. And no test can reach a non-loopback host (STYLE §8)."""

from __future__ import annotations

import logging
import socket

import pytest

from diagnosis.agents.base import AgentError
from diagnosis.agents.openai import build_provider
from diagnosis.agents.openai.config import config_from_settings
from tests.conftest import NonLoopbackConnection
from tests.fake_llm.server import Reply
from tests.openai_provider.helpers import CANONICAL_VERIFIER_INPUT

pytestmark = pytest.mark.django_db

KEY = "sk-test-secret-key-123456"


def test_api_key_is_sent_as_bearer_token_only(openai_settings, fake_llm, ctx):
    fake_llm.script("verifier", Reply(content="{}"))
    build_provider().verifier.verify(CANONICAL_VERIFIER_INPUT, ctx)
    request = fake_llm.requests[0]
    assert request.headers["authorization"] == f"Bearer {KEY}"
    assert KEY.encode() not in request.raw


def test_api_key_echoed_in_an_error_body_is_scrubbed_from_error_and_logs(openai_settings, fake_llm, ctx, caplog):
    fake_llm.script("verifier", Reply(status=401, error_message=f"Incorrect API key provided: {KEY}"))
    caplog.set_level(logging.DEBUG)
    with pytest.raises(AgentError) as err:
        build_provider().verifier.verify(CANONICAL_VERIFIER_INPUT, ctx)
    assert "HTTP 401" in str(err.value) and KEY not in str(err.value)
    assert KEY not in caplog.text


def test_config_repr_hides_the_api_key(openai_settings):
    assert KEY not in repr(config_from_settings())


def test_a_missing_api_key_uses_a_placeholder_for_keyless_servers(openai_settings, fake_llm, ctx):
    openai_settings.OPENAI_API_KEY = ""
    fake_llm.script("verifier", Reply(content="{}"))
    build_provider().verifier.verify(CANONICAL_VERIFIER_INPUT, ctx)
    assert fake_llm.requests[0].headers["authorization"] == "Bearer not-needed"


def test_a_raw_socket_to_a_non_loopback_host_fails_closed():
    with socket.socket() as sock, pytest.raises(NonLoopbackConnection):
        sock.connect(("203.0.113.10", 443))


def test_the_provider_pointed_at_a_real_host_never_leaves_the_machine(openai_settings, ctx):
    openai_settings.OPENAI_BASE_URL = "http://203.0.113.10/v1"  # TEST-NET-3: would hang if it were tried
    openai_settings.LLM_MAX_RETRIES = 0
    with pytest.raises((AgentError, NonLoopbackConnection)) as err:
        build_provider().verifier.verify(CANONICAL_VERIFIER_INPUT, ctx)
    chain = []
    exc: BaseException | None = err.value
    while exc is not None:
        chain.append(exc)
        exc = exc.__cause__ or exc.__context__
    assert any(isinstance(e, NonLoopbackConnection) for e in chain)


def test_a_missing_prompt_file_is_a_non_retryable_agent_error_without_any_request(openai_settings, fake_llm, ctx, tmp_path):
    (tmp_path / "catalog.toml").write_text('version = "t"\n', encoding="utf-8")
    openai_settings.PROMPTS_DIR = tmp_path
    with pytest.raises(AgentError) as err:
        build_provider().verifier.verify(CANONICAL_VERIFIER_INPUT, ctx)
    assert err.value.reason == "prompt_unavailable" and not err.value.retryable
    assert fake_llm.requests == []
