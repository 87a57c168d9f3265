"""The OpenAPI schema (/api/schema/) says what the API does — one test per schemathesis finding of
issue 9, each checking the schema *and* the behaviour it describes."""

from __future__ import annotations

import re

import pytest

from diagnosis.api import stream
from diagnosis.api.serializers import TEXT_PATTERN
from diagnosis.models import DiagnosisRun, DiagnosisSession
from diagnosis.services.idempotency import IDEMPOTENCY_KEY_PATTERN
from diagnosis.services.runs import QUESTION_MAX_CHARS
from tests.api.conftest import error_code
from tests.factories import make_run

pytestmark = pytest.mark.django_db

PYTHON_WHITESPACE = [chr(c) for c in range(0x110000) if chr(c).isspace()]


@pytest.fixture
def schema(as_api_user):
    return as_api_user.get("/api/schema/").json()


def _component(schema, name):
    return schema["components"]["schemas"][name]


def _enum_values(schema, prop):
    """Every value an enum property allows, through drf-spectacular's ``oneOf`` of enum components."""
    branches = prop.get("oneOf", [prop])
    values = set()
    for branch in branches:
        if "$ref" in branch:
            branch = _component(schema, branch["$ref"].rsplit("/", 1)[1])
        values |= {None} if branch.get("type") == "null" else set(branch["enum"])
    return values


def _json_request_schema(schema, path):
    ref = schema["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    return _component(schema, ref.rsplit("/", 1)[1])


# --- gatekeeper_severity ----------------------------------------------------------------------
def test_gatekeeper_severity_of_a_run_without_a_gatekeeper_result_is_null_and_documented(schema, as_api_user, api_user):
    run = make_run(api_user)
    DiagnosisRun.objects.filter(pk=run.pk).update(status="failed", outcome="fallback", gatekeeper_severity="")
    body = as_api_user.get(f"/api/runs/{run.pk}").json()
    assert body["gatekeeper_severity"] is None
    documented = _enum_values(schema, _component(schema, "RunDetail")["properties"]["gatekeeper_severity"])
    assert documented == set(DiagnosisRun.GatekeeperSeverity.values) | {None}
    assert "" not in documented


def test_gatekeeper_severity_of_a_gated_run_is_its_enum_value(as_api_user, api_user):
    run = make_run(api_user)
    DiagnosisRun.objects.filter(pk=run.pk).update(status="completed", gatekeeper_severity="reject")
    assert as_api_user.get(f"/api/runs/{run.pk}").json()["gatekeeper_severity"] == "reject"


# --- the SSE response -------------------------------------------------------------------------
def test_stream_response_is_documented_as_an_event_stream_of_the_events_it_sends(schema):
    ok = schema["paths"]["/api/chat/stream"]["post"]["responses"]["200"]
    assert set(ok["content"]) == {"text/event-stream"}
    # Before OpenAPI 3.2 the schema of an event stream describes one event (how schemathesis
    # checks each event the stream sends): {event, data} with data's JSON shape per event name.
    event = ok["content"]["text/event-stream"]["schema"]
    assert event["type"] == "object" and event["required"] == ["event", "data"]
    names = [branch["properties"]["event"]["const"] for branch in event["oneOf"]]
    assert sorted(names) == sorted(stream.SSE_EVENTS)
    for branch in event["oneOf"]:
        data = branch["properties"]["data"]
        assert data["contentMediaType"] == "application/json" and data["contentSchema"]["type"] == "object"
    documented = set(re.findall(r"^\| `(\w+)` \|", schema["paths"]["/api/chat/stream"]["post"]["description"], re.M))
    assert documented == set(stream.SSE_EVENTS)


def test_stream_emits_only_documented_event_names():
    for name in stream.SSE_EVENTS:
        assert stream.sse(name, {}).startswith(f"event: {name}\n")
    with pytest.raises(ValueError):
        stream.sse("undocumented", {})


# --- unknown properties -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("path", "component"),
    [("/api/chat", "ChatRequest"), ("/api/chat/stream", "ChatRequest"), ("/api/knowledge", "KnowledgeJsonUpload"), ("/api/knowledge", "KnowledgeFileUpload")],
)
def test_request_bodies_document_that_unknown_properties_are_rejected(schema, as_staff, path, component):
    assert _component(schema, component)["additionalProperties"] is False
    if component != "KnowledgeFileUpload":
        response = as_staff.post(path, {"question": "为什么", "title": "t", "content": "c", "extra": 1}, format="json")
        assert response.status_code == 400 and response.json()["error"]["fields"]["extra"][0]["code"] == "unknown_field"


