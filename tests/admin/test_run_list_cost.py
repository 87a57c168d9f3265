"""The admin run list stays cheap with many runs (issue 12 P5): a fixed number of queries
whatever the page holds, no full-table scans for filter choices or the date hierarchy, and the
audit JSON of the listed runs is not read."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from contracts import reasons as R
from diagnosis.models import DiagnosisRun
from tests.factories import make_run, make_session

pytestmark = pytest.mark.django_db


def _runs(owner, count: int) -> None:
    session = make_session(owner)
    DiagnosisRun.objects.bulk_create(
        DiagnosisRun(session=session, owner=owner, question=f"q{i}", status="completed", outcome="pass",
                     verdict="PASS", self_evaluation={"verifier_evaluation": {"verdict": "PASS"}})
        for i in range(count)
    )


def _list(client) -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("admin:diagnosis_diagnosisrun_changelist"))
    assert response.status_code == 200
    return [q["sql"] for q in queries.captured_queries]


def test_query_count_does_not_grow_with_the_page_and_json_is_not_read(client, reviewer, api_user):
    client.force_login(reviewer)
    _runs(api_user, 5)
    few = _list(client)
    _runs(api_user, 60)
    many = _list(client)
    assert len(many) == len(few)
    listing = [sql for sql in many if 'FROM "diagnosis_diagnosisrun"' in sql and "LIMIT" in sql]
    assert listing and all('"self_evaluation"' not in sql and '"final_answer"' not in sql for sql in listing)


def test_no_scan_for_fallback_reasons_months_or_a_second_count(client, reviewer, api_user):
    client.force_login(reviewer)
    make_run(api_user)
    sqls = _list(client)
    assert not any("DISTINCT" in sql and "fallback_reason" in sql for sql in sqls)
    assert not any("DATE_TRUNC" in sql.upper() or "django_datetime_trunc" in sql for sql in sqls)
    assert sum("COUNT(*)" in sql for sql in sqls) == 1


def test_fallback_filter_offers_every_reason_including_stale(client, reviewer):
    client.force_login(reviewer)
    html = client.get(reverse("admin:diagnosis_diagnosisrun_changelist")).content.decode()
    for reason in (*R.FALLBACK_REASONS, R.STALE_RUN):
        assert f"fallback_reason={reason}" in html
