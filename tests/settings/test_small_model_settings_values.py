"""The small-local-model settings (issue 29): defaults that change no request, the values read,
and a bad value failing start-up by name (one fresh interpreter per case)."""

from __future__ import annotations

import pytest

from tests.settings.test_env_settings import load_settings

NAMES = "LLM_PLANNER, settings.EXECUTOR_TOOL_CALLS, settings.LLM_PROMPT_PROFILE, settings.LLM_TEMPERATURE"


def test_the_defaults_are_the_model_planner_the_tool_loop_the_default_prompts_and_no_temperature():
    result = load_settings({}, name=NAMES)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "model model default None"


def test_the_small_model_values_are_read():
    result = load_settings({"LLM_PLANNER": "offline", "EXECUTOR_TOOL_CALLS": "plan", "LLM_PROMPT_PROFILE": "compact",
                            "LLM_TEMPERATURE": "0"}, name=NAMES)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "offline plan compact 0.0"


@pytest.mark.parametrize(
    ("variable", "value"),
    [("LLM_PLANNER", "human"), ("EXECUTOR_TOOL_CALLS", "all"), ("LLM_PROMPT_PROFILE", "tiny"), ("LLM_TEMPERATURE", "hot"),
     ("LLM_TEMPERATURE", "3")],
)
def test_a_bad_value_fails_start_up_naming_the_variable(variable, value):
    result = load_settings({variable: value})
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert variable in result.stderr.splitlines()[-1]
