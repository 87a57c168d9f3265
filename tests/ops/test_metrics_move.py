"""Metrics move when a run completes: run outcome, gatekeeper severity, node latencies, tool
invocations — read from ``/metrics`` itself, before and after one offline run."""

from __future__ import annotations

import pytest
from django.test import Client
from prometheus_client.parser import text_string_to_metric_families

from diagnosis.services.reaper import stale_runs_reap
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute
from tests.factories import make_run
from tests.offline.dataset import load_world
from tests.offline.running import ask
from tests.offline.story_world import load_story_world

pytestmark = pytest.mark.django_db
TOKEN = "metrics-test-token"


def scrape() -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    response = Client().get("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}")
    assert response.status_code == 200
    samples = {}
    for family in text_string_to_metric_families(response.content.decode()):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return samples


def total(samples, name: str, **labels: str) -> float:
    return sum(
        value for (n, lbls), value in samples.items()
        if n == name and all(dict(lbls).get(k) == v for k, v in labels.items())
    )


def test_a_completed_run_moves_the_run_node_tool_and_gatekeeper_metrics(api_user, settings):
    settings.METRICS_TOKEN = TOKEN
    load_world()
    before = scrape()
    run = diagnosis_run_create(owner=api_user, question="payment-service 10:05 开始大量 500，原因是什么？")
    run = diagnosis_run_execute(run_id=run.pk)
    after = scrape()
    assert run.status == "completed"
    kind = "fallback" if run.outcome == "fallback" else "success"
    labels = {"kind": kind, "status": "completed", "outcome": run.outcome, "verdict": run.verdict or "none"}
    assert total(after, "superbiz_runs_total", **labels) == total(before, "superbiz_runs_total", **labels) + 1
    assert total(after, "superbiz_node_duration_seconds_count", node="planner") == (
        total(before, "superbiz_node_duration_seconds_count", node="planner") + 1
    )
    calls = run.tool_invocations.count()
    assert calls > 0
    assert total(after, "superbiz_tool_invocations_total") == total(before, "superbiz_tool_invocations_total") + calls
    severity = run.gatekeeper_severity
    if severity:
        assert total(after, "superbiz_gatekeeper_severity_total", severity=severity) == (
            total(before, "superbiz_gatekeeper_severity_total", severity=severity) + 1
        )


COVERAGE = "superbiz_coverage_total"


def test_each_finished_run_counts_its_coverage_status_once(api_user, settings):
    # One question the story world answers (after the gap round) and one no round can answer.
    settings.METRICS_TOKEN = TOKEN
    load_story_world()
    for question, status in (("inventory-service 的 Redis 连接池用了多少？", "answered"),
                             ("边缘节点的 Redis 连接池用了多少？", "unanswered")):
        before = scrape()
        run = ask(api_user, question)
        after = scrape()
        assert run.self_evaluation["verifier_evaluation"]["coverage"]["status"] == status
        for label in ("answered", "partial", "unanswered"):
            moved = total(after, COVERAGE, status=label) - total(before, COVERAGE, status=label)
            assert moved == (1 if label == status else 0), (question, label, moved)


def test_a_run_ending_before_the_verifier_counts_no_coverage(api_user, settings):
    settings.METRICS_TOKEN = TOKEN
    before = scrape()
    run = make_run(api_user)
    assert stale_runs_reap(older_than_s=-1) == [run.pk]
    assert total(scrape(), COVERAGE) == total(before, COVERAGE)


def test_reaped_runs_are_counted(api_user, settings):
    settings.METRICS_TOKEN = TOKEN
    before = scrape()
    run = make_run(api_user)
    assert stale_runs_reap(older_than_s=-1) == [run.pk]
    after = scrape()
    assert total(after, "superbiz_runs_reaped_total") == total(before, "superbiz_runs_reaped_total") + 1
    assert total(after, "superbiz_runs_total", kind="stale") == total(before, "superbiz_runs_total", kind="stale") + 1
