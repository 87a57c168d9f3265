"""The database connection is lost mid-run (issue 9 item 6.3): PostgreSQL terminates the run's
session while the graph runs (from a scripted agent, or inside a tool call). The run still ends
in a terminal state with the internal-error reason and answer, written on a fresh connection; no
invocation is left half-written. The executor's tool rows are written in one batch (P2), and a
batch that finds the connection dead is written again on a fresh one: a loss while the executor
holds them loses no call, and the run goes on.

Which terminal state depends on where the loss surfaces: the graph's own per-node handler turns a
node's exception into the ``internal_error`` fallback (``completed``) when the failed transaction
already dropped the dead connection; anything that escapes the graph is recorded by the run
service as ``failed``."""

from __future__ import annotations

import pytest

from contracts import reasons as R
from diagnosis.agents.scripted import ExecutorStep, scripted_provider, verifier_reply
from diagnosis.composer.conclusion import compose_conclusion
from diagnosis.composer.templates import render_fallback
from diagnosis.models import DiagnosisRun, ToolInvocation
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute
from diagnosis.tools import service as tool_service
from tests.faults.db_loss import after_losing_the_database, terminate_this_session
from tests.graph.scripts import LOGS, METRICS, honest, honest_step

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

TERMINAL_INVOCATION = {s.value for s in ToolInvocation.Status}


def lost_in(node: str, log: list[int]):
    """A scripted provider that loses the database while ``node`` runs."""
    if node == "planner":
        return scripted_provider(planner=[after_losing_the_database({"goal": "g", "steps": []}, log)])
    if node == "executor":
        content = after_losing_the_database(lambda results, tools: honest(results), log)
        return scripted_provider(executor=[ExecutorStep(calls=[LOGS, METRICS], content=content)])
    if node == "verifier":
        return scripted_provider(executor=[honest_step()], verifier=[after_losing_the_database(verifier_reply("PASS"), log)])
    if node == "composer":
        answer = after_losing_the_database(lambda material: {"conclusion": [s.model_dump() for s in compose_conclusion(material)]}, log)
        return scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")], composer=[answer])
    raise ValueError(node)


def assert_ended_with_internal_error(run: DiagnosisRun, status: str = DiagnosisRun.Status.FAILED) -> None:
    run.refresh_from_db()  # re-read: what is really stored
    assert run.status == status, (run.status, run.error)
    assert (run.outcome, run.fallback_reason, run.verdict) == ("fallback", R.INTERNAL_ERROR, "")
    assert run.final_answer == render_fallback(R.INTERNAL_ERROR)
    assert "OperationalError" in run.error or "InterfaceError" in run.error, run.error
    assert run.finished_at is not None and run.duration_ms is not None
    assert run.self_evaluation["verifier_evaluation"]["failure_reason"] == R.INTERNAL_ERROR
    for inv in run.tool_invocations.all():
        assert inv.status in TERMINAL_INVOCATION
        # a whole row, never a stub: output or error, refs, timings
        assert (inv.output is not None) or inv.error, inv.invocation_id
        assert "evidence_refs" in inv.retrieval_details and inv.duration_ms is not None


def ask(owner, provider) -> DiagnosisRun:
    run = diagnosis_run_create(owner=owner, question="payment-service 10:05 开始大量 500，原因是什么？")
    diagnosis_run_execute(run_id=run.pk, provider=provider)  # must not raise
    return run


@pytest.mark.parametrize("node", ["planner", "verifier", "composer"])
def test_a_session_terminated_during_a_node_still_ends_the_run_failed_with_a_reason(world, api_user, node):
    log: list[int] = []
    run = ask(api_user, lost_in(node, log))
    assert len(log) == 1  # the fault really was injected
    assert_ended_with_internal_error(run)


def assert_recovered_with_every_call_stored(run: DiagnosisRun) -> None:
    run.refresh_from_db()
    assert run.status == DiagnosisRun.Status.COMPLETED and run.error == "", (run.status, run.error)
    stored = list(run.tool_invocations.order_by("seq").values_list("invocation_id", "tool_name", "status"))
    assert stored == [("inv_1", "query_logs", "success"), ("inv_2", "query_metrics", "success")]


def test_a_session_terminated_while_the_executor_holds_its_calls_loses_none_of_them(world, api_user):
    """The executor's rows are written in one batch (P2); the batch finds the connection dead,
    the failed transaction drops it, and the batch is written on a fresh one: the run goes on."""
    log: list[int] = []
    content = after_losing_the_database(lambda results, tools: honest(results), log)
    provider = scripted_provider(executor=[ExecutorStep(calls=[LOGS, METRICS], content=content)],
                                 verifier=[verifier_reply("PASS")])
    run = ask(api_user, provider)
    assert len(log) == 1
    assert_recovered_with_every_call_stored(run)
    assert run.verdict == "PASS"


def test_a_session_terminated_before_a_tool_reads_is_that_tool_failing_and_the_run_goes_on(world, api_user, monkeypatch):
    """The loss surfaces on the tool's own (autocommit) read: like a backend that is down, the
    call becomes a failed invocation with its error; the batch write then reconnects, and the
    run ends terminal on what it has."""
    real_identity = tool_service.dedup_identity
    calls: list[int] = []

    def lose_the_database_before_the_second_tool(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            terminate_this_session()
        return real_identity(*args, **kwargs)

    # The run shares one tool context (issue 12): the per-call hook is the dedup identity.
    monkeypatch.setattr(tool_service, "dedup_identity", lose_the_database_before_the_second_tool)
    run = ask(api_user, scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")]))
    run.refresh_from_db()
    assert run.status == DiagnosisRun.Status.COMPLETED, (run.status, run.error)
    first, second = run.tool_invocations.order_by("seq")
    assert (first.invocation_id, first.status) == ("inv_1", "success")
    assert (second.invocation_id, second.status) == ("inv_2", "failed") and "OperationalError" in second.error
    evidence = run.self_evaluation["verifier_evaluation"].get("verified_evidence") or []
    assert all(e["source_invocation_id"] == "inv_1" for e in evidence)  # nothing rests on the lost read


def test_a_session_terminated_after_a_tool_ran_loses_neither_call(world, api_user, monkeypatch):
    real_execute = tool_service._execute
    calls: list[str] = []

    def execute_then_lose_the_database_on_the_second_call(spec, args, ctx, *rest):
        calls.append(spec.name)
        output = real_execute(spec, args, ctx, *rest)
        if len(calls) == 2:
            terminate_this_session()  # the tool ran; its row waits in the executor's batch
        return output

    monkeypatch.setattr(tool_service, "_execute", execute_then_lose_the_database_on_the_second_call)
    run = ask(api_user, scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")]))
    assert calls == ["query_logs", "query_metrics"]
    assert_recovered_with_every_call_stored(run)


def test_the_database_lost_twice_in_a_row_is_reported_not_swallowed(world, api_user, monkeypatch):
    """When even the fresh connection fails, the caller gets the error (nothing was stored, and
    pretending otherwise would hide a dead database)."""
    from django.db import OperationalError

    from diagnosis.services import runs

    def finalise_that_always_fails(**kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(runs, "run_finalise", finalise_that_always_fails)
    log: list[int] = []
    run = diagnosis_run_create(owner=api_user, question="payment-service 10:05 开始大量 500，原因是什么？")
    with pytest.raises(OperationalError):
        runs.diagnosis_run_execute(run_id=run.pk, provider=lost_in("planner", log))
    assert len(log) == 1
