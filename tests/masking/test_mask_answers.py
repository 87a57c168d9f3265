"""MASK_ANSWERS (issue 14 item 1): non-staff readers see placeholders instead of the sensitive
values of an answer; staff and the default setting see the real values."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from diagnosis.api.stream import _run_payload
from diagnosis.models import DiagnosisRun
from tests.factories import make_run

pytestmark = pytest.mark.django_db

ANSWER = "结论（已验证）\n- 用户 13912345678 的请求被上游 10.20.30.40:8443 拒绝。"


@pytest.fixture
def answered(api_user):
    run = make_run(api_user)
    DiagnosisRun.objects.filter(pk=run.pk).update(status="completed", outcome="pass", verdict="PASS", final_answer=ANSWER)
    return run


def _api_answer(user, run) -> str:
    client = APIClient()
    client.force_authenticate(user)
    return client.get(f"/api/runs/{run.pk}").json()["answer"]


def test_by_default_everyone_reads_the_real_values(answered, api_user):
    assert _api_answer(api_user, answered) == ANSWER


def test_with_mask_answers_a_plain_user_reads_placeholders_everywhere(settings, answered, api_user, client):
    settings.MASK_ANSWERS = True
    masked = "结论（已验证）\n- 用户 <PHONE_1> 的请求被上游 <IP_1>:8443 拒绝。"
    assert _api_answer(api_user, answered) == masked
    assert _run_payload(answered.pk)["answer"] == masked  # the SSE answer event, read by the owner
    client.force_login(api_user)
    page = client.get(f"/runs/{answered.pk}/").content.decode()
    assert "&lt;PHONE_1&gt;" in page and "13912345678" not in page.split('id="final-answer"')[1].split("</div>")[0]


def test_with_mask_answers_staff_still_read_the_real_values(settings, answered, staff):
    settings.MASK_ANSWERS = True
    assert _api_answer(staff, answered) == ANSWER
