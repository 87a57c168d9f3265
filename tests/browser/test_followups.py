"""In a real browser: a staff user asks about the demo incident, follows up in the same session
from the session page ("那它的 P99 呢？"), and reads both turns as one conversation — the second
saying how it was understood. Screenshots: test-artifacts/screenshots/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import DiagnosisRun
from tests.browser.asking import wait_until_answered
from tests.personas import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIRST = "payment-service 10:05 开始大量 500，原因是什么？"
FOLLOW_UP = "那它的 P99 呢？"


@pytest.fixture
def demo_world(transactional_db):
    evidence_bundle_load(data=DEMO_BUNDLE_PATH.read_bytes(), source_name=DEMO_BUNDLE_PATH.name)


def _ask(page, question: str) -> None:
    page.fill("#id_question", question)
    page.click("#ask-submit")
    wait_until_answered(page)


def test_staff_asks_follows_up_in_the_session_and_reads_the_conversation(
    asgi_live_server, new_context, demo_world, staff, screenshot
):
    base = asgi_live_server
    page = new_context().new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "staff")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    expect(page).to_have_url(f"{base}/")

    _ask(page, FIRST)
    first = DiagnosisRun.objects.get()
    page.goto(f"{base}/sessions/{first.session_id}/")
    expect(page.locator("#id_session")).to_have_value(str(first.session_id))  # the form continues this session
    _ask(page, FOLLOW_UP)

    runs = list(DiagnosisRun.objects.order_by("created_at"))
    assert len(runs) == 2 and runs[1].session_id == first.session_id
    asked = runs[1].self_evaluation["verifier_evaluation"]["asked"]
    assert asked["source"] == "followup" and asked["services"] == ["payment-service"]

    page.goto(f"{base}/sessions/{first.session_id}/")
    turns = page.locator("#conversation .turn")
    expect(turns).to_have_count(2)
    expect(turns.nth(0).locator(".question")).to_have_text(FIRST)
    expect(turns.nth(1).locator(".question")).to_have_text(FOLLOW_UP)
    expect(turns.nth(0).locator(".followup-reading")).to_have_count(0)
    expect(turns.nth(1).locator(".followup-reading")).to_have_text("已按上文理解为：payment-service P99，2026-11-28 09:55–10:30")
    for i, run in enumerate(runs):
        expect(turns.nth(i).locator(".answer")).to_contain_text(run.final_answer.splitlines()[0])
        expect(turns.nth(i).locator(".badge")).to_have_text(run.verdict or "兜底")
    expect(page.locator("#follow-up #ask-form")).to_be_visible()
    screenshot(page, "followups-01-session-conversation")

    turns.nth(1).locator("a", has_text="证据与审计").click()
    expect(page.locator("#followup-reading")).to_contain_text("payment-service P99")
    screenshot(page, "followups-02-run-page-reading", full_page=False)
