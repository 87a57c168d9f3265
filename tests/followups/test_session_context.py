"""The session context selector: earlier turns of the same session only, most recent first,
bounded; each turn's ``asked`` and the entities of its *confirmed* claims' evidence — whatever
text the earlier answers, claims, hypotheses or questions hold never reaches it, nor the
planner request built from it."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contracts.asked import Asked, AskedDimension, AskedWindow
from contracts.plan import PlannerRequest
from contracts.session import MAX_TURNS, PreviousTurn, SessionContext
from diagnosis.agents.openai.planner import MAX_CONTEXT_CHARS, planner_user_message, session_context_block
from diagnosis.models import DiagnosisRun, ToolInvocation
from diagnosis.selectors.sessions import session_context_for_run
from tests.factories import make_run, make_session

pytestmark = pytest.mark.django_db

WINDOW = {"start": "2026-11-28T09:55:00+08:00", "end": "2026-11-28T10:30:00+08:00"}


def _claim(claim_id: str, text: str, invocation_id: str, tool_name: str, raw_path: str) -> dict:
    """A claim of the verified projection, as ``gatekeeper.projection.project`` stores it."""
    return {"claim_id": claim_id, "claim_type": "observation", "claim_text": text, "support_level": "direct",
            "evidence_bindings": [{"source_type": "tool", "tool_name": tool_name, "source_invocation_id": invocation_id,
                                   "raw_path": raw_path, "evidence_excerpt": text}]}


def finished(owner, session, *, question: str, asked: dict | None, minutes_ago: int, text: str = "", outcome: str = "pass"):
    """A completed run with one confirmed claim (c1, bound to an alert) and one unsupported claim
    (c2, bound to a log line), its texts carrying ``text``."""
    run = make_run(owner, session=session, question=f"{question}{text}")
    alert = {"name": "HighErrorRate", "service": "payment-service", "state": "firing", "summary": text}
    line = {"service": "order-service", "message": f"unconfirmed {text}"}
    ToolInvocation.objects.create(
        run=run, invocation_id="inv_1", seq=1, tool_name="query_metrics", status="success",
        arguments={"service": "payment-service"}, output={"alerts": [alert], "series": []}, started_at=timezone.now(),
    )
    ToolInvocation.objects.create(
        run=run, invocation_id="inv_2", seq=2, tool_name="query_logs", status="success",
        arguments={"service": "order-service"}, output={"records": [line]}, started_at=timezone.now(),
    )
    evaluation = {
        "asked": asked,
        "effective_verdict": "PASS",
        "claim_checks": [
            {"claim_id": "c1", "verification": "direct_observation", "detail": text},
            {"claim_id": "c2", "verification": "unsupported", "detail": text},
        ],
        "verified_executor_output": {
            "claims": [_claim("c1", f"告警 {text}", "inv_1", "query_metrics", "/alerts/0"),
                       _claim("c2", text, "inv_2", "query_logs", "/records/0")],
            "hypotheses": [{"text": text}],
        },
        "verified_evidence": [
            {"claim_id": "c1", "source_invocation_id": "inv_1", "tool_name": "query_metrics", "raw_path": "/alerts/0", "matched_text": text},
            {"claim_id": "c2", "source_invocation_id": "inv_2", "tool_name": "query_logs", "raw_path": "/records/0", "matched_text": text},
        ],
    }
    DiagnosisRun.objects.filter(pk=run.pk).update(
        status="completed", outcome=outcome, final_answer=f"结论 {text}", self_evaluation={"verifier_evaluation": evaluation},
        created_at=timezone.now() - timedelta(minutes=minutes_ago),
    )
    run.refresh_from_db()
    return run


def asked_for(service: str) -> dict:
    return Asked(kind="cause", services=[service], window=AskedWindow(**WINDOW)).model_dump(mode="json")


def test_only_confirmed_claims_lend_their_entities(api_user):
    session = make_session(api_user)
    finished(api_user, session, question="q1", asked=asked_for("payment-service"), minutes_ago=5)
    current = make_run(api_user, session=session, question="那它的 P99 呢？")
    context = session_context_for_run(current)
    assert context is not None and len(context.turns) == 1
    turn = context.turns[0]
    assert turn.asked.services == ["payment-service"]
    assert (turn.confirmed_services, turn.confirmed_alerts, turn.confirmed_metrics) == (["payment-service"], ["HighErrorRate"], [])
    assert "order-service" not in turn.model_dump_json()  # c2 was unsupported


def test_a_fallback_run_lends_its_asked_but_no_entities(api_user):
    session = make_session(api_user)
    finished(api_user, session, question="q1", asked=asked_for("payment-service"), minutes_ago=5, outcome="fallback")
    turn = session_context_for_run(make_run(api_user, session=session, question="它呢")).turns[0]
    assert turn.asked.services == ["payment-service"] and turn.confirmed_alerts == []


def test_turns_are_this_sessions_earlier_runs_most_recent_first_and_bounded(api_user, outsider):
    session = make_session(api_user)
    for i, service in enumerate(["a-service", "b-service", "c-service", "d-service"]):
        finished(api_user, session, question=f"q{i}", asked=asked_for(service), minutes_ago=40 - i * 10)
    finished(api_user, session, question="no asked", asked=None, minutes_ago=1)  # fell back before planning
    finished(outsider, make_session(outsider), question="other", asked=asked_for("x-service"), minutes_ago=2)
    current = make_run(api_user, session=session, question="那它呢？")
    later = make_run(api_user, session=session, question="later")
    DiagnosisRun.objects.filter(pk=later.pk).update(status="completed", self_evaluation={"verifier_evaluation": {"asked": asked_for("z-service")}})
    context = session_context_for_run(current)
    assert [t.asked.services[0] for t in context.turns] == ["d-service", "c-service", "b-service"][:MAX_TURNS]


def test_the_first_run_of_a_session_has_no_context(api_user):
    assert session_context_for_run(make_run(api_user, question="payment-service 为什么报 500？")) is None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(marker=st.text(alphabet=st.characters(min_codepoint=0x4E00, max_codepoint=0x9FA5), min_size=6, max_size=20))
def test_no_earlier_text_ever_reaches_the_context_or_the_planner_request(api_user, marker):
    session = make_session(api_user)
    finished(api_user, session, question="payment-service 为什么报 500？", asked=asked_for("payment-service"),
             minutes_ago=5, text=marker)
    current = make_run(api_user, session=session, question="那它的 P99 呢？")
    context = session_context_for_run(current)
    assert context is not None
    assert marker not in context.model_dump_json()
    request = PlannerRequest(question=current.question, now=timezone.now(), context=context)
    message = planner_user_message(request)
    assert "session_context" in message and marker not in message
    assert "为什么报 500" not in message  # nor the earlier question


def test_the_context_block_is_size_capped_dropping_the_oldest_turns():
    long_terms = [f"term{i}-" + "x" * 30 for i in range(8)]
    turns = [
        PreviousTurn(
            asked=Asked(kind="quantity", services=[f"s{n}-service"], window=AskedWindow(**WINDOW), dimension=AskedDimension(terms=long_terms)),
            confirmed_metrics=[f"metric_{n}_{i}_" + "y" * 60 for i in range(6)],
        )
        for n in range(3)
    ]
    block = session_context_block(SessionContext(turns=turns))
    assert block is not None and len(json.dumps(block, ensure_ascii=False, separators=(",", ":"))) <= MAX_CONTEXT_CHARS
    assert 1 <= len(block) < 3 and block[0]["asked"]["services"] == ["s0-service"]  # the latest kept
    assert session_context_block(None) is None
