"""The survey end to end through the offline pipeline (issue 26 item 3): a recording's questions are
asked of the real offline provider and the answers judged as the exam judges them — the component at
fault confirmed in a PASS, a healthy cluster said healthy, and no false PASS."""

from __future__ import annotations

import pytest

from evaluation.runner import cluster_evaluate

pytestmark = pytest.mark.django_db


def by_phrasing(recording: str) -> dict[str, object]:
    figures = cluster_evaluate(only=[recording])
    return {run.phrasing: run for run in figures.runs}


def test_a_missing_secret_is_named_as_the_component_in_a_pass_for_every_phrasing():
    runs = by_phrasing("boutique-missing-secret")
    for phrasing in ("blind", "namespace", "caller"):
        run = runs[phrasing]
        assert run.outcome == "pass", phrasing
        assert run.verdict.component_named and run.verdict.category_right, phrasing
        assert not run.verdict.false_pass


def test_a_healthy_cluster_is_reported_healthy_not_blamed():
    for phrasing, run in by_phrasing("hotel-healthy-1").items():
        assert run.verdict.component_named, phrasing  # the confirmed part says the cluster is healthy
        assert not run.verdict.false_pass, phrasing


def test_a_runtime_fault_quiet_in_the_state_is_found_through_the_callers_lines():
    runs = by_phrasing("boutique-db-read-only")
    assert runs["blind"].outcome == "pass" and runs["blind"].verdict.component_named
    assert not any(run.verdict.false_pass for run in runs.values())
