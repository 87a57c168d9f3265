"""Issue 9 item 4 in a real browser (chromium): a staff user asks about an incident whose logs,
alert summary and runbook carry ``<script>``, an ``onerror`` image, a ``javascript:`` link and a
Markdown image to an outside host. While the answer streams in (chat.js), on the answer page and
on the admin audit page: no dialog fires, no request leaves 127.0.0.1, no element with an outside
image or a javascript: link exists — and the injected text is visible, as quoted text.

(In tests/browser/ rather than tests/security/: the Playwright fixtures live in this package.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import DiagnosisRun
from tests.browser.asking import wait_until_answered
from tests.personas import PASSWORD
from tests.security.hostile_bundle import INJECTED_CAUSE, QUESTION, SCRIPT, hostile_bundle
from tests.security.quotes import own_words

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ACTIVE_ELEMENTS = """() => ({
  images: [...document.images].map(i => i.src).filter(s => !s.startsWith(location.origin)),
  jsLinks: [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href')).filter(h => /^\\s*javascript:/i.test(h)),
  handlers: [...document.querySelectorAll('*')].flatMap(e => [...e.attributes].filter(a => a.name.startsWith('on')).map(a => a.value)),
  injectedScripts: [...document.scripts].filter(s => s.textContent.includes('alert(')).length,
})"""


@pytest.fixture
def hostile_world(transactional_db):
    evidence_bundle_load(data=hostile_bundle(), source_name="hostile-evidence")


def watch(page, base: str, dialogs: list[str], outside: list[str]) -> None:
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.on("request", lambda r: None if r.url.startswith(base) else outside.append(r.url))


def assert_nothing_active(page) -> None:
    found = page.evaluate(ACTIVE_ELEMENTS)
    assert found == {"images": [], "jsLinks": [], "handlers": [], "injectedScripts": 0}, found


def test_injected_markup_never_runs_or_loads_anything(asgi_live_server, new_context, hostile_world, staff, reviewer, screenshot):
    base = asgi_live_server
    dialogs: list[str] = []
    outside: list[str] = []
    page = new_context().new_page()
    watch(page, base, dialogs, outside)

    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "staff")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    expect(page).to_have_url(f"{base}/")
    page.fill("#id_question", QUESTION)
    page.click("#ask-submit")
    wait_until_answered(page)
    expect(page.locator("#answer-text")).to_contain_text(SCRIPT)  # shown as text
    shown = page.locator("#answer-text").inner_text()
    assert INJECTED_CAUSE in shown and INJECTED_CAUSE not in own_words(shown)  # … and only quoted
    assert_nothing_active(page)
    screenshot(page, "security-01-streamed-answer")

    run = DiagnosisRun.objects.get()
    page.goto(f"{base}/runs/{run.pk}/")
    expect(page.locator("#final-answer")).to_contain_text(SCRIPT)
    assert_nothing_active(page)
    screenshot(page, "security-02-answer-page")

    admin = new_context().new_page()
    watch(admin, base, dialogs, outside)
    admin.goto(f"{base}/admin/login/?next=/admin/diagnosis/diagnosisrun/{run.pk}/change/")
    admin.fill("#id_username", "reviewer")
    admin.fill("#id_password", PASSWORD)
    admin.click("input[type=submit]")
    expect(admin.locator(".audit-answer")).to_contain_text(SCRIPT)
    for details in admin.locator("details").all():
        details.evaluate("d => d.open = true")  # raw JSON and tool outputs, where the markup sits verbatim
    assert_nothing_active(admin)
    screenshot(admin, "security-03-admin-run-page")

    assert dialogs == [], dialogs
    assert outside == [], outside
