"""In a real browser: the run page draws the metric series a confirmed statement cites — the
threshold line and the peak marked — on a desktop and a phone width, and the admin run page shows
the same chart (issue 14 item 2) — beside the statement (web) and under the claim-check row (admin) it belongs to.
Screenshots: test-artifacts/screenshots/metric-chart-*.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute
from tests.personas import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

QUESTION = "订单服务昨晚内存最高到多少？"

# Share of canvas pixels that are not background: a drawn chart has axes, grid and a line.
INK = """(canvas) => {
  const ctx = canvas.getContext('2d');
  const {data} = ctx.getImageData(0, 0, canvas.width, canvas.height);
  let ink = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0) ink++;
  return ink / (canvas.width * canvas.height);
}"""


@pytest.fixture
def memory_run(transactional_db, staff):
    evidence_bundle_load(data=DEMO_BUNDLE_PATH.read_bytes(), source_name=DEMO_BUNDLE_PATH.name)
    run = diagnosis_run_create(owner=staff, question=QUESTION)
    return diagnosis_run_execute(run_id=run.pk)


def _login(page, base_url: str, username: str, next_path: str) -> None:
    page.goto(f"{base_url}/accounts/login/?next={next_path}")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")


def _check_chart(page) -> None:
    chart = page.locator(".metric-chart").first
    expect(chart).to_have_class(__import__("re").compile("metric-chart-drawn"), timeout=20_000)
    legend = chart.locator(".u-legend")
    expect(legend).to_contain_text("阈值")
    expect(legend).to_contain_text("峰值")
    expect(legend).to_contain_text("memory_usage")
    canvas = chart.locator("canvas").first
    assert canvas.evaluate(INK) > 0.01


def test_the_run_page_draws_the_cited_series_with_threshold_and_peak(asgi_live_server, page, memory_run, staff, screenshot):
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    outside: list[str] = []
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(asgi_live_server) else None)
    path = f"/runs/{memory_run.pk}/"
    _login(page, asgi_live_server, "staff", path)
    expect(page).to_have_url(f"{asgi_live_server}{path}")
    _check_chart(page)
    # the chart sits in the card of the statement that cites it: the answer's key evidence (issue 24)
    cited = page.locator("#answer-key-evidence article.statement:has(.metric-chart)")
    expect(cited).to_have_count(1)
    expect(cited.locator(".statement-text")).to_contain_text("memory_usage")
    screenshot(cited, "metric-chart-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    _check_chart(page)
    width = page.locator(".metric-chart canvas").first.evaluate("c => c.getBoundingClientRect().width")
    assert width <= 390
    screenshot(page, "metric-chart-phone")
    assert errors == [] and outside == []


def test_the_admin_run_page_shows_the_same_chart(asgi_live_server, page, memory_run, reviewer, screenshot):
    path = f"/admin/diagnosis/diagnosisrun/{memory_run.pk}/change/"
    page.goto(f"{asgi_live_server}/admin/login/?next={path}")
    page.fill("#id_username", "reviewer")
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")
    expect(page).to_have_url(f"{asgi_live_server}{path}")
    _check_chart(page)
    # under the claim-check row of the claim it belongs to
    expect(page.locator("#audit-claim-checks tr.claim-chart-row .metric-chart")).to_have_count(1)
    screenshot(page.locator("#audit-claim-checks"), "metric-chart-admin")
