"""Settings come from one environment reader; a bad value fails loudly, naming the variable
(issue 2 item 1, STYLE §5). Each case starts a fresh interpreter so the real settings module is
imported exactly as `manage.py` would import it."""

from __future__ import annotations

import pytest

from tests.settings.probe import load_settings


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("LLM_TIMEOUT_S", "soon"),
        ("LLM_MAX_RETRIES", "-1"),
        ("LLM_JSON_MODE", "maybe"),
        ("LLM_STRUCTURED_OUTPUT", "grammar"),
        ("LLM_PROVIDER", "anthropic-direct"),
        ("RUN_EXECUTION", "threads"),
        ("LOGS_BACKEND", "splunk"),
        ("TIME_ZONE", "Mars/Olympus_Mons"),
        ("DATABASE_URL", "not a url"),
        ("OPENAI_BASE_URL", "ftp://example.com"),
        ("EXECUTOR_MAX_TOOL_CALLS", "0"),
        ("DEBUG", "yes please"),
        ("SQLITE_BUSY_TIMEOUT_S", "0"),
    ],
)
def test_a_bad_value_fails_start_up_with_a_message_naming_the_variable(variable, value):
    result = load_settings({variable: value})
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert variable in result.stderr.splitlines()[-1]


def test_openai_provider_without_a_model_is_refused_by_name():
    result = load_settings({"LLM_PROVIDER": "openai"})
    assert result.returncode != 0 and "LLM_MODEL" in result.stderr.splitlines()[-1]


def test_loki_backend_without_its_url_is_refused_by_name():
    result = load_settings({"LOGS_BACKEND": "loki"})
    assert result.returncode != 0 and "LOKI_URL" in result.stderr.splitlines()[-1]


def test_defaults_give_the_embedded_sqlite_offline_setup():
    result = load_settings({}, name="DATABASES['default']['ENGINE'], settings.LLM_PROVIDER, settings.RUN_EXECUTION, settings.TIME_ZONE, settings.USE_TZ")
    assert result.returncode == 0, result.stderr
    # The embedded default is Django's SQLite backend with a bounded retry on "database is locked".
    assert result.stdout.split() == ["superbiz.sqlite", "offline", "inline", "Asia/Shanghai", "True"]


def test_the_embedded_sqlite_default_waits_for_the_write_lock_in_wal_mode():
    result = load_settings({}, name="DATABASES['default']['OPTIONS']")
    assert result.returncode == 0, result.stderr
    options = eval(result.stdout)  # noqa: S307 - our own settings' repr
    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] == 20.0
    assert "journal_mode=WAL" in options["init_command"]


def test_database_url_selects_postgresql_with_psycopg():
    result = load_settings(
        {"DATABASE_URL": "postgres://postgres@127.0.0.1:5432/superbiz"}, name="DATABASES['default']['ENGINE']"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "django.db.backends.postgresql"


def test_role_models_default_to_llm_model_and_can_be_overridden():
    result = load_settings(
        {"LLM_MODEL": "qwen-plus", "LLM_MODEL_VERIFIER": "qwen-max"}, name="LLM_ROLE_MODELS"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(
        {"planner": "qwen-plus", "executor": "qwen-plus", "verifier": "qwen-max", "composer": "qwen-plus"}
    )


@pytest.mark.parametrize(
    ("variable", "value"),
    [("MASKING_PATTERNS", "not json"), ("MASKING_PATTERNS", '{"EMP": "("}'), ("MASKING_PATTERNS", "[1]"),
     ("MASKING_ENTITIES", "PHONE,PASSPORT"), ("MASKING", "sometimes")],
)
def test_bad_masking_settings_stop_start_up_by_name(variable, value):
    result = load_settings({variable: value})
    assert result.returncode != 0 and variable in result.stderr.splitlines()[-1]


def test_masking_is_on_by_default_with_every_builtin_type():
    result = load_settings({}, name="MASKING, settings.MASKING_ENTITIES, settings.MASKING_PATTERNS")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "[]", "{}"]
