"""Where things sit on the admin run page (issue 27, reviewers): a metric chart directly under the
claim-check row of the claim it belongs to (not at the bottom after the raw JSON), and the label
block after the read-only change form but before the 关闭 link — never nested in that form, never
below the button."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.selectors.runs import run_audit_view
from diagnosis.selectors.series import cited_series
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute

pytestmark = pytest.mark.django_db

QUESTION = "订单服务昨晚内存最高到多少？"
CLAIM_ROW = re.compile(r'<tr id="claim-check-([^"]+)"')


@pytest.fixture
def memory_run(api_user):
    evidence_bundle_load(data=DEMO_BUNDLE_PATH.read_bytes(), source_name=DEMO_BUNDLE_PATH.name)
    run = diagnosis_run_execute(run_id=diagnosis_run_create(owner=api_user, question=QUESTION).pk)
    run.refresh_from_db()
    return run


@pytest.fixture
def run_page(client, reviewer, memory_run) -> str:
    client.force_login(reviewer)
    return client.get(reverse("admin:diagnosis_diagnosisrun_change", args=[memory_run.pk])).content.decode()


def test_each_chart_sits_right_under_the_row_of_its_claim(run_page, memory_run):
    charts = cited_series(run_audit_view(memory_run))
    assert charts
    checks = run_page[run_page.index('id="audit-claim-checks"'): run_page.index('id="audit-facts"')]
    rows = [(m.start(), m.group(1)) for m in CLAIM_ROW.finditer(checks)]
    for chart in charts:
        figure = checks.index(f'data-series-url="{chart.url}"')
        owner = [claim for start, claim in rows if start < figure][-1]  # the last claim row above the chart
        assert owner == chart.claim_ids[0]
    assert run_page.count('class="metric-chart"') == len(charts)  # once each, not again at the bottom
    assert run_page.index('class="metric-chart"') < run_page.index('id="audit-raw"')


def test_the_label_block_sits_between_the_change_form_and_the_close_link(run_page):
    change_form_end = run_page.index("</form>", run_page.index('id="diagnosisrun_form"'))
    labels = run_page.index('id="review-labels"')
    close = run_page.index('class="closelink"')
    assert change_form_end < labels < close
    assert run_page.count('class="closelink"') == 1
