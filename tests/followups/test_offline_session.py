"""A question, then follow-ups in the same session, through ``POST /api/chat`` with the offline
provider over the demo world: each follow-up's persisted ``asked`` is the resolved question, and
its own tool calls read the resolved service and window (the run is verified against those)."""

from __future__ import annotations

import pytest

from diagnosis.agents.base import services_from
from diagnosis.models import DiagnosisRun, Service, ToolInvocation
from diagnosis.reading.conversation import find_references
from diagnosis.reading.entities import find_services
from evaluation.suite import SCENARIOS

pytestmark = pytest.mark.django_db

FIRST = "payment-service 10:05 开始大量 500，原因是什么？"
WINDOW = ("2026-11-28T09:55:00+08:00", "2026-11-28T10:30:00+08:00")
YESTERDAY = ("2026-11-27T09:55:00+08:00", "2026-11-27T10:30:00+08:00")


def chat(client, question: str, session_id: str | None = None) -> DiagnosisRun:
    body = {"question": question, **({"session_id": session_id} if session_id else {})}
    response = client.post("/api/chat", body, format="json")
    assert response.status_code == 201, response.content
    run = DiagnosisRun.objects.get(pk=response.json()["run_id"])
    assert run.status == DiagnosisRun.Status.COMPLETED, run.error
    return run


def asked(run: DiagnosisRun) -> dict:
    return run.self_evaluation["verifier_evaluation"]["asked"]


def evidence_reads(run: DiagnosisRun) -> list[ToolInvocation]:
    """The planned reads of round 1 — not the calls the executor makes on its own (a baseline
    window before the asked one, change events of every service: tagged with their origin)."""
    reads = ToolInvocation.objects.filter(run=run, tool_name__in=("query_logs", "query_metrics"), round=1).order_by("seq")
    return [r for r in reads if not (r.retrieval_details or {}).get("origin")]


@pytest.fixture
def first(demo, as_api_user) -> DiagnosisRun:
    run = chat(as_api_user, FIRST)
    assert asked(run)["source"] == "planner" and asked(run)["services"] == ["payment-service"]
    return run


def test_the_p99_follow_up_asks_payment_service_p99_in_the_same_window(first, as_api_user):
    run = chat(as_api_user, "那它的 P99 呢？", str(first.session_id))
    assert run.session_id == first.session_id
    persisted = asked(run)
    assert persisted["source"] == "followup"
    assert (persisted["kind"], persisted["services"]) == ("quantity", ["payment-service"])
    assert (persisted["window"]["start"], persisted["window"]["end"]) == WINDOW
    assert persisted["dimension"]["terms"] == ["P99"]
    reads = evidence_reads(run)
    assert reads and all(r.arguments.get("service") == "payment-service" for r in reads)
    assert all((r.arguments["start"], r.arguments["end"]) == WINDOW for r in reads)
    # Verified against its own calls: the figure comes from this run's metric read.
    assert run.outcome in (DiagnosisRun.Outcome.PASS, DiagnosisRun.Outcome.LOW_CONFID), run.final_answer
    cited = {e["source_invocation_id"] for e in run.self_evaluation["verifier_evaluation"]["verified_evidence"]}
    assert cited <= {i.invocation_id for i in ToolInvocation.objects.filter(run=run)}
    assert "p99" in run.final_answer.lower(), run.final_answer


def test_same_time_yesterday_re_reads_the_same_service_one_day_earlier(first, as_api_user):
    run = chat(as_api_user, "再看看昨天同一时间", str(first.session_id))
    persisted = asked(run)
    assert persisted["source"] == "followup" and persisted["services"] == ["payment-service"]
    assert (persisted["window"]["start"], persisted["window"]["end"]) == YESTERDAY
    reads = evidence_reads(run)
    assert reads and all(r.arguments.get("service") == "payment-service" for r in reads)
    assert all((r.arguments["start"], r.arguments["end"]) == YESTERDAY for r in reads)
    # Nothing of this morning's incident may be confirmed for yesterday's window.
    assert "waiting=37" not in run.final_answer


def test_an_explicit_new_service_overrides_and_keeps_the_window(first, as_api_user):
    run = chat(as_api_user, "那 order-service 呢？", str(first.session_id))
    persisted = asked(run)
    assert persisted["source"] == "followup" and persisted["services"] == ["order-service"]
    assert (persisted["window"]["start"], persisted["window"]["end"]) == WINDOW
    reads = evidence_reads(run)
    assert reads and all(r.arguments.get("service") == "order-service" for r in reads)


def test_a_fully_specified_question_in_the_session_is_planned_on_its_own(first, as_api_user):
    run = chat(as_api_user, "订单系统昨天晚上 9 点多反复重启是为什么", str(first.session_id))
    persisted = asked(run)
    assert persisted["source"] == "planner" and persisted["services"] == ["order-service"]
    assert persisted["window"]["start"].startswith("2026-11-27T2")


def test_the_same_follow_up_in_a_new_session_has_no_context(demo, as_api_user):
    run = chat(as_api_user, "那它的 P99 呢？")
    assert asked(run)["source"] == "planner" and asked(run)["services"] == []


def test_a_chain_of_follow_ups_leans_on_the_latest_turn(first, as_api_user):
    second = chat(as_api_user, "那 order-service 呢？", str(first.session_id))
    third = chat(as_api_user, "它的错误日志呢？", str(first.session_id))
    assert asked(second)["services"] == ["order-service"]
    assert asked(third)["services"] == ["order-service"] and asked(third)["source"] == "followup"


def test_no_scenario_of_the_suite_reads_as_a_follow_up(demo):
    """``manage.py evaluate`` asks every scenario in one session: each must be read on its own,
    or a scenario's result would depend on the one before it."""
    services = services_from(Service.objects.all())
    leaning = [s.name for s in SCENARIOS if find_references(s.question, find_services(s.question, services)).any]
    assert SCENARIOS and leaning == []
