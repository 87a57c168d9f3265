"""Pure routing functions (spec 001 conditional edges), exhaustively over constructed states."""

from __future__ import annotations

import dataclasses
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from contracts import reasons as R
from contracts.executor_parse import ExecutorParseStatus
from contracts.gatekeeper import GatekeeperResult, VerifiedOutput
from contracts.nodes import COMPOSER, END, EXECUTOR, FALLBACK, GATEKEEPER, NODES, PLANNER, VERIFIER
from contracts.plan import Plan
from contracts.verifier import EvidenceGap
from diagnosis.graph.routing import (
    ROUTERS,
    Route,
    apply_route,
    route_after_executor,
    route_after_gatekeeper,
    route_after_planner,
    route_after_verifier,
    route_to_end,
)
from diagnosis.graph.state import EVIDENCE_GAP_ONLY, GraphState, RoundState
from tests.projection import verified_output

ROUND_FIELDS = frozenset(f.name for f in dataclasses.fields(RoundState))
NOW = datetime(2026, 11, 28, 10, 30, tzinfo=ZoneInfo("Asia/Shanghai"))
GAP = EvidenceGap(claim_id="c1", gap="缺指标", is_critical=True, suggested_tool="query_metrics", suggested_query="q")


def state(**fields) -> GraphState:
    """A state with ``fields`` set: per-round ones on ``state.current``, the rest on the state."""
    s = GraphState(run_id="r", question="q", now=NOW)
    for key, value in fields.items():
        if key == "executor_output_parse_status" and isinstance(value, dict):
            value = ExecutorParseStatus.model_validate(value)
        setattr(s.current if key in ROUND_FIELDS else s, key, value)
    return s


def gk(severity: str, passed: list[bool]) -> GatekeeperResult:
    return GatekeeperResult.model_validate({
        "status": "pass" if severity == "none" else "fail",
        "severity": severity,
        "rule_set_version": "test",
        "rules": [],
        "checked_bindings": [
            {"claim_id": f"c{i}", "binding_index": 0, "source_invocation_id": "inv_1", "tool_name": "query_logs",
             "raw_path": "/records/0", "passed": p, "severity": "none" if p else "low_confid"}
            for i, p in enumerate(passed)
        ],
    })


def verified(*claim_ids: str) -> VerifiedOutput:
    return verified_output({"claims": [{"claim_id": c} for c in claim_ids]})


def completed(effective: str, *, ceiling: str = "PASS", gaps=(), retry_count: int = 0, round_no: int = 1) -> GraphState:
    return state(
        verifier_status="completed",
        effective_verdict=effective,
        verdict_ceiling=ceiling,
        evidence_gaps=list(gaps),
        verified_output=verified("c1"),
        evidence_retry_count=retry_count,
        round=round_no,
    )


def test_every_node_has_a_router():
    assert set(ROUTERS) == set(NODES)


# --- after planner ---------------------------------------------------------------------------
def test_planner_success_routes_to_executor():
    assert route_after_planner(state(plan=Plan())) == Route(EXECUTOR, R.PLANNED)


def test_planner_failure_routes_to_fallback():
    assert route_after_planner(state(planner_error="timeout")) == Route(FALLBACK, R.PLANNER_FAILED)
    assert route_after_planner(state()) == Route(FALLBACK, R.PLANNER_FAILED)


# --- after executor --------------------------------------------------------------------------
def test_executor_technical_failure_routes_to_fallback():
    s = state(executor_error="timeout", executor_output_parse_status={"status": "failed"})
    assert route_after_executor(s) == Route(FALLBACK, R.EXECUTOR_FAILED)


def test_valid_contract_routes_to_gatekeeper():
    assert route_after_executor(state(executor_output_parse_status={"status": "valid"})) == Route(GATEKEEPER, R.CONTRACT_PARSED)


@pytest.mark.parametrize("kind", ["not_json", "not_object", "schema_error"])
def test_executor_output_is_invalid_routes_to_fallback(kind):
    s = state(executor_output_parse_status={"status": "invalid", "kind": kind, "declares_v2": False})
    assert route_after_executor(s) == Route(FALLBACK, R.EXECUTOR_INVALID_OUTPUT)


def test_v2_object_with_schema_errors_is_judged_by_the_gatekeeper():
    s = state(executor_output_parse_status={"status": "invalid", "kind": "schema_error", "declares_v2": True})
    assert route_after_executor(s) == Route(GATEKEEPER, R.CONTRACT_SCHEMA_ERROR)


def test_missing_parse_status_is_invalid():
    assert route_after_executor(state()) == Route(FALLBACK, R.EXECUTOR_INVALID_OUTPUT)


