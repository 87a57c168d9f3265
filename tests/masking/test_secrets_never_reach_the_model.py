"""No secret reaches the model, whatever its kind, disguise or way in (issue 25 items 3–4).

A property over whole runs with ``LLM_PROVIDER=openai`` against the fake OpenAI-compatible server:
hypothesis draws a secret of each kind (phone, e-mail, IP, ID card, a ``*_password`` / ``*_token`` /
``*_secret`` / ``*_key`` value, an ``sk-`` key, URL credentials), writes it in one disguise (plain,
JSON, YAML, spaced, zero-width or bidi characters inside, full-width, percent-encoded, base64, an
ID card in groups) and puts it where a run reads it — a log line a tool returns, the question, or
an earlier question of the session (its split ``asked`` terms travel in the follow-up's session
context). Every request the server captured is then searched — every string of its body,
normalised the way the masker reads (zero-width removed, NFKC, escapes decoded) and also without
separators — for the value, its disguised spelling and any piece of it standing alone as a JSON
string (where the question was split into terms). Runs in the normal suite (derandomised in CI).
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from diagnosis.models import DiagnosisRun, EvidenceScope, LogRecord
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute
from tests.fake_llm.server import RecordedRequest, Reply
from tests.masking.disguises import Secret, disguised, leaks, strings_of
from tests.openai_provider.dataset import INCIDENT_SCOPE, load_incident
from tests.openai_provider.scripts import plan_reply, standard_tool_calls

pytestmark = pytest.mark.django_db

QUESTION = "payment-service 10:05 开始大量 500，{secret} 原因是什么？"
FOLLOW_UP = "那 10:20 之后呢？"
CANARY_TRACE = "masking-canary"


def assert_never_sent(requests: list[RecordedRequest], secret: Secret, disguise: str, text: str) -> None:
    assert requests, "the run made model requests"
    for request in requests:
        found = leaks(strings_of(request.body), secret, text)
        assert not found, f"{secret.kind} ({disguise}: {text!r}) reached the {request.role} request: {found[0][:300]!r}"
# --- runs --------------------------------------------------------------------------------------
def _script(server) -> None:
    def executor(request: RecordedRequest) -> Reply:
        # Query the logs first; then an unusable contract (the run falls back: no more requests).
        return Reply(content="{}") if request.tool_messages() else standard_tool_calls()

    server.script_always("planner", plan_reply(asked=None))  # the system derives ``asked`` from the question
    server.script_always("executor", executor)


def _ask(user, question: str, session=None) -> DiagnosisRun:
    scope = None if session is not None else EvidenceScope.objects.get(name=INCIDENT_SCOPE)
    run = diagnosis_run_create(owner=user, question=question, session=session, scope=scope)
    diagnosis_run_execute(run_id=run.pk)
    run.refresh_from_db()
    assert run.status == DiagnosisRun.Status.COMPLETED, run.error
    return run


def _log_line(text: str, n: int) -> None:
    scope = EvidenceScope.objects.get(name=INCIDENT_SCOPE)
    LogRecord.objects.filter(scope=scope, trace_id=CANARY_TRACE).delete()
    at = datetime.fromisoformat("2026-11-28T10:05:30+08:00") + timedelta(seconds=n % 600)
    LogRecord.objects.create(
        scope=scope, timestamp=at, service="payment-service", level="ERROR", instance="pay-1",
        message=f"login failed for {text} (upstream refused)", trace_id=CANARY_TRACE, attributes={},
        fingerprint=f"canary-{n}",
    )  # fmt: skip


PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                             HealthCheck.too_slow])


@pytest.fixture
def world(openai_settings, fake_llm, db):
    load_incident()
    _script(fake_llm)
    return fake_llm


@PROPERTY
@given(case=disguised(), n=st.integers(0, 10_000))
def test_a_secret_in_a_log_line_a_tool_returns_never_reaches_the_model(world, api_user, case, n):
    secret, disguise, text = case
    _log_line(text, n)
    before = len(world.requests)
    _ask(api_user, "payment-service 10:05 开始大量 500，原因是什么？")
    sent = world.requests[before:]
    assert any("login failed for" in json.dumps(r.tool_messages(), ensure_ascii=False) for r in sent), "the log line was sent"
    assert_never_sent(sent, secret, disguise, text)


#: The issue's own question: ``password=QuestionPw123`` and an e-mail address.
ISSUE_PASSWORD = (Secret("kv", "QuestionPw123", "password"), "plain", "password=QuestionPw123")
ISSUE_EMAIL = (Secret("email", "canary.leak@example.org"), "plain", "canary.leak@example.org")


@PROPERTY
@given(case=disguised())
@example(case=ISSUE_PASSWORD)
@example(case=ISSUE_EMAIL)
def test_a_secret_in_the_question_never_reaches_the_model_not_even_split_into_terms(world, api_user, case):
    secret, disguise, text = case
    before = len(world.requests)
    _ask(api_user, QUESTION.format(secret=text))
    assert_never_sent(world.requests[before:], secret, disguise, text)


@PROPERTY
@given(case=disguised())
@example(case=ISSUE_PASSWORD)
@example(case=ISSUE_EMAIL)
def test_a_secret_in_an_earlier_question_never_reaches_the_model_through_the_session_context(world, api_user, case):
    secret, disguise, text = case
    first = _ask(api_user, QUESTION.format(secret=text))
    before = len(world.requests)
    _ask(api_user, FOLLOW_UP, session=first.session)
    follow_up = world.requests[before:]
    planner = next(r for r in follow_up if r.role == "planner")
    assert "session_context" in json.loads(planner.user_message()), "the follow-up carried the earlier turn"
    assert_never_sent(follow_up, secret, disguise, text)
