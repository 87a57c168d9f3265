"""Run time limits, visibility timeout, reaper deadline: consistent or refused at start-up; the
beat schedule exists only in celery mode (issue 12 items 1–2)."""

from __future__ import annotations

import pytest

from tests.settings.test_env_settings import load_settings


@pytest.mark.parametrize(
    ("env", "variable"),
    [
        ({"RUN_SOFT_TIME_LIMIT_S": "60", "RUN_HARD_TIME_LIMIT_S": "60"}, "RUN_HARD_TIME_LIMIT_S"),
        ({"RUN_HARD_TIME_LIMIT_S": "360", "CELERY_VISIBILITY_TIMEOUT_S": "300"}, "CELERY_VISIBILITY_TIMEOUT_S"),
        ({"RUN_EXECUTION": "celery", "RUN_HARD_TIME_LIMIT_S": "360", "RUN_STALE_AFTER_S": "300"}, "RUN_STALE_AFTER_S"),
        ({"RUN_REAPER_INTERVAL_S": "never"}, "RUN_REAPER_INTERVAL_S"),
    ],
)
def test_inconsistent_limits_are_refused_by_name(env, variable):
    result = load_settings(env)
    assert result.returncode != 0 and "ImproperlyConfigured" in result.stderr
    assert variable in result.stderr.splitlines()[-1]


def test_visibility_timeout_defaults_to_outlast_the_hard_limit():
    result = load_settings({"RUN_HARD_TIME_LIMIT_S": "100", "RUN_SOFT_TIME_LIMIT_S": "90"}, "CELERY_BROKER_TRANSPORT_OPTIONS")
    assert result.returncode == 0, result.stderr
    assert "'visibility_timeout': 200" in result.stdout


def test_beat_schedule_reaps_only_in_celery_mode():
    celery = load_settings({"RUN_EXECUTION": "celery", "RUN_REAPER_INTERVAL_S": "30"}, "CELERY_BEAT_SCHEDULE")
    assert "diagnosis.tasks.reap_stale_runs_task" in celery.stdout and "30.0" in celery.stdout
    inline = load_settings({"RUN_EXECUTION": "inline"}, "CELERY_BEAT_SCHEDULE")
    assert inline.stdout.strip() == "{}"
