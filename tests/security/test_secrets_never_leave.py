"""Issue 9 item 5: canary secrets never leave. Settings secrets (OPENAI_API_KEY, SECRET_KEY, the
DATABASE_URL password) never appear in what the model is sent (every captured request body and
header — the Authorization header may carry the API key, to the model endpoint, and nothing
else), in API responses, admin pages or logs, on the happy path and when the model fails.

Secrets written *inside log records* (a leaked ``sk-…`` key, ``password=…``, a bearer token) are
evidence the model must read: the masking of issue 14 (diagnosis/masking, MASKING=true by default)
replaces them with ``<SECRET_n>`` placeholders at the provider door. Before it landed this test was
a strict xfail naming issue 14; it now holds and guards that masking."""

from __future__ import annotations

import logging

import pytest
from django.db import connection
from django.urls import reverse
from rest_framework.test import APIClient

from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import DiagnosisRun
from tests.fake_llm.server import Reply
from tests.openai_provider.dataset import BUNDLE as INCIDENT
from tests.openai_provider.helpers import QUESTION
from tests.openai_provider.scripts import (
    composer_reply,
    executor_final,
    plan_reply,
    standard_tool_calls,
    verdict_reply,
)
from tests.personas import PASSWORD

pytestmark = pytest.mark.django_db

API_KEY = "sk-canary-settings-0123456789abcdef"
SECRET_KEY = "django-canary-secret-key-9f8e7d6c5b4a39281706"
DB_PASSWORD = "Canary-DB-Pa55w0rd-2718"
SETTINGS_CANARIES = (API_KEY, SECRET_KEY, DB_PASSWORD)

LOG_KEY = "sk-canary-log-fedcba9876543210"
LOG_PASSWORD = "Canary-Log-Pa55-3141"
LOG_BEARER = "canary-bearer-token-ZXhhbXBsZQ"
LOG_CANARIES = (LOG_KEY, LOG_PASSWORD, LOG_BEARER)
SECRET_LOGS = [
    {"timestamp": "2026-11-28T10:05:11+08:00", "service": "payment-service", "level": "ERROR", "instance": "pay-1",
     "message": f"upstream auth failed: OPENAI_API_KEY={LOG_KEY} db password={LOG_PASSWORD}", "trace_id": "s1"},
    {"timestamp": "2026-11-28T10:05:14+08:00", "service": "payment-service", "level": "ERROR", "instance": "pay-1",
     "message": f"retrying with header Authorization: Bearer {LOG_BEARER}", "trace_id": "s2"},
]


@pytest.fixture
def canaries(openai_settings, monkeypatch):
    openai_settings.OPENAI_API_KEY = API_KEY
    openai_settings.SECRET_KEY = SECRET_KEY
    # Trust authentication ignores the password: the connection keeps working, and the password
    # is where settings keep it for anyone who would read it.
    monkeypatch.setitem(openai_settings.DATABASES["default"], "PASSWORD", DB_PASSWORD)
    monkeypatch.setitem(connection.settings_dict, "PASSWORD", DB_PASSWORD)
    bundle = {**INCIDENT, "logs": [*INCIDENT["logs"], *SECRET_LOGS]}
    evidence_bundle_load(data=bundle, source_name="secret-canaries")
    return openai_settings


def script_pass(server) -> None:
    server.script("planner", plan_reply())
    server.script("executor", standard_tool_calls(), executor_final())
    server.script("verifier", verdict_reply("PASS", [("c1", "direct_observation"), ("c2", "direct_observation")]))
    server.script("composer", composer_reply())


def ask_through_the_api(user) -> tuple[DiagnosisRun, list[str]]:
    client = APIClient()
    client.force_authenticate(user)
    response = client.post("/api/chat", {"question": QUESTION}, format="json")
    assert response.status_code == 201, response.content
    run = DiagnosisRun.objects.get(pk=response.json()["run_id"])
    bodies = [response.content.decode(), client.get(f"/api/runs/{run.pk}").content.decode(),
              client.get(f"/api/sessions/{run.session_id}").content.decode()]
    return run, bodies


