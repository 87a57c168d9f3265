"""Run services (the adapters' entry points): create, resolve, execute, submit."""

from __future__ import annotations

import pytest

from contracts import reasons as R
from diagnosis.agents.scripted import scripted_provider, verifier_reply
from diagnosis.composer.templates import render_fallback
from diagnosis.models import DiagnosisRun
from diagnosis.services import runs as S
from tests.factories import make_session
from tests.graph.scripts import honest_step

pytestmark = pytest.mark.django_db


def provider():
    return scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")])


# --- create ----------------------------------------------------------------------------------
def test_run_create_strips_the_question_and_titles_a_new_session(api_user):
    run = S.diagnosis_run_create(owner=api_user, question="  payment-service 为什么 500？ \n")
    assert run.question == "payment-service 为什么 500？"
    assert run.status == DiagnosisRun.Status.QUEUED and run.owner == api_user
    assert run.session.owner == api_user and run.session.title == "payment-service 为什么 500？"


def test_long_question_titles_are_bounded(api_user):
    run = S.diagnosis_run_create(owner=api_user, question="长" * 500)
    assert len(run.session.title) == S.SESSION_TITLE_MAX_CHARS


@pytest.mark.parametrize(
    ("question", "code"),
    [("", "question_empty"), ("   \n", "question_empty"), ("a\x00b", "question_nul"),
     ("x" * (S.QUESTION_MAX_CHARS + 1), "question_too_long"), (None, "question_not_text"),
     ("payment-service \ud800 报错", "question_not_utf8")],
)
def test_invalid_question_is_refused_with_a_chinese_message(api_user, question, code):
    with pytest.raises(S.InvalidQuestion) as info:
        S.diagnosis_run_create(owner=api_user, question=question)
    assert info.value.code == code
    assert any("\u4e00" <= ch <= "\u9fff" for ch in str(info.value))
    assert DiagnosisRun.objects.count() == 0


def test_question_at_the_limit_is_accepted(api_user):
    assert S.diagnosis_run_create(owner=api_user, question="x" * S.QUESTION_MAX_CHARS)


def test_run_create_in_an_existing_session(api_user):
    session = S.diagnosis_session_resolve(owner=api_user)
    run = S.diagnosis_run_create(owner=api_user, question="q1", session=session)
    assert run.session == session
    session.refresh_from_db()
    assert session.title == "q1"


def test_run_create_refuses_another_owners_session(api_user, outsider):
    session = S.diagnosis_session_resolve(owner=outsider, title="theirs")
    with pytest.raises(S.SessionNotFound):
        S.diagnosis_run_create(owner=api_user, question="q", session=session)


# --- resolve ---------------------------------------------------------------------------------
def test_session_resolve_returns_own_session(api_user):
    session = S.diagnosis_session_resolve(owner=api_user, title="t")
    assert S.diagnosis_session_resolve(owner=api_user, session_id=session.pk) == session
    assert S.diagnosis_session_resolve(owner=api_user, session_id=str(session.pk)) == session


@pytest.mark.parametrize("session_id", ["not-a-uuid", "00000000-0000-0000-0000-000000000000", 42])
def test_unknown_session_is_not_found(api_user, session_id):
    with pytest.raises(S.SessionNotFound):
        S.diagnosis_session_resolve(owner=api_user, session_id=session_id)


def test_another_owners_session_is_not_found(api_user, outsider):
    theirs = make_session(outsider, title="x")
    with pytest.raises(S.SessionNotFound):
        S.diagnosis_session_resolve(owner=api_user, session_id=theirs.pk)


# --- execute ---------------------------------------------------------------------------------
def test_execute_runs_the_graph_and_completes(world, api_user):
    run = S.diagnosis_run_create(owner=api_user, question="payment-service 为什么 500？")
    result = S.diagnosis_run_execute(run_id=run.pk, provider=provider())
    assert result.status == "completed" and result.outcome == "pass"
    run.refresh_from_db()
    assert run.status == "completed" and run.final_answer == result.final_answer


