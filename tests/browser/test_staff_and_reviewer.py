"""In a real browser: a staff user asks about the demo incident, watches the stages arrive live,
reads the answer with its verdict badge beside the evidence; a reviewer then audits the same run
in the admin (claim checks and gatekeeper tables). Screenshots: test-artifacts/screenshots/."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.graph.env import EventRecorder
from diagnosis.models import DiagnosisRun
from tests.browser.asking import wait_until_answered
from tests.personas import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

QUESTION = "payment-service 10:05 开始大量 500，原因是什么？"
BADGES = ("PASS", "LOW_CONFID", "REJECT", "兜底")

# Records when stage items and the answer panel appeared (performance.now(), ms).
WATCH_PROGRESS = """() => {
  window.__stageTimes = [];
  window.__answerAt = null;
  const stages = document.getElementById('stages');
  new MutationObserver(() => window.__stageTimes.push(performance.now())).observe(stages, {childList: true});
  const answer = document.getElementById('answer');
  new MutationObserver(() => { if (!answer.hidden && window.__answerAt === null) window.__answerAt = performance.now(); })
    .observe(answer, {attributes: true});
}"""


@pytest.fixture
def model_latency(monkeypatch):
    """The offline agents answer in microseconds once warm; real models take seconds. A short
    pause after each orchestration event stands in for that, so that "the stages arrive while
    the run is going" is observable whatever the machine's speed."""
    real_record = EventRecorder.record

    def record_then_pause(self, node, event, detail=None):
        real_record(self, node, event, detail)
        time.sleep(0.06)

    monkeypatch.setattr(EventRecorder, "record", record_then_pause)


@pytest.fixture
def demo_world(transactional_db):
    evidence_bundle_load(data=DEMO_BUNDLE_PATH.read_bytes(), source_name=DEMO_BUNDLE_PATH.name)


def _login(page, base_url: str, username: str) -> None:
    page.goto(f"{base_url}/accounts/login/")
    expect(page.locator("h1")).to_have_text("登录")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    expect(page).to_have_url(f"{base_url}/")


def _ask(page) -> None:
    page.fill("#id_question", QUESTION)
    page.click("#ask-submit")
    wait_until_answered(page)