def admin_pages(client, reviewer, run) -> list[str]:
    client.login(username=reviewer.username, password=PASSWORD)
    urls = [reverse("admin:diagnosis_diagnosisrun_change", args=[run.pk]), reverse("admin:diagnosis_diagnosisrun_changelist")]
    urls += [reverse("admin:diagnosis_toolinvocation_change", args=[i.pk]) for i in run.tool_invocations.all()]
    pages = []
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        pages.append(response.content.decode())
    return pages


def request_texts(server, *, with_authorization: bool) -> list[str]:
    texts = []
    for request in server.requests:
        texts.append(request.raw.decode("utf-8", "replace"))
        texts += [f"{k}: {v}" for k, v in request.headers.items() if with_authorization or k != "authorization"]
    return texts


def assert_absent(canaries, texts, where: str) -> None:
    for canary in canaries:
        hits = [t[:200] for t in texts if canary in t]
        assert not hits, (where, canary, hits)


def test_settings_secrets_never_reach_the_model_api_admin_or_logs(canaries, fake_llm, api_user, reviewer, client, caplog):
    caplog.set_level(logging.DEBUG)
    script_pass(fake_llm)
    run, api_bodies = ask_through_the_api(api_user)

    assert run.outcome == "pass", (run.outcome, run.error)
    assert len(fake_llm.requests) == 5
    assert {r.headers["authorization"] for r in fake_llm.requests} == {f"Bearer {API_KEY}"}
    assert_absent(SETTINGS_CANARIES, request_texts(fake_llm, with_authorization=False), "model requests")
    assert_absent((SECRET_KEY, DB_PASSWORD), request_texts(fake_llm, with_authorization=True), "model headers")
    assert_absent(SETTINGS_CANARIES, api_bodies, "API")
    assert_absent(SETTINGS_CANARIES, admin_pages(client, reviewer, run), "admin")
    assert_absent(SETTINGS_CANARIES, [run.final_answer, run.error, str(run.self_evaluation)], "run record")
    assert_absent((*SETTINGS_CANARIES, *LOG_CANARIES), [caplog.text], "logs")


def test_settings_secrets_stay_out_when_the_model_echoes_the_key_in_an_error(canaries, fake_llm, api_user, reviewer, client, caplog):
    caplog.set_level(logging.DEBUG)
    echo = f"Incorrect API key provided: {API_KEY}; SECRET_KEY={SECRET_KEY}; password={DB_PASSWORD}"
    fake_llm.script("planner", *[Reply(status=401, error_message=echo)] * 3)
    run, api_bodies = ask_through_the_api(api_user)

    assert run.outcome == "fallback"
    assert_absent(SETTINGS_CANARIES, api_bodies, "API")
    assert_absent(SETTINGS_CANARIES, admin_pages(client, reviewer, run), "admin")
    assert_absent(SETTINGS_CANARIES, [run.final_answer, run.error, str(run.self_evaluation)], "run record")
    assert_absent(SETTINGS_CANARIES, [str(e.detail) for e in run.events.all()], "events")
    assert_absent(SETTINGS_CANARIES, [caplog.text], "logs")


def test_secrets_inside_log_records_never_reach_the_model(canaries, fake_llm, api_user):
    script_pass(fake_llm)
    run, _ = ask_through_the_api(api_user)
    executor_results = [m for r in fake_llm.requests_for("executor") for m in r.tool_messages()]
    assert any("upstream auth failed" in ref["text"] for m in executor_results for ref in m.get("evidence_refs", []))
    assert_absent(LOG_CANARIES, request_texts(fake_llm, with_authorization=True), "model requests")
    assert (run.self_evaluation["verifier_evaluation"].get("masking") or {}).get("enabled") is True
