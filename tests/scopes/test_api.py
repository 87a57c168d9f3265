"""The API's scope contract: ``GET /api/scopes`` (authenticated), ``POST /api/chat`` with
``scope`` (unknown → 400 ``unknown_scope``, another scope than the session's → 400
``scope_mismatch``, both in Chinese JSON), and the schema documents both."""

from __future__ import annotations

import pytest

from diagnosis.models import DiagnosisRun, DiagnosisSession
from tests.scopes.test_isolation import planned_logs_read
from tests.scopes.worlds import ALPHA, ALPHA_NOW, BETA, load_both

pytestmark = pytest.mark.django_db
QUESTION = "payment-service 10:05 开始大量 500，原因是什么？"


@pytest.fixture
def scopes():
    return load_both()


def test_scopes_list_requires_authentication(api, scopes):
    response = api.get("/api/scopes")
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "not_authenticated"


def test_scopes_list_names_kind_and_reference_time_live_first(as_api_user, scopes):
    as_api_user.post("/api/chat", {"question": QUESTION, "scope": "live"}, format="json")  # live exists
    body = as_api_user.get("/api/scopes").json()
    assert [s["name"] for s in body] == ["live", ALPHA, BETA]
    assert body[0] == {"name": "live", "kind": "live", "kind_display": "实时", "reference_time": None, "reference_time_valid": True}
    assert body[1]["kind"] == "replay" and body[1]["reference_time"].startswith("2026-11-28T10:30:00")


def test_chat_in_a_named_scope_binds_the_new_session_to_it(as_api_user, scopes):
    response = as_api_user.post("/api/chat", {"question": QUESTION, "scope": ALPHA}, format="json")
    assert response.status_code == 201, response.content
    session = DiagnosisSession.objects.get(pk=response.json()["session_id"])
    assert session.scope.name == ALPHA  # not beta, although beta was loaded last
    run = DiagnosisRun.objects.get(pk=response.json()["run_id"])
    assert planned_logs_read(run).arguments["end"] == ALPHA_NOW
    detail = as_api_user.get(f"/api/sessions/{session.pk}").json()
    assert detail["scope"] == ALPHA


def test_an_unknown_scope_is_a_chinese_400_and_creates_nothing(as_api_user, scopes):
    response = as_api_user.post("/api/chat", {"question": QUESTION, "scope": "<b>nowhere</b>"}, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "unknown_scope" and error["message"] == "证据范围不存在：<b>nowhere</b>"
    assert error["fields"]["scope"][0]["code"] == "unknown_scope"
    assert not DiagnosisRun.objects.exists() and not DiagnosisSession.objects.exists()


@pytest.mark.parametrize("bad", [42, "", "x" * 201])
def test_a_malformed_scope_is_a_400(as_api_user, scopes, bad):
    response = as_api_user.post("/api/chat", {"question": QUESTION, "scope": bad}, format="json")
    assert response.status_code == 400
    assert "scope" in response.json()["error"]["fields"]


def test_another_scope_than_the_sessions_is_a_400_and_the_same_one_continues(as_api_user, scopes):
    first = as_api_user.post("/api/chat", {"question": QUESTION, "scope": ALPHA}, format="json").json()
    wrong = as_api_user.post(
        "/api/chat", {"question": QUESTION, "session_id": first["session_id"], "scope": BETA}, format="json"
    )
    assert wrong.status_code == 400
    assert wrong.json()["error"]["code"] == "scope_mismatch"
    assert "「alpha」" in wrong.json()["error"]["message"] and "「beta」" in wrong.json()["error"]["message"]
    same = as_api_user.post(
        "/api/chat", {"question": QUESTION, "session_id": first["session_id"], "scope": ALPHA}, format="json"
    )
    assert same.status_code == 201
    implicit = as_api_user.post("/api/chat", {"question": QUESTION, "session_id": first["session_id"]}, format="json")
    assert implicit.status_code == 201
    assert DiagnosisRun.objects.filter(session_id=first["session_id"]).count() == 3


def test_without_a_scope_a_new_session_gets_the_default_scope(as_api_user, scopes):
    body = as_api_user.post("/api/chat", {"question": QUESTION}, format="json").json()
    assert DiagnosisSession.objects.get(pk=body["session_id"]).scope.name == BETA  # loaded last, no demo


def test_the_schema_documents_the_scope_field_and_the_scopes_endpoint(as_api_user):
    schema = as_api_user.get("/api/schema/").json()
    chat = schema["components"]["schemas"]["ChatRequest"]["properties"]
    assert "scope" in chat and "string" in str(chat["scope"]["type"])
    assert "/api/scopes" in schema["paths"]
    listed = schema["paths"]["/api/scopes"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert listed["type"] == "array"