def test_staff_watches_live_progress_reads_the_answer_and_a_reviewer_audits_it(
    asgi_live_server, new_context, demo_world, model_latency, staff, reviewer, screenshot
):
    base = asgi_live_server
    page = new_context().new_page()
    _login(page, base, "staff")
    page.evaluate(WATCH_PROGRESS)

    page.fill("#id_question", QUESTION)
    page.click("#ask-submit")
    page.wait_for_selector("#stages li")
    screenshot(page, "01-staff-progress-live", full_page=False)
    wait_until_answered(page)
    screenshot(page, "02-staff-progress-and-answer")

    # Stages arrived one by one while the run was going, well before the answer.
    stage_times = page.evaluate("window.__stageTimes")
    answer_at = page.evaluate("window.__answerAt")
    # (One observer callback per batch of DOM changes, i.e. per network chunk read.)
    assert page.locator("#stages li").count() >= 5 and answer_at is not None
    assert len(stage_times) >= 3, stage_times  # several separate arrivals, not one burst
    assert answer_at - stage_times[0] > 300, (stage_times, answer_at)

    labels = page.locator("#stages li .stage-label").all_inner_texts()
    assert any("规划取证" in label for label in labels) and any("撰写回答" in label or "安全兜底" in label for label in labels)
    expect(page.locator("#progress-status")).to_have_text("已完成")
    badge = page.locator("#answer-badge").inner_text()
    assert badge in BADGES
    run = DiagnosisRun.objects.get()
    assert run.status == "completed" and run.owner.username == "staff"
    assert badge == (run.verdict or "兜底")
    expect(page.locator("#answer-text")).to_contain_text(run.final_answer.splitlines()[0])

    # The answer page: Chinese answer, verdict badge, statements beside evidence and invocations.
    page.click("#answer-link")
    expect(page).to_have_url(re.compile(rf"/runs/{run.pk}/$"))
    expect(page.locator(".run-head .badge")).to_have_text(badge)
    expect(page.locator("#final-answer")).to_contain_text(run.final_answer.splitlines()[0])
    if run.verdict == "PASS":
        cards = page.locator("#statements article.statement")
        assert cards.count() >= 1
        expect(cards.first.locator(".claim-id")).not_to_be_empty()
        expect(cards.first.locator("blockquote.excerpt").first).not_to_be_empty()
        first_link = cards.first.locator(".excerpt-source a").first
        expect(first_link).to_contain_text("次调用")
        target = first_link.get_attribute("href")
        assert target.startswith("#call-")
        page.locator("details.more", has=page.locator("#invocations")).locator("summary").click()  # collapsed below
        first_link.click()
        expect(page).to_have_url(re.compile(re.escape(target) + "$"))
        expect(page.locator(target)).to_be_visible()
    assert page.locator("#invocations tbody tr").count() == run.tool_invocations.count()
    screenshot(page, "03-staff-answer-page")
    screenshot(page.locator("#statements"), "03a-staff-statements-beside-evidence")

    # The run history of the session.
    page.goto(f"{base}/sessions/{run.session_id}/")
    expect(page.locator(".history li")).to_have_count(1)
    screenshot(page, "04-staff-session-history", full_page=False)

    # A reviewer opens the same run in the admin audit console.
    admin = new_context().new_page()
    admin.goto(f"{base}/admin/login/?next=/admin/diagnosis/diagnosisrun/")
    admin.fill("#id_username", "reviewer")
    admin.fill("#id_password", PASSWORD)
    admin.click("input[type=submit]")
    expect(admin.locator("#result_list")).to_be_visible()
    screenshot(admin, "05-reviewer-run-list", full_page=False)
    admin.click(f"#result_list a[href$='/{run.pk}/change/']")
    expect(admin).to_have_url(re.compile(rf"/admin/diagnosis/diagnosisrun/{run.pk}/change/$"))
    claim_rows = admin.locator("#audit-claim-checks tbody tr[id^=claim-check-]")
    binding_rows = admin.locator("#audit-gatekeeper table:not(.audit-kv) tbody tr")
    if run.verdict:
        claim_checks = run.self_evaluation["verifier_evaluation"]["claim_checks"]
        assert claim_checks
        expect(claim_rows).to_have_count(len(claim_checks))
        expect(claim_rows.first).to_contain_text(run.self_evaluation["verifier_evaluation"]["claim_checks"][0]["verification"])
    checked = run.self_evaluation["verifier_evaluation"]["gatekeeper_result"]["checked_bindings"]
    assert checked
    expect(binding_rows).to_have_count(len(checked))
    expect(admin.locator("#audit-gatekeeper")).to_contain_text("✔ 通过")
    expect(admin.locator("#audit-invocations tbody tr")).to_have_count(run.tool_invocations.count())
    screenshot(admin, "06-reviewer-run-audit")
    screenshot(admin.locator("#audit-claim-checks"), "06a-reviewer-claim-checks")
    screenshot(admin.locator("#audit-gatekeeper"), "06b-reviewer-gatekeeper")
    admin.locator("#audit-raw summary").click()
    expect(admin.locator("#audit-raw pre")).to_contain_text('"verifier_evaluation"')
    screenshot(admin.locator("#audit-raw"), "06c-reviewer-raw-json")


@pytest.mark.filterwarnings("ignore:StreamingHttpResponse must consume asynchronous iterators")
def test_on_the_wsgi_live_server_the_ui_still_shows_every_stage_and_the_answer(live_server, page, demo_world, staff, screenshot):
    """pytest-django's live_server is WSGI: Django buffers the async stream to its end, so the
    stages arrive at once — the page must still show all of them, then the answer."""
    _login(page, live_server.url, "staff")
    _ask(page)
    run = DiagnosisRun.objects.get()
    expect(page.locator("#stages li")).to_have_count(run.events.count())
    expect(page.locator("#answer")).to_be_visible()
    assert page.locator("#answer-badge").inner_text() == (run.verdict or "兜底")
    screenshot(page, "07-staff-wsgi-live-server")


def test_hostile_question_is_shown_as_text(asgi_live_server, page, demo_world, staff):
    _login(page, asgi_live_server, "staff")
    page.evaluate("window.__xss = 0")
    page.fill("#id_question", "payment-service <img src=x onerror=\"window.__xss=1\"> 为什么 500？")
    page.click("#ask-submit")
    wait_until_answered(page)
    page.click("#answer-link")
    expect(page.locator("h1.question")).to_contain_text("<img src=x")
    assert page.evaluate("window.__xss === undefined || window.__xss === 0")