# --- idempotency conflicts --------------------------------------------------------------------
@pytest.mark.parametrize("path", ["/api/chat", "/api/chat/stream"])
def test_idempotency_conflicts_are_documented_with_the_error_shape(schema, path):
    responses = schema["paths"][path]["post"]["responses"]
    for status in ("409", "422"):
        assert responses[status]["content"]["application/json"]["schema"]["$ref"].endswith("/Error")
    assert "idempotency_key_reused" in responses["422"]["description"]
    assert "idempotency_in_flight" in responses["409"]["description"]


# --- KnowledgeJsonUpload field types ----------------------------------------------------------
def test_knowledge_json_upload_declares_the_type_and_limits_of_every_field(schema):
    properties = _json_request_schema(schema, "/api/knowledge")["properties"]
    assert set(properties) == {"title", "content", "source", "scope"}
    for name, prop in properties.items():
        assert prop["type"] == "string", name
        assert prop["minLength"] == 1 and prop["maxLength"] > 0 and prop["pattern"] == TEXT_PATTERN, name


def test_knowledge_json_upload_refuses_a_non_string_title(as_staff):
    response = as_staff.post("/api/knowledge", {"title": 5, "content": "正文"}, format="json")
    assert response.status_code == 400 and response.json()["error"]["fields"]["title"][0]["code"] == "blank"


# --- pagination -------------------------------------------------------------------------------
@pytest.mark.parametrize("path", ["/api/runs", "/api/sessions", "/api/knowledge"])
@pytest.mark.parametrize("value", ["null", "", "0", "-1", "abc", "1.5", "101", "9" * 5000], ids=lambda v: v[:8] or "empty")
def test_page_size_that_is_not_an_integer_in_range_is_a_chinese_400(as_api_user, path, value):
    response = as_api_user.get(path, {"page_size": value})
    assert response.status_code == 400, response.content
    assert error_code(response) == "invalid_page_size"
    assert re.search(r"[\u4e00-\u9fff]", response.json()["error"]["message"])


@pytest.mark.parametrize("value", ["null", "0", "000", "-3", "abc", "1e3"])
def test_page_that_is_not_a_positive_integer_is_a_chinese_400(as_api_user, value):
    response = as_api_user.get("/api/runs", {"page": value})
    assert response.status_code == 400 and error_code(response) == "invalid_page"


@pytest.mark.parametrize("value", ["99", "14123647910282304", "9" * 5000], ids=lambda v: v[:8])
def test_page_past_the_end_is_404_however_large(as_api_user, value):
    # The schema says integer >= 1 with no maximum: every such page is valid, past the end a 404.
    response = as_api_user.get("/api/runs", {"page": value})
    assert response.status_code == 404 and error_code(response) == "not_found"


def test_pagination_parameters_are_documented_with_their_range(schema):
    parameters = {p["name"]: p["schema"] for p in schema["paths"]["/api/runs"]["get"]["parameters"]}
    assert parameters["page"] == {"type": "integer", "minimum": 1}
    assert parameters["page_size"] == {"type": "integer", "minimum": 1, "maximum": 100}


