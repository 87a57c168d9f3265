"""The answer page reads top-down as an answer (issue 27 item 2): the verdict badge and the answer
first; then each confirmed statement with its id, its quoted excerpt and its chart; the full
evidence list and the tool table collapsed below. Raw invocation ids and raw paths are the audit
console's, not this page's. When the composer stores the answer model of DESIGN §10.5
(``composer_output.answer``), its conclusion and key evidence lead instead."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import DiagnosisRun
from diagnosis.selectors.runs import run_audit_view
from diagnosis.selectors.series import cited_series
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute
from tests.admin.example_run import ANSWER, C1_MATCH, C1_TEXT, C2_MATCH, C2_TEXT, make_example_run
from tests.web.page_text import visible_text

pytestmark = pytest.mark.django_db

RAW_ID = re.compile(r"\binv_\d+\b")
RAW_PATH = re.compile(r"/(records|alerts|series|documents|chunks|query)/\d*")

ANSWER_MODEL = {
    "verdict": "PASS",
    "outcome": "pass",
    "conclusion": [{"text": "payment-service 自 10:05 起数据库连接池耗尽，导致 5xx 告警 HighErrorRate 触发。", "claims": ["c1", "c2"]}],
    "key_evidence": [
        {"claim_id": "c1", "text": C1_TEXT, "quote": C1_MATCH, "at": "2026-11-28T10:05:12+08:00", "series": None},
        {"claim_id": "c2", "text": C2_TEXT, "quote": C2_MATCH, "at": "2026-11-28T10:06:00+08:00", "series": None},
    ],
    "timeline": [
        {"at": "2026-11-28T10:05:12+08:00", "text": "连接池开始耗尽", "claim_id": "c1", "kind": "onset"},
        {"at": "2026-11-28T10:06:00+08:00", "text": "HighErrorRate 触发", "claim_id": "c2", "kind": "peak"},
    ],
    "advice": [{"text": "临时扩大连接池上限并排查慢查询", "runbook": "数据库连接池耗尽处理手册", "fits_claims": ["c1"]}],
    "gaps": ["缺少数据库慢查询日志"],
    "other_evidence": [],
}


@pytest.fixture
def staff_client(client, staff):
    client.force_login(staff)
    return client


def _page(client, run) -> str:
    response = client.get(reverse("web:run-detail", args=[run.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_badge_and_answer_come_before_the_statements_and_the_rest_is_collapsed(staff_client, staff):
    html = _page(staff_client, make_example_run(staff))
    badge, answer = html.index('class="badge badge-pass"'), html.index('id="final-answer"')
    statements = html.index('id="statements"')
    assert badge < statements and answer < statements
    assert ANSWER.splitlines()[1] in html[answer:statements]
    for block in ("evidence-all", "invocations"):
        opening = html[: html.index(f'id="{block}"')]
        assert opening.rfind("<details") > opening.rfind("</details>"), block  # inside a closed <details>
        assert statements < html.index(f'id="{block}"')


def test_each_confirmed_statement_shows_its_id_text_and_quoted_excerpt(staff_client, staff):
    html = _page(staff_client, make_example_run(staff))
    for claim_id, text, excerpt in (("c1", C1_TEXT, C1_MATCH), ("c2", C2_TEXT, C2_MATCH)):
        start = html.index(f'id="claim-{claim_id}"')
        card = html[start: html.index("</article>", start)]
        assert f">{claim_id}<" in card and text in card and excerpt in card
        assert "<blockquote" in card and "直接观察" in card


def test_no_raw_invocation_id_or_path_is_shown_to_the_reader(staff_client, staff):
    text = visible_text(_page(staff_client, make_example_run(staff)))
    assert RAW_ID.findall(text) == [] and RAW_PATH.findall(text) == []


def test_enum_values_are_shown_by_their_chinese_labels(staff_client, staff):
    text = visible_text(_page(staff_client, make_example_run(staff)))
    for raw in ("direct_observation", "success", "failed", "high / runbook", "runbook", "planner", "finish"):
        assert re.search(rf"(?<![\w-]){re.escape(raw)}(?![\w-])", text) is None, raw
    for label in ("直接观察", "成功", "失败", "优先级 高", "处理手册", "规划取证", "日志查询"):
        assert label in text, label


def test_the_chart_of_a_series_sits_in_the_card_of_the_statement_that_cites_it(staff_client, staff):
    evidence_bundle_load(data=DEMO_BUNDLE_PATH.read_bytes(), source_name=DEMO_BUNDLE_PATH.name)
    run = diagnosis_run_execute(run_id=diagnosis_run_create(owner=staff, question="订单服务昨晚内存最高到多少？").pk)
    run.refresh_from_db()
    charts = cited_series(run_audit_view(run))
    assert charts
    html = _page(staff_client, run)
    for chart in charts:
        start = html.index(f'id="claim-{chart.claim_ids[0]}"')
        card = html[start: html.index("</article>", start)]
        assert f'data-series-url="{chart.url}"' in card
    assert html.count('class="metric-chart"') == len(charts)


def test_a_stored_answer_model_leads_with_its_conclusion_and_key_evidence(staff_client, staff):
    run = make_example_run(staff)
    evaluation = run.self_evaluation
    evaluation["verifier_evaluation"]["composer_output"]["answer"] = ANSWER_MODEL
    DiagnosisRun.objects.filter(pk=run.pk).update(self_evaluation=evaluation)
    html = _page(staff_client, run)
    conclusion, key = html.index('id="answer-conclusion"'), html.index('id="answer-key-evidence"')
    assert conclusion < key < html.index('id="statements"')
    assert ANSWER_MODEL["conclusion"][0]["text"] in html[conclusion:key]
    key_block = html[key: html.index('id="statements"')]
    assert C1_MATCH in key_block and C2_MATCH in key_block and "10:05:12" in key_block
    text = visible_text(html)
    assert "连接池开始耗尽" in text and "开始" in text  # the timeline with its kind in Chinese
    assert "临时扩大连接池上限并排查慢查询" in text and "数据库连接池耗尽处理手册" in text
    assert "缺少数据库慢查询日志" in text
    # each key statement once: in the answer, not again among the other statements
    assert html.count('id="claim-c1"') == 1 and html.index('id="claim-c1"') < html.index('id="statements"')


def test_a_malformed_answer_model_falls_back_to_the_answer_text(staff_client, staff):
    run = make_example_run(staff)
    evaluation = run.self_evaluation
    evaluation["verifier_evaluation"]["composer_output"]["answer"] = {"conclusion": "not a list", "key_evidence": 7}
    DiagnosisRun.objects.filter(pk=run.pk).update(self_evaluation=evaluation)
    html = _page(staff_client, run)
    assert 'id="answer-conclusion"' not in html and ANSWER.splitlines()[1] in html


def test_markup_in_a_stored_answer_model_is_shown_as_text(staff_client, staff):
    run = make_example_run(staff)
    evaluation = run.self_evaluation
    hostile = {**ANSWER_MODEL, "conclusion": [{"text": "<img src=x onerror=alert(1)> 结论", "claims": ["c1"]}],
               "gaps": ["<script>alert(2)</script>"]}
    evaluation["verifier_evaluation"]["composer_output"]["answer"] = hostile
    DiagnosisRun.objects.filter(pk=run.pk).update(self_evaluation=evaluation)
    html = _page(staff_client, run)
    assert "<img src=x" not in html and "<script>alert(2)" not in html
    assert "&lt;img src=x onerror=alert(1)&gt; 结论" in html and "&lt;script&gt;alert(2)&lt;/script&gt;" in html
