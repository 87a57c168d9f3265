"""``manage.py evaluate --world odd`` asks the odd questions in their worlds' evaluation scopes and
prints strictly right, false PASS and how the PASS answers read (issue 24 item 4)."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command

from diagnosis.models import DiagnosisRun

pytestmark = pytest.mark.django_db


def test_world_odd_prints_its_figures_and_rolls_back():
    out = StringIO()
    call_command("evaluate", "--world", "odd", "--only", "odd_listing_payment_alerts", "odd_healthy_station",
                 stdout=out, stderr=StringIO())
    text = out.getvalue()
    for row in ("strictly right", "false PASS", "PASS answer chars (median)", "conclusion chars (median)",
                "key evidence (median)"):
        assert row in text
    assert "odd_listing_payment_alerts (a listing with many items, demo) →" in text
    assert "odd_healthy_station (a healthy service, ticketing) →" in text
    assert not DiagnosisRun.objects.exists()


def test_world_odd_json_reports_each_question():
    out = StringIO()
    call_command("evaluate", "--world", "odd", "--only", "odd_healthy_station", "--json", stdout=out, stderr=StringIO())
    payload = json.loads(out.getvalue())
    assert payload["metrics"]["questions"] == 1
    [question] = payload["questions"]
    assert question["world"] == "ticketing" and question["outcome"] in ("pass", "low_confid", "clarify")
