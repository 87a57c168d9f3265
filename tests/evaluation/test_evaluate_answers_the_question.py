"""Issue 10's two figures over the whole suite: no PASS leaves its question unanswered, no run shows
advice that does not fit its evidence — with scenarios for every kind of question on the demo and
on the story world (run in-process, rolled back like test_evaluate_figures)."""

from __future__ import annotations

import pytest
from django.db import transaction

from contracts.asked import ASKED_KINDS
from evaluation.metrics import misattributed_advice, pass_unanswered, table_rows
from evaluation.runner import EvaluationReport, evaluation_run
from evaluation.scenario import Observation, Scenario
from evaluation.suite import SCENARIOS

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def report(django_db_setup, django_db_blocker) -> EvaluationReport:
    with django_db_blocker.unblock(), transaction.atomic():
        result = evaluation_run(scenarios=[s for s in SCENARIOS if s.group.startswith("asked ")] + list(SCENARIOS[:12]))
        transaction.set_rollback(True)
    return result


def test_no_pass_is_unanswered_and_no_advice_is_misattributed(report):
    assert report.summary.pass_unanswered == 0
    assert report.summary.advice_misattributed == 0
    rows = dict(table_rows(report.summary))
    assert rows["PASS but unanswered"] == "0" and rows["advice misattributed"] == "0"
    assert [r.scenario.name for r in report.results if r.counts_as_failure] == []


def test_every_asked_kind_is_exercised_on_both_worlds(report):
    seen = {
        (r.scenario.world or "demo", r.observation.verifier_evaluation["asked"]["kind"])
        for r in report.results
        if r.scenario.group.startswith("asked ")
    }
    assert seen >= {(world, kind) for world in ("demo", "story") for kind in ASKED_KINDS}


def test_the_redis_pool_story_is_answered_in_round_one(report):
    (story,) = [r for r in report.results if r.scenario.name == "story_redis_pool_quantity"]
    assert (story.observation.outcome, story.observation.evidence_retry_count) == ("pass", 0)


def observation(**overrides) -> Observation:
    fields = dict(
        name="x", status="completed", outcome="pass", fallback_reason="", verdict="PASS", evidence_retry_count=0,
        final_answer="结论（已验证）\n- a\n建议\n- 联系合作方续期证书。", verifier_evaluation={"coverage": {"status": "answered"}},
        confirmed_material=[{"claim_id": "c1", "text": "198/200", "evidence": []}], planner_calls=1, verifier_calls=1,
        composer_calls=1, nodes_started=[], tool_statuses=[], elapsed_ms=1.0, queries=1,
    )
    fields.update(overrides)
    return Observation(**fields)


def test_the_figures_can_fail():
    scenario = Scenario(name="s", question="q", expected=frozenset({"pass"}), key_facts=("198/200",), forbidden_advice=("续期",))
    assert misattributed_advice(scenario, observation()) == ["unrelated advice '续期' shown"]
    assert pass_unanswered(scenario, observation(verifier_evaluation={"coverage": {"status": "partial"}})) == [
        "PASS with coverage 'partial'"
    ]
    assert pass_unanswered(scenario, observation(confirmed_material=[])) == ["PASS without the asked facts ['198/200']"]
    dropped = {"composer_output": {"dropped_actions": [{"action": "联系合作方续期证书。"}]}, "coverage": {"status": "answered"}}
    assert "dropped action shown anyway" in misattributed_advice(Scenario(name="t", question="q", expected=frozenset({"pass"})), observation(verifier_evaluation=dropped))[0]
