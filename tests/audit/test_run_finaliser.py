"""The run finaliser (issue 12 item 3): one function moves a run to a terminal state, the first
ending wins, and of two racing endings exactly one is written."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from contracts import reasons as R
from contracts.usage import RoleUsage
from diagnosis.audit.finalise import KIND_CRASH, KIND_STALE, KIND_SUCCESS, RunTerminal, run_finalise
from diagnosis.composer.templates import render_fallback
from diagnosis.models import DiagnosisRun
from diagnosis.services.runs import failure_terminal
from tests.factories import make_run

pytestmark = pytest.mark.django_db


def _success(answer: str = "结论（已验证）") -> RunTerminal:
    return RunTerminal(
        kind=KIND_SUCCESS,
        status=DiagnosisRun.Status.COMPLETED,
        outcome=DiagnosisRun.Outcome.PASS,
        verdict="PASS",
        final_answer=answer,
        token_usage={"planner": RoleUsage(prompt_tokens=3, completion_tokens=2)},
    )


def _running(owner) -> DiagnosisRun:
    run = make_run(owner)
    DiagnosisRun.objects.filter(pk=run.pk).update(status=DiagnosisRun.Status.RUNNING)
    return run


def test_finalise_writes_columns_totals_and_duration(api_user):
    run = _running(api_user)
    assert run_finalise(run_id=run.pk, terminal=_success()) is True
    run.refresh_from_db()
    assert (run.status, run.outcome, run.verdict, run.final_answer) == ("completed", "pass", "PASS", "结论（已验证）")
    assert (run.prompt_tokens, run.completion_tokens) == (3, 2) and run.finished_at is not None


def test_first_ending_wins_over_a_later_one(api_user):
    run = _running(api_user)
    stale = failure_terminal(kind=KIND_STALE, reason=R.STALE_RUN, error="stale")
    assert run_finalise(run_id=run.pk, terminal=stale) is True
    assert run_finalise(run_id=run.pk, terminal=_success()) is False
    run.refresh_from_db()
    assert (run.status, run.fallback_reason) == ("failed", R.STALE_RUN)
    assert run.final_answer == render_fallback(R.STALE_RUN)
    assert run.self_evaluation["verifier_evaluation"]["failure_reason"] == R.STALE_RUN


def test_finalise_of_a_finished_run_leaves_it_and_the_instance_unchanged(api_user):
    run = _running(api_user)
    run_finalise(run_id=run.pk, terminal=_success("first"))
    stale_copy = DiagnosisRun.objects.get(pk=run.pk)
    assert run_finalise(run_id=run.pk, terminal=_success("second"), run=stale_copy) is False
    assert stale_copy.final_answer == "first"


def test_crash_with_a_malformed_old_channel_still_ends_the_run(api_user):
    run = _running(api_user)
    DiagnosisRun.objects.filter(pk=run.pk).update(self_evaluation={"verifier_evaluation": {"verifier_status": 7}})
    crash = failure_terminal(kind=KIND_CRASH, reason=R.INTERNAL_ERROR, error="boom")
    assert run_finalise(run_id=run.pk, terminal=crash) is True
    run.refresh_from_db()
    assert run.status == "failed" and run.fallback_reason == R.INTERNAL_ERROR


def test_a_queued_run_can_be_finalised(api_user):
    run = make_run(api_user)
    assert run_finalise(run_id=run.pk, terminal=failure_terminal(kind=KIND_STALE, reason=R.STALE_RUN, error="")) is True
    run.refresh_from_db()
    assert run.status == "failed" and run.duration_ms is None


def test_terminal_rejects_an_open_status():
    with pytest.raises(ValueError):
        RunTerminal(kind=KIND_SUCCESS, status="running", outcome="pass", final_answer="")


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_racing_endings_write_exactly_one(api_user):
    run = _running(api_user)
    barrier = threading.Barrier(2)
    results: dict[str, bool] = {}
    errors: list[BaseException] = []

    def end(name: str, terminal: RunTerminal) -> None:
        try:
            barrier.wait()
            results[name] = run_finalise(run_id=run.pk, terminal=terminal)
        except BaseException as exc:  # surfaced below
            errors.append(exc)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=end, args=("success", _success())),
        threading.Thread(target=end, args=("stale", failure_terminal(kind=KIND_STALE, reason=R.STALE_RUN, error=""))),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert not errors
    assert sorted(results.values()) == [False, True]
    run.refresh_from_db()
    winner = next(name for name, won in results.items() if won)
    assert run.status == ("completed" if winner == "success" else "failed")
