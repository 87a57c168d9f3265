"""Negative observations bound to the system-side ``/query`` element (DESIGN §10.1): they pass the
Gatekeeper, answer an ``existence`` question, and are a direct observation only when they restate
the query's scope and count exactly — for the model's reply (shared parser) and the offline Verifier."""

from __future__ import annotations

import json

import pytest

import gatekeeper
from contracts.asked import Asked, AskedWindow
from diagnosis.agents.offline.verifying import verify
from diagnosis.tools.query_ref import query_element
from diagnosis.verification.coverage import check_coverage
from diagnosis.verification.protocol import DOWNGRADE_QUERY_NOT_RESTATED, parse_verifier_reply
from diagnosis.verification.query_claims import query_direct_allowed, restates_query
from tests.projection import claim_checks as typed_checks

WINDOW = {"start": "2026-11-28T08:00:00+08:00", "end": "2026-11-28T12:00:00+08:00"}
ELEMENT = query_element("query_logs", {"service": "edge-node", "level": "ERROR"}, WINDOW, 0)
QUERY = ELEMENT.text
QUERIES = {"inv_1": ELEMENT}
RESTATING = f"edge-node 在 2026-11-28 08:00–12:00 没有 ERROR 及以上级别的日志（{QUERY}）"
NO_HIT = {"invocation_id": "inv_1", "tool_name": "query_logs", "status": "no_hit",
          "evidence_refs": [{"raw_path": "/query", "text": QUERY, "source_id": "", "label": "query"}]}
ASKED = Asked(kind="existence", services=["edge-node"], window=AskedWindow(**WINDOW))


def claim(text: str, claim_type: str = "negative_observation", excerpt: str = QUERY) -> dict:
    return {"claim_id": "c1", "claim_type": claim_type, "claim_text": text, "support_level": "direct",
            "evidence_bindings": [{"source_type": "log", "tool_name": "query_logs", "source_invocation_id": "inv_1",
                                   "raw_path": "/query", "evidence_excerpt": excerpt}]}


def contract(*claims: dict) -> str:
    return json.dumps({"answer_version": "executor_evidence_v2", "claims": list(claims), "hypotheses": [],
                       "recommended_actions": [], "missing_info": []}, ensure_ascii=False)


def evidence(matched: str = QUERY) -> list[dict]:
    return [{"claim_id": "c1", "source_invocation_id": "inv_1", "tool_name": "query_logs", "raw_path": "/query",
             "matched_text": matched}]


def model_reply(verification: str = "direct_observation") -> str:
    return json.dumps({"verdict": "PASS", "groundedness_score": 1.0, "claim_checks": [
        {"claim_id": "c1", "verification": verification, "is_critical": True, "detail": "",
         "evidence_refs": [{"claim_id": "c1", "source_invocation_id": "inv_1", "tool_name": "query_logs",
                            "raw_path": "/query"}]}], "evidence_gaps": [], "rationale": ""})


def test_a_negative_observation_bound_to_a_no_hit_query_passes_the_gatekeeper():
    result = gatekeeper.check(contract(claim(RESTATING)), [NO_HIT])
    assert result.severity == "none" and result.checked_bindings[0].passed
    projection = gatekeeper.project(contract(claim(RESTATING)), result)
    assert projection.verdict_ceiling == "PASS"
    assert projection.verified_evidence[0].matched_text == QUERY


def test_a_restating_negative_observation_covers_an_existence_question():
    checks = [{"claim_id": "c1", "verification": "direct_observation", "is_critical": True}]
    coverage = check_coverage(asked=ASKED, question="边缘节点今天上午有没有 5xx 或者告警？",
                              claims=[claim(RESTATING)], claim_checks=typed_checks(checks), verified_evidence=evidence(),
                              catalog=[["edge-node", "边缘节点"]])
    assert coverage.status == "answered" and coverage.covering_claims == ["c1"]


def test_the_model_may_call_a_restating_negative_observation_a_direct_observation():
    parsed = parse_verifier_reply(model_reply(), verified_claims=[claim(RESTATING)], verified_evidence=evidence(),
                                  queries=QUERIES)
    assert parsed.ok and parsed.output.claim_checks[0].verification == "direct_observation"


