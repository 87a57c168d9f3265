"""The calibration table over a fixture of labelled runs: agreement per verdict, per
provider/model and per prompt version, with the disagreement reasons (issue 14 item 3)."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from diagnosis.reviews.selectors import calibration
from diagnosis.reviews.services import claim_label_record, run_label_record
from tests.reviews.builders import make_judged_run

pytestmark = pytest.mark.django_db


@pytest.fixture
def labelled(reviewer, staff, api_user):
    """10 PASS runs of prompt 1.0 (8 judged right, 2 too high), 4 LOW_CONFID runs of prompt 1.1 on
    openai (1 right, 3 too low), one PASS judged by two reviewers who disagree."""
    for i in range(10):
        run = make_judged_run(api_user, prompt_version="1.0")
        if i < 8:
            run_label_record(run=run, reviewer=reviewer, label="verdict_correct")
        else:
            run_label_record(run=run, reviewer=reviewer, label="verdict_too_high", note="回答没有给出连接池用量")
            claim_label_record(run=run, reviewer=reviewer, claim_id="c2", label="wrong")
    for i in range(4):
        run = make_judged_run(api_user, verdict="LOW_CONFID", provider="openai", model="qwen-plus", prompt_version="1.1")
        run_label_record(run=run, reviewer=reviewer, label="verdict_correct" if i == 0 else "verdict_too_low")
    both = make_judged_run(api_user, prompt_version="1.0")
    run_label_record(run=both, reviewer=reviewer, label="verdict_correct")
    run_label_record(run=both, reviewer=staff, label="verdict_too_high")


def _row(rows, group):
    return next(row for row in rows if row.group == group)


def test_agreement_per_effective_verdict(labelled):
    table = calibration()
    passing = _row(table.by_verdict, "PASS")
    assert (passing.labelled, passing.agreeing, passing.too_high, passing.too_low) == (12, 9, 3, 0)
    assert passing.agreement == pytest.approx(0.75)
    assert passing.low == pytest.approx(0.4677, abs=1e-4) and passing.high == pytest.approx(0.9111, abs=1e-4)
    low = _row(table.by_verdict, "LOW_CONFID")
    assert (low.labelled, low.agreeing, low.too_low) == (4, 1, 3)
    assert table.total.labelled == 16 and table.total.agreeing == 10


def test_agreement_per_provider_model_and_per_prompt_version(labelled):
    table = calibration()
    assert {row.group: row.labelled for row in table.by_model} == {"offline / offline-rules": 12, "openai / qwen-plus": 4}
    assert {row.group: (row.labelled, row.agreeing) for row in table.by_prompt_version} == {"1.0": (12, 9), "1.1": (4, 1)}


def test_the_most_frequent_disagreement_reasons_are_named(labelled):
    reasons = dict(_row(calibration().by_verdict, "PASS").reasons)
    assert reasons["回答没有给出连接池用量"] == 2
    assert reasons["声明分类 reasonable_inference 被标为错误"] == 2
    assert reasons["判定偏高（过于乐观）"] == 1  # the second reviewer gave no note


def test_manage_py_calibration_prints_the_table_and_json(labelled, capsys):
    call_command("calibration")
    text = capsys.readouterr().out
    assert "按有效判定 verdict" in text and "PASS" in text and "75.0%" in text and "46.8%–91.1%" in text
    call_command("calibration", "--json")
    payload = json.loads(capsys.readouterr().out)
    assert payload["total"]["labelled"] == 16


def test_manage_py_calibration_without_labels_says_how_to_get_some(capsys):
    call_command("calibration")
    assert "尚无审阅标注" in capsys.readouterr().out