# --- question length and blank text -----------------------------------------------------------
def test_question_length_counts_what_the_client_sent_not_the_stripped_text(as_api_user):
    response = as_api_user.post("/api/chat", {"question": "\x1e" + "为" * QUESTION_MAX_CHARS}, format="json")
    assert response.status_code == 400 and error_code(response) == "question_too_long"
    assert not DiagnosisRun.objects.exists() and not DiagnosisSession.objects.exists()


def test_question_schema_limits_are_the_validated_limits(schema):
    question = _component(schema, "ChatRequest")["properties"]["question"]
    assert question["maxLength"] == QUESTION_MAX_CHARS and question["minLength"] == 1
    assert question["pattern"] == TEXT_PATTERN


@pytest.mark.parametrize("char", PYTHON_WHITESPACE, ids=[f"U+{ord(c):04X}" for c in PYTHON_WHITESPACE])
def test_whitespace_only_question_is_refused_and_the_schema_pattern_refuses_it_too(as_api_user, char):
    response = as_api_user.post("/api/chat", {"question": char * 3}, format="json")
    assert response.status_code == 400 and error_code(response) == "question_empty"
    assert re.search(TEXT_PATTERN, char * 3) is None
    assert re.search(TEXT_PATTERN, char + "为" + char) is not None


def test_text_pattern_accepts_exactly_the_texts_validation_accepts():
    # Over every code point: a one-character text is schema-valid iff it is neither whitespace
    # (Python's str.strip, which the services use) nor NUL (refused by every text field).
    for code in range(0x110000):
        char = chr(code)
        if 0xD800 <= code <= 0xDFFF:
            continue  # lone surrogates never get past the JSON parser
        assert (re.search(TEXT_PATTERN, char) is not None) == (not char.isspace() and char != "\x00"), hex(code)
    assert re.search(TEXT_PATTERN, "为什么\x00") is None


# --- session_id -------------------------------------------------------------------------------
@pytest.mark.parametrize("value", ["", "not-a-uuid", "12345678123456781234567812345678", "{12345678-1234-5678-1234-567812345678}", "urn:uuid:12345678-1234-5678-1234-567812345678"])
def test_session_id_must_be_the_documented_uuid_form(schema, as_api_user, value):
    documented = _component(schema, "ChatRequest")["properties"]["session_id"]
    assert re.search(documented["pattern"], value) is None
    response = as_api_user.post("/api/chat", {"question": "为什么", "session_id": value}, format="json")
    assert response.status_code == 400 and error_code(response) == "invalid_session_id"
    assert not DiagnosisRun.objects.exists()


def test_unknown_session_id_in_the_documented_form_is_404(as_api_user):
    response = as_api_user.post("/api/chat", {"question": "为什么", "session_id": "12345678-1234-5678-1234-567812345678"}, format="json")
    assert response.status_code == 404


# --- Idempotency-Key --------------------------------------------------------------------------
@pytest.mark.parametrize("path", ["/api/chat", "/api/chat/stream"])
def test_idempotency_key_header_is_documented_with_the_validated_form(schema, path):
    parameter = next(p for p in schema["paths"][path]["post"]["parameters"] if p["name"] == "Idempotency-Key")
    assert parameter["schema"] == {"type": "string", "minLength": 1, "maxLength": 128, "pattern": IDEMPOTENCY_KEY_PATTERN}


@pytest.mark.parametrize("key", ["", "   ", " padded ", "has space", "x" * 129, "tab\there"])
def test_idempotency_key_outside_the_documented_pattern_is_400(as_api_user, key):
    assert re.search(IDEMPOTENCY_KEY_PATTERN, key) is None
    response = as_api_user.post("/api/chat", {"question": "为什么"}, format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert response.status_code == 400 and error_code(response) == "idempotency_key_invalid"
    assert not DiagnosisRun.objects.exists()


def test_idempotency_key_in_the_documented_pattern_is_accepted(as_api_user):
    key = "!" + "~" * 127
    assert re.search(IDEMPOTENCY_KEY_PATTERN, key)
    response = as_api_user.post("/api/chat", {"question": "为什么"}, format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert response.status_code == 201
