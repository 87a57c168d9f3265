"""In a real browser: Alertmanager posts a firing group over HTTP; a staff user finds the run it
started in the session history, marked 告警触发, and reads its answer. Screenshot:
test-artifacts/screenshots/alert-started-history.png."""

from __future__ import annotations

import json
import urllib.request

import pytest
from playwright.sync_api import expect

from diagnosis.alerts.services import alert_receiver_create
from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.loader import evidence_bundle_load
from tests.alerts.conftest import URL, payload
from tests.personas import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_staff_sees_an_alert_started_run_in_the_history_with_its_badge(asgi_live_server, new_context, staff, screenshot):
    evidence_bundle_load(data=DEMO_BUNDLE_PATH.read_bytes(), source_name=DEMO_BUNDLE_PATH.name)
    _, token = alert_receiver_create(name="prod-am")
    request = urllib.request.Request(
        f"{asgi_live_server}{URL}",
        data=json.dumps(payload("firing_payment"), ensure_ascii=False).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=120) as response:
        assert response.status == 201
        run_id = json.loads(response.read())["run_id"]

    page = new_context().new_page()
    page.goto(f"{asgi_live_server}/accounts/login/")
    page.fill("#id_username", "staff")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.goto(f"{asgi_live_server}/sessions/")
    row = page.locator("table.list tbody tr", has=page.locator(".badge-alert"))
    expect(row).to_have_count(1)
    expect(row.locator(".badge-alert")).to_have_text("告警触发")
    screenshot(page, "alert-started-history")
    row.locator("a").first.click()
    expect(page.locator("h1 .badge-alert")).to_have_text("告警触发")
    page.locator("#conversation .turn").first.locator("a", has_text="证据与审计").click()  # the session is a conversation
    expect(page).to_have_url(f"{asgi_live_server}/runs/{run_id}/")
    expect(page.locator("h1.question")).to_contain_text("payment-service 的告警 HighErrorRate")
    expect(page.locator("#final-answer")).to_contain_text("payment-service")
