"""Every route of the graph end to end: scripted agents, real tools, real Gatekeeper, real
parsers, persisted rows (spec 001 routing scenarios, issue 4 "every route and fallback")."""

from __future__ import annotations

import json

import pytest

from contracts import reasons as R
from diagnosis.agents.base import AgentError
from diagnosis.agents.scripted import (
    ExecutorStep,
    binding_for,
    claim,
    contract,
    scripted_provider,
    verifier_reply,
)
from diagnosis.composer.templates import LEAD_REJECT, render_fallback
from diagnosis.models import DiagnosisRun, ToolInvocation
from tests.graph.scripts import (
    ALERT_CLAIM,
    LOGS,
    POOL_CLAIM,
    RAW_MARKER,
    ask,
    honest,
    honest_step,
    nodes_started,
    step,
    verifier_evaluation,
)

pytestmark = pytest.mark.django_db


def assert_fallback(run: DiagnosisRun, reason: str) -> dict:
    assert run.status == DiagnosisRun.Status.COMPLETED
    assert run.outcome == DiagnosisRun.Outcome.FALLBACK
    assert run.fallback_reason == reason
    assert run.verdict == ""
    assert run.final_answer == render_fallback(reason)
    ve = verifier_evaluation(run)
    assert ve["failure_reason"] == reason
    assert ve["model_verdict"] is None and ve["effective_verdict"] is None and ve["verdict"] is None
    assert ve["composer_output"]["source"] == "template"
    return ve


# --- PASS ------------------------------------------------------------------------------------
def test_pass_routes_to_composer(world, api_user):
    provider = scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")])
    run = ask(api_user, provider)
    assert (run.status, run.outcome, run.verdict, run.fallback_reason) == ("completed", "pass", "PASS", "")
    assert nodes_started(run) == ["planner", "executor", "gatekeeper", "verifier", "composer"]
    assert "结论（已验证）" in run.final_answer and POOL_CLAIM in run.final_answer
    ve = verifier_evaluation(run)
    assert (ve["model_verdict"], ve["rule_verdict"], ve["effective_verdict"], ve["verdict"]) == ("PASS",) * 4
    assert ve["groundedness_score"] == 1.0 and ve["model_groundedness_score"] == 0.9
    assert ve["composer_output"]["source"] == "model" and ve["composer_output"]["status"] == "ok"


def test_v2_machine_contract_is_not_exposed_as_normal_user_answer(world, api_user):
    provider = scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")])
    run = ask(api_user, provider)
    assert "answer_version" not in run.final_answer and "evidence_bindings" not in run.final_answer
    assert RAW_MARKER not in run.final_answer


# --- LOW_CONFID ------------------------------------------------------------------------------
def test_gatekeeper_low_confidence_is_bounded(world, api_user):
    """One binding without raw_path (low_confid) next to a valid one: only the passed binding
    reaches the Verifier, and a model PASS is capped at LOW_CONFID (no retry: ceiling)."""

    def content(logs, metrics):
        imprecise = binding_for(metrics, 0)
        del imprecise["raw_path"]
        return contract([claim("c1", POOL_CLAIM, [binding_for(logs, 1)]), claim("c2", ALERT_CLAIM, [imprecise])])

    provider = scripted_provider(executor=[step(content)], verifier=[verifier_reply("PASS")])
    run = ask(api_user, provider)
    ve = verifier_evaluation(run)
    assert ve["gatekeeper_result"]["severity"] == "low_confid"
    assert ve["verdict_ceiling"] == "LOW_CONFID"
    sent = json.loads(provider.verifier.inputs[0])
    assert [c["claim_id"] for c in sent["verified_executor_output"]["claims"]] == ["c1"]
    assert [e["claim_id"] for e in sent["verified_evidence"]] == ["c1"]
    assert (ve["model_verdict"], ve["effective_verdict"]) == ("PASS", "LOW_CONFID")
    assert (run.outcome, run.verdict, run.gatekeeper_severity, run.evidence_retry_count) == ("low_confid", "LOW_CONFID", "low_confid", 0)
    assert ve["route"] == R.LOW_CONFID_NO_RETRY


def test_verifier_pass_over_low_confid_ceiling_is_downgraded(world, api_user):
    def content(logs, metrics):
        imprecise = binding_for(logs, 0)
        del imprecise["raw_path"]
        return contract([claim("c1", POOL_CLAIM, [binding_for(logs, 1), imprecise])])

    run = ask(api_user, scripted_provider(executor=[step(content)], verifier=[verifier_reply("PASS")]))
    assert (run.outcome, run.verdict) == ("low_confid", "LOW_CONFID")


