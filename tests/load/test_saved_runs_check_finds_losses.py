"""The harness's database check (benchmarks/load.py ``saved_runs_check`` / ``compute``) is not a
check that cannot fail: a 2xx response whose run row is missing, a row no response reported, a
run left running and a fallback answer each break an invariant."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth import get_user_model

from benchmarks.load import compute, saved_runs_check
from diagnosis.models import DiagnosisRun
from tests.factories import make_run

pytestmark = pytest.mark.django_db


@pytest.fixture
def load_user(db):
    return get_user_model().objects.create_user(username="load-user-000")


def finished(run: DiagnosisRun, *, outcome: str = "pass", reason: str = "") -> DiagnosisRun:
    run.status, run.outcome, run.fallback_reason = DiagnosisRun.Status.COMPLETED, outcome, reason
    run.save()
    return run


def response(run_id, *, outcome="pass", status=201, error="") -> dict:
    return {"kind": "chat", "status": status, "run_id": str(run_id), "outcome": outcome, "latency_ms": 100.0, "error": error}


def test_every_2xx_with_its_terminal_row_holds_all_invariants(load_user):
    runs = [finished(make_run(load_user)) for _ in range(3)]
    records = [response(r.pk) for r in runs]
    saved = saved_runs_check(records)
    assert saved["run_rows"] == saved["responses_2xx"] == 3
    assert all(compute(records, saved)["invariants"].values())


def test_a_2xx_without_a_row_a_row_without_a_2xx_and_a_running_run_are_each_reported(load_user):
    answered = finished(make_run(load_user))
    unreported = finished(make_run(load_user))
    running = make_run(load_user)
    running.status = DiagnosisRun.Status.RUNNING
    running.save()
    ghost = uuid.uuid4()
    records = [response(answered.pk), response(ghost), response(running.pk)]
    saved = saved_runs_check(records)
    assert saved["not_saved"] == [str(ghost)]
    assert saved["extra_rows"] == [str(unreported.pk)]
    assert saved["not_terminal"] == [str(running.pk)] and saved["stuck"] == [str(running.pk)]
    invariants = compute(records, saved)["invariants"]
    assert [ok for name, ok in invariants.items() if name.startswith(("runs saved", "nothing stuck"))] == [False, False]


def test_fallbacks_are_not_real_answers_and_are_counted_by_reason(load_user):
    runs = [finished(make_run(load_user)) for _ in range(98)]
    runs += [finished(make_run(load_user), outcome="fallback", reason="internal_error") for _ in range(2)]
    records = [response(r.pk, outcome=r.outcome) for r in runs]
    saved = saved_runs_check(records)
    figures = compute(records, saved)
    assert saved["fallback_reasons"] == {"internal_error": 2}
    assert figures["endpoints"]["all"]["real_share"] == 0.98
    real = next(ok for name, ok in figures["invariants"].items() if name.startswith("real answers"))
    assert real is False


def test_a_non_2xx_response_counts_as_an_error_and_not_as_a_saved_run(load_user):
    ok = [finished(make_run(load_user)) for _ in range(99)]
    records = [response(r.pk) for r in ok] + [response(None, status=500, outcome=None, error="HTTP 500: boom")]
    records[-1]["run_id"] = None
    saved = saved_runs_check(records)
    figures = compute(records, saved)
    assert figures["endpoints"]["all"]["errors"] == 1
    assert saved["responses_2xx"] == saved["run_rows"] == 99
    error_ok = next(ok for name, ok in figures["invariants"].items() if name.startswith("error rate"))
    assert error_ok is False  # 1 of 100 is not < 1 %
