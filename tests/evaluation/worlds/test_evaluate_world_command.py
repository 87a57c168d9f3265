"""``manage.py evaluate --world NAME``: each generated world is loaded alone (and rolled back), its
questions asked of the real offline provider, and its figures printed; a leak fails the command.
The figures themselves are measurements here; their floors are held by
``test_world_fully_right_counts``."""

from __future__ import annotations

import dataclasses
import json
import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from diagnosis.evidence.bundle import Bundle
from diagnosis.models import DiagnosisRun, LogRecord, Service
from evaluation.world_figures import world_figures
from evaluation.worlds import WORLDS, boutique, ticketing
from evaluation.worlds.loading import K8S_SECTION, k8s_loaded, world_load

pytestmark = pytest.mark.django_db

FIGURE_ROWS = ("fully right", "strictly right", "false PASS", "route accuracy", "leak rate", "PASS but unanswered", "advice misattributed")


def evaluate(*args: str) -> str:
    out = StringIO()
    call_command("evaluate", *args, stdout=out, stderr=StringIO())
    return out.getvalue()


def test_world_ticketing_prints_its_figures_and_a_line_per_question_then_rolls_the_world_back():
    output = evaluate("--world", "ticketing", "--only", "ticketing_tls_cause", "ticketing_station_healthy")
    assert output.startswith("world ticketing: ")
    for row in FIGURE_ROWS:
        assert row in output
    assert re.search(r"^questions +2$", output, re.MULTILINE)
    assert "ticketing_tls_cause (cause) →" in output and "ticketing_station_healthy (existence) →" in output
    assert output.rstrip().endswith("WORLD ticketing: safe")
    assert not LogRecord.objects.filter(service="ts-station-service").exists()
    assert not Service.objects.filter(name="ts-station-service").exists()
    assert not DiagnosisRun.objects.filter(question__startswith="ts-").exists()


def test_world_boutique_json_reports_the_figures_per_question():
    payload = json.loads(evaluate("--world", "boutique", "--json", "--only", "boutique_email_cause", "boutique_currency_healthy"))
    assert payload["world"] == "boutique" and payload["safe"] is True
    assert payload["k8s_loaded"] is (K8S_SECTION in Bundle.model_fields)
    metrics = payload["metrics"]
    assert metrics["questions"] == 2 and metrics["leak_rate"] == 0.0
    assert 0 <= metrics["fully_right"] <= 2 and 0.0 <= metrics["route_accuracy"] <= 1.0
    for key in ("pass_unanswered", "advice_misattributed", "asked_kind_correct"):
        assert key in metrics
    assert {q["name"] for q in payload["questions"]} == {"boutique_email_cause", "boutique_currency_healthy"}
    for q in payload["questions"]:
        assert q["fully_right"] is (not q["reasons"])


def test_world_all_runs_the_demo_suite_then_every_world():
    output = evaluate("--world", "all", "--only", "scripted_honest_pass", "ticketing_tls_existence", "boutique_currency_healthy")
    assert output.index("scenarios run") < output.index("world ticketing: ") < output.index("world boutique: ")
    assert "RESULT: ok" in output and "WORLD ticketing: safe" in output and "WORLD boutique: safe" in output


def test_the_default_world_is_the_demo_suite():
    output = evaluate("--only", "scripted_honest_pass")
    assert "scenarios run" in output and "world " not in output and output.rstrip().endswith("RESULT: ok")


def test_a_world_without_a_matching_question_is_an_error():
    with pytest.raises(CommandError, match="没有匹配的问题"):
        evaluate("--world", "ticketing", "--only", "boutique_")


def test_a_leaking_world_fails_the_command_unless_no_fail(monkeypatch):
    def leaky(name, **kwargs):
        figures = world_figures(WORLDS[name], [], k8s_loaded=False)
        return dataclasses.replace(figures, leaking=1)

    monkeypatch.setattr("diagnosis.management.commands.evaluate.world_evaluate", leaky)
    with pytest.raises(CommandError, match="world ticketing leaked in 1 run"):
        evaluate("--world", "ticketing")
    assert "UNSAFE" in evaluate("--world", "ticketing", "--no-fail")


def test_world_load_writes_the_world_and_keeps_its_k8s_section_apart_until_the_schema_has_it():
    report = world_load("boutique")
    bundle = boutique.build_bundle()
    assert report.counts.logs.created + report.counts.logs.skipped == len(bundle["logs"])
    assert report.counts.alerts.created == len(bundle["alerts"]) and report.counts.documents.created == len(bundle["documents"])
    assert LogRecord.objects.filter(service="recommendationservice", message=boutique.REC_START).exists()
    assert k8s_loaded() is (K8S_SECTION in Bundle.model_fields)
    assert world_load("boutique").counts.written == 0  # loading twice adds nothing
    world_load("ticketing")
    assert LogRecord.objects.filter(service="ts-route-service", message=ticketing.ROUTE_PUSH, level="INFO").exists()
