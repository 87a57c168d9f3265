"""Spec 001 "Verifier facts SHALL be auditable": every persisted evidence ref — of a claim check
or of a facts_checked item — corresponds to verified evidence of this run; a ref to a failed or
unverified binding is dropped and the drop is recorded."""

from __future__ import annotations

import json

import pytest

from diagnosis.agents.scripted import binding_for, claim, contract, scripted_provider
from diagnosis.verification.protocol import (
    DROP_REF_OTHER_CLAIM,
    DROP_REF_UNMATCHED,
    REF_KEYS,
    parse_verifier_reply,
)
from tests.graph.scripts import ALERT_CLAIM, POOL_CLAIM, ask, step, verifier_evaluation
from tests.spec.support import claim_checks_reply

pytestmark = pytest.mark.django_db

PASSED = {
    "claim_id": "c1",
    "source_invocation_id": "inv_1",
    "tool_name": "query_logs",
    "raw_path": "/records/1",
}
FAILED = {
    "claim_id": "c1",
    "source_invocation_id": "inv_2",
    "tool_name": "query_metrics",
    "raw_path": "/alerts/0",
}
UNVERIFIED = {
    "claim_id": "c1",
    "source_invocation_id": "inv_1",
    "tool_name": "query_logs",
    "raw_path": "/records/0",
}


def test_claim_check_evidence_refs_never_reference_a_failed_or_unverified_binding(world, api_user):
    """c1 has a passed binding (/records/1) and a failed one (the alert, no raw_path); c2's only
    binding failed. The Verifier cites the failed binding, an unbound record and c2's material."""

    def content(logs, metrics):
        imprecise = binding_for(metrics, 0)
        del imprecise["raw_path"]
        return contract(
            [
                claim("c1", POOL_CLAIM, [binding_for(logs, 1), imprecise]),
                claim("c2", ALERT_CLAIM, [imprecise]),
            ]
        )

    check = {
        "claim_id": "c1",
        "verification": "direct_observation",
        "is_critical": True,
        "detail": "",
        "evidence_refs": [PASSED, FAILED, UNVERIFIED, {**PASSED, "claim_id": "c2"}],
    }
    provider = scripted_provider(
        executor=[step(content)], verifier=[claim_checks_reply([check], verdict="LOW_CONFID")]
    )
    run = ask(api_user, provider)
    ve = verifier_evaluation(run)
    assert [c["evidence_refs"] for c in ve["claim_checks"]] == [[PASSED]]
    assert [(d["ref"], d["reason"]) for d in ve["dropped_evidence_refs"]] == [
        (FAILED, DROP_REF_UNMATCHED),
        (UNVERIFIED, DROP_REF_UNMATCHED),
        ({**PASSED, "claim_id": "c2"}, DROP_REF_OTHER_CLAIM),
    ]
    verified = [{k: e[k] for k in REF_KEYS} for e in ve["verified_evidence"]]
    assert all(r in verified for c in ve["claim_checks"] + ve["facts_checked"] for r in c["evidence_refs"])
    assert "/alerts/0" not in json.dumps(ve["verified_evidence"])


def test_model_facts_checked_evidence_refs_point_only_at_verified_evidence():
    claims = [{"claim_id": "c1", "claim_text": "连接池耗尽"}]
    evidence = [{**PASSED, "matched_text": "HikariPool-1 - Connection is not available"}]
    reply = {
        "verdict": "PASS", "groundedness_score": 1.0, "critical_fact_count": 1, "rationale": "",
        "claim_checks": [{"claim_id": "c1", "verification": "direct_observation", "evidence_refs": [PASSED]}],
        "facts_checked": [{"fact": "连接池耗尽", "claim_id": "c1", "is_critical": True, "verification": "direct_evidence",
                           "detail": "", "evidence_refs": [PASSED, FAILED, UNVERIFIED, {"trace_ref": "trace:1:query_logs:inv_1"}]}],
    }  # fmt: skip
    out = parse_verifier_reply(json.dumps(reply), verified_claims=claims, verified_evidence=evidence, queries={}).output
    assert out is not None and out.facts_checked_source == "model"
    assert [ref.model_dump() for ref in out.facts_checked[0].evidence_refs] == [PASSED]
