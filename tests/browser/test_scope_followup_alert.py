"""In a real browser, the on-call flow of issue 13 end to end: a staff user picks a replay scope
(the Online Boutique incident loaded next to the demo), asks, follows up in the same session, and
then finds a run Alertmanager started (in the demo scope) in the history, marked 告警触发.
Screenshots: test-artifacts/screenshots/."""

from __future__ import annotations

import json
import urllib.request

import pytest
from playwright.sync_api import expect

from diagnosis.alerts.services import alert_receiver_create
from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import DiagnosisRun, ToolInvocation
from evaluation.worlds.loading import world_load
from tests.alerts.conftest import URL, payload
from tests.browser.asking import wait_until_answered
from tests.personas import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIRST = "adservice 为什么起不来？"
FOLLOW_UP = "那 cartservice 呢？"


def _ask(page, question: str) -> None:
    page.fill("#id_question", question)
    page.click("#ask-submit")
    wait_until_answered(page)


def test_staff_picks_a_replay_scope_asks_follows_up_and_sees_an_alert_started_run(
    asgi_live_server, new_context, staff, screenshot
):
    evidence_bundle_load(data=DEMO_BUNDLE_PATH.read_bytes(), source_name=DEMO_BUNDLE_PATH.name, scope="demo")
    world_load("boutique", "boutique-replay")
    base = asgi_live_server
    page = new_context().new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "staff")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    expect(page).to_have_url(f"{base}/")

    expect(page.locator("#id_scope")).to_have_value("demo")  # the default without live backends
    page.select_option("#id_scope", "boutique-replay")
    _ask(page, FIRST)
    first = DiagnosisRun.objects.get()
    assert first.session.scope.name == "boutique-replay"
    page.goto(f"{base}/sessions/{first.session_id}/")
    expect(page.locator("#session-scope")).to_have_text("boutique-replay")
    _ask(page, FOLLOW_UP)

    runs = list(DiagnosisRun.objects.order_by("created_at"))
    assert len(runs) == 2 and runs[1].session_id == first.session_id
    asked = runs[1].self_evaluation["verifier_evaluation"]["asked"]
    assert asked["source"] == "followup" and asked["services"] == ["cartservice"]
    # Each run read its own scope's evidence only: no demo service appears in its tool calls.
    for run in runs:
        services = {(i.arguments or {}).get("service") for i in ToolInvocation.objects.filter(run=run)}
        assert not services & {"payment-service", "order-service", "inventory-service"}, services
    page.goto(f"{base}/sessions/{first.session_id}/")
    turns = page.locator("#conversation .turn")
    expect(turns).to_have_count(2)
    expect(turns.nth(1).locator(".followup-reading")).to_contain_text("cartservice")
    screenshot(page, "issue13-01-replay-scope-conversation")

    _, token = alert_receiver_create(name="prod-am")
    request = urllib.request.Request(
        f"{base}{URL}",
        data=json.dumps(payload("firing_payment"), ensure_ascii=False).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=180) as response:
        assert response.status == 201
        alert_run = DiagnosisRun.objects.get(pk=json.loads(response.read())["run_id"])
    assert alert_run.session.scope.name == "demo"

    page.goto(f"{base}/sessions/")
    row = page.locator("table.list tbody tr", has=page.locator(".badge-alert"))
    expect(row).to_have_count(1)
    expect(row.locator(".badge-alert")).to_have_text("告警触发")
    screenshot(page, "issue13-02-history-with-alert-run")