@pytest.mark.parametrize(
    "text",
    [
        RESTATING.replace("→ 0 条记录", "→ 3 条记录"),  # another count
        RESTATING.replace("08:00–12:00", "08:00–10:00"),  # another window
        RESTATING.replace("service=edge-node", "service=payment-service"),  # another scope
        "edge-node 今天上午一切正常，没有任何错误",  # no restatement at all
    ],
    ids=["count", "window", "scope", "none"],
)
def test_a_negative_observation_that_does_not_restate_the_query_is_not_direct(text):
    parsed = parse_verifier_reply(model_reply(), verified_claims=[claim(text)], verified_evidence=evidence(),
                                  queries=QUERIES)
    assert parsed.ok
    assert parsed.output.claim_checks[0].verification == "unsupported"
    assert parsed.output.downgraded_claim_checks[0]["reason"] == DOWNGRADE_QUERY_NOT_RESTATED
    offline = verify({"diagnosis_context": {"original_query": "边缘节点今天上午有没有 5xx？"},
                      "verified_executor_output": {"claims": [claim(text)]}, "verified_evidence": evidence(),
                      "verdict_ceiling": "PASS"})
    assert offline["claim_checks"][0]["verification"] == "unsupported"


def test_the_offline_verifier_confirms_an_exact_restatement():
    offline = verify({"diagnosis_context": {"original_query": "边缘节点今天上午有没有 5xx？"},
                      "verified_executor_output": {"claims": [claim(RESTATING)]}, "verified_evidence": evidence(),
                      "verdict_ceiling": "PASS"})
    assert offline["claim_checks"][0]["verification"] == "direct_observation"


def test_a_fragment_of_the_query_or_a_positive_claim_on_a_no_hit_is_not_a_restatement():
    assert restates_query(claim(RESTATING), evidence(), QUERIES)
    assert not restates_query(claim(RESTATING), evidence(matched="→ 0 条记录"), QUERIES)
    assert not restates_query(claim(RESTATING, claim_type="observation"), evidence(), QUERIES)  # no-hit ≠ positive fact


def test_a_positive_claim_may_restate_a_query_that_found_something():
    found = query_element("query_logs", {"service": "edge-node", "level": "ERROR"}, WINDOW, 3)
    text = f"edge-node 在 2026-11-28 08:00–12:00 有 3 条 ERROR 日志（{found.text}）"
    assert restates_query(claim(text, claim_type="observation"), evidence(matched=found.text), {"inv_1": found})


def test_a_restatement_is_judged_against_the_typed_element_of_the_verified_invocation():
    # The element of another invocation, or none at all: the verified text alone restates nothing.
    assert not restates_query(claim(RESTATING), evidence(), {"inv_2": ELEMENT})
    assert not restates_query(claim(RESTATING), evidence(), {})
    parsed = parse_verifier_reply(model_reply(), verified_claims=[claim(RESTATING)], verified_evidence=evidence(),
                                  queries={})
    assert parsed.output.claim_checks[0].verification == "unsupported"


def test_the_model_calling_a_fragment_restatement_direct_is_downgraded_by_the_shared_parser():
    fragment = "→ 0 条记录"
    parsed = parse_verifier_reply(model_reply(), verified_claims=[claim(RESTATING)],
                                  verified_evidence=evidence(matched=fragment), queries=QUERIES)
    assert parsed.output.claim_checks[0].verification == "unsupported"
    assert parsed.output.downgraded_claim_checks[0]["reason"] == DOWNGRADE_QUERY_NOT_RESTATED


def test_claims_with_other_evidence_are_not_judged_by_the_query_rule():
    other = [*evidence(), {"claim_id": "c1", "raw_path": "/records/0", "matched_text": "boom"}]
    assert query_direct_allowed(claim("payment-service 报错 boom"), other, {})


def test_a_binding_to_any_other_path_of_a_no_hit_call_is_refs_unavailable_not_a_reject():
    bound = claim("payment-service 10:05 报错", claim_type="observation", excerpt="报错")
    bound["evidence_bindings"][0]["raw_path"] = "/records/0"
    result = gatekeeper.check(contract(bound), [NO_HIT])
    assert result.failed_rules == ["evidence.refs_unavailable"] and result.severity == "low_confid"
