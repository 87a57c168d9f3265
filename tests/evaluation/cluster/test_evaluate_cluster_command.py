"""``manage.py evaluate --cluster``: each recording is loaded alone into its own scope, its questions
asked of the real offline provider and judged, the figures printed, and everything rolled back; only
a leak or a lost audit fails the command."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from diagnosis.models import DiagnosisRun, EvidenceScope, LogRecord
from evaluation.cluster.figures import ClusterFigures
from evaluation.runner import CLUSTER_SCOPE_PREFIX, EVALUATE_USERNAME
from tests.evaluation.cluster.test_cluster_figures import FIGURES, run

pytestmark = pytest.mark.django_db


def evaluate(*args: str) -> str:
    out = StringIO()
    call_command("evaluate", *args, stdout=out, stderr=StringIO())
    return out.getvalue()


def test_cluster_prints_its_figures_and_a_line_per_recording_then_rolls_everything_back():
    output = evaluate("--cluster", "--only", "boutique-missing-secret", "hotel-healthy-1")
    assert output.startswith("cluster evaluation: ")
    assert "questions             6 (2 recordings)" in output
    for row in ("component named", "category right", "false PASS", "outcomes", "per topology", "per cause category",
                "per phrasing"):
        assert row in output
    assert "boutique-missing-secret [Deployment/" in output and "hotel-healthy-1 [Cluster/healthy]" in output
    assert output.rstrip().endswith("CLUSTER: safe")
    assert not EvidenceScope.objects.filter(name__startswith=CLUSTER_SCOPE_PREFIX).exists()
    assert not LogRecord.objects.exists()
    assert not DiagnosisRun.objects.filter(owner__username=EVALUATE_USERNAME).exists()


def test_cluster_json_for_one_topology_and_question():
    payload = json.loads(evaluate("--cluster", "--json", "--topology", "hotel", "--only", "healthy-1/blind", "hotel-coredns"))
    assert payload["safe"] is True and set(payload["per_topology"]) == {"hotel"}
    assert payload["metrics"]["questions"] == 4 and payload["metrics"]["recordings"] == 2
    by_name = {q["name"]: q for q in payload["questions"]}
    assert by_name["hotel-coredns-down/caller"]["truth"] == "Deployment/coredns"
    assert by_name["hotel-healthy-1/blind"]["category"] == "healthy"
    for q in payload["questions"]:
        assert q["component_named"] is not ("component not named in the confirmed part" in q["reasons"])


def test_keep_leaves_the_recordings_scope_and_runs():
    evaluate("--cluster", "--only", "hotel-healthy-2/caller", "--keep")
    scope = EvidenceScope.objects.get(name=f"{CLUSTER_SCOPE_PREFIX}hotel-healthy-2")
    assert DiagnosisRun.objects.filter(session__scope=scope, owner__username=EVALUATE_USERNAME).count() == 1
    assert LogRecord.objects.filter(bundle__scope=scope).exists()


def test_no_matching_recording_is_an_error():
    with pytest.raises(CommandError, match="没有匹配的集群录制"):
        evaluate("--cluster", "--only", "no-such-recording")


def test_topology_needs_cluster():
    with pytest.raises(CommandError, match="--topology"):
        evaluate("--topology", "hotel")


def test_a_leaking_run_fails_the_command_unless_no_fail(monkeypatch):
    leaky = ClusterFigures(runs=(*FIGURES.runs, run("hotel-c", "hotel", "storage", "blind", "pass", leaks=("claim c1",))))
    monkeypatch.setattr("diagnosis.management.commands.evaluate.cluster_evaluate", lambda **kwargs: leaky)
    with pytest.raises(CommandError, match="leaked in 1 run"):
        evaluate("--cluster")
    assert evaluate("--cluster", "--no-fail").rstrip().endswith("CLUSTER: UNSAFE (leak or audit problem)")
