"""The canonical Verifier input (DESIGN §5.3; spec 001 "explicit input blocks available to
Verifier", "Verifier remains isolated from intermediate and raw material", "only passed
bindings are available", "gatekeeper audit and ceiling are available")."""

from __future__ import annotations

import hashlib
import json

from contracts.gatekeeper import GatekeeperResult
from contracts.verifier import EvidenceGap
from diagnosis.verification import verifier_input as V
from tests.projection import verified_evidence, verified_output

OUTPUT = {
    "answer_version": "executor_evidence_v2",
    "claims": [
        {
            "claim_id": "c1",
            "claim_type": "observation",
            "claim_text": "10:05:12 起 payment-service 数据库连接池耗尽",
            "support_level": "direct",
            "evidence_bindings": [
                {"source_type": "log", "tool_name": "query_logs", "source_invocation_id": "inv_1",
                 "raw_path": "/records/0", "evidence_excerpt": "Connection is not available"}
            ],
        }
    ],
    "hypotheses": [{"text": "慢查询"}],
    "recommended_actions": [{"action": "扩容"}],
    "missing_info": [],
}
EVIDENCE = [
    {"claim_id": "c1", "source_invocation_id": "inv_1", "tool_name": "query_logs", "raw_path": "/records/0",
     "matched_text": "Connection is not available"}
]
GK = GatekeeperResult.model_validate({
    "status": "fail",
    "severity": "low_confid",
    "rule_set_version": "r1",
    "rules": [{"id": "schema.executor_v2", "description": "long description", "enabled": True,
               "default_severity": "reject"}],
    "checked_bindings": [
        {"claim_id": "c1", "binding_index": 0, "source_invocation_id": "inv_1", "tool_name": "query_logs",
         "raw_path": "/records/0", "passed": True, "severity": "none", "matched_text": "Connection is not available"},
        {"claim_id": "c2", "binding_index": 0, "source_invocation_id": "inv_1", "tool_name": "query_logs",
         "passed": False, "severity": "low_confid", "matched_text": None,
         "messages": ["FAILED-BINDING-MATERIAL"], "raw_path": "/secret"},
    ],
    "failed_rules": ["evidence.raw_path_missing"],
    "warnings": [],
    "errors": ["claims[1]: binding has no raw_path"],
})


def build(**overrides) -> V.VerifierInput:
    args = dict(
        question="payment-service 为什么 500？",
        round_no=1,
        mode="NORMAL",
        reference_time="2026-11-28T10:30:00+08:00",
        timezone="Asia/Shanghai",
        verified_output=verified_output(OUTPUT),
        verified_evidence=verified_evidence(EVIDENCE),
        gatekeeper_result=GK,
        verdict_ceiling="LOW_CONFID",
    )
    args.update(overrides)
    return V.build_verifier_input(**args)


def test_explicit_input_blocks_available_to_verifier():
    payload = build().payload
    assert set(payload) == {"diagnosis_context", "verified_executor_output", "verified_evidence", "gatekeeper_audit", "verdict_ceiling"}
    assert set(payload["diagnosis_context"]) == {"original_query", "round", "mode", "reference_time", "timezone"}
    assert payload["verdict_ceiling"] == "LOW_CONFID"


def test_retry_context_only_in_retry_round():
    assert "retry_context" not in build().payload
    context = V.build_retry_context(previous_verdict="LOW_CONFID", evidence_gaps=[EvidenceGap(claim_id="c1", gap="g", is_critical=True,
                                    suggested_tool="query_metrics", suggested_query="q")], supplementary_invocation_ids=["inv_4"])
    payload = build(round_no=2, mode="EVIDENCE_GAP_ONLY", retry_context=context).payload
    assert payload["retry_context"] == {
        "previous_verdict": "LOW_CONFID",
        "evidence_gaps": [{"claim_id": "c1", "gap": "g", "is_critical": True, "suggested_tool": "query_metrics", "suggested_query": "q"}],
        "supplementary_invocation_ids": ["inv_4"],
    }


def test_verified_evidence_preserves_precise_references():
    item = build().payload["verified_evidence"][0]
    assert set(item) == {"claim_id", "source_invocation_id", "tool_name", "raw_path", "matched_text"}


def test_gatekeeper_audit_and_ceiling_are_available_without_failed_binding_material():
    audit = build().payload["gatekeeper_audit"]
    assert audit == {
        "status": "fail",
        "severity": "low_confid",
        "rule_set_version": "r1",
        "failed_rules": ["evidence.raw_path_missing"],
        "warnings": [],
        "errors": ["claims[1]: binding has no raw_path"],
        "bindings": {"total": 2, "passed": 1, "failed": 1},
    }
    text = build().text
    assert "FAILED-BINDING-MATERIAL" not in text and "/secret" not in text
    assert "long description" not in text  # rule metadata is audit, not verifier input


def test_canonical_json_is_sorted_compact_and_utf8():
    vi = build()
    assert vi.text == json.dumps(vi.payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert "数据库连接池耗尽" in vi.text  # not \u-escaped
    assert '", "' not in vi.text and '": ' not in vi.text  # fixed separators
    assert vi.sha256 == hashlib.sha256(vi.text.encode("utf-8")).hexdigest()


def test_building_twice_gives_byte_identical_input():
    assert build().text.encode() == build().text.encode()
    reordered = dict(reversed(list(OUTPUT.items())))
    assert build(verified_output=verified_output(reordered)).text == build().text


def test_verifier_input_is_bounded_and_records_the_cut():
    claims = [dict(OUTPUT["claims"][0], claim_id=f"c{i}", claim_text="长" * 5000) for i in range(V.MAX_CLAIMS + 5)]
    evidence = [dict(EVIDENCE[0], claim_id=f"c{i}") for i in range(V.MAX_CLAIMS + 5)]
    vi = build(verified_output=verified_output(dict(OUTPUT, claims=claims)), verified_evidence=verified_evidence(evidence))
    out = vi.payload["verified_executor_output"]
    assert len(out["claims"]) == V.MAX_CLAIMS
    assert all(len(c["claim_text"]) <= V.MAX_TEXT_CHARS for c in out["claims"])
    # evidence follows the kept claims only
    assert {e["claim_id"] for e in vi.payload["verified_evidence"]} == {c["claim_id"] for c in out["claims"]}
    assert any("claims:" in note for note in vi.truncation)
    assert any("claim_text" in note for note in vi.truncation)


def test_verifier_input_excludes_unknown_projection_keys():
    vi = build(verified_output=verified_output(dict(OUTPUT, user_facing_answer="RAW", diagnosis_summary="RAW")))
    assert "RAW" not in vi.text
