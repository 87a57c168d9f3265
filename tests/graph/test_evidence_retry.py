"""The one EVIDENCE_GAP_ONLY round (spec 001 "LOW_CONFID qualifies for evidence retry",
"LOW_CONFID does not qualify for evidence retry"; DESIGN §5.5)."""

from __future__ import annotations

import json

import pytest

from contracts import reasons as R
from diagnosis.agents.scripted import (
    ExecutorStep,
    binding_for,
    claim,
    contract,
    scripted_provider,
    verifier_reply,
)
from diagnosis.models import ToolInvocation
from tests.graph.scripts import (
    ALERT_CLAIM,
    KNOWLEDGE,
    POOL_CLAIM,
    ask,
    honest_step,
    nodes_started,
    verifier_evaluation,
)

pytestmark = pytest.mark.django_db

GAP_C2 = {"claim_id": "c2", "gap": "缺少告警触发时间的直接证据", "is_critical": True,
          "suggested_tool": "query_metrics", "suggested_query": "HighErrorRate payment-service"}


def round_two_content(results, tools):
    """A complete new contract binding a round-1 invocation and the round-2 one."""
    history = {r.invocation_id: r for r in tools.history()}
    logs, metrics, knowledge = history["inv_1"], history["inv_2"], results[0]
    assert knowledge.round == 2
    return contract(
        [
            claim("c1", POOL_CLAIM, [binding_for(logs, 1)]),
            claim("c2", ALERT_CLAIM, [binding_for(metrics, 0)]),
        ],
        recommended_actions=[{"action": "临时扩大连接池上限", "basis": "runbook"}],
        missing_info=[],
    ) | {"hypotheses": [{"text": f"参考手册 {knowledge.invocation_id}"}]}


def retry_provider(second_verdict):
    return scripted_provider(
        executor=[honest_step(), ExecutorStep(calls=[KNOWLEDGE], content=round_two_content)],
        verifier=[
            verifier_reply("LOW_CONFID", verification={"c2": "unsupported"}, gaps=[GAP_C2]),
            second_verdict,
        ],
    )


def test_low_confid_qualifies_for_evidence_retry(world, api_user):
    provider = retry_provider(verifier_reply("PASS"))
    run = ask(api_user, provider)
    assert nodes_started(run) == [
        "planner", "executor", "gatekeeper", "verifier",
        "planner", "executor", "gatekeeper", "verifier", "composer",
    ]  # fmt: skip
    assert (run.outcome, run.verdict, run.evidence_retry_count) == ("pass", "PASS", 1)
    second = provider.planner.requests[1]
    assert (second.mode, second.round) == ("EVIDENCE_GAP_ONLY", 2)
    assert [g.model_dump() for g in second.evidence_gaps] == [GAP_C2]
    assert provider.executor.requests[1].mode == "EVIDENCE_GAP_ONLY"
    route = run.events.get(node="verifier", event="route", detail__round=1)
    assert route.detail["target"] == "planner" and route.detail["reason"] == R.EVIDENCE_RETRY


def test_retry_context_only_in_retry_round(world, api_user):
    provider = retry_provider(verifier_reply("PASS"))
    run = ask(api_user, provider)
    first, second = (json.loads(text) for text in provider.verifier.inputs)
    assert "retry_context" not in first
    assert first["diagnosis_context"]["round"] == 1 and first["diagnosis_context"]["mode"] == "NORMAL"
    assert second["diagnosis_context"]["round"] == 2 and second["diagnosis_context"]["mode"] == "EVIDENCE_GAP_ONLY"
    assert second["retry_context"] == {
        "previous_verdict": "LOW_CONFID",
        "evidence_gaps": [GAP_C2],
        "supplementary_invocation_ids": ["inv_3"],
    }
    ve = verifier_evaluation(run)
    assert ve["retry_context"]["supplementary_invocation_ids"] == ["inv_3"]
    assert ve["round"] == 2 and ve["round_history"][0]["effective_verdict"] == "LOW_CONFID"


def test_round_two_gatekeeper_checks_against_all_run_invocations(world, api_user):
    run = ask(api_user, retry_provider(verifier_reply("PASS")))
    rows = list(ToolInvocation.objects.filter(run=run).order_by("seq").values_list("invocation_id", "round"))
    assert rows == [("inv_1", 1), ("inv_2", 1), ("inv_3", 2)]
    ve = verifier_evaluation(run)
    assert ve["gatekeeper_result"]["status"] == "pass"
    assert {b["source_invocation_id"] for b in ve["gatekeeper_result"]["checked_bindings"]} == {"inv_1", "inv_2"}


def test_after_round_two_no_further_retry_is_possible(world, api_user):
    provider = retry_provider(verifier_reply("LOW_CONFID", verification={"c2": "unsupported"}, gaps=[GAP_C2]))
    run = ask(api_user, provider)
    assert (run.outcome, run.evidence_retry_count) == ("low_confid", 1)
    assert nodes_started(run).count("planner") == 2
    assert verifier_evaluation(run)["route"] == R.LOW_CONFID_NO_RETRY
    assert "缺少告警触发时间的直接证据" in run.final_answer


def test_reject_after_round_two_still_produces_degraded_output(world, api_user):
    run = ask(api_user, retry_provider(verifier_reply("REJECT", verification={"c2": "contradicted"})))
    assert (run.outcome, run.verdict, run.evidence_retry_count) == ("reject", "REJECT", 1)
    assert "当前证据不足以支持可靠的结论" in run.final_answer


def test_round_two_fallback_does_not_fabricate_a_verdict(world, api_user):
    provider = scripted_provider(
        executor=[honest_step(), ExecutorStep(calls=[KNOWLEDGE], content="不是契约")],
        verifier=[verifier_reply("LOW_CONFID", verification={"c2": "unsupported"}, gaps=[GAP_C2])],
    )
    run = ask(api_user, provider)
    assert (run.outcome, run.fallback_reason, run.verdict, run.evidence_retry_count) == ("fallback", R.EXECUTOR_INVALID_OUTPUT, "", 1)
    ve = verifier_evaluation(run)
    assert ve["verdict"] is None and ve["verifier_status"] == "skipped"
    assert ve["round_history"][0]["model_verdict"] == "LOW_CONFID"  # round 1 stays auditable


def test_low_confid_does_not_qualify_when_ceiling_is_low_confid(world, api_user):
    def content(results, tools):
        logs, metrics = results
        weak = binding_for(metrics, 0)
        del weak["raw_path"]
        return contract([claim("c1", POOL_CLAIM, [binding_for(logs, 1)]), claim("c2", ALERT_CLAIM, [binding_for(logs, 1), weak])])

    gap = {**GAP_C2, "claim_id": "c1"}
    provider = scripted_provider(
        executor=[ExecutorStep(calls=[("query_logs", {"service": "payment-service", "level": "ERROR"}),
                                      ("query_metrics", {"service": "payment-service"})], content=content)],
        verifier=[verifier_reply("LOW_CONFID", verification={"c1": "unsupported"}, gaps=[gap])],
    )
    run = ask(api_user, provider)
    assert (run.outcome, run.evidence_retry_count) == ("low_confid", 0)
    assert verifier_evaluation(run)["verdict_ceiling"] == "LOW_CONFID"
    assert nodes_started(run).count("planner") == 1
