"""The audit console in Chinese (issue 27, "half-translated"): every field label of the run page —
the alert record of an alert-started run included —, every column and filter of the run list, and
the numbers rounded for people (a groundedness of 0.9333333333333332 reads 0.93; the raw JSON keeps
what was stored)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from diagnosis.models import DiagnosisRun
from tests.admin.alert_run import make_alert_started_run
from tests.admin.example_run import make_example_run
from tests.web.page_text import CJK, visible_text

pytestmark = pytest.mark.django_db

LABEL = re.compile(r"<label[^>]*>(.*?)</label>", re.S)
TAG = re.compile(r"<[^>]+>")


def _texts(pattern: re.Pattern[str], html: str) -> list[str]:
    return [TAG.sub("", m).strip() for m in pattern.findall(html) if TAG.sub("", m).strip()]


@pytest.fixture
def reviewer_client(client, reviewer):
    client.force_login(reviewer)
    return client


def test_every_field_label_of_an_alert_started_run_page_is_chinese(reviewer_client, api_user):
    run = make_alert_started_run(api_user)
    html = reviewer_client.get(reverse("admin:diagnosis_diagnosisrun_change", args=[run.pk])).content.decode()
    labels = _texts(LABEL, html[html.index('id="diagnosisrun_form"'):])
    assert len(labels) > 20  # the run's fields and the alert record's
    assert [label for label in labels if not CJK.search(label)] == []
    for english in ("Question:", "Status:", "Outcome:", "Receiver", "Alert name", "Fingerprints", "Notify error"):
        assert english not in html, english


def test_every_column_and_filter_of_the_run_list_is_chinese(reviewer_client, api_user):
    make_example_run(api_user)
    html = reviewer_client.get(reverse("admin:diagnosis_diagnosisrun_changelist")).content.decode()
    head = html[html.index('<table id="result_list"'):]
    head = head[: head.index("</thead>")]
    columns = _texts(re.compile(r"<th[^>]*>(.*?)</th>", re.S), head)
    assert len(columns) >= 8 and [c for c in columns if not CJK.search(c)] == []
    filters = html[html.index('id="changelist-filter"'):]
    titles = [t.removeprefix("以").strip() for t in _texts(re.compile(r"<summary[^>]*>(.*?)</summary>", re.S), filters)]
    assert len(titles) >= 8 and [t for t in titles if not CJK.search(t)] == []


def test_scores_are_rounded_for_people_and_kept_whole_in_the_raw_json(reviewer_client, api_user):
    run = make_example_run(api_user)
    evaluation = run.self_evaluation
    evaluation["verifier_evaluation"]["groundedness_score"] = 0.9333333333333332
    DiagnosisRun.objects.filter(pk=run.pk).update(self_evaluation=evaluation)
    html = reviewer_client.get(reverse("admin:diagnosis_diagnosisrun_change", args=[run.pk])).content.decode()
    raw = html.index('class="audit-json audit-raw-json"')
    assert "0.9333333333333332" in html[raw:]  # the stored value, in the raw JSON
    shown = visible_text(html[:raw])
    assert "0.93" in shown and "0.9333" not in shown
