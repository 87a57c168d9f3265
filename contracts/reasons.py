"""Fallback reasons and route reasons (STYLE §6: constants the tests import).

A fallback reason is persisted as ``DiagnosisRun.fallback_reason`` and
``verifier_evaluation.failure_reason``; the admin filters on it.
"""

from __future__ import annotations

from typing import Final

#: ``AgentError.reason`` (and fallback reason) when the run's model budget is spent.
REASON_BUDGET_EXHAUSTED: Final = "budget_exhausted"
#: ``AgentError.reason`` of a call refused by the endpoint's open circuit breaker: no request was
#: sent. Provider-neutral so the graph can route it to the ``model_unavailable`` fallback.
REASON_CIRCUIT_OPEN: Final = "llm_circuit_open"

# --- Fallback reasons (pre-verification fallback) --------------------------------------------
PLANNER_FAILED: Final = "planner_failed"
EXECUTOR_FAILED: Final = "executor_failed"
EXECUTOR_INVALID_OUTPUT: Final = "executor_invalid_output"
GATEKEEPER_REJECT: Final = "gatekeeper_reject"
GATEKEEPER_NO_PASSED_BINDING: Final = "gatekeeper_no_passed_binding"
VERIFIER_EXHAUSTED: Final = "verifier_exhausted"
VERIFIER_NON_RETRYABLE: Final = "verifier_non_retryable"
# The model endpoint's circuit breaker is open (sustained failure): a call was refused without
# a request, whichever model-backed node made it.
MODEL_UNAVAILABLE: Final = "model_unavailable"
INTERNAL_ERROR: Final = "internal_error"
BUDGET_EXHAUSTED: Final = REASON_BUDGET_EXHAUSTED  # RUN_MAX_TOKENS / RUN_MAX_SECONDS spent

FALLBACK_REASONS: Final[tuple[str, ...]] = (
    PLANNER_FAILED,
    EXECUTOR_FAILED,
    EXECUTOR_INVALID_OUTPUT,
    GATEKEEPER_REJECT,
    GATEKEEPER_NO_PASSED_BINDING,
    VERIFIER_EXHAUSTED,
    VERIFIER_NON_RETRYABLE,
    MODEL_UNAVAILABLE,
    INTERNAL_ERROR,
    BUDGET_EXHAUSTED,
)

# --- Run-level failure reasons (outside the graph: the run finaliser writes them) -------------
#: The reaper closed a run that stayed queued/running past RUN_STALE_AFTER_S (its process died).
STALE_RUN: Final = "stale_run"
#: Celery killed the worker child that ran it at RUN_HARD_TIME_LIMIT_S (the soft limit did not end it).
RUN_TIME_LIMIT: Final = "run_time_limit"
RUN_FAILURE_REASONS: Final[tuple[str, ...]] = (INTERNAL_ERROR, STALE_RUN, RUN_TIME_LIMIT)

# --- Non-fallback route reasons ----------------------------------------------------------------
PLANNED: Final = "planned"
CONTRACT_PARSED: Final = "contract_parsed"
CONTRACT_SCHEMA_ERROR: Final = "contract_schema_error"  # a v2 object with schema errors: the Gatekeeper judges it
VERIFIABLE: Final = "verifiable"
EFFECTIVE_PASS: Final = "effective_pass"
EVIDENCE_RETRY: Final = "evidence_retry"
LOW_CONFID_NO_RETRY: Final = "low_confid_no_retry"
EFFECTIVE_REJECT: Final = "effective_reject"
DONE: Final = "done"
CLARIFY: Final = "clarify"  # the question names nothing to diagnose: a clarification, no plan
MAX_STEPS_EXCEEDED: Final = "max_steps_exceeded"
