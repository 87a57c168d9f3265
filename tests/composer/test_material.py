"""Composer material: Verifier-allowed material only (spec "PASS uses Composer-safe output",
"LOW_CONFID uses Composer-safe uncertainty output", "REJECT uses degraded template")."""

from __future__ import annotations

from diagnosis.composer.material import build_material, material_text
from tests.composer.builders import EVIDENCE, GAP, OUTPUT, checks
from tests.projection import verified_evidence, verified_output


def material(verdict, claim_checks, gaps=()):
    return build_material(question="q", verdict=verdict, claim_checks=claim_checks, evidence_gaps=list(gaps),
                          verified_output=verified_output(OUTPUT), verified_evidence=verified_evidence(EVIDENCE))


def confirmed_ids(m):
    return [c.claim_id for c in m.confirmed]


def test_pass_confirms_direct_and_inference_claims_with_their_evidence():
    m = material("PASS", checks(c1="direct_observation", c2="reasonable_inference"))
    assert m.route == "pass"
    assert confirmed_ids(m) == ["c1", "c2"]
    assert m.confirmed[0].evidence[0].model_dump() == {
        "invocation_id": "inv_1", "tool_name": "query_logs", "raw_path": "/records/0", "matched_text": EVIDENCE[0]["matched_text"]
    }
    assert m.directions == ["连接泄漏"]
    assert m.next_steps == ["临时扩大连接池上限"]
    assert m.gaps == []


def test_low_confid_confirms_only_direct_observations():
    m = material("LOW_CONFID", checks(c1="direct_observation", c2="reasonable_inference", c3="unsupported", c4="overstated"), [GAP])
    assert confirmed_ids(m) == ["c1"]
    assert "连接泄漏" in m.directions
    assert any("HighErrorRate" in d and "未直接验证" in d for d in m.directions)
    assert m.gaps[0] == "缺少慢查询日志"
    assert any("根因是慢查询占满连接池" in g and "未作为结论" in g for g in m.gaps)
    assert any("order-service 同时出现 502" in g for g in m.gaps)
    assert "使用 query_logs 补充查询：slow query" in m.next_steps


def test_unsupported_claims_are_never_confirmed():
    for verdict in ("PASS", "LOW_CONFID", "REJECT"):
        m = material(verdict, checks(c1="unsupported", c2="external_unknown", c3="overstated", c4="contradicted"))
        assert m.confirmed == []


def test_contradicted_claims_never_appear_as_facts():
    for verdict in ("LOW_CONFID", "REJECT"):
        m = material(verdict, checks(c1="direct_observation", c4="contradicted"))
        assert "order-service 同时出现 502" not in material_text(m)
        assert any("1 条说法与查询到的证据相矛盾" in g for g in m.gaps)


def test_reject_produces_bounded_material_without_root_cause():
    m = material("REJECT", checks(c1="direct_observation", c2="direct_observation", c3="direct_observation", c4="contradicted"), [GAP])
    assert m.route == "reject"
    assert confirmed_ids(m) == ["c1", "c2"]  # the root_cause claim is never confirmed on REJECT
    assert m.directions == []
    assert "临时扩大连接池上限" not in m.next_steps  # recommendations of a rejected answer are not repeated
    assert m.gaps[0] == "缺少慢查询日志"
    assert "根因是慢查询占满连接池" not in material_text(m)


def test_material_never_contains_missing_info_or_raw_executor_fields():
    m = material("LOW_CONFID", checks(c1="direct_observation"))
    assert "MISSING-INFO-TEXT" not in material_text(m)


def test_checks_for_unverified_claims_are_ignored():
    m = material("PASS", checks(c1="direct_observation", c9="direct_observation"))
    assert confirmed_ids(m) == ["c1"]
