"""``manage.py ask`` (DESIGN §8): text and ``--json`` output, sessions, owners, bad input."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from diagnosis.agents.scripted import scripted_provider, verifier_reply
from diagnosis.models import DiagnosisRun
from tests.graph.fixtures import QUESTION, load_world
from tests.graph.scripts import honest_step

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def scripted(monkeypatch, db):
    load_world()
    monkeypatch.setattr(
        "diagnosis.agents.registry.get_provider",
        lambda name=None: scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")]),
    )


def ask(*args: str) -> str:
    out = StringIO()
    call_command("ask", *args, stdout=out)
    return out.getvalue()


def test_text_mode_prints_the_chinese_answer_and_a_status_line():
    output = ask(QUESTION)
    run = DiagnosisRun.objects.get()
    lines = output.strip().splitlines()
    assert output.startswith(run.final_answer)
    assert str(run.pk) in lines[-1] and "PASS" in lines[-1] and "pass" in lines[-1]
    assert run.owner.username == "cli"


def test_json_mode_prints_one_object_with_the_fixed_keys():
    data = json.loads(ask(QUESTION, "--json"))
    assert set(data) == {
        "run_id", "session_id", "status", "outcome", "verdict", "answer", "evidence_retry_count",
        "self_evaluation", "tool_invocations",
    }  # fmt: skip
    run = DiagnosisRun.objects.get()
    assert data["run_id"] == str(run.pk) and data["session_id"] == str(run.session_id)
    assert (data["status"], data["outcome"], data["verdict"]) == ("completed", "pass", "PASS")
    assert data["answer"] == run.final_answer
    assert data["self_evaluation"] == run.self_evaluation
    assert data["tool_invocations"] == [
        {"id": "inv_1", "tool": "query_logs", "status": "success", "arguments": {"service": "payment-service", "level": "ERROR"}},
        {"id": "inv_2", "tool": "query_metrics", "status": "success", "arguments": {"service": "payment-service"}},
    ]


def test_json_mode_is_not_ascii_escaped():
    assert "结论" in ask(QUESTION, "--json")


def test_json_verdict_is_null_on_fallback(monkeypatch):
    monkeypatch.setattr("diagnosis.agents.registry.get_provider", lambda name=None: scripted_provider(executor=["prose"]))
    data = json.loads(ask(QUESTION, "--json"))
    assert data["outcome"] == "fallback" and data["verdict"] is None


def test_session_option_continues_a_session():
    first = json.loads(ask(QUESTION, "--json"))
    second = json.loads(ask("再看一下 order-service", "--json", "--session", first["session_id"]))
    assert second["session_id"] == first["session_id"]
    assert DiagnosisRun.objects.filter(session_id=first["session_id"]).count() == 2


def test_user_option_sets_the_owner(api_user):
    ask(QUESTION, "--user", "api_user")
    assert DiagnosisRun.objects.get().owner == api_user


def test_unknown_user_is_a_command_error():
    with pytest.raises(CommandError, match="用户不存在"):
        ask(QUESTION, "--user", "ghost")


def test_someone_elses_session_is_a_command_error(outsider):
    from diagnosis.services.runs import diagnosis_session_resolve

    theirs = diagnosis_session_resolve(owner=outsider)
    with pytest.raises(CommandError, match="会话不存在"):
        ask(QUESTION, "--session", str(theirs.pk))


@pytest.mark.parametrize("question", ["", "   ", "x" * 2001])
def test_bad_question_is_a_command_error_in_chinese(question):
    with pytest.raises(CommandError) as info:
        ask(question)
    assert "问题" in str(info.value)
    assert DiagnosisRun.objects.count() == 0


def test_cli_user_is_created_once():
    ask(QUESTION)
    ask(QUESTION)
    assert get_user_model().objects.filter(username="cli").count() == 1


def test_an_unmigrated_database_gets_a_clear_chinese_message_not_a_traceback(monkeypatch):
    from django.db.migrations.executor import MigrationExecutor

    monkeypatch.setattr(MigrationExecutor, "migration_plan", lambda self, targets: [("diagnosis", "0001_initial")])
    with pytest.raises(CommandError, match="migrate"):
        ask(QUESTION)
    assert DiagnosisRun.objects.count() == 0


def test_an_empty_evidence_store_prints_a_hint_to_load_the_demo():
    from diagnosis.models import Alert, KnowledgeDocument, LogRecord, MetricSeries

    for model in (LogRecord, Alert, MetricSeries, KnowledgeDocument):
        model.objects.all().delete()
    err = StringIO()
    call_command("ask", QUESTION, stdout=StringIO(), stderr=err)
    assert "load_demo" in err.getvalue()
