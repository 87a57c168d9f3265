"""The whole ``evaluate`` suite in-process on the test database with the demo loaded (issue 4
item 10 "a test asserts the figures").

The suite runs once per module inside a transaction that is rolled back, so the demo data and
the evaluation runs never leak into other tests.
"""

from __future__ import annotations

import pytest
from django.db import transaction

from contracts import reasons as R
from evaluation.metrics import render_table
from evaluation.runner import EvaluationReport, evaluation_run
from evaluation.scenario import ADVERSARIAL, HONEST, REQUIRED_ROUTES

#: Measured 0.99 (92 of 93 honest claims confirmed; the miss is an honest pool claim the offline
#: verifier reads as an inference next to an invented root cause); the bar leaves room for
#: wording changes in the offline agents without hiding a real drop.
HONEST_CLAIM_ACCEPTANCE_MIN = 0.9
#: Measured mean ≈ 100, max ≈ 160 on SQLite: a loose guard against an N+1 regression.
MAX_QUERIES_PER_RUN = 400


@pytest.fixture(scope="module")
def report(django_db_setup, django_db_blocker) -> EvaluationReport:
    with django_db_blocker.unblock(), transaction.atomic():
        result = evaluation_run()
        transaction.set_rollback(True)
    print(render_table(result.summary, result.results))  # visible with -s: the figures at a glance
    return result


def test_the_suite_has_at_least_40_scenarios_and_12_honest_questions(report):
    kinds = [r.scenario.kind for r in report.results]
    assert len(kinds) >= 40
    assert kinds.count(HONEST) >= 12
    assert kinds.count(ADVERSARIAL) >= 28


def test_every_route_and_every_fallback_reason_is_covered(report):
    summary = report.summary
    assert summary.missing_routes == []
    assert set(summary.coverage) == set(REQUIRED_ROUTES)
    for reason in R.FALLBACK_REASONS:
        assert summary.coverage[f"fallback:{reason}"] >= 1, reason


def test_route_accuracy_is_100_percent(report):
    summary = report.summary
    failures = {r.scenario.name: r.failures for r in report.results if r.counts_as_failure}
    assert failures == {}
    assert summary.route_accuracy == 1.0
    assert summary.failed == []


def test_fabricated_claim_leak_rate_is_zero(report):
    assert report.summary.leak_rate == 0.0
    assert report.summary.leaking == []
    assert sum(1 for r in report.results if r.scenario.fabricated) >= 20


def test_honest_claim_acceptance_meets_the_measured_bar(report):
    summary = report.summary
    assert summary.honest_claims_valid >= 50
    assert summary.honest_claim_acceptance >= HONEST_CLAIM_ACCEPTANCE_MIN


def test_evidence_retry_scenarios_retried_and_others_did_not(report):
    summary = report.summary
    assert summary.retry_expected >= 3
    assert summary.retry_happened == summary.retry_expected
    for r in report.results:
        if r.scenario.expect_retry is False:
            assert r.observation.evidence_retry_count == 0, r.scenario.name


def test_every_run_persisted_prompt_audit_and_no_fabricated_verdict_on_fallback(report):
    for r in report.results:
        ve = r.observation.verifier_evaluation
        assert r.audit_problems == [], (r.scenario.name, r.audit_problems)
        roles = [p["role"] for p in ve["prompt_audit"]["prompts"]]
        assert sorted(roles) == ["composer", "executor", "planner", "verifier"], r.scenario.name
        if r.observation.outcome == "fallback":
            assert (ve["model_verdict"], ve["effective_verdict"], ve["verdict"]) == (None, None, None), r.scenario.name
            assert r.observation.verdict == ""


def test_known_issues_are_few_and_stated(report):
    known = [r for r in report.results if r.scenario.known_issue]
    assert len(known) <= 6
    for r in known:
        assert r.scenario.kind == HONEST and len(r.scenario.known_issue) > 40


def test_time_and_queries_per_run_are_measured_and_bounded(report):
    summary = report.summary
    assert 0 < summary.p50_ms <= summary.max_ms
    assert summary.mean_queries > 0
    assert summary.max_queries <= MAX_QUERIES_PER_RUN

