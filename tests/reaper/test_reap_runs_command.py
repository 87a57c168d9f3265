"""``manage.py reap_runs`` closes runs stuck past the deadline — and nothing else."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from contracts import reasons as R
from diagnosis.composer.templates import render_fallback
from diagnosis.models import DiagnosisRun
from tests.factories import make_run

pytestmark = pytest.mark.django_db


def _aged(owner, *, status: str, started_ago_s: float | None, created_ago_s: float = 0) -> DiagnosisRun:
    run = make_run(owner)
    now = timezone.now()
    DiagnosisRun.objects.filter(pk=run.pk).update(
        status=status,
        created_at=now - timedelta(seconds=created_ago_s),
        started_at=None if started_ago_s is None else now - timedelta(seconds=started_ago_s),
    )
    return run


def _reap(*args: str) -> str:
    out = StringIO()
    call_command("reap_runs", *args, stdout=out)
    return out.getvalue()


def test_running_run_past_the_deadline_fails_as_stale_with_the_chinese_answer(api_user, settings):
    settings.RUN_STALE_AFTER_S = 600
    run = _aged(api_user, status="running", started_ago_s=601, created_ago_s=602)
    output = _reap()
    run.refresh_from_db()
    assert (run.status, run.outcome, run.fallback_reason, run.verdict) == ("failed", "fallback", R.STALE_RUN, "")
    assert run.final_answer == render_fallback(R.STALE_RUN) and "中断" in run.final_answer
    assert "stale_run" in run.error and run.duration_ms >= 601_000
    ve = run.self_evaluation["verifier_evaluation"]
    assert ve["failure_reason"] == R.STALE_RUN and ve["verdict"] is None
    assert str(run.pk) in output and "已关闭 1 个" in output


def test_queued_run_never_started_is_reaped_by_its_age(api_user, settings):
    settings.RUN_STALE_AFTER_S = 600
    run = _aged(api_user, status="queued", started_ago_s=None, created_ago_s=700)
    _reap()
    run.refresh_from_db()
    assert run.status == "failed" and run.fallback_reason == R.STALE_RUN


def test_runs_within_the_deadline_and_finished_runs_are_left_alone(api_user, settings):
    settings.RUN_STALE_AFTER_S = 600
    # Created long ago but started recently: the deadline runs from the start.
    fresh = _aged(api_user, status="running", started_ago_s=10, created_ago_s=5000)
    queued = _aged(api_user, status="queued", started_ago_s=None, created_ago_s=10)
    done = _aged(api_user, status="completed", started_ago_s=5000, created_ago_s=5000)
    assert "已关闭 0 个" in _reap()
    assert [DiagnosisRun.objects.get(pk=r.pk).status for r in (fresh, queued, done)] == ["running", "queued", "completed"]


def test_older_than_option_overrides_the_setting(api_user, settings):
    settings.RUN_STALE_AFTER_S = 600
    run = _aged(api_user, status="running", started_ago_s=30)
    _reap("--older-than", "20")
    run.refresh_from_db()
    assert run.status == "failed"


def test_a_second_pass_reaps_nothing(api_user, settings):
    settings.RUN_STALE_AFTER_S = 60
    _aged(api_user, status="running", started_ago_s=100)
    assert "已关闭 1 个" in _reap()
    assert "已关闭 0 个" in _reap()