def test_low_confid_does_not_qualify_for_evidence_retry_without_valid_gap(world, api_user):
    provider = scripted_provider(
        executor=[honest_step()],
        verifier=[verifier_reply("LOW_CONFID", verification={"c2": "unsupported"})],
    )
    run = ask(api_user, provider)
    assert (run.outcome, run.evidence_retry_count) == ("low_confid", 0)
    assert nodes_started(run).count("planner") == 1
    assert run.final_answer.startswith("部分确认：")
    assert "确认的信息" in run.final_answer and "证据缺口" in run.final_answer
    confirmed = run.final_answer.split("确认的信息")[1].split("证据缺口")[0]
    assert ALERT_CLAIM not in confirmed.split("可能的方向")[0]


def test_contract_without_claims_reaches_verifier_and_cannot_pass(world, api_user):
    empty = ExecutorStep(calls=[("query_logs", {"service": "order-service", "level": "ERROR"})],
                         content=contract([], missing_info=[{"item": "没有错误日志"}]))
    gap = {"claim_id": None, "gap": "order-service 没有任何错误日志或告警", "is_critical": True,
           "suggested_tool": "query_metrics", "suggested_query": "order-service"}
    provider = scripted_provider(executor=[empty], verifier=[verifier_reply("PASS", gaps=[gap])])
    run = ask(api_user, provider, "order-service 有没有报错？")
    assert nodes_started(run) == ["planner", "executor", "gatekeeper", "verifier", "composer"]
    assert (run.outcome, run.verdict) == ("low_confid", "LOW_CONFID")  # rule verdict: no critical claims
    assert "order-service 没有任何错误日志或告警" in run.final_answer
    assert ToolInvocation.objects.get(run=run).status == "no_hit"
    # Not answered — but with no verified claim at all there is nothing a gap round could be about.
    assert verifier_evaluation(run)["coverage"]["status"] == "unanswered"


# --- REJECT ----------------------------------------------------------------------------------
def test_contradicted_critical_claim_forces_reject(world, api_user):
    provider = scripted_provider(
        executor=[honest_step()],
        verifier=[verifier_reply("PASS", verification={"c2": "contradicted"})],
    )
    run = ask(api_user, provider)
    ve = verifier_evaluation(run)
    assert (ve["model_verdict"], ve["rule_verdict"], ve["effective_verdict"]) == ("PASS", "REJECT", "REJECT")
    assert ve["groundedness_score"] == 0.0
    assert (run.outcome, run.verdict) == ("reject", "REJECT")


def test_reject_does_not_enter_retry_round(world, api_user):
    gaps = [{"claim_id": "c1", "gap": "g", "is_critical": True, "suggested_tool": "query_logs", "suggested_query": "q"}]
    provider = scripted_provider(
        executor=[honest_step(), honest_step()],
        verifier=[verifier_reply("REJECT", verification={"c1": "contradicted"}, gaps=gaps)],
    )
    run = ask(api_user, provider)
    assert run.evidence_retry_count == 0
    assert nodes_started(run) == ["planner", "executor", "gatekeeper", "verifier", "composer"]
    assert ToolInvocation.objects.filter(run=run).count() == 2


def test_reject_produces_bounded_output_without_root_cause(world, api_user):
    def content(logs, metrics):
        return contract(
            [
                claim("c1", POOL_CLAIM, [binding_for(logs, 1)]),
                claim("c2", "根因是慢查询占满了连接池", [binding_for(logs, 1)], claim_type="root_cause"),
                claim("c3", ALERT_CLAIM, [binding_for(metrics, 0)]),
            ],
            hypotheses=[{"text": "HYPOTHESIS-TEXT"}],
            recommended_actions=[{"action": "ACTION-TEXT"}],
        )

    provider = scripted_provider(
        executor=[step(content)],
        verifier=[verifier_reply("REJECT", verification={"c2": "direct_observation", "c3": "contradicted"})],
        composer=[{"conclusion": [{"text": "连接池耗尽，根因是慢查询。", "claims": ["c1"]}]}],
    )
    run = ask(api_user, provider)
    assert run.outcome == "reject"
    text = run.final_answer
    assert text.startswith(LEAD_REJECT)
    assert POOL_CLAIM in text  # an observation confirmed by direct evidence stays
    for absent in ("根因是慢查询", "HYPOTHESIS-TEXT", "ACTION-TEXT", ALERT_CLAIM):
        assert absent not in text
    assert verifier_evaluation(run)["composer_output"]["status"] == "leak_guard_replaced"


