"""Bad chat requests get a 400 JSON error with a Chinese message and a machine code — never a run."""

from __future__ import annotations

import uuid

import pytest

from diagnosis.models import DiagnosisRun
from diagnosis.services.runs import QUESTION_MAX_CHARS
from tests.api.conftest import error_code

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"question": ""}, "question_empty"),
        ({"question": "   \n\t "}, "question_empty"),
        ({"question": "x" * (QUESTION_MAX_CHARS + 1)}, "question_too_long"),
        ({"question": "payment\x00-service 为什么报错"}, "question_nul"),
        ({"question": 42}, "question_not_text"),
        ({}, "required"),
        ({"question": "为什么报错", "sesion_id": "typo"}, "unknown_field"),
        ({"question": "为什么报错", "session_id": "not-a-uuid"}, "invalid_session_id"),
    ],
)
def test_invalid_chat_body_is_400_json(as_api_user, body, code):
    response = as_api_user.post("/api/chat", body, format="json")
    assert response.status_code == 400
    assert error_code(response) == code
    error = response.json()["error"]
    assert error["message"] and any("\u4e00" <= ch <= "\u9fff" for ch in error["message"])  # Chinese text
    assert "fields" in error
    assert not DiagnosisRun.objects.exists()


def test_question_at_the_limit_is_accepted(as_api_user):
    response = as_api_user.post("/api/chat", {"question": "为" * QUESTION_MAX_CHARS}, format="json")
    assert response.status_code == 201


@pytest.mark.parametrize("raw", ['{"question": "x"', "not json", '{"question": "\\ud800"}', "\xff\xfe"])
def test_malformed_json_is_400_json(as_api_user, raw):
    response = as_api_user.post("/api/chat", raw, content_type="application/json")
    assert response.status_code == 400
    assert error_code(response) in ("malformed_json", "invalid_unicode")
    assert b"Traceback" not in response.content


def test_json_that_is_not_an_object_is_400(as_api_user):
    response = as_api_user.post("/api/chat", ["question"], format="json")
    assert response.status_code == 400
    assert error_code(response) == "not_an_object"


def test_form_encoded_body_is_415_json(as_api_user):
    response = as_api_user.post("/api/chat", {"question": "为什么"})  # multipart, not JSON
    assert response.status_code == 415
    assert error_code(response) == "unsupported_media_type"


def test_unknown_session_id_is_404(as_api_user):
    response = as_api_user.post("/api/chat", {"question": "为什么", "session_id": str(uuid.uuid4())}, format="json")
    assert response.status_code == 404
    assert error_code(response) == "session_not_found"


def test_wrong_method_is_405_json(as_api_user):
    response = as_api_user.get("/api/chat")
    assert response.status_code == 405
    assert error_code(response) == "method_not_allowed"
