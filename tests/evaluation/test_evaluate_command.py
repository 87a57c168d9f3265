"""``manage.py evaluate``: the table and ``--json``, cleanup of its runs and scopes (``--keep``),
the demo loaded into its own scope, and the exit status (non-zero on a mismatch unless ``--no-fail``)."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from diagnosis.models import DiagnosisRun, EvidenceBundle, EvidenceScope
from evaluation import suite
from evaluation.runner import EVALUATE_USERNAME
from evaluation.scenario import REJECT, Scenario

pytestmark = pytest.mark.django_db

FEW = ("scripted_honest_pass", "fabricated_invocation_id", "unknown_refund_service_cn")


def evaluate(*args: str) -> str:
    out = StringIO()
    call_command("evaluate", *args, stdout=out, stderr=StringIO())
    return out.getvalue()


def test_text_mode_prints_the_metrics_table_and_runs_in_its_own_scope():
    assert not EvidenceBundle.objects.exists()
    output = evaluate("--only", *FEW)
    assert output.startswith("evaluation scopes (recreated): evaluation")
    for row in ("scenarios run", "route accuracy", "fabricated-claim leak rate", "honest-claim acceptance",
                "mean ms per run", "p50 ms per run", "DB queries per run (mean)"):
        assert row in output
    assert "scenarios run                     3 (honest 1, adversarial 2)" in output
    assert output.rstrip().endswith("RESULT: ok")
    assert not EvidenceScope.objects.filter(name__startswith="evaluation").exists()  # dropped at the end
    assert not EvidenceBundle.objects.exists()


def test_json_mode_prints_one_object_with_metrics_and_scenarios():
    payload = json.loads(evaluate("--only", *FEW, "--json"))
    assert payload["ok"] is True
    assert payload["metrics"]["scenarios"] == 3
    assert payload["metrics"]["fabricated_claim_leak_rate"] == 0.0
    assert {s["name"] for s in payload["scenarios"]} == set(FEW)
    assert {s["outcome"] for s in payload["scenarios"]} == {"pass", "fallback:gatekeeper_reject", "low_confid"}


def test_runs_are_deleted_at_the_end_by_default():
    evaluate("--only", *FEW)
    evaluate("--only", *FEW)
    assert not DiagnosisRun.objects.filter(owner__username=EVALUATE_USERNAME).exists()


def test_keep_leaves_the_runs_of_the_evaluate_user_one_session_per_scenario():
    evaluate("--only", *FEW, "--keep")
    runs = DiagnosisRun.objects.filter(owner__username=EVALUATE_USERNAME)
    assert runs.count() == len(FEW) + 1  # + the untimed warm-up run
    # Each scenario in a session of its own: none is read as a follow-up of the one before.
    assert runs.values("session").distinct().count() == len(FEW) + 1
    assert set(runs.values_list("session__scope__name", flat=True)) == {"evaluation"}
    assert EvidenceBundle.objects.filter(scope__name="evaluation").count() == 1


def test_a_mismatching_scenario_fails_the_command_unless_no_fail(monkeypatch):
    wrong = Scenario(name="expects_the_wrong_route", question="支付服务 10 点后为什么一直 500？", expected=frozenset({REJECT}))
    monkeypatch.setattr("diagnosis.management.commands.evaluate.select", lambda names: (wrong,))
    with pytest.raises(CommandError, match="1 scenario"):
        evaluate("--only", "expects_the_wrong_route")
    output = evaluate("--only", "expects_the_wrong_route", "--no-fail")
    assert "[FAIL] expects_the_wrong_route" in output and "RESULT: FAILED" in output


def test_an_unknown_scenario_name_is_an_error():
    with pytest.raises(CommandError, match="没有匹配的场景"):
        evaluate("--only", "no-such-scenario")


def test_scenario_selection_matches_substrings():
    assert {s.name for s in suite.select(["forbidden_key"])} == {
        "forbidden_key_diagnosis_summary",
        "forbidden_key_user_facing_answer",
    }
    assert suite.select(None) == suite.SCENARIOS
