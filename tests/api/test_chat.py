"""POST /api/chat runs a question through the graph (inline) and answers with the run summary."""

from __future__ import annotations

import pytest
from django.test import override_settings

from diagnosis.models import DiagnosisRun, DiagnosisSession
from tests.factories import make_session

pytestmark = pytest.mark.django_db

QUESTION = "payment-service 10:05 开始大量 500，原因是什么？"


def test_chat_runs_inline_and_returns_201_with_the_summary(as_api_user, api_user):
    response = as_api_user.post("/api/chat", {"question": QUESTION}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert set(body) >= {"run_id", "session_id", "status", "outcome", "verdict", "answer", "links"}
    run = DiagnosisRun.objects.get(pk=body["run_id"])
    assert run.owner == api_user and str(run.session_id) == body["session_id"]
    assert body["status"] == run.status == "completed"
    assert body["outcome"] == run.outcome and body["answer"] == run.final_answer and body["answer"]
    assert body["verdict"] == (run.verdict or None)
    assert body["links"]["run"].endswith(f"/api/runs/{run.pk}")
    assert body["links"]["session"].endswith(f"/api/sessions/{run.session_id}")
    assert response["Location"] == body["links"]["run"]
    assert run.events.exists()  # the graph really ran


def test_chat_continues_an_existing_session(as_api_user, api_user):
    session = make_session(api_user)
    response = as_api_user.post("/api/chat", {"question": QUESTION, "session_id": str(session.pk)}, format="json")
    assert response.status_code == 201
    assert response.json()["session_id"] == str(session.pk)
    assert DiagnosisSession.objects.count() == 1


def test_chat_into_another_users_session_is_404(as_outsider, api_user):
    session = make_session(api_user)
    response = as_outsider.post("/api/chat", {"question": QUESTION, "session_id": str(session.pk)}, format="json")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "session_not_found"
    assert not DiagnosisRun.objects.exists()


def test_chat_with_celery_execution_answers_202_queued(as_api_user, monkeypatch):
    submitted = []
    monkeypatch.setattr("diagnosis.api.views.diagnosis_run_submit", lambda *, run: submitted.append(run.pk))
    with override_settings(RUN_EXECUTION="celery"):
        response = as_api_user.post("/api/chat", {"question": QUESTION}, format="json")
    assert response.status_code == 202
    body = response.json()
    assert body["status"] == "queued" and body["outcome"] is None and body["answer"] is None
    assert submitted == [DiagnosisRun.objects.get().pk]
