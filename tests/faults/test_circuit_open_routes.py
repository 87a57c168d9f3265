"""Routing (pure): a call refused by the open circuit routes to the ``model_unavailable``
fallback from each model-backed node; any other failure keeps its own reason."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from contracts import reasons as R
from contracts.executor_parse import ExecutorParseStatus
from contracts.nodes import FALLBACK
from contracts.reasons import REASON_CIRCUIT_OPEN
from diagnosis.graph.routing import Route, route_after_executor, route_after_planner, route_after_verifier
from diagnosis.graph.state import GraphState
from tests.graph.test_routing import ROUND_FIELDS

NOW = datetime(2026, 11, 28, 10, 30, tzinfo=ZoneInfo("Asia/Shanghai"))


def state(**fields) -> GraphState:
    s = GraphState(run_id="r", question="q", now=NOW)
    for key, value in fields.items():
        if key == "executor_output_parse_status":
            value = ExecutorParseStatus.model_validate(value)
        setattr(s.current if key in ROUND_FIELDS else s, key, value)
    return s


@pytest.mark.parametrize(
    ("router", "fields", "otherwise"),
    [
        (route_after_planner, {"planner_error": REASON_CIRCUIT_OPEN}, ({"planner_error": "llm_http_error"}, R.PLANNER_FAILED)),
        (route_after_executor, {"executor_error": REASON_CIRCUIT_OPEN,
                                "executor_output_parse_status": {"status": "failed"}},
         ({"executor_error": "llm_timeout", "executor_output_parse_status": {"status": "failed"}}, R.EXECUTOR_FAILED)),
        (route_after_verifier, {"verifier_status": "failed", "verifier_failure": "model_unavailable"},
         ({"verifier_status": "failed", "verifier_failure": "non_retryable"}, R.VERIFIER_NON_RETRYABLE)),
    ],
    ids=["planner", "executor", "verifier"],
)
def test_a_refused_call_routes_to_model_unavailable_and_other_failures_keep_their_reason(router, fields, otherwise):
    assert router(state(**fields)) == Route(FALLBACK, R.MODEL_UNAVAILABLE)
    other_fields, other_reason = otherwise
    assert router(state(**other_fields)) == Route(FALLBACK, other_reason)