def test_execute_uses_the_configured_provider(world, api_user, monkeypatch):
    monkeypatch.setattr("diagnosis.agents.registry.get_provider", lambda name=None: provider())
    run = S.diagnosis_run_create(owner=api_user, question="q")
    assert S.diagnosis_run_execute(run_id=run.pk).provider == "scripted"


def test_execute_leaves_a_non_queued_run_unchanged(world, api_user):
    run = S.diagnosis_run_create(owner=api_user, question="q")
    S.diagnosis_run_execute(run_id=run.pk, provider=provider())
    second = scripted_provider()
    again = S.diagnosis_run_execute(run_id=run.pk, provider=second)
    assert again.status == "completed" and second.planner.requests == []
    assert again.events.filter(event="start", node="planner").count() == 1


def test_crash_outside_the_graph_marks_the_run_failed(world, api_user, monkeypatch):
    def explode(**kwargs):
        raise RuntimeError("db gone at /var/secret")

    monkeypatch.setattr("diagnosis.graph.persist.graph_terminal", explode)
    run = S.diagnosis_run_create(owner=api_user, question="q")
    S.diagnosis_run_execute(run_id=run.pk, provider=provider())
    run.refresh_from_db()
    assert (run.status, run.outcome, run.fallback_reason, run.verdict) == ("failed", "fallback", R.INTERNAL_ERROR, "")
    assert run.final_answer == render_fallback(R.INTERNAL_ERROR)
    assert "RuntimeError" in run.error and "secret" not in run.final_answer
    ve = run.self_evaluation["verifier_evaluation"]
    assert ve["failure_reason"] == R.INTERNAL_ERROR and ve["verdict"] is None and ve["prompt_audit"]


def test_provider_that_cannot_be_built_fails_the_run(world, api_user, monkeypatch):
    def broken(name=None):
        raise ValueError("missing key")

    monkeypatch.setattr("diagnosis.agents.registry.get_provider", broken)
    run = S.diagnosis_run_create(owner=api_user, question="q")
    result = S.diagnosis_run_execute(run_id=run.pk)
    assert result.status == "failed" and result.final_answer == render_fallback(R.INTERNAL_ERROR)


# --- submit ----------------------------------------------------------------------------------
def test_submit_inline_executes_now(world, api_user, settings, monkeypatch):
    settings.RUN_EXECUTION = "inline"
    monkeypatch.setattr("diagnosis.agents.registry.get_provider", lambda name=None: provider())
    run = S.diagnosis_run_create(owner=api_user, question="q")
    S.diagnosis_run_submit(run=run)
    run.refresh_from_db()
    assert run.status == "completed"


def test_submit_celery_enqueues_the_task_after_commit(api_user, settings, monkeypatch, django_capture_on_commit_callbacks):
    settings.RUN_EXECUTION = "celery"
    sent = []
    monkeypatch.setattr("celery.current_app.send_task", lambda name, args: sent.append((name, *args)))
    run = S.diagnosis_run_create(owner=api_user, question="q")
    with django_capture_on_commit_callbacks(execute=True):
        S.diagnosis_run_submit(run=run)
    assert sent == [("diagnosis.tasks.diagnosis_run_execute_task", str(run.pk))]
    run.refresh_from_db()
    assert run.status == "queued"


def test_celery_task_executes_the_run(world, api_user, monkeypatch):
    from diagnosis.tasks import diagnosis_run_execute_task

    monkeypatch.setattr("diagnosis.agents.registry.get_provider", lambda name=None: provider())
    run = S.diagnosis_run_create(owner=api_user, question="q")
    assert diagnosis_run_execute_task.name == "diagnosis.tasks.diagnosis_run_execute_task"
    assert diagnosis_run_execute_task.run(str(run.pk)) == "completed"


def test_registry_refuses_unknown_provider():
    from django.core.exceptions import ImproperlyConfigured

    from diagnosis.agents.registry import get_provider

    with pytest.raises(ImproperlyConfigured):
        get_provider("nope")
