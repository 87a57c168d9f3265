"""Every hostile request body on every POST endpoint is a 4xx with the API's JSON error shape, a
Chinese message (also in each per-field entry), and writes nothing: no run, no session, no
knowledge document or chunk.

One row per hostile input; each row runs against ``/api/chat``, ``/api/chat/stream`` and
``/api/knowledge`` (the API's POST endpoints), over token auth as a staff member (staff may post
knowledge, so the knowledge endpoint parses the body instead of answering 403 first).
"""

from __future__ import annotations

import re

import pytest
from django.conf import settings

from diagnosis.api.parsers import MAX_JSON_DEPTH
from diagnosis.models import DiagnosisRun, DiagnosisSession, KnowledgeChunk, KnowledgeDocument
from tests.api.conftest import token_for

pytestmark = pytest.mark.django_db

POST_ENDPOINTS = ("/api/chat", "/api/chat/stream", "/api/knowledge")
CJK = re.compile(r"[\u4e00-\u9fff]")


def _nested(depth: int, *, opener: str = "[", closer: str = "]") -> bytes:
    return (opener * depth + closer * depth).encode()


def _nested_objects(depth: int) -> bytes:
    return ('{"a":' * depth + "1" + "}" * depth).encode()


# (row id, raw body, expected status, expected error code)
HOSTILE_BODIES = [
    ("lone_high_surrogate_in_a_key", b'{"question":"abc","\\ud800":1}', 400, "invalid_unicode"),
    ("lone_low_surrogate_in_a_key", b'{"title":"t","content":"c","\\udfff":1}', 400, "invalid_unicode"),
    ("lone_surrogate_in_a_value", b'{"question":"abc\\ud800"}', 400, "invalid_unicode"),
    ("lone_surrogate_deep_in_a_list", b'{"question":"abc","x":[["\\udc00"]]}', 400, "invalid_unicode"),
    ("reversed_surrogate_pair", b'{"question":"\\udc00\\ud800"}', 400, "invalid_unicode"),
    ("arrays_one_past_the_depth_limit", b'{"question":' + _nested(MAX_JSON_DEPTH) + b"}", 400, "json_too_deep"),
    ("arrays_nested_1000_deep", _nested(1000), 400, "json_too_deep"),
    ("arrays_nested_100000_deep", _nested(100_000), 400, "json_too_deep"),
    ("objects_nested_1000_deep", _nested_objects(1000), 400, "json_too_deep"),
    ("unclosed_arrays_1000_deep", b"[" * 1000, 400, "json_too_deep"),
    ("null_body", b"null", 400, "not_an_object"),
    ("array_body", b'[{"question":"abc"}]', 400, "not_an_object"),
    ("string_body", b'"abc"', 400, "not_an_object"),
    ("number_body", b"42", 400, "not_an_object"),
    ("boolean_body", b"true", 400, "not_an_object"),
    ("invalid_utf8_byte", b'{"question":"\xff\xfe"}', 400, "invalid_utf8"),
    ("utf8_encoded_surrogate", b'{"question":"\xed\xa0\x80"}', 400, "invalid_utf8"),
    ("overlong_utf8_slash", b'{"question":"\xc0\xaf"}', 400, "invalid_utf8"),
    ("truncated_json", b'{"question": "abc"', 400, "malformed_json"),
    ("not_json_at_all", b"question=abc", 400, "malformed_json"),
    ("nan_literal", b'{"question":"abc","x":NaN}', 400, "malformed_json"),
    ("infinity_literal", b'{"question":"abc","x":-Infinity}', 400, "malformed_json"),
    ("integer_with_5000_digits", b'{"question":"abc","x":' + b"9" * 5000 + b"}", 400, "malformed_json"),
    ("utf8_bom_before_the_json", b'\xef\xbb\xbf{"question":"abc"}', 400, "malformed_json"),
    ("trailing_garbage", b'{"question":"abc"} {"question":"def"}', 400, "malformed_json"),
    ("body_over_the_upload_limit", b'{"question":"' + b"a" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1) + b'"}', 413, "request_too_large"),
]


def _assert_chinese_error(response, status: int, code: str) -> None:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].split(";")[0] == "application/json"
    body = response.json()
    assert set(body) == {"error"}
    error = body["error"]
    assert error["code"] == code, error
    assert CJK.search(error["message"]), error["message"]
    for entries in error.get("fields", {}).values():
        for entry in entries:
            assert CJK.search(entry["message"]), entry
    assert b"Traceback" not in response.content


def _assert_nothing_written() -> None:
    assert not DiagnosisRun.objects.exists()
    assert not DiagnosisSession.objects.exists()
    assert not KnowledgeDocument.objects.exists()
    assert not KnowledgeChunk.objects.exists()


@pytest.mark.parametrize("path", POST_ENDPOINTS)
@pytest.mark.parametrize(("raw", "status", "code"), [row[1:] for row in HOSTILE_BODIES], ids=[row[0] for row in HOSTILE_BODIES])
def test_hostile_body_is_a_chinese_4xx_and_writes_nothing(client, staff, path, raw, status, code):
    response = client.post(path, raw, content_type="application/json", HTTP_AUTHORIZATION=f"Token {token_for(staff)}")
    _assert_chinese_error(response, status, code)
    _assert_nothing_written()


@pytest.mark.parametrize("path", POST_ENDPOINTS)
def test_json_at_the_depth_limit_is_parsed(client, staff, path):
    # MAX_JSON_DEPTH levels (the body object itself is level 1) still parse: the answer is the
    # ordinary field validation, not json_too_deep.
    raw = b'{"x":' + _nested(MAX_JSON_DEPTH - 1) + b"}"
    response = client.post(path, raw, content_type="application/json", HTTP_AUTHORIZATION=f"Token {token_for(staff)}")
    _assert_chinese_error(response, 400, "unknown_field")
    _assert_nothing_written()


@pytest.mark.parametrize("path", POST_ENDPOINTS)
def test_valid_surrogate_pair_is_accepted_as_text(client, staff, path):
    # An escaped *pair* is one ordinary character (an emoji); only lone halves are refused.
    raw = b'{"\\ud83d\\ude00":1}'
    response = client.post(path, raw, content_type="application/json", HTTP_AUTHORIZATION=f"Token {token_for(staff)}")
    _assert_chinese_error(response, 400, "unknown_field")
    assert "\U0001f600" in response.json()["error"]["message"]
