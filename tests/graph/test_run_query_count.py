"""P2 (issue 12): the database cost of an offline run does not grow with the number of claims, and
each tool call costs only its own backend queries and one invocation row plus its progress event —
the run's invocation history is read once per round, not again after every call."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from diagnosis.graph.tool_runner import RunToolRunner
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute
from tests.factories import make_run

pytestmark = pytest.mark.django_db
CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")


def data_queries(captured) -> list[str]:
    return [q["sql"] for q in captured if not q["sql"].lstrip().upper().startswith(CONTROL)]


def offline_run(owner, question: str):
    run = diagnosis_run_create(owner=owner, question=question)
    with CaptureQueriesContext(connection) as queries:
        run = diagnosis_run_execute(run_id=run.pk)
    checks = run.self_evaluation["verifier_evaluation"]["claim_checks"]
    return run, len(data_queries(queries.captured_queries)), len(checks)


FIXED_QUERIES = 25  # the run row, session, scope, catalogue, verdict, finalisation … (measured 55 with 8 calls)
QUERIES_PER_TOOL_CALL = 4  # measured: its 1–2 data reads, the invocation INSERT, its progress event


def test_a_run_with_more_claims_and_the_same_tool_calls_costs_the_same_queries(api_user, monkeypatch):
    # The identifiers followed back (``thread``) differ between the two incidents — one more read for
    # one of them; without them both runs make the same calls, the premise of the comparison.
    monkeypatch.setattr("diagnosis.agents.offline.agents.thread_tokens", lambda *a, **k: [])
    # Pending progress events are written after at most 0.25 s: which runs cross that depends on the
    # machine's speed, not on their claims — held off here so both runs batch alike.
    monkeypatch.setattr("diagnosis.graph.env.EventRecorder.PROGRESS_MAX_DELAY_S", 3600.0)
    call_command("load_demo", verbosity=0, stdout=open("/dev/null", "w"))
    offline_run(api_user, "payment-service 10:05 开始大量 500，原因是什么？")  # warm-up: first-use reads
    # Two questions whose runs make the same calls (10: the planned reads, the evidence lookups, the
    # runbook's causes checked, the baseline and the change read) and confirm different numbers of claims.
    many, many_queries, many_claims = offline_run(api_user, "库存服务今天上午接口为什么慢？")
    few, few_queries, few_claims = offline_run(api_user, "用户中心昨天 14:30 Redis 超时是什么原因？")
    tools = lambda run: list(run.tool_invocations.values_list("tool_name", flat=True))  # noqa: E731
    assert tools(many) == tools(few) and many_claims > few_claims > 0  # the premise of the comparison
    assert many_queries == few_queries
    # The rest is per tool call (its data reads, the invocation row, its progress event): bounded
    # per call, not per claim. P2's target of ≤ 40 per run is not met (docs/BENCHMARKS.md).
    assert many_queries <= FIXED_QUERIES + QUERIES_PER_TOOL_CALL * len(tools(many)), (many_queries, tools(many))


def test_each_tool_call_costs_one_insert_and_history_is_read_once(api_user):
    def calls(n: int) -> tuple[int, int]:
        runner = RunToolRunner(run=make_run(api_user), round_no=1)
        with CaptureQueriesContext(connection) as queries:
            runner.history()
            for _ in range(n):
                runner.call("no_such_tool", {})  # fails before any backend: only bookkeeping is left
                assert len(runner.history()) == len(runner.calls)
        sql = data_queries(queries.captured_queries)
        return len(sql), sum(1 for s in sql if s.lstrip().upper().startswith("SELECT"))

    (two, two_selects), (six, six_selects) = calls(2), calls(6)
    assert six - two == 4  # one INSERT per further call, nothing else
    assert two_selects == six_selects  # the history read and the first seq lookup, not one per call


def test_a_buffered_runner_writes_a_round_of_calls_in_one_insert_and_numbers_them_in_order(api_user):
    run = make_run(api_user)
    runner = RunToolRunner(run=run, round_no=1, buffered=True)
    with CaptureQueriesContext(connection) as queries:
        runner.history()
        results = [runner.call("no_such_tool", {}) for _ in range(6)]
        assert not run.tool_invocations.exists()  # held until the flush
        runner.flush()
    inserts = [s for s in data_queries(queries.captured_queries) if s.lstrip().upper().startswith("INSERT")]
    assert len(inserts) == 1
    assert [r.invocation_id for r in results] == [f"inv_{n}" for n in range(1, 7)]
    assert list(run.tool_invocations.order_by("seq").values_list("invocation_id", flat=True)) == [
        r.invocation_id for r in results
    ]
    later = RunToolRunner(run=run, round_no=2, buffered=True)
    assert later.call("no_such_tool", {}).invocation_id == "inv_7"  # numbers continue across rounds
    later.flush()
    assert run.tool_invocations.count() == 7
