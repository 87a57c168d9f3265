"""``evaluate`` runs in its own scopes (``evaluation``, ``evaluation-story``), recreated each time:
it leaves every other scope's rows untouched, and its figures do not change when other bundles —
with the same service names and other clocks — are loaded next to it."""

from __future__ import annotations

import pytest

from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import (
    Alert,
    DiagnosisSession,
    EvidenceBundle,
    EvidenceScope,
    KnowledgeChunk,
    LogRecord,
    MetricPoint,
    Service,
)
from diagnosis.selectors.scopes import DEMO_SCOPE
from evaluation.runner import evaluation_run
from evaluation.suite import select
from tests.factories import make_session
from tests.scopes.worlds import alpha_bundle, beta_bundle, load_both

pytestmark = pytest.mark.django_db
NAMES = ["demo_asked_cause", "demo_asked_listing", "story_user_profile_cause", "scripted_honest_pass",
         "fabricated_invocation_id"]  # fmt: skip
ROWS = (EvidenceBundle, Service, LogRecord, Alert, MetricPoint, KnowledgeChunk)


def outside_evaluation() -> dict[str, list]:
    """Every evidence row and session outside the evaluation scopes, by primary key."""
    rows = {m.__name__: sorted(m.objects.exclude(**{_scope(m) + "__name__startswith": "evaluation"}).values_list("pk", flat=True)) for m in ROWS}  # noqa: E501
    rows["sessions"] = sorted(DiagnosisSession.objects.values_list("pk", flat=True))
    return rows


def _scope(model) -> str:
    return getattr(model, "SCOPE_PATH", "scope")


def figures(report) -> list[tuple]:
    return [
        (r.scenario.name, r.observation.outcome, r.observation.verdict, r.observation.final_answer,
         tuple(r.observation.tool_statuses), r.route_ok)
        for r in report.results
    ]  # fmt: skip


def test_evaluate_leaves_other_scopes_untouched_and_its_figures_do_not_depend_on_them(api_user):
    scenarios = select(NAMES)
    assert {s.world for s in scenarios} == {"", "story"}
    alone = evaluation_run(scenarios=scenarios, warm_up=False)
    assert alone.scopes == ["evaluation", "evaluation-story"]

    # Other worlds next to it: a "demo" scope with other content and clock, two incidents that
    # share payment-service, the most recently loaded one last; a user's session in one of them.
    evidence_bundle_load(data=beta_bundle(), scope=DEMO_SCOPE)
    alpha, _ = load_both()
    evidence_bundle_load(data=alpha_bundle() | {"reference_time": "2027-03-01T08:00:00+08:00"}, scope="latest")
    make_session(api_user, scope=alpha)
    before = outside_evaluation()

    crowded = evaluation_run(scenarios=scenarios, warm_up=False)

    assert outside_evaluation() == before
    assert figures(crowded) == figures(alone)
    assert crowded.summary.ok and alone.summary.ok
    assert not EvidenceScope.objects.filter(name__startswith="evaluation").exists()


def test_evaluate_recreates_its_scope_so_rows_left_there_do_not_count(api_user):
    scenarios = select(["demo_asked_listing"])
    evaluation_run(scenarios=scenarios, warm_up=False, keep=True)
    kept = EvidenceScope.objects.get(name="evaluation")
    LogRecord.objects.for_scope(kept).delete()  # a damaged leftover scope
    report = evaluation_run(scenarios=scenarios, warm_up=False, keep=True)
    scope = EvidenceScope.objects.get(name="evaluation")
    assert scope.pk != kept.pk and LogRecord.objects.for_scope(scope).count() > 1000
    assert report.summary.ok
    # The kept sessions went with their scope: only this run's world session and its scenario's.
    assert DiagnosisSession.objects.filter(scope=scope).count() == 2


def test_evaluate_refuses_to_drop_a_scope_holding_someone_elses_session(api_user):
    evidence_bundle_load(data=alpha_bundle(), scope="evaluation")
    make_session(api_user, scope=EvidenceScope.objects.get(name="evaluation"))
    with pytest.raises(RuntimeError, match="evaluate 不会删除它们"):
        evaluation_run(scenarios=select(["demo_asked_listing"]), warm_up=False)
    assert LogRecord.objects.filter(scope__name="evaluation").count() == 4