# --- after gatekeeper ------------------------------------------------------------------------
def test_gatekeeper_reject_bypasses_verifier():
    s = state(gatekeeper_result=gk("reject", [True, False]), verdict_ceiling="REJECT")
    assert route_after_gatekeeper(s) == Route(FALLBACK, R.GATEKEEPER_REJECT)


def test_unreadable_gatekeeper_result_fails_closed():
    assert route_after_gatekeeper(state(gatekeeper_result=None, verdict_ceiling="PASS")).target == FALLBACK
    assert route_after_gatekeeper(state()).target == FALLBACK


def test_low_confidence_with_no_passed_binding_routes_to_fallback():
    s = state(gatekeeper_result=gk("low_confid", [False, False]), verdict_ceiling="LOW_CONFID")
    assert route_after_gatekeeper(s) == Route(FALLBACK, R.GATEKEEPER_NO_PASSED_BINDING)


def test_gatekeeper_low_confidence_with_a_passed_binding_goes_to_verifier():
    s = state(gatekeeper_result=gk("low_confid", [True, False]), verdict_ceiling="LOW_CONFID")
    assert route_after_gatekeeper(s) == Route(VERIFIER, R.VERIFIABLE)


def test_gatekeeper_pass_goes_to_verifier():
    assert route_after_gatekeeper(state(gatekeeper_result=gk("none", [True]), verdict_ceiling="PASS")) == Route(VERIFIER, R.VERIFIABLE)


def test_contract_without_claims_goes_to_verifier():
    assert route_after_gatekeeper(state(gatekeeper_result=gk("none", []), verdict_ceiling="PASS")).target == VERIFIER


# --- after verifier --------------------------------------------------------------------------
def test_verifier_execution_fails_routes_to_fallback():
    assert route_after_verifier(state(verifier_status="failed", verifier_failure="exhausted")) == Route(
        FALLBACK, R.VERIFIER_EXHAUSTED
    )
    assert route_after_verifier(state(verifier_status="failed", verifier_failure="non_retryable")) == Route(
        FALLBACK, R.VERIFIER_NON_RETRYABLE
    )


def test_pass_routes_to_composer():
    assert route_after_verifier(completed("PASS")) == Route(COMPOSER, R.EFFECTIVE_PASS)


def test_low_confid_qualifies_for_evidence_retry():
    assert route_after_verifier(completed("LOW_CONFID", gaps=[GAP])) == Route(PLANNER, R.EVIDENCE_RETRY)


@pytest.mark.parametrize(
    "overrides",
    [
        {"ceiling": "LOW_CONFID", "gaps": [GAP]},
        {"gaps": []},
        {"gaps": [GAP.model_copy(update={"is_critical": False})]},
        {"gaps": [GAP.model_copy(update={"claim_id": "c7"})]},
        {"gaps": [GAP.model_copy(update={"suggested_tool": "get_current_time"})]},
        {"gaps": [GAP], "retry_count": 1},
        {"gaps": [GAP], "round_no": 2},
    ],
)
def test_low_confid_does_not_qualify_for_evidence_retry(overrides):
    assert route_after_verifier(completed("LOW_CONFID", **overrides)) == Route(COMPOSER, R.LOW_CONFID_NO_RETRY)


def test_reject_does_not_enter_retry_round():
    assert route_after_verifier(completed("REJECT", gaps=[GAP])) == Route(COMPOSER, R.EFFECTIVE_REJECT)


def test_composer_and_fallback_end_the_graph():
    assert route_to_end(state()) == Route(END, R.DONE)
    assert ROUTERS[COMPOSER] is route_to_end and ROUTERS[FALLBACK] is route_to_end


# --- transitions -----------------------------------------------------------------------------
def test_fallback_route_records_the_reason():
    s = state()
    apply_route(s, Route(FALLBACK, R.GATEKEEPER_REJECT))
    assert s.fallback_reason == R.GATEKEEPER_REJECT
    assert s.route_trace == [FALLBACK]


def test_evidence_retry_prepares_round_two():
    s = completed("LOW_CONFID", gaps=[GAP])
    s.current.valid_gaps = [GAP]
    s.current.executor_raw = "RAW"
    round_one = s.current
    apply_route(s, Route(PLANNER, R.EVIDENCE_RETRY))
    assert (s.round, s.mode, s.evidence_retry_count) == (2, EVIDENCE_GAP_ONLY, 1)
    assert s.retry_context is not None and s.retry_context.model_dump() == {
        "previous_verdict": "LOW_CONFID",
        "evidence_gaps": [GAP.model_dump()],
        "supplementary_invocation_ids": [],
    }
    assert s.current == RoundState() and s.current is not round_one  # the round state was replaced wholesale
    assert s.current.executor_raw is None and s.current.effective_verdict is None
    assert s.current.verifier_status == "not_started"
    assert s.round_history[0].effective_verdict == "LOW_CONFID"
