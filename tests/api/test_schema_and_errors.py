"""The OpenAPI schema renders (and documents the SSE stream); every error is JSON, never a trace."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from tests.api.conftest import error_code

pytestmark = pytest.mark.django_db


def test_schema_renders_for_an_authenticated_caller(as_api_user):
    response = as_api_user.get("/api/schema/")
    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    paths = schema["paths"]
    for path in ("/api/chat", "/api/chat/stream", "/api/runs", "/api/runs/{id}", "/api/sessions", "/api/sessions/{id}", "/api/knowledge"):
        assert path in paths, path
    stream = paths["/api/chat/stream"]["post"]
    assert "text/event-stream" in stream["responses"]["200"]["content"]
    for event in ("`run`", "`stage`", "`answer`", "`done`", "`error`"):
        assert event in stream["description"]
    chat = paths["/api/chat"]["post"]
    assert any(p["name"] == "Idempotency-Key" for p in chat["parameters"])
    assert {"201", "202", "400", "401", "409", "422", "429"} <= set(chat["responses"])


def test_schema_is_valid_openapi_without_warnings(tmp_path):
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yaml"))


def test_docs_page_renders_for_a_logged_in_user(client, api_user):
    client.force_login(api_user)
    response = client.get("/api/docs/")
    assert response.status_code == 200 and b"swagger" in response.content.lower()


@pytest.mark.parametrize("path", ["/api/docs/", "/api/redoc/"])
def test_docs_pages_load_their_javascript_from_our_own_static_files_not_a_cdn(client, api_user, path):
    client.force_login(api_user)
    html = client.get(path).content.decode()
    assert "/static/drf_spectacular_sidecar/" in html
    assert "cdn.jsdelivr.net" not in html and "unpkg.com" not in html


def test_unknown_api_path_is_json_404(as_api_user):
    response = as_api_user.get("/api/does-not-exist")
    assert response.status_code == 404
    assert error_code(response) == "not_found"


def test_unexpected_exception_is_a_json_500_and_is_logged(as_api_user, monkeypatch, caplog):
    def explode(user):
        raise RuntimeError("secret internals: password=hunter2")

    monkeypatch.setattr("diagnosis.api.views.runs_visible_to", explode)
    response = as_api_user.get("/api/runs")
    assert response.status_code == 500
    assert error_code(response) == "internal_error"
    assert b"hunter2" not in response.content and b"Traceback" not in response.content
    assert any("hunter2" in (r.exc_text or "") or r.exc_info for r in caplog.records if r.levelname == "ERROR")


def test_secrets_never_appear_in_responses(as_api_user, settings):
    settings.OPENAI_API_KEY = "sk-test-should-never-leak"
    body = as_api_user.post("/api/chat", {"question": "payment-service 为什么报 500？"}, format="json").content
    run_id = as_api_user.get("/api/runs").json()["results"][0]["run_id"]
    detail = as_api_user.get(f"/api/runs/{run_id}").content
    for content in (body, detail):
        assert b"sk-test-should-never-leak" not in content
        assert settings.SECRET_KEY.encode() not in content
