"""``LLM_CIRCUIT_FAILURES`` / ``LLM_CIRCUIT_COOLDOWN_S`` come through the env reader: defaults,
loud failure naming the variable, and the values reach the openai provider's config."""

from __future__ import annotations

import pytest

from diagnosis.agents.openai.config import config_from_settings
from tests.settings.test_env_settings import load_settings


@pytest.mark.parametrize(
    ("variable", "value"),
    [("LLM_CIRCUIT_FAILURES", "-1"), ("LLM_CIRCUIT_FAILURES", "many"), ("LLM_CIRCUIT_COOLDOWN_S", "soon"),
     ("LLM_CIRCUIT_COOLDOWN_S", "-5")],
)
def test_a_bad_circuit_setting_fails_start_up_naming_the_variable(variable, value):
    result = load_settings({variable: value})
    assert result.returncode != 0 and "ImproperlyConfigured" in result.stderr
    assert variable in result.stderr.splitlines()[-1]


def test_the_circuit_defaults_are_five_failures_and_thirty_seconds():
    result = load_settings({}, name="LLM_CIRCUIT_FAILURES, settings.LLM_CIRCUIT_COOLDOWN_S")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["5", "30.0"]


def test_the_circuit_settings_reach_the_provider_config(settings):
    settings.LLM_MODEL = "m"
    settings.LLM_CIRCUIT_FAILURES, settings.LLM_CIRCUIT_COOLDOWN_S = 0, 2.5
    config = config_from_settings()
    assert (config.circuit_failures, config.circuit_cooldown_s) == (0, 2.5)
