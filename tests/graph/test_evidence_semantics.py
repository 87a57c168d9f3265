"""Hardened no-evidence semantics through the whole graph (spec 000 "Verifier inputs SHALL
tolerate hardened no-evidence semantics")."""

from __future__ import annotations

import pytest

from diagnosis.agents.scripted import (
    ExecutorStep,
    binding_for,
    claim,
    contract,
    scripted_provider,
    verifier_reply,
)
from diagnosis.models import ToolInvocation
from tests.graph.scripts import ALERT_CLAIM, LOGS, METRICS, POOL_CLAIM, ask, verifier_evaluation

pytestmark = pytest.mark.django_db


def test_failed_evidence_remains_a_verifier_visible_gap(world, api_user):
    bad_call = ("query_logs", {"service": "payment-service", "start": "not a time"})

    def content(results, tools):
        logs, _failed, metrics = results
        return contract(
            [claim("c1", POOL_CLAIM, [binding_for(logs, 1)]), claim("c2", ALERT_CLAIM, [binding_for(metrics, 0)])],
            missing_info=[{"item": "按时间过滤的日志", "reason": "查询失败"}],
        )

    provider = scripted_provider(executor=[ExecutorStep(calls=[LOGS, bad_call, METRICS], content=content)],
                                 verifier=[verifier_reply("PASS")])
    run = ask(api_user, provider)
    assert run.status == "completed" and run.outcome == "pass"
    assert ToolInvocation.objects.get(run=run, invocation_id="inv_2").status == "failed"
    rule = run.self_evaluation["rule_evaluation"]
    assert (rule["evidence_calls"], rule["success"], rule["failed"]) == (3, 2, 1)


def test_binding_to_a_failed_call_cannot_pass(world, api_user):
    bad_call = ("query_logs", {"service": "payment-service", "start": "not a time"})

    def content(results, tools):
        failed = results[0]
        return contract([claim("c1", POOL_CLAIM, [binding_for(failed, 0, raw_path="/records/0", excerpt="HikariPool-1")])])

    run = ask(api_user, scripted_provider(executor=[ExecutorStep(calls=[bad_call], content=content)]))
    assert run.outcome == "fallback" and run.verdict == ""
    assert verifier_evaluation(run)["gatekeeper_result"]["status"] == "fail"


def test_deduped_retrievals_do_not_count_as_fresh_support(world, api_user):
    def content(results, tools):
        logs, metrics, deduped = results
        assert deduped.status == "deduped"
        stale = binding_for(logs, 1, invocation_id=deduped.invocation_id)
        return contract([claim("c1", POOL_CLAIM, [stale]), claim("c2", ALERT_CLAIM, [binding_for(metrics, 0)])])

    provider = scripted_provider(executor=[ExecutorStep(calls=[LOGS, METRICS, LOGS], content=content)],
                                 verifier=[verifier_reply("PASS")])
    run = ask(api_user, provider)
    ve = verifier_evaluation(run)
    assert "evidence.stale_support" in ve["gatekeeper_result"]["failed_rules"]
    assert ve["verdict_ceiling"] == "LOW_CONFID"
    assert [c["claim_id"] for c in ve["verified_executor_output"]["claims"]] == ["c2"]
    assert (run.outcome, run.verdict) == ("low_confid", "LOW_CONFID")
    assert run.self_evaluation["rule_evaluation"]["deduped"] == 1
