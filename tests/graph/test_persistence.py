"""Graph result mapping (spec 001 "Verifier SHALL be observable", "pre-verification fallback is
persisted", "evaluation payload is inspected"; spec 000 "self_evaluation SHALL be a container
object")."""

from __future__ import annotations

import json

import pytest

from contracts import reasons as R
from contracts.reasons import REASON_CIRCUIT_OPEN
from diagnosis.agents.base import AgentError
from diagnosis.agents.scripted import (
    ExecutorStep,
    binding_for,
    claim,
    contract,
    scripted_provider,
    verifier_reply,
)
from diagnosis.audit.rule_evaluation import rule_evaluation_compute, rule_evaluation_record
from diagnosis.audit.self_evaluation import self_evaluation_update_channel
from diagnosis.graph.persist import TRACEABILITY_VERSION
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute
from tests.graph.scripts import LOGS, POOL_CLAIM, RAW_MARKER, ask, honest_step, step, verifier_evaluation

pytestmark = pytest.mark.django_db

GATEKEEPER_KEYS = {"status", "severity", "rule_set_version", "rules", "checked_bindings", "failed_rules", "warnings", "errors"}


def test_claim_checks_written_to_self_evaluation(world, api_user, prompts_dir):
    run = ask(api_user, scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")]))
    ve = verifier_evaluation(run)
    for key in (
        "verifier_status", "model_verdict", "effective_verdict", "verdict", "rule_verdict", "groundedness_score",
        "model_groundedness_score", "critical_fact_count", "claim_checks", "facts_checked", "evidence_gaps",
        "rationale", "dropped_evidence_refs", "verified_executor_output", "verified_evidence", "gatekeeper_result",
        "verdict_ceiling", "traceability_version", "prompt_audit", "composer_output", "executor_output_parse_status",
        "evidence_retry_count", "failure_reason", "route",
    ):  # fmt: skip
        assert key in ve, key
    assert ve["verifier_status"] == "completed"
    assert [c["claim_id"] for c in ve["claim_checks"]] == ["c1", "c2"]
    assert [f["verification"] for f in ve["facts_checked"]] == ["direct_evidence", "direct_evidence"]
    assert ve["critical_fact_count"] == 2
    assert ve["traceability_version"] == TRACEABILITY_VERSION
    assert ve["executor_output_parse_status"]["status"] == "valid"
    assert ve["failure_reason"] is None


def test_gatekeeper_result_written_to_self_evaluation(world, api_user):
    run = ask(api_user, scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")]))
    gk = verifier_evaluation(run)["gatekeeper_result"]
    assert GATEKEEPER_KEYS <= set(gk)
    assert gk["status"] == "pass" and gk["severity"] == "none" and gk["failed_rules"] == []
    assert len(gk["checked_bindings"]) == 2 and all(b["passed"] for b in gk["checked_bindings"])


def test_verifier_evaluation_persists_traceability_snapshot(world, api_user):
    run = ask(api_user, scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")]))
    ve = verifier_evaluation(run)
    assert [(e["claim_id"], e["source_invocation_id"], e["raw_path"]) for e in ve["verified_evidence"]] == [
        ("c1", "inv_1", "/records/1"),
        ("c2", "inv_2", "/alerts/0"),
    ]
    assert "tool_trace_summary" not in ve


def test_composer_output_written_to_self_evaluation(world, api_user):
    run = ask(api_user, scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")]))
    co = verifier_evaluation(run)["composer_output"]
    assert co["source"] == "model" and co["status"] == "ok" and co["chars"] == len(run.final_answer)
    assert set(co) <= {"source", "status", "reason", "leaked", "attempts", "chars", "route", "dropped_actions",
                       "dropped_hypotheses", "dropped_sentences", "answer"}
    assert co["answer"]["outcome"] == "pass" and co["answer"]["conclusion"]
    # DESIGN §10.1: dropped advice is recorded — this run looked up no runbook, so its runbook action goes.
    assert co["dropped_actions"] == [{"action": "临时扩大连接池上限并排查慢查询", "basis": "runbook", "reason": "no_runbook_section"}]


def test_prompt_audit_written_to_verifier_evaluation(world, api_user, prompts_dir):
    run = ask(api_user, scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")]))
    audit = verifier_evaluation(run)["prompt_audit"]
    assert audit["version"] == "test-1"
    assert [p["role"] for p in audit["prompts"]] == ["planner", "executor", "verifier", "composer"]
    assert all(p["name"].startswith("test-") and p["version"] for p in audit["prompts"])
    assert "SECRET PROMPT TEXT" not in json.dumps(run.self_evaluation, ensure_ascii=False)


FALLBACK_SCRIPTS = {
    R.PLANNER_FAILED: dict(planner=[AgentError("x", retryable=False)]),
    R.EXECUTOR_FAILED: dict(executor=[AgentError("x", retryable=False)]),
    R.EXECUTOR_INVALID_OUTPUT: dict(executor=[ExecutorStep(calls=[LOGS], content=f"not json {RAW_MARKER}")]),
    R.GATEKEEPER_REJECT: dict(executor=[ExecutorStep(calls=[LOGS], content=lambda r, t: contract(
        [claim("c1", POOL_CLAIM, [binding_for(r[0], 1, invocation_id="inv_42")])]))]),
    R.GATEKEEPER_NO_PASSED_BINDING: dict(executor=[ExecutorStep(calls=[LOGS], content=lambda r, t: contract(
        [claim("c1", POOL_CLAIM, [binding_for(r[0], 1, raw_path=None)])]))]),
    R.VERIFIER_EXHAUSTED: dict(executor=[honest_step()], verifier=["garbage", "garbage"]),
    R.VERIFIER_NON_RETRYABLE: dict(executor=[honest_step()], verifier=[AgentError("x", retryable=False)]),
    R.MODEL_UNAVAILABLE: dict(planner=[AgentError("x", retryable=False, reason=REASON_CIRCUIT_OPEN)]),
    R.INTERNAL_ERROR: dict(executor=[honest_step()], verifier=[ZeroDivisionError("x")]),
    R.BUDGET_EXHAUSTED: dict(executor=[honest_step()], verifier=[AgentError("spent", retryable=False, reason=R.BUDGET_EXHAUSTED)]),
}


def test_every_fallback_reason_is_scripted():
    assert set(FALLBACK_SCRIPTS) == set(R.FALLBACK_REASONS)


@pytest.mark.parametrize("reason", sorted(FALLBACK_SCRIPTS))
def test_pre_verification_fallback_is_persisted_without_fabricated_verdict(world, api_user, prompts_dir, reason):
    run = ask(api_user, scripted_provider(**FALLBACK_SCRIPTS[reason]))
    assert (run.status, run.outcome, run.fallback_reason, run.verdict) == ("completed", "fallback", reason, "")
    ve = verifier_evaluation(run)
    assert ve["failure_reason"] == reason
    assert ve["model_verdict"] is None and ve["effective_verdict"] is None and ve["verdict"] is None
    assert ve["rule_verdict"] is None and ve["groundedness_score"] is None
    assert ve["verifier_status"] in ("skipped", "failed", "completed")
    assert ve["composer_output"]["status"] == "fallback"
    if reason in (R.GATEKEEPER_REJECT, R.GATEKEEPER_NO_PASSED_BINDING, R.VERIFIER_EXHAUSTED, R.VERIFIER_NON_RETRYABLE):
        assert GATEKEEPER_KEYS <= set(ve["gatekeeper_result"])
        assert run.gatekeeper_severity == ve["gatekeeper_result"]["severity"]
    assert "rule_evaluation" in run.self_evaluation


@pytest.mark.parametrize("reason", sorted(FALLBACK_SCRIPTS))
def test_prompt_audit_available_on_fallback_paths(world, api_user, prompts_dir, reason):
    run = ask(api_user, scripted_provider(**FALLBACK_SCRIPTS[reason]))
    audit = verifier_evaluation(run)["prompt_audit"]
    assert audit["version"] == "test-1" and len(audit["prompts"]) == 4


def test_composer_fallback_keeps_prompt_audit(world, api_user, prompts_dir):
    run = ask(api_user, scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")], composer=["", ""]))
    ve = verifier_evaluation(run)
    assert ve["composer_output"]["source"] == "template" and ve["prompt_audit"]["version"] == "test-1"


def test_evaluation_payload_contains_no_raw_executor_text(world, api_user):
    def content(logs, metrics):
        return contract(
            [claim("c1", POOL_CLAIM, [binding_for(logs, 1)]),
             claim("c2", f"失败绑定 {RAW_MARKER}", [binding_for(logs, 0, raw_path=None)])],
            missing_info=[{"item": RAW_MARKER}],
        ) | {"extra_field": RAW_MARKER}

    run = ask(api_user, scripted_provider(executor=[step(content)], verifier=[verifier_reply("LOW_CONFID")]))
    stored = json.dumps(run.self_evaluation, ensure_ascii=False)
    assert run.outcome == "low_confid"
    # the only executor material stored is the verified projection (c1); c2's failed binding,
    # unknown keys and the raw text are absent
    assert "extra_field" not in stored and f"失败绑定 {RAW_MARKER}" not in stored
    ve = verifier_evaluation(run)
    assert [c["claim_id"] for c in ve["verified_executor_output"]["claims"]] == ["c1"]
    assert "tool_trace_summary" not in stored and "executor_final_answer" not in stored
    assert "executor_raw" not in stored


def test_parse_failure_is_observable(world, api_user):
    run = ask(api_user, scripted_provider(**FALLBACK_SCRIPTS[R.EXECUTOR_INVALID_OUTPUT]))
    ve = verifier_evaluation(run)
    assert ve["executor_output_parse_status"]["status"] == "invalid"
    assert ve["executor_output_parse_status"]["kind"] == "not_json"
    assert RAW_MARKER not in json.dumps(run.self_evaluation, ensure_ascii=False)
    route = run.events.get(node="executor", event="route")
    assert route.detail["reason"] == R.EXECUTOR_INVALID_OUTPUT


def test_rule_evaluation_write_preserves_verifier_evaluation(world, api_user):
    run = ask(api_user, scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")]))
    before = verifier_evaluation(run)
    rule_evaluation_record(run=run, gatekeeper_result=before["gatekeeper_result"])
    run.refresh_from_db()
    assert verifier_evaluation(run) == before
    assert run.self_evaluation["rule_evaluation"]["updates"] == 2


def test_verifier_evaluation_write_preserves_other_channels(world, api_user):
    run = diagnosis_run_create(owner=api_user, question="payment-service 为什么 500？")
    self_evaluation_update_channel(run_id=run.pk, channel="aiops_rule_evaluation", value={"updates": 7, "note": "kept"})
    self_evaluation_update_channel(run_id=run.pk, channel="custom_channel", value={"x": 1})
    diagnosis_run_execute(run_id=run.pk, provider=scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")]))
    run.refresh_from_db()
    assert run.self_evaluation["aiops_rule_evaluation"] == {"updates": 7, "note": "kept"}
    assert run.self_evaluation["custom_channel"] == {"x": 1}
    assert run.self_evaluation["verifier_evaluation"]["verdict"] == "PASS"
    assert run.self_evaluation["rule_evaluation"]["updates"] == 1


def test_rule_evaluation_scores_the_runs_invocations(world, api_user):
    run = ask(api_user, scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")]))
    rule = run.self_evaluation["rule_evaluation"]
    assert (rule["evidence_calls"], rule["success"], rule["failed"], rule["no_hit"], rule["deduped"]) == (2, 2, 0, 0, 0)
    assert rule["distinct_tools"] == ["query_logs", "query_metrics"]
    assert (rule["claims_total"], rule["claims_with_passed_binding"], rule["claim_coverage"]) == (2, 2, 1.0)
    assert rule["score"] == pytest.approx(0.5 + 0.3 + 0.2 * 2 / 3, abs=1e-4)


def test_rule_evaluation_formula():
    invocations = [
        {"tool_name": "query_logs", "status": "success", "evidence_bearing": True},
        {"tool_name": "query_logs", "status": "deduped", "evidence_bearing": True},
        {"tool_name": "query_metrics", "status": "failed", "evidence_bearing": True},
        {"tool_name": "lookup_knowledge", "status": "no_hit", "evidence_bearing": True},
        {"tool_name": "get_current_time", "status": "success", "evidence_bearing": False},
    ]
    gk = {"checked_bindings": [{"claim_id": "c1", "passed": True}, {"claim_id": "c2", "passed": False}]}
    result = rule_evaluation_compute(invocations=invocations, gatekeeper_result=gk)
    assert (result.evidence_calls, result.success, result.deduped, result.failed, result.no_hit) == (4, 1, 1, 1, 1)
    assert result.claim_coverage == 0.5
    assert result.score == pytest.approx(0.5 * 0.5 + 0.3 * 0.25 + 0.2 / 3, abs=1e-4)
    assert rule_evaluation_compute(invocations=[], gatekeeper_result=None).score == 0.0


def test_run_columns_and_usage_are_recorded(world, api_user):
    run = ask(api_user, scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")]))
    assert run.provider == "scripted"
    assert run.model == "scripted-composer,scripted-executor,scripted-planner,scripted-verifier"
    assert set(run.token_usage) == {"planner", "executor", "verifier", "composer"}
    assert run.prompt_tokens == sum(v["prompt_tokens"] for v in run.token_usage.values()) > 0
    assert run.completion_tokens > 0
    assert run.started_at and run.finished_at and run.duration_ms is not None
    assert run.gatekeeper_severity == "none"


def test_verdict_written_to_self_evaluation(world, api_user):
    run = diagnosis_run_create(owner=api_user, question="payment-service 为什么 500？")
    self_evaluation_update_channel(run_id=run.pk, channel="rule_evaluation", value={"score": 0.3, "updates": 5})
    provider = scripted_provider(executor=[honest_step()], verifier=[verifier_reply("LOW_CONFID")])
    diagnosis_run_execute(run_id=run.pk, provider=provider)
    run.refresh_from_db()
    ve = verifier_evaluation(run)
    assert ve["verdict"] == ve["effective_verdict"] == "LOW_CONFID" == run.verdict
    assert run.self_evaluation["rule_evaluation"]["updates"] == 6  # the rule channel was updated, not replaced blindly


def test_gatekeeper_audit_includes_severity(world, api_user):
    def content(logs, metrics):
        return contract([claim("c1", POOL_CLAIM, [binding_for(logs, 1), binding_for(logs, 0, raw_path=None)])])

    run = ask(api_user, scripted_provider(executor=[step(content)], verifier=[verifier_reply("LOW_CONFID")]))
    gk = verifier_evaluation(run)["gatekeeper_result"]
    assert GATEKEEPER_KEYS <= set(gk)
    assert (gk["status"], gk["severity"]) == ("fail", "low_confid")
    assert [b["passed"] for b in gk["checked_bindings"]] == [True, False]
    assert gk["checked_bindings"][1]["failed_rules"] == ["evidence.raw_path_missing"]


def test_compatibility_structured_output_is_at_most_the_verified_projection(world, api_user):
    run = ask(api_user, scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")]))
    ve = verifier_evaluation(run)
    assert ve.get("executor_structured_output") in (None, ve["verified_executor_output"])
    assert set(ve["verified_executor_output"]) == {"answer_version", "claims", "hypotheses", "recommended_actions", "missing_info"}
