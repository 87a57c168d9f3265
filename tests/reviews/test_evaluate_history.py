"""``manage.py evaluate --save`` keeps each suite run's figures with the git revision and prompt
catalog version; the calibration page lists and plots them (issue 14 item 3)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from diagnosis.prompts_catalog import prompt_audit
from diagnosis.reviews.models import EvaluationRecord
from diagnosis.reviews.services import git_revision, run_label_record
from tests.reviews.builders import make_judged_run

pytestmark = pytest.mark.django_db(transaction=True)


def test_evaluate_save_stores_the_figures_with_revision_and_prompt_version(capsys):
    call_command("evaluate", "--only", "pay_500_since_ten", "--no-fail", "--save")
    record = EvaluationRecord.objects.get()
    assert record.prompt_version == prompt_audit()["version"]
    assert record.git_revision == git_revision()
    assert re.fullmatch(r"[0-9a-f]{40}", record.git_revision)  # the suite runs from the git work tree
    assert record.scenarios > 0 and 0.0 <= record.figures["metrics"]["route_accuracy"] <= 1.0
    assert "figures saved" in capsys.readouterr().err


def test_evaluate_without_save_stores_nothing():
    call_command("evaluate", "--only", "pay_500_since_ten", "--no-fail")
    assert not EvaluationRecord.objects.exists()


def test_the_calibration_page_plots_the_history_and_shows_the_table(client, reviewer, api_user):
    now = timezone.now()
    for days, accuracy, version in ((3, 0.9, "1.0"), (2, 0.95, "1.0"), (1, 1.0, "1.1")):
        record = EvaluationRecord.objects.create(
            git_revision=f"{days:040d}", prompt_version=version, provider="offline", scenarios=88,
            figures={"metrics": {"route_accuracy": accuracy, "fabricated_claim_leak_rate": 0.0, "honest_claim_acceptance": 0.98}},
        )  # fmt: skip
        EvaluationRecord.objects.filter(pk=record.pk).update(created_at=now - timedelta(days=days))
    run_label_record(run=make_judged_run(api_user), reviewer=reviewer, label="verdict_correct")
    client.force_login(reviewer)
    html = client.get(reverse("admin:diagnosis_calibration")).content.decode()
    assert "按有效判定 verdict" in html and "100.0%" in html
    lines = dict(re.findall(r'class="history-line history-(\w+)" points="([^"]+)"', html))
    accuracy = [tuple(map(float, p.split(","))) for p in lines["route_accuracy"].split()]
    assert len(accuracy) == 3
    assert [x for x, _ in accuracy] == sorted(x for x, _ in accuracy)  # oldest first, left to right
    assert accuracy[0][1] > accuracy[1][1] > accuracy[2][1]  # rising accuracy = lower y on screen
    assert "script" not in html.split('class="history-chart"')[1].split("</svg>")[0]
