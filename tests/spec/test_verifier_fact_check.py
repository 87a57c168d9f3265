"""Spec 001 "Verifier SHALL fact-check Executor answers" — the verdict scenarios, proven through
the whole graph (scripted agents, real tools, Gatekeeper, parser, verdict arithmetic, persistence).

The model verdict is one input: a Verifier that says PASS where the claim checks do not allow it
must still end at the verdict the spec names.
"""

from __future__ import annotations

import json

import pytest

from diagnosis.agents.scripted import (
    ExecutorStep,
    binding_for,
    claim,
    contract,
    scripted_provider,
    verifier_reply,
)
from diagnosis.composer.templates import LEAD_REJECT
from diagnosis.verification.protocol import DROP_UNKNOWN_CLAIM, parse_verifier_reply
from tests.graph.scripts import ALERT_CLAIM, LOGS, POOL_CLAIM, ask, honest_step, step, verifier_evaluation
from tests.spec.support import claim_checks_reply, stated_as_confirmed, with_offline_verifier

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("weak", ["unsupported", "external_unknown", "overstated"])
def test_low_confid_verdict_with_partial_evidence(world, api_user, weak):
    provider = scripted_provider(
        executor=[honest_step()], verifier=[verifier_reply("PASS", verification={"c2": weak})]
    )
    run = ask(api_user, provider)
    ve = verifier_evaluation(run)
    assert (ve["model_verdict"], ve["rule_verdict"], ve["effective_verdict"]) == (
        "PASS",
        "LOW_CONFID",
        "LOW_CONFID",
    )
    assert (run.outcome, run.verdict) == ("low_confid", "LOW_CONFID")
    assert ALERT_CLAIM not in stated_as_confirmed(run.final_answer)


def test_low_confid_verdict_with_only_inference_support(world, api_user):
    provider = scripted_provider(
        executor=[honest_step()], verifier=[verifier_reply("PASS", verification="reasonable_inference")]
    )
    run = ask(api_user, provider)
    ve = verifier_evaluation(run)
    assert (ve["model_verdict"], ve["effective_verdict"]) == ("PASS", "LOW_CONFID")
    assert ve["groundedness_score"] == pytest.approx(0.6)
    assert run.outcome == "low_confid"


def test_reject_verdict_when_claims_contradict_evidence(world, api_user):
    provider = scripted_provider(
        executor=[honest_step()], verifier=[verifier_reply("PASS", verification={"c1": "contradicted"})]
    )
    run = ask(api_user, provider)
    ve = verifier_evaluation(run)
    assert (ve["rule_verdict"], ve["effective_verdict"], ve["groundedness_score"]) == (
        "REJECT",
        "REJECT",
        0.0,
    )
    assert run.final_answer.startswith(LEAD_REJECT)
    assert POOL_CLAIM not in run.final_answer


def test_reject_verdict_when_a_claim_fabricates_a_key_entity(world, api_user):
    """The excerpt is a real span (the Gatekeeper passes it) but the claim states an error code the
    evidence does not have; the offline Verifier classifies it contradicted → REJECT."""

    def content(logs, metrics):
        return contract(
            [claim("c1", "10:05:13 payment-service 的 POST /api/pay 返回 HTTP 502", [binding_for(logs, 0)])]
        )

    provider = with_offline_verifier(scripted_provider(executor=[step(content)]))
    run = ask(api_user, provider)
    ve = verifier_evaluation(run)
    assert ve["gatekeeper_result"]["status"] == "pass"
    assert [c["verification"] for c in ve["claim_checks"]] == ["contradicted"]
    assert (ve["model_verdict"], ve["effective_verdict"], run.outcome) == ("REJECT", "REJECT", "reject")
    assert "HTTP 502" not in run.final_answer


@pytest.mark.parametrize(
    "fabricated",
    ["数据库返回错误码 ERR_DB_TIMEOUT", "抛出 NullPointerException"],
    ids=["error_code", "exception_name"],
)
def test_reject_verdict_when_a_claim_fabricates_an_error_code(world, api_user, fabricated):
    text = f"10:05:12 payment-service {fabricated}"

    def content(results, tools):
        logs = next(r for r in tools.history() if r.tool_name == "query_logs" and r.status == "success")
        return contract([claim("c1", text, [binding_for(logs, 1)])])

    provider = with_offline_verifier(
        scripted_provider(
            executor=[ExecutorStep(calls=[LOGS], content=content), ExecutorStep(content=content)]
        )
    )
    run = ask(api_user, provider)
    ve = verifier_evaluation(run)
    assert ve["gatekeeper_result"]["status"] == "pass"
    assert (ve["model_verdict"], run.outcome) == ("REJECT", "reject")


