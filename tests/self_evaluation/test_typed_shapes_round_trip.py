"""The typed audit shapes (issue 10 item 7) dump exactly the JSON the dict-based code persisted.

Each ``RECORDED`` value is a shape as the graph wrote it before the models existed (the same keys,
the same optional keys absent); validating and dumping it must give it back unchanged, and the
whole ``verifier_evaluation`` channel must carry them through unchanged too — so stored audits, the
admin and the evaluation keep reading the same JSON.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contracts.answer import ComposerOutput
from contracts.executor_parse import ExecutorParseStatus
from contracts.gatekeeper import GatekeeperResult
from contracts.usage import RoleUsage, usage_dump
from contracts.verdict import ClaimVerification, Severity, Verdict
from contracts.verifier import EvidenceGap
from diagnosis.agents.base import AgentContext
from diagnosis.models import DiagnosisRun
from diagnosis.schemas.self_evaluation import VerifierEvaluation
from diagnosis.verification.verifier_input import RetryContext, build_retry_context

PARSE_STATUSES = [
    {"status": "valid", "kind": "valid", "errors": [], "warnings": []},
    {"status": "invalid", "kind": "not_json", "declares_v2": False, "errors": ["(contract) not JSON"], "warnings": []},
    {"status": "invalid", "kind": "schema_error", "declares_v2": True, "errors": ["claims.0: x"], "warnings": ["w"]},
    {"status": "failed", "kind": "agent_error", "errors": ["llm_timeout"]},
]
COMPOSER_OUTPUTS = [
    {"source": "model", "status": "ok", "reason": "", "attempts": 1, "chars": 120, "route": "pass",
     "dropped_actions": [{"action": "续期证书", "basis": "runbook", "reason": "no_matching_evidence"}],
     "dropped_hypotheses": []},
    {"source": "template", "status": "leak", "reason": "copied_tool_text", "leaked": ["IGNORE PREVIOUS"],
     "attempts": 1, "chars": 80, "route": "low_confid", "dropped_actions": [], "dropped_hypotheses": []},
    {"source": "template", "status": "composer_failed", "reason": "llm_timeout", "attempts": 2, "chars": 60,
     "route": "reject", "dropped_actions": [], "dropped_hypotheses": [
         {"hypothesis": "DNS", "runbook": "gateway-504", "reason": "no_matching_evidence"}]},
    {"source": "template", "status": "fallback", "reason": "gatekeeper_reject", "attempts": 0, "chars": 42,
     "route": "fallback"},
]
RETRY_CONTEXT = {
    "previous_verdict": "LOW_CONFID",
    "evidence_gaps": [
        {"claim_id": "c1", "gap": "缺指标", "is_critical": True, "suggested_tool": "query_metrics",
         "suggested_query": "q"},
        {"claim_id": None, "gap": "没有找到直接回答『Redis 连接池用量』的证据", "is_critical": True,
         "suggested_tool": "query_logs", "suggested_query": ""},
    ],
    "supplementary_invocation_ids": ["inv_4", "inv_5"],
}
USAGE = {
    "planner": {"prompt_tokens": 11, "completion_tokens": 7, "calls": 1},
    "verifier": {"prompt_tokens": 300, "completion_tokens": 3, "calls": 1, "estimated_calls": 1},
}
GATEKEEPER_RESULT = {
    "status": "warn", "severity": "none", "rule_set_version": "2026.11-1",
    "rules": [{"id": "schema.executor_v2", "description": "d", "enabled": True, "default_severity": "reject",
               "params": {"max_claims": 50}}],
    "checked_bindings": [
        {"claim_id": "c1", "binding_index": 0, "source_invocation_id": "inv_2", "tool_name": "query_logs",
         "raw_path": "/records/3", "passed": True, "severity": "none", "failed_rules": [],
         "matched_text": "Connection is not available", "messages": [], "backfilled": True},
    ],
    "failed_rules": [], "warnings": ["backfilled source_invocation_id"], "errors": [],
}


@pytest.mark.parametrize("shape", PARSE_STATUSES, ids=lambda s: f"{s['status']}-{s['kind']}")
def test_parse_status_dumps_the_recorded_shape(shape):
    assert ExecutorParseStatus.model_validate(shape).model_dump(mode="json") == shape


@pytest.mark.parametrize("shape", COMPOSER_OUTPUTS, ids=lambda s: s["status"])
def test_composer_output_dumps_the_recorded_shape(shape):
    assert ComposerOutput.model_validate(shape).model_dump(mode="json") == shape


def test_retry_context_dumps_the_recorded_shape():
    assert RetryContext.model_validate(RETRY_CONTEXT).model_dump(mode="json") == RETRY_CONTEXT
    gaps = [EvidenceGap.model_validate(g) for g in RETRY_CONTEXT["evidence_gaps"]]
    built = build_retry_context(previous_verdict="LOW_CONFID", evidence_gaps=gaps, supplementary_invocation_ids=[])
    assert built.with_supplementary(["inv_4", "inv_5"]).model_dump(mode="json") == RETRY_CONTEXT


def test_usage_dumps_the_recorded_shape_and_counts_estimates_only_when_there_were_some():
    assert usage_dump({role: RoleUsage.model_validate(v) for role, v in USAGE.items()}) == USAGE
    ctx = AgentContext(run_id="r")
    ctx.record_usage("planner", prompt_tokens=11, completion_tokens=7)
    ctx.record_usage("verifier", prompt_tokens=300, completion_tokens=3, estimated=True)
    assert usage_dump(ctx.usage) == USAGE and ctx.tokens_used == 321
    assert ctx.budget_audit()["usage"] == USAGE


def test_gatekeeper_result_dumps_the_recorded_shape():
    assert GatekeeperResult.model_validate(GATEKEEPER_RESULT).model_dump(mode="json") == GATEKEEPER_RESULT


def test_the_verifier_evaluation_channel_carries_every_typed_shape_unchanged():
    channel = {
        "verifier_status": "completed", "verdict": "PASS", "effective_verdict": "PASS",
        "gatekeeper_result": GATEKEEPER_RESULT, "composer_output": COMPOSER_OUTPUTS[0],
        "executor_output_parse_status": PARSE_STATUSES[2], "retry_context": RETRY_CONTEXT,
    }
    dumped = VerifierEvaluation.model_validate(channel).model_dump(mode="json")
    for key, value in channel.items():
        assert dumped[key] == value, key
    # and as the JSON text a JSONField stores (no enum reprs, plain strings)
    assert json.loads(json.dumps(dumped)) == dumped


def test_the_verdict_names_are_defined_once():
    assert [v.value for v in Verdict] == ["PASS", "LOW_CONFID", "REJECT"]
    assert DiagnosisRun.Verdict.values == [v.value for v in Verdict]
    assert DiagnosisRun.GatekeeperSeverity.values == [s.value for s in Severity]
    assert json.dumps({"v": Verdict.PASS, "c": ClaimVerification.DIRECT_OBSERVATION}) == (
        '{"v": "PASS", "c": "direct_observation"}'
    )


_text = st.text(max_size=20)


@given(
    source=st.sampled_from(["model", "template"]), status=_text, reason=_text,
    leaked=st.none() | st.lists(_text, max_size=3), attempts=st.integers(0, 5), chars=st.integers(0, 10_000),
    route=_text, dropped=st.none() | st.lists(st.fixed_dictionaries({"action": _text, "basis": _text,
                                                                       "reason": _text}), max_size=3),
)
def test_any_composer_output_round_trips_through_its_dump(source, status, reason, leaked, attempts, chars, route,
                                                          dropped):
    shape = {"source": source, "status": status, "reason": reason, "leaked": leaked, "attempts": attempts,
             "chars": chars, "route": route, "dropped_actions": dropped, "dropped_hypotheses": dropped}
    recorded = {k: v for k, v in shape.items() if v is not None}  # absent keys stay absent
    assert ComposerOutput.model_validate(recorded).model_dump(mode="json") == recorded
