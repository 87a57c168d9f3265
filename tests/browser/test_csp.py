"""In a real chromium, under the enforced Content-Security-Policy (settings
CONTENT_SECURITY_POLICY: self + per-response nonce, no 'unsafe-inline'): the web UI asks and
renders the answer, the admin shows a run's audit page, and the self-hosted Swagger UI and Redoc
render the API — with no CSP violation reported. A control test shows the listener does catch
a violation, so "none reported" means something."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import DiagnosisRun
from tests.browser.asking import wait_until_answered
from tests.personas import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

QUESTION = "payment-service 10:05 开始大量 500，原因是什么？"
MEMORY_QUESTION = "订单服务昨晚内存最高到多少？"  # its answer cites a metric series: a chart
# Redoc's menu footer always requests this image; the policy keeps the docs from calling out.
REDOC_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"

# Runs before any page script (injected over CDP, so the CSP does not apply to it): every
# violation the browser reports on the document is kept for the test to read.
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push({directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample});
}, true);
"""


class CspWatch:
    """One browser context whose pages record CSP violations (events and console errors)."""

    def __init__(self, context):
        self.context = context
        self.console: list[str] = []
        context.add_init_script(RECORD_VIOLATIONS)

    def page(self):
        page = self.context.new_page()
        page.on("console", self._console)
        return page

    def _console(self, message) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            self.console.append(message.text)

    def violations(self, page) -> list:
        return page.evaluate("window.__cspViolations") + self.console


@pytest.fixture
def watch(new_context) -> CspWatch:
    return CspWatch(new_context())


@pytest.fixture
def demo_world(transactional_db):
    evidence_bundle_load(data=DEMO_BUNDLE_PATH.read_bytes(), source_name=DEMO_BUNDLE_PATH.name)


def _assert_strict_policy(response) -> None:
    """The response is under the strict policy: scripts and styles only from this origin or
    with this response's nonce (present only when the page has an inline block)."""
    header = response.headers.get("content-security-policy", "")
    policy = {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}
    assert policy.get("default-src") == ["'self'"], header
    for directive in ("script-src", "style-src"):
        sources = policy[directive]
        assert sources[0] == "'self'" and all(s.startswith("'nonce-") for s in sources[1:]), header


def _login(page, base: str, username: str) -> None:
    _assert_strict_policy(page.goto(f"{base}/accounts/login/"))
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    expect(page).to_have_url(f"{base}/")


def test_web_ui_asks_and_renders_the_answer_with_no_csp_violation(asgi_live_server, watch, demo_world, staff):
    page = watch.page()
    _login(page, asgi_live_server, "staff")
    page.fill("#id_question", QUESTION)
    page.click("#ask-submit")
    wait_until_answered(page)
    run = DiagnosisRun.objects.get()
    expect(page.locator("#answer")).to_be_visible()
    expect(page.locator("#answer-text")).to_contain_text(run.final_answer.splitlines()[0])
    # The stylesheet applied (a blocked CSS file would leave the default white topbar).
    assert page.locator("header.topbar").evaluate("e => getComputedStyle(e).backgroundColor") != "rgba(0, 0, 0, 0)"

    page.click("#answer-link")
    expect(page.locator("#final-answer")).to_contain_text(run.final_answer.splitlines()[0])
    assert watch.violations(page) == []


def test_admin_run_audit_page_renders_with_no_csp_violation(asgi_live_server, watch, demo_world, reviewer):
    page = watch.page()
    _login(page, asgi_live_server, "reviewer")
    page.fill("#id_question", QUESTION)
    page.click("#ask-submit")
    wait_until_answered(page)
    run = DiagnosisRun.objects.get()

    _assert_strict_policy(page.goto(f"{asgi_live_server}/admin/"))
    expect(page.locator("#site-name")).to_be_visible()
    page.goto(f"{asgi_live_server}/admin/diagnosis/diagnosisrun/")
    expect(page.locator("#result_list")).to_be_visible()
    _assert_strict_policy(page.goto(f"{asgi_live_server}/admin/diagnosis/diagnosisrun/{run.pk}/change/"))
    expect(page.locator("#audit-invocations tbody tr")).to_have_count(run.tool_invocations.count())
    # Admin JavaScript ran (collapsible raw JSON opens) and its CSS applied.
    page.locator("#audit-raw summary").click()
    expect(page.locator("#audit-raw pre")).to_contain_text('"verifier_evaluation"')
    assert page.locator("#header").evaluate("e => getComputedStyle(e).display") == "flex"
    assert watch.violations(page) == []