def test_verified_structured_claims_are_the_only_verification_target(world, api_user):
    """c2 lost its only binding at the Gatekeeper; a Verifier that still checks c2 (and invents c9)
    has those checks dropped and recorded, and neither can be confirmed."""

    def content(logs, metrics):
        imprecise = binding_for(metrics, 0)
        del imprecise["raw_path"]
        return contract(
            [claim("c1", POOL_CLAIM, [binding_for(logs, 1)]), claim("c2", ALERT_CLAIM, [imprecise])]
        )

    ref = {
        "claim_id": "c1",
        "source_invocation_id": "inv_1",
        "tool_name": "query_logs",
        "raw_path": "/records/1",
    }
    checks = [
        {
            "claim_id": "c1",
            "verification": "direct_observation",
            "is_critical": True,
            "detail": "",
            "evidence_refs": [ref],
        },
        {
            "claim_id": "c2",
            "verification": "direct_observation",
            "is_critical": True,
            "detail": "",
            "evidence_refs": [],
        },
        {
            "claim_id": "c9",
            "verification": "direct_observation",
            "is_critical": True,
            "detail": "",
            "evidence_refs": [],
        },
    ]
    provider = scripted_provider(executor=[step(content)], verifier=[claim_checks_reply(checks)])
    run = ask(api_user, provider)
    sent = json.loads(provider.verifier.inputs[0])
    assert [c["claim_id"] for c in sent["verified_executor_output"]["claims"]] == ["c1"]
    ve = verifier_evaluation(run)
    assert [c["claim_id"] for c in ve["claim_checks"]] == ["c1"]
    assert [c["claim_id"] for c in ve["facts_checked"]] == ["c1"]
    assert ve["dropped_claim_checks"] == [
        {"claim_id": "c2", "reason": DROP_UNKNOWN_CLAIM},
        {"claim_id": "c9", "reason": DROP_UNKNOWN_CLAIM},
    ]
    assert "HighErrorRate" not in stated_as_confirmed(run.final_answer)


def test_a_claim_without_matching_verified_evidence_is_not_direct_observation():
    claims = [
        {"claim_id": "c1", "claim_text": "连接池耗尽"},
        {"claim_id": "c2", "claim_text": "HighErrorRate 触发"},
    ]
    evidence = [
        {
            "claim_id": "c1",
            "source_invocation_id": "inv_1",
            "tool_name": "query_logs",
            "raw_path": "/records/1",
            "matched_text": "HikariPool-1 - Connection is not available",
        }
    ]
    reply = {
        "verdict": "PASS", "groundedness_score": 1.0, "critical_fact_count": 2, "rationale": "",
        "claim_checks": [
            {"claim_id": "c1", "verification": "direct_observation", "is_critical": True, "detail": "",
             "evidence_refs": [{k: evidence[0][k] for k in ("claim_id", "source_invocation_id", "tool_name", "raw_path")}]},
            {"claim_id": "c2", "verification": "direct_observation", "is_critical": True, "detail": "", "evidence_refs": []},
        ],
    }  # fmt: skip
    out = parse_verifier_reply(json.dumps(reply), verified_claims=claims, verified_evidence=evidence, queries={}).output
    assert out is not None
    assert [c.verification for c in out.claim_checks][1] != "direct_observation"


def test_a_claim_whose_verified_evidence_was_cut_is_never_confirmed_as_direct_observation(world, api_user):
    def content(logs, metrics):
        bindings = [
            binding_for(logs, 0),
            binding_for(logs, 1),
            binding_for(metrics, 0),
            binding_for(metrics, 1),
        ]
        return contract([claim(f"c{i}", POOL_CLAIM, bindings) for i in range(1, 32)])  # 31 × 4 = 124 > 120

    provider = scripted_provider(executor=[step(content)], verifier=[verifier_reply("PASS")])
    run = ask(api_user, provider)
    sent = json.loads(provider.verifier.inputs[0])
    seen_evidence = {e["claim_id"] for e in sent["verified_evidence"]}
    ve = verifier_evaluation(run)
    direct = [c["claim_id"] for c in ve["claim_checks"] if c["verification"] == "direct_observation"]
    assert direct, "the scenario needs direct observations to check"
    assert [cid for cid in direct if cid not in seen_evidence] == []
