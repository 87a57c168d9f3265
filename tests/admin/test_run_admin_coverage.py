"""The run page shows what was asked, whether the answer covers it, and the advice that was dropped."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.admin.example_run import make_example_run

pytestmark = pytest.mark.django_db


@pytest.fixture
def reviewer_client(client, reviewer):
    client.force_login(reviewer)
    return client


def test_run_page_shows_asked_coverage_and_dropped_actions(reviewer_client, api_user):
    run = make_example_run(api_user)
    html = reviewer_client.get(reverse("admin:diagnosis_diagnosisrun_change", args=[run.pk])).content.decode()
    section = html.split('id="audit-coverage"')[1].split('class="module audit-section"')[0]
    # each stored key beside its Chinese name; enum values by their Chinese labels
    assert "问题类型" in section and ">kind<" in section and "异常及原因" in section and "payment-service" in section
    assert "已回答" in section and "coverage_verdict" in section and "PASS" in section
    assert "c1：回答了问题（所问服务在窗口内的直接观察）" in section
    prompts = html.split('id="audit-prompts"')[1]
    assert "联系合作方续期证书" in prompts and "处理手册 / 没有对应的已确认证据" in prompts


def test_hostile_text_in_coverage_and_dropped_actions_is_escaped(reviewer_client, api_user):
    run = make_example_run(api_user, hostile=True)
    html = reviewer_client.get(reverse("admin:diagnosis_diagnosisrun_change", args=[run.pk])).content.decode()
    assert "<script>alert(1)</script>" not in html
    assert "联系合作方续期证书 &lt;script&gt;" in html