def test_metric_chart_review_label_and_calibration_pages_work_with_no_csp_violation(
    asgi_live_server, watch, demo_world, reviewer
):
    """The uPlot chart (canvas, CSSOM styles), the label form post and the calibration page."""
    from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute

    run = diagnosis_run_execute(run_id=diagnosis_run_create(owner=reviewer, question=MEMORY_QUESTION).pk)
    page = watch.page()
    _login(page, asgi_live_server, "reviewer")
    _assert_strict_policy(page.goto(f"{asgi_live_server}/runs/{run.pk}/"))
    expect(page.locator(".metric-chart").first).to_have_class(re.compile("metric-chart-drawn"), timeout=20_000)

    page.goto(f"{asgi_live_server}/admin/diagnosis/diagnosisrun/{run.pk}/change/")
    expect(page.locator(".metric-chart").first).to_have_class(re.compile("metric-chart-drawn"), timeout=20_000)
    form = page.locator("#review-run-form")
    form.locator("input[type=radio]").first.check()
    form.locator("button[type=submit]").click()
    expect(page.locator("#review-labels")).to_be_visible()
    _assert_strict_policy(page.goto(f"{asgi_live_server}/admin/diagnosis/diagnosisrun/calibration/"))
    expect(page.locator("#evaluate-history")).to_be_attached()
    assert watch.violations(page) == []


def test_swagger_ui_lists_the_operations_with_no_csp_violation(asgi_live_server, watch, staff):
    page = watch.page()
    _login(page, asgi_live_server, "staff")
    _assert_strict_policy(page.goto(f"{asgi_live_server}/api/docs/"))
    operations = page.locator(".opblock")
    expect(operations.first).to_be_visible(timeout=30_000)
    paths = page.locator(".opblock-summary-path").all_inner_texts()
    assert "/api/chat" in paths and "/api/runs/{id}" in paths, paths
    # An operation expands (Swagger UI's React code runs), and its stylesheet applied.
    operations.first.locator(".opblock-summary").click()
    expect(page.locator(".opblock-body").first).to_be_visible()
    assert page.locator(".opblock").first.evaluate("e => getComputedStyle(e).borderRadius") != "0px"
    assert watch.violations(page) == []


def test_redoc_renders_the_operations_with_no_csp_violation(asgi_live_server, watch, staff):
    page = watch.page()
    _login(page, asgi_live_server, "staff")
    _assert_strict_policy(page.goto(f"{asgi_live_server}/api/redoc/"))
    expect(page.locator("[data-section-id^='operation/']").first).to_be_attached(timeout=30_000)
    assert page.locator("[data-section-id^='operation/']").count() >= 5
    # Redoc's run-time <style> elements (styled-components) were allowed by the nonce: its
    # three-panel layout is styled (an unstyled page has no flex menu).
    assert page.locator(".menu-content").evaluate("e => getComputedStyle(e).display") == "flex"
    # Search runs in a blob: Web Worker (worker-src 'self' blob:) and finds the chat operation.
    page.locator("input[placeholder='Search...']").fill("chat")
    expect(page.locator("[data-role='search:results'] li").first).to_be_visible(timeout=15_000)
    expect(page.locator("[data-role='search:results']")).to_contain_text("提问：新建一次诊断运行")
    # The one report is the policy doing its job: Redoc's footer logo from an outside origin
    # is blocked (img-src), and Redoc hides the broken image.
    unexpected = [v for v in watch.violations(page) if REDOC_LOGO not in str(v)]
    assert unexpected == []
    expect(page.locator("img[alt='redocly logo']")).to_have_count(0)


def test_an_injected_inline_script_is_blocked_and_reported(asgi_live_server, watch, staff):
    """Control: the policy is enforced and the listener above sees a violation when one happens."""
    page = watch.page()
    _login(page, asgi_live_server, "staff")
    page.evaluate(
        """() => { window.__ran = false; const s = document.createElement('script');
                   s.textContent = 'window.__ran = true'; document.body.appendChild(s); }"""
    )
    page.wait_for_function("window.__cspViolations.length > 0")
    assert page.evaluate("window.__ran") is False
    assert page.evaluate("window.__cspViolations[0].directive").startswith("script-src")
