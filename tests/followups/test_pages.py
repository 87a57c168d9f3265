"""The web UI shows a session as a conversation and says how a follow-up was understood."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from contracts.asked import Asked, AskedDimension, AskedWindow
from diagnosis.models import DiagnosisRun
from tests.factories import make_run, make_session

pytestmark = pytest.mark.django_db

WINDOW = AskedWindow(start="2026-11-28T09:55:00+08:00", end="2026-11-28T10:30:00+08:00")


@pytest.fixture
def client_for(staff):
    client = Client()
    client.force_login(staff)
    return client


def answered(run: DiagnosisRun, answer: str, asked: Asked) -> None:
    DiagnosisRun.objects.filter(pk=run.pk).update(
        status="completed", outcome="pass", verdict="PASS", final_answer=answer,
        self_evaluation={"verifier_evaluation": {"asked": asked.model_dump(mode="json")}},
    )


def test_the_session_page_is_the_conversation_in_order_with_the_follow_up_form(client_for, staff):
    session = make_session(staff, title="支付故障")
    first = make_run(staff, session=session, question="payment-service 10:05 开始大量 500，原因是什么？")
    answered(first, "结论（已验证）第一轮回答", Asked(services=["payment-service"], window=WINDOW))
    second = make_run(staff, session=session, question="那它的 P99 呢？")
    answered(second, "结论（已验证）第二轮回答", Asked(kind="quantity", services=["payment-service"], window=WINDOW,
                                            dimension=AskedDimension(terms=["P99"]), source="followup"))
    html = client_for.get(reverse("web:session-detail", args=[session.pk])).content.decode()
    order = [html.index(t) for t in ("大量 500", "第一轮回答", "那它的 P99 呢？", "已按上文理解为：payment-service P99，2026-11-28 09:55–10:30", "第二轮回答")]
    assert order == sorted(order)
    assert html.count("已按上文理解为") == 1  # the first question was read on its own
    form = html[html.index('id="follow-up"'):]
    assert 'id="ask-form"' in form and f'value="{session.pk}" selected' in form


def test_the_run_page_says_how_a_follow_up_was_understood_escaped(client_for, staff):
    run = make_run(staff, question="那它的 P99 呢？")
    answered(run, "结论", Asked(kind="quantity", services=["payment-service"], window=WINDOW,
                               dimension=AskedDimension(terms=["<script>alert(1)</script>"]), source="followup"))
    html = client_for.get(reverse("web:run-detail", args=[run.pk])).content.decode()
    assert "已按上文理解为：payment-service &lt;script&gt;alert(1)&lt;/script&gt;，2026-11-28 09:55–10:30" in html
    assert "<script>alert(1)</script>" not in html


def test_a_standalone_question_shows_no_reading(client_for, staff):
    run = make_run(staff)
    answered(run, "结论", Asked(services=["payment-service"], window=WINDOW))
    assert "已按上文理解为" not in client_for.get(reverse("web:run-detail", args=[run.pk])).content.decode()
