"""``GET /api/runs/{id}/series/{invocation}/{path}``: the chart data of a series a confirmed
statement cites, from the invocation's stored output; the run's visibility rule applies."""

from __future__ import annotations

import pytest

from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import ToolInvocation
from diagnosis.selectors.runs import run_audit_view
from diagnosis.selectors.series import cited_series
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute
from tests.api.conftest import error_code

pytestmark = pytest.mark.django_db

QUESTION = "订单服务昨晚内存最高到多少？"


@pytest.fixture
def memory_run(api_user):
    evidence_bundle_load(data=DEMO_BUNDLE_PATH.read_bytes(), source_name=DEMO_BUNDLE_PATH.name)
    run = diagnosis_run_create(owner=api_user, question=QUESTION)
    run = diagnosis_run_execute(run_id=run.pk)
    run.refresh_from_db()  # self_evaluation is written through its channel service, not this object
    return run


def _chart_url(run):
    charts = cited_series(run_audit_view(run))
    assert charts, "the memory answer cites a series"
    return charts[0]


def test_the_cited_series_comes_back_with_window_threshold_peak_and_crossing(as_api_user, memory_run):
    assert memory_run.verdict == "PASS"
    chart = _chart_url(memory_run)
    response = as_api_user.get(chart.url)
    assert response.status_code == 200, response.content
    data = response.json()
    stored = ToolInvocation.objects.get(run=memory_run, invocation_id=chart.invocation_id).output
    series = stored["series"][int(chart.raw_path.rsplit("/", 1)[1])]
    assert data["name"] == "memory_usage" and data["service"] == "order-service"
    assert data["threshold"] == series["threshold"] and data["peak"] == {"at": series["peak_at"], "value": series["max"]}
    assert data["crossed_at"] == series["crossed_at"] and data["window"] == stored["window"]
    assert [p[0] for p in data["points"]] == sorted(p[0] for p in data["points"])
    assert series["peak_at"] in [p[0] for p in data["points"]] and series["crossed_at"] in [p[0] for p in data["points"]]
    assert data["cited_by"] == list(chart.claim_ids)


def test_reading_a_series_runs_no_new_query(as_api_user, memory_run):
    chart = _chart_url(memory_run)
    count = ToolInvocation.objects.count()
    as_api_user.get(chart.url)
    assert ToolInvocation.objects.count() == count


def test_another_users_run_is_not_found(as_outsider, memory_run):
    response = as_outsider.get(_chart_url(memory_run).url)
    assert response.status_code == 404 and error_code(response) == "not_found"


def test_staff_may_read_anyones_series(as_staff, memory_run):
    assert as_staff.get(_chart_url(memory_run).url).status_code == 200


def test_anonymous_callers_get_401(api, memory_run):
    assert api.get(_chart_url(memory_run).url).status_code == 401


@pytest.mark.parametrize("path", ["series/99", "alerts/0", "series/01", "series/0/points", "records/0", "x"])
def test_a_path_that_is_not_a_stored_series_is_a_404(as_api_user, memory_run, path):
    chart = _chart_url(memory_run)
    response = as_api_user.get(f"/api/runs/{memory_run.pk}/series/{chart.invocation_id}/{path}")
    assert response.status_code == 404 and error_code(response) == "not_found"


def test_an_invocation_of_another_tool_is_a_404(as_api_user, memory_run):
    other = ToolInvocation.objects.filter(run=memory_run).exclude(tool_name="query_metrics").first()
    response = as_api_user.get(f"/api/runs/{memory_run.pk}/series/{other.invocation_id}/series/0")
    assert response.status_code == 404