# --- fallbacks -------------------------------------------------------------------------------
def test_planner_failure_routes_to_fallback(world, api_user):
    provider = scripted_provider(planner=[AgentError("down", retryable=True, reason="timeout")] * 2)
    run = ask(api_user, provider)
    assert_fallback(run, R.PLANNER_FAILED)
    assert nodes_started(run) == ["planner", "fallback"]
    assert ToolInvocation.objects.filter(run=run).count() == 0


def test_planner_non_retryable_failure_is_not_reasked(world, api_user):
    provider = scripted_provider(planner=[AgentError("bad key", retryable=False, reason="auth")])
    run = ask(api_user, provider)
    assert_fallback(run, R.PLANNER_FAILED)
    assert len(provider.planner.requests) == 1


def test_planner_reask_recovers(world, api_user):
    provider = scripted_provider(
        planner=[AgentError("blip", reason="timeout")], executor=[honest_step()], verifier=[verifier_reply("PASS")]
    )
    run = ask(api_user, provider)
    assert run.outcome == "pass"
    assert len(provider.planner.requests) == 2
    assert run.events.filter(node="planner", event="retry").count() == 1


def test_executor_failure_routes_to_fallback(world, api_user):
    failing = ExecutorStep(calls=[LOGS], error=AgentError("model gone", retryable=False, reason="transport"))
    provider = scripted_provider(executor=[failing], verifier=[verifier_reply("PASS")])
    run = ask(api_user, provider)
    ve = assert_fallback(run, R.EXECUTOR_FAILED)
    assert ve["executor_output_parse_status"]["status"] == "failed"
    assert ve["verifier_status"] == "skipped"
    assert provider.verifier.inputs == []
    assert ToolInvocation.objects.filter(run=run).count() == 1  # the call made before the failure is kept


@pytest.mark.parametrize(
    "content",
    [
        "payment-service 的连接池耗尽了，建议扩容。",
        "```json\n{\"answer_version\": \"executor_evidence_v2\", \"claims\": [\n```",
        "[1, 2, 3]",
        '{"answer": "连接池耗尽"}',
        '{"answer_version": "executor_evidence_v1", "claims": [], "hypotheses": [], "recommended_actions": [], "missing_info": []}',
        "",
    ],
)
def test_executor_output_is_invalid_routes_to_fallback_without_verifier(world, api_user, content):
    provider = scripted_provider(executor=[ExecutorStep(calls=[LOGS], content=content)], verifier=[verifier_reply("PASS")])
    run = ask(api_user, provider)
    ve = assert_fallback(run, R.EXECUTOR_INVALID_OUTPUT)
    assert nodes_started(run) == ["planner", "executor", "fallback"]  # no gatekeeper, verifier or composer
    assert provider.verifier.inputs == [] and provider.composer.materials == []
    assert ve["executor_output_parse_status"]["status"] == "invalid"
    assert ve["gatekeeper_result"] is None and ve["verifier_status"] == "skipped"


@pytest.mark.parametrize("forbidden", ["user_facing_answer", "diagnosis_summary"])
def test_forbidden_keys_are_rejected_by_gatekeeper_schema_rule(world, api_user, forbidden):
    provider = scripted_provider(executor=[honest_step(**{forbidden: f"连接池耗尽 {RAW_MARKER}"})], verifier=[verifier_reply("PASS")])
    run = ask(api_user, provider)
    ve = assert_fallback(run, R.GATEKEEPER_REJECT)
    assert nodes_started(run) == ["planner", "executor", "gatekeeper", "fallback"]
    assert ve["gatekeeper_result"]["status"] == "fail"
    assert "schema.executor_v2" in ve["gatekeeper_result"]["failed_rules"]
    assert provider.verifier.inputs == []
    assert RAW_MARKER not in json.dumps(run.self_evaluation, ensure_ascii=False)
    assert RAW_MARKER not in run.final_answer


def test_claim_without_bindings_is_rejected_by_gatekeeper_schema_rule(world, api_user):
    provider = scripted_provider(executor=[step(lambda logs, metrics: contract([claim("c1", POOL_CLAIM, [])]))])
    run = ask(api_user, provider)
    ve = assert_fallback(run, R.GATEKEEPER_REJECT)
    assert "schema.executor_v2" in ve["gatekeeper_result"]["failed_rules"]


ADVERSARIAL = {
    "fabricated_invocation_id": (lambda logs, m: binding_for(logs, 1, invocation_id="inv_99"), "evidence.invocation_ref"),
    "wrong_tool_name": (lambda logs, m: binding_for(logs, 1, tool_name="query_metrics"), "evidence.invocation_ref"),
    "unknown_raw_path": (lambda logs, m: binding_for(logs, 1, raw_path="/records/9"), "evidence.raw_path"),
    "altered_excerpt": (
        lambda logs, m: binding_for(logs, 1, excerpt=logs.evidence_refs[1]["text"].replace("waiting=37", "waiting=73")),
        "evidence.excerpt_mismatch",
    ),
}


