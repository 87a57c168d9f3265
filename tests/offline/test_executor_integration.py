"""The offline planner + executor against the real tool layer on a small loaded world: every
call is persisted, and the contract the executor writes holds up under the Gatekeeper."""

from __future__ import annotations

import pytest

from diagnosis.models import ToolInvocation
from tests.offline.dataset import OOM_RUNBOOK, POOL_RUNBOOK
from tests.offline.running import gatekeeper_result
from tests.offline.running import plan_and_execute as ask

pytestmark = pytest.mark.django_db


def test_an_answerable_question_yields_a_contract_that_passes_the_gatekeeper(world, api_user):
    run, plan, contract = ask(api_user, "payment-service 10:05 开始大量 500，原因是什么？")
    result = gatekeeper_result(run, contract)
    assert result.status == "pass" and result.severity == "none", result.model_dump()
    texts = " ".join(c["claim_text"] for c in contract["claims"])
    assert "waiting=37" in texts and "HTTP 500" in texts and "HighErrorRate" in texts
    assert 2 <= len(contract["claims"]) <= 5
    # the planned calls and the follow-ups were all persisted as invocations of this run
    assert ToolInvocation.objects.filter(run=run).count() >= len(plan.steps)


def test_a_runbook_cause_is_checked_against_the_logs_and_stays_a_hypothesis(world, api_user):
    run, _, contract = ask(api_user, "支付服务 10:05 开始报错，原因是什么？")
    assert [h["text"] for h in contract["hypotheses"]][:1] == ["慢查询占住连接"]
    slow = ToolInvocation.objects.filter(run=run, tool_name="query_logs", arguments__keyword="slow").get()
    assert slow.status == "success"
    # what the check found is a claim bound to that call's log line, not to the runbook
    assert any(
        b["source_invocation_id"] == slow.invocation_id
        for c in contract["claims"]
        for b in c["evidence_bindings"]
    )


def test_runbook_text_never_appears_as_a_claim(world, api_user):
    for question in ("payment-service 10:05 开始大量 500，原因是什么？", "订单服务昨晚为什么重启"):
        _, _, contract = ask(api_user, question)
        runbook_lines = [
            line.strip("-* 1.") for line in (POOL_RUNBOOK + OOM_RUNBOOK).splitlines() if len(line) > 8
        ]
        for claim in contract["claims"]:
            assert all(b["tool_name"] != "lookup_knowledge" for b in claim["evidence_bindings"])
            assert not any(line and line in claim["claim_text"] for line in runbook_lines)
        assert contract["recommended_actions"] and {a["basis"] for a in contract["recommended_actions"]} == {
            "runbook"
        }


def test_a_service_the_data_does_not_have_yields_no_claims_and_its_gap(world, api_user):
    run, _, contract = ask(api_user, "refund-service 现在有报错吗？")
    assert contract["claims"] == []
    assert any("refund-service" in m["item"] for m in contract["missing_info"])
    assert gatekeeper_result(run, contract).failed_rules == []


def test_a_known_service_without_records_in_the_asked_window_states_the_gap(world, api_user):
    _, _, contract = ask(api_user, "用户服务现在有报错吗？")
    assert contract["claims"] == []
    assert any("user-service" in m["item"] and "没有返回" in m["reason"] for m in contract["missing_info"])


def test_a_narrow_question_yields_at_most_two_observations(world, api_user):
    for question in ("payment-service 现在有告警吗？", "支付服务 10 点以后有没有 500？"):
        run, _, contract = ask(api_user, question)
        assert 1 <= len(contract["claims"]) <= 2, contract["claims"]
        assert {c["claim_type"] for c in contract["claims"]} <= {"observation", "negative_observation"}
        assert contract["hypotheses"] == []
        assert gatekeeper_result(run, contract).status == "pass"


def test_without_a_time_the_executor_widens_once_when_the_last_hour_is_empty(world, api_user):
    run, plan, contract = ask(api_user, "订单服务为什么一直重启？")
    calls = ToolInvocation.objects.filter(run=run, tool_name__in=["query_logs", "query_metrics"]).order_by(
        "seq"
    )
    assert calls.count() > sum(1 for s in plan.steps if s.tool != "lookup_knowledge")
    assert any(
        "OOMKilled" in c["claim_text"] and "exitCode=137" in c["claim_text"] for c in contract["claims"]
    )
    assert gatekeeper_result(run, contract).status == "pass"


def test_gap_only_round_calls_tools_only_for_the_gaps(world, api_user):
    question = "payment-service 10:05 开始大量 500，原因是什么？"
    run, _, first = ask(api_user, question)
    before = ToolInvocation.objects.filter(run=run).count()
    gaps = [
        {
            "claim_id": first["claims"][0]["claim_id"],
            "gap": "缺少直接证据",
            "is_critical": True,
            "suggested_tool": "query_metrics",
            "suggested_query": "payment-service http_5xx_rate",
        }
    ]
    _, plan, second = ask(api_user, question, mode="EVIDENCE_GAP_ONLY", round_no=2, gaps=gaps, run=run)
    assert plan.mode == "EVIDENCE_GAP_ONLY" and [s.tool for s in plan.steps] == ["query_metrics"]
    round_two = ToolInvocation.objects.filter(run=run, round=2)
    assert round_two.count() == 1 and ToolInvocation.objects.filter(run=run).count() == before + 1
    assert round_two.get().status == "success"  # widened: not a dedup of round 1
    assert gatekeeper_result(run, second).status == "pass"


def test_the_same_question_gives_the_same_contract(world, api_user):
    question = "订单服务昨晚为什么一直重启？"
    assert ask(api_user, question)[2] == ask(api_user, question)[2]


def test_the_gap_round_keeps_the_claim_ids_of_claims_resting_on_the_same_evidence(world, api_user):
    question = "payment-service 10:05 开始大量 500，原因是什么？"
    run, _, first = ask(api_user, question)
    gaps = [
        {
            "claim_id": "c1",
            "gap": "缺少直接证据",
            "is_critical": True,
            "suggested_tool": "query_logs",
            "suggested_query": "payment-service 连接池 超时",
        }
    ]
    _, _, second = ask(api_user, question, mode="EVIDENCE_GAP_ONLY", round_no=2, gaps=gaps, run=run)

    def first_ref(claim):
        binding = claim["evidence_bindings"][0]
        return binding["source_invocation_id"], binding["raw_path"]

    before = {first_ref(c): c["claim_id"] for c in first["claims"]}
    ids = [c["claim_id"] for c in second["claims"]]
    assert len(ids) == len(set(ids))
    for claim in second["claims"]:
        if first_ref(claim) in before:
            assert claim["claim_id"] == before[first_ref(claim)]
