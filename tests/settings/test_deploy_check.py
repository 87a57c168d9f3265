"""`manage.py check --deploy --fail-level WARNING` passes with the production environment the
docs/CONFIGURATION.md documents, and fails with the first-run defaults (so the check has teeth)."""

from __future__ import annotations

from tests.settings.probe import run_manage
from tests.settings.production_env import documented_production_env

FIRST_RUN_WARNINGS = ("security.W004", "security.W008", "security.W012", "security.W016")


def test_documented_production_env_passes_check_deploy_at_warning_level():
    result = run_manage(documented_production_env(), "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_first_run_defaults_fail_check_deploy_with_the_https_warnings(tmp_path):
    env = {"DEBUG": "false", "SECRET_KEY_FILE": str(tmp_path / ".secret_key")}
    result = run_manage(env, "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode != 0
    reported = result.stdout + result.stderr
    assert all(code in reported for code in FIRST_RUN_WARNINGS), reported
    # The generated key is strong enough for Django's own key check.
    assert "security.W009" not in reported
