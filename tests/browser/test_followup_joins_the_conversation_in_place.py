"""In a real browser: a follow-up asked at the bottom of a session page joins the conversation in
place (issue 27) — the new turn with its question, "已按上文理解为", badge and answer appended to the
thread, the question box cleared, the header counting "2 次提问", no separate answer card — all
without a reload. Screenshot: test-artifacts/screenshots/followup-in-place.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import DiagnosisRun
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute
from tests.browser.asking import wait_until_answered
from tests.browser.every_page import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIRST = "payment-service 10:05 开始大量 500，原因是什么？"
FOLLOW_UP = "那它的 P99 呢？"


def test_a_follow_up_answer_joins_the_thread_without_a_reload(asgi_live_server, new_context, staff, screenshot):
    evidence_bundle_load(data=DEMO_BUNDLE_PATH.read_bytes(), source_name=DEMO_BUNDLE_PATH.name)
    first = diagnosis_run_execute(run_id=diagnosis_run_create(owner=staff, question=FIRST).pk)
    page = new_context().new_page()
    login(page, asgi_live_server, "staff")
    page.goto(f"{asgi_live_server}/sessions/{first.session_id}/")
    expect(page.locator("#turn-count")).to_have_text("1 次提问")
    page.evaluate("window.__sameDocument = true")  # gone if the page reloads

    page.fill("#id_question", FOLLOW_UP)
    page.click("#ask-submit")
    wait_until_answered(page)

    follow_up = DiagnosisRun.objects.exclude(pk=first.pk).get()
    turns = page.locator("#conversation li.turn")
    expect(turns).to_have_count(2)
    second = turns.nth(1)
    expect(second).to_have_attribute("data-run-id", str(follow_up.pk))
    expect(second.locator(".question")).to_have_text(FOLLOW_UP)
    expect(second.locator(".followup-reading")).to_have_text("已按上文理解为：payment-service P99，2026-11-28 09:55–10:30")
    expect(second.locator(".badge")).to_have_text(follow_up.verdict or "兜底")
    expect(second.locator(".answer")).to_contain_text(follow_up.final_answer.splitlines()[0])
    expect(page.locator("#turn-count")).to_have_text("2 次提问")
    expect(page.locator("#id_question")).to_have_value("")
    expect(page.locator("#answer")).to_be_hidden()  # no separate answer card under the form
    assert page.evaluate("window.__sameDocument === true")
    screenshot(page, "followup-in-place")
