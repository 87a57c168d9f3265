"""The cluster figures count what the judge found — overall, per topology, per cause category and
per phrasing — and only a leak or a lost audit makes the evaluation unsafe. Pure."""

from __future__ import annotations

from evaluation.cluster.figures import ClusterFigures, QuestionRun, cluster_json, render_cluster
from evaluation.cluster.judge import NAMES_ANOTHER, ClusterVerdict


def run(recording, topology, category, phrasing, outcome, *, named=False, right=False, false_pass="", leaks=()):
    verdict = ClusterVerdict(component_named=named, category_right=right, passed=outcome == "pass",
                             false_pass_reason=false_pass, named_others=("geo",) if false_pass else ())
    return QuestionRun(recording=recording, topology=topology, fault="f", category=category, truth="Deployment/x",
                       question=f"{recording}/{phrasing}", phrasing=phrasing, text="?", outcome=outcome, verdict=verdict,
                       leaks=tuple(leaks), elapsed_ms=12.0)


FIGURES = ClusterFigures(runs=(
    run("boutique-a", "boutique", "startup", "blind", "pass", named=True, right=True),
    run("boutique-a", "boutique", "startup", "caller", "pass", false_pass=NAMES_ANOTHER),
    run("hotel-b", "hotel", "routing", "blind", "low_confid", right=True),
    run("hotel-b", "hotel", "routing", "namespace", "fallback:gatekeeper_reject"),
))


def test_the_overall_figures_count_each_verdict():
    overall = FIGURES.overall
    assert (overall.questions, overall.component_named, overall.category_right, overall.false_pass) == (4, 1, 2, 1)
    assert overall.outcomes == {"fallback:gatekeeper_reject": 1, "low_confid": 1, "pass": 2}
    assert FIGURES.false_pass_reasons == {NAMES_ANOTHER: 1}


def test_the_figures_are_split_by_topology_category_and_phrasing():
    assert {k: v.component_named for k, v in FIGURES.by(lambda r: r.topology).items()} == {"boutique": 1, "hotel": 0}
    assert {k: v.category_right for k, v in FIGURES.by(lambda r: r.category).items()} == {"startup": 1, "routing": 1}
    assert {k: v.questions for k, v in FIGURES.by(lambda r: r.phrasing).items()} == {"blind": 2, "caller": 1, "namespace": 1}


def test_only_a_leak_or_a_lost_audit_is_unsafe():
    assert FIGURES.safe
    leaky = ClusterFigures(runs=(*FIGURES.runs, run("hotel-c", "hotel", "storage", "blind", "pass", leaks=("claim c1 …",))))
    assert not leaky.safe and leaky.leaking == 1


def test_the_table_and_the_json_show_the_same_figures():
    text = render_cluster(FIGURES)
    assert "component named       1/4 (25.0%)" in text and "category right        2/4 (50.0%)" in text
    assert "false PASS            1  (names another component 1)" in text
    assert "boutique-a [Deployment/x] blind:pass CK  caller:pass --!" in text and text.endswith("CLUSTER: safe")
    payload = cluster_json(FIGURES)
    assert payload["metrics"]["component_named"] == 1 and payload["metrics"]["recordings"] == 2
    assert payload["per_category"]["routing"]["category_right"] == 1
    assert [q["false_pass"] for q in payload["questions"]] == [False, True, False, False]
