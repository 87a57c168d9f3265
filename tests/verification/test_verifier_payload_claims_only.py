"""Spec 001 "Verifier SHALL fact-check Executor answers" / issue 10 item 5: the Verifier input carries
the verified claims and their verified evidence only — no hypotheses, recommended actions or missing
info (the Composer still gets those through its own material)."""

from __future__ import annotations

from contracts.gatekeeper import GatekeeperResult
from diagnosis.composer.material import build_material
from diagnosis.verification.verifier_input import bounded_projection, build_verifier_input
from tests.projection import verified_evidence, verified_output

EVIDENCE = [{"claim_id": "c1", "source_invocation_id": "inv_1", "tool_name": "query_logs", "raw_path": "/records/0",
             "matched_text": "2026-11-28 10:05:12 payment-service ERROR HTTP 500"}]
PROJECTION = {
    "answer_version": "executor_evidence_v2",
    "claims": [{"claim_id": "c1", "claim_type": "observation", "claim_text": "payment-service 10:05:12 报 500",
                "evidence_bindings": [{"source_invocation_id": "inv_1", "tool_name": "query_logs", "raw_path": "/records/0"}]}],
    "hypotheses": [{"hypothesis_id": "h1", "text": "HYPOTHESIS-MARKER"}],
    "recommended_actions": [{"action": "ACTION-MARKER", "basis": "runbook"}],
    "missing_info": [{"item": "MISSING-MARKER"}],
}


def test_the_verifier_input_has_claims_and_evidence_but_no_hypotheses_actions_or_missing_info():
    vi = build_verifier_input(
        question="q", round_no=1, mode="NORMAL", reference_time="2026-11-28T10:30:00+08:00", timezone="Asia/Shanghai",
        verified_output=verified_output(PROJECTION), verified_evidence=verified_evidence(EVIDENCE),
        gatekeeper_result=GatekeeperResult(status="pass", severity="none", rule_set_version="test", rules=[]), verdict_ceiling="PASS",
    )
    assert set(vi.payload["verified_executor_output"]) == {"answer_version", "claims"}
    for marker in ("HYPOTHESIS-MARKER", "ACTION-MARKER", "MISSING-MARKER"):
        assert marker not in vi.text


def test_the_composer_still_gets_hypotheses_and_actions():
    output, evidence, _ = bounded_projection(verified_output(PROJECTION), verified_evidence(EVIDENCE))
    material = build_material(
        question="q", verdict="PASS",
        claim_checks=[{"claim_id": "c1", "verification": "direct_observation", "is_critical": True}],
        evidence_gaps=[], verified_output=verified_output(output), verified_evidence=verified_evidence(evidence),
    )
    assert "HYPOTHESIS-MARKER" in material.directions and "ACTION-MARKER" in material.next_steps
