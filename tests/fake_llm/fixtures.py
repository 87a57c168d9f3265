"""pytest fixtures: a running fake server and settings pointing the openai provider at it."""

from __future__ import annotations

import pytest

from diagnosis.agents.circuit import circuits
from diagnosis.agents.openai.output_modes import output_modes
from tests.fake_llm.server import FakeLLMServer


@pytest.fixture
def fake_llm():
    # The process-wide circuit breakers and remembered output modes outlive a test; a later
    # server may even reuse the port.
    circuits.reset()
    output_modes.reset()
    server = FakeLLMServer().start()
    yield server
    server.stop()
    assert not server.unscripted, f"unscripted requests reached the fake LLM: {server.unscripted}"


@pytest.fixture
def openai_settings(settings, fake_llm):
    """Settings for LLM_PROVIDER=openai against the fake server: short timeouts, one retry."""
    settings.LLM_PROVIDER = "openai"
    settings.OPENAI_BASE_URL = fake_llm.base_url
    settings.OPENAI_API_KEY = "sk-test-secret-key-123456"
    settings.LLM_MODEL = "fake-model"
    settings.LLM_ROLE_MODELS = {role: "fake-model" for role in ("planner", "executor", "verifier", "composer")}
    settings.LLM_TIMEOUT_S = 2.0
    settings.LLM_MAX_RETRIES = 1
    settings.LLM_JSON_MODE = True
    settings.EXECUTOR_MAX_TOOL_CALLS = 8
    return settings
