"""The bounds, budget and planner-fallback settings (issue 15): defaults, per-role values, and a
bad value failing start-up by name (one fresh interpreter per case, as manage.py imports them)."""

from __future__ import annotations

import pytest

from tests.settings.test_env_settings import load_settings


def test_defaults_bound_every_role_and_the_run():
    result = load_settings(
        {}, name="LLM_MAX_TOKENS, settings.LLM_MAX_TOKENS_PARAM, settings.RUN_MAX_TOKENS, settings.RUN_MAX_SECONDS, "
                  "settings.PLANNER_FALLBACK"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(
        {"planner": 800, "executor": 2500, "verifier": 2000, "composer": 1500}
    ) + " max_tokens 200000 900.0 offline"


def test_each_role_bound_is_read_from_its_own_variable():
    result = load_settings({"LLM_MAX_TOKENS_PLANNER": "64", "LLM_MAX_TOKENS_COMPOSER": "300"}, name="LLM_MAX_TOKENS")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str({"planner": 64, "executor": 2500, "verifier": 2000, "composer": 300})


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("LLM_MAX_TOKENS_EXECUTOR", "lots"),
        ("LLM_MAX_TOKENS_VERIFIER", "0"),
        ("LLM_MAX_TOKENS_PARAM", "max_output_tokens"),
        ("RUN_MAX_TOKENS", "-5"),
        ("RUN_MAX_SECONDS", "forever"),
        ("PLANNER_FALLBACK", "retry"),
    ],
)
def test_a_bad_bound_or_budget_fails_start_up_naming_the_variable(variable, value):
    result = load_settings({variable: value})
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert variable in result.stderr.splitlines()[-1]