@pytest.mark.parametrize("case", sorted(ADVERSARIAL))
def test_gatekeeper_reject_bypasses_verifier(world, api_user, case):
    make_binding, rule = ADVERSARIAL[case]

    def content(logs, metrics):
        return contract([claim("c1", POOL_CLAIM, [make_binding(logs, metrics)]), claim("c2", ALERT_CLAIM, [binding_for(metrics, 0)])])

    provider = scripted_provider(executor=[step(content)], verifier=[verifier_reply("PASS")])
    run = ask(api_user, provider)
    ve = assert_fallback(run, R.GATEKEEPER_REJECT)
    assert provider.verifier.inputs == []
    assert rule in ve["gatekeeper_result"]["failed_rules"]
    assert ve["gatekeeper_result"]["severity"] == "reject"
    assert run.gatekeeper_severity == "reject"
    assert ve["verifier_status"] == "skipped"


def test_low_confidence_with_no_passed_binding_routes_to_fallback(world, api_user):
    def content(logs, metrics):
        b = binding_for(logs, 1)
        del b["raw_path"]
        return contract([claim("c1", POOL_CLAIM, [b])])

    provider = scripted_provider(executor=[step(content)], verifier=[verifier_reply("PASS")])
    run = ask(api_user, provider)
    ve = assert_fallback(run, R.GATEKEEPER_NO_PASSED_BINDING)
    assert ve["gatekeeper_result"]["severity"] == "low_confid"
    assert provider.verifier.inputs == []


def test_verifier_execution_fails_routes_to_fallback(world, api_user):
    provider = scripted_provider(executor=[honest_step()], verifier=["不是 JSON", '{"verdict": "PASS"}'])
    run = ask(api_user, provider)
    ve = assert_fallback(run, R.VERIFIER_EXHAUSTED)
    assert ve["verifier_status"] == "failed" and ve["verifier_attempts"] == 2
    assert ve["gatekeeper_result"]["status"] == "pass"  # available Gatekeeper audit is kept
    assert provider.composer.materials == []


def test_verifier_non_retryable_failure_routes_to_fallback(world, api_user):
    provider = scripted_provider(executor=[honest_step()], verifier=[AgentError("quota", retryable=False, reason="quota")])
    run = ask(api_user, provider)
    ve = assert_fallback(run, R.VERIFIER_NON_RETRYABLE)
    assert len(provider.verifier.inputs) == 1
    assert ve["verifier_status"] == "failed"


def test_unexpected_node_exception_routes_to_internal_error_fallback(world, api_user):
    provider = scripted_provider(planner=[RuntimeError("boom /secret/path")])
    run = ask(api_user, provider)
    ve = assert_fallback(run, R.INTERNAL_ERROR)
    assert "Traceback" not in run.final_answer and "boom" not in run.final_answer
    assert run.events.filter(node="planner", event="error").count() == 1
    assert "RuntimeError" in ve["failure_detail"]
    assert "RuntimeError" in run.error


def test_non_agent_error_in_verifier_is_an_internal_error(world, api_user):
    provider = scripted_provider(executor=[honest_step()], verifier=[KeyError("x")])
    run = ask(api_user, provider)
    assert_fallback(run, R.INTERNAL_ERROR)


def test_low_confid_with_critical_evidence_gaps_states_them_and_confirms_nothing_unsupported(world, api_user):
    gap = {"claim_id": "c2", "gap": "告警数值缺少直接证据", "is_critical": True, "suggested_tool": "query_metrics",
           "suggested_query": "HighErrorRate"}
    provider = scripted_provider(
        executor=[
            honest_step(),
            # round 2: a fresh call, then a complete contract over the round-1 invocations
            ExecutorStep(calls=[("lookup_knowledge", {"query": "HighErrorRate"})],
                         content=lambda results, tools: honest(tools.history()[:2])),
        ],
        verifier=[verifier_reply("LOW_CONFID", verification={"c2": "unsupported"}, gaps=[gap])] * 2,
    )
    run = ask(api_user, provider)
    assert run.outcome == "low_confid" and run.evidence_retry_count == 1
    confirmed, rest = run.final_answer.split("确认的信息", 1)[1].split("证据缺口", 1)
    assert POOL_CLAIM in confirmed and ALERT_CLAIM not in confirmed.split("可能的方向")[0]
    assert "告警数值缺少直接证据" in rest
    assert "使用 query_metrics 补充查询：HighErrorRate" in rest
