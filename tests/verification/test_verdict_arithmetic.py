"""Deterministic verdict arithmetic (DESIGN §5.5; spec 000/001 verdict scenarios)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contracts.verifier import EvidenceGap
from diagnosis.verification.verdict import (
    CLAIM_TO_FACT,
    LOW_CONFID,
    PASS,
    REJECT,
    VERIFICATIONS,
    effective_verdict,
    evidence_retry_qualifies,
    groundedness_from_claim_checks,
    groundedness_score,
    rule_verdict,
    valid_critical_gaps,
    verdict_min,
)
from tests.projection import claim_checks as typed_checks


def checks(*kinds: str, critical: bool = True) -> list[dict]:
    return [{"claim_id": f"c{i}", "verification": k, "is_critical": critical} for i, k in enumerate(kinds, 1)]


# --- groundedness ----------------------------------------------------------------------------
def test_contradicted_fact_forces_reject():
    claim_checks = checks("direct_observation", "contradicted")
    assert rule_verdict(typed_checks(claim_checks)) == REJECT
    assert groundedness_from_claim_checks(typed_checks(claim_checks)) == 0.0
    assert effective_verdict(model_verdict=PASS, rule_verdict=rule_verdict(typed_checks(claim_checks)), ceiling=PASS) == REJECT


def test_score_derived_from_supported_facts():
    # direct_evidence=1.0, indirect_support=0.6, no_evidence=0.0 — the mean over critical facts
    assert groundedness_from_claim_checks(typed_checks(checks("direct_observation", "reasonable_inference"))) == pytest.approx(0.8)
    assert groundedness_from_claim_checks(typed_checks(checks("direct_observation", "overstated", "unsupported"))) == pytest.approx(
        (1.0 + 0.6 + 0.0) / 3
    )
    assert groundedness_from_claim_checks(typed_checks(checks("external_unknown"))) == 0.0


def test_score_ignores_non_critical_facts():
    claim_checks = checks("direct_observation") + [{"claim_id": "x", "verification": "unsupported", "is_critical": False}]
    assert groundedness_from_claim_checks(typed_checks(claim_checks)) == 1.0


def test_score_is_zero_without_critical_facts():
    assert groundedness_score([]) == 0.0
    assert groundedness_from_claim_checks(typed_checks(checks("direct_observation", critical=False))) == 0.0


def test_claim_checks_are_mapped_to_legacy_facts():
    assert CLAIM_TO_FACT == {
        "direct_observation": "direct_evidence",
        "reasonable_inference": "indirect_support",
        "overstated": "indirect_support",
        "unsupported": "no_evidence",
        "external_unknown": "no_evidence",
        "contradicted": "contradicted",
    }


# --- rule verdict ----------------------------------------------------------------------------
def test_pass_verdict_when_all_claims_have_evidence():
    assert rule_verdict(typed_checks(checks("direct_observation", "reasonable_inference"))) == PASS
    assert rule_verdict(typed_checks(checks("direct_observation"))) == PASS


@pytest.mark.parametrize("weak", ["unsupported", "external_unknown", "overstated"])
def test_low_confid_verdict_with_partial_evidence(weak):
    assert rule_verdict(typed_checks(checks("direct_observation", weak))) == LOW_CONFID


def test_low_confid_verdict_with_only_inference_support():
    assert rule_verdict(typed_checks(checks("reasonable_inference", "reasonable_inference"))) == LOW_CONFID


def test_no_critical_claims_is_low_confid():
    assert rule_verdict(typed_checks([])) == LOW_CONFID
    assert rule_verdict(typed_checks(checks("direct_observation", critical=False))) == LOW_CONFID


def test_check_without_is_critical_counts_as_critical():
    assert rule_verdict(typed_checks([{"claim_id": "c1", "verification": "contradicted"}])) == REJECT


# --- effective verdict -----------------------------------------------------------------------
def test_effective_verdict_is_the_minimum():
    assert verdict_min(PASS, LOW_CONFID, PASS) == LOW_CONFID
    assert verdict_min(PASS, PASS, REJECT) == REJECT
    assert verdict_min("garbage", PASS) == REJECT  # unknown values fail closed


def test_low_confidence_severity_prevents_pass():
    assert effective_verdict(model_verdict=PASS, rule_verdict=PASS, ceiling=LOW_CONFID) == LOW_CONFID


def test_reject_severity_prevents_pass():
    assert effective_verdict(model_verdict=PASS, rule_verdict=PASS, ceiling=REJECT) == REJECT


def test_model_verdict_bounds_the_rule_verdict():
    assert effective_verdict(model_verdict=LOW_CONFID, rule_verdict=PASS, ceiling=PASS) == LOW_CONFID


# --- retry decision --------------------------------------------------------------------------
GAP = EvidenceGap(claim_id="c1", gap="缺少指标", is_critical=True, suggested_tool="query_metrics", suggested_query="x")


def qualifies(**overrides) -> bool:
    args = dict(effective=LOW_CONFID, ceiling=PASS, evidence_gaps=[GAP], verified_claim_ids=["c1"], evidence_retry_count=0)
    args.update(overrides)
    return evidence_retry_qualifies(**args)


def test_low_confid_qualifies_for_evidence_retry():
    assert qualifies()


def test_low_confid_does_not_qualify_when_ceiling_is_low_confid():
    assert not qualifies(ceiling=LOW_CONFID)


def test_low_confid_does_not_qualify_without_valid_critical_gap():
    assert not qualifies(evidence_gaps=[])
    assert not qualifies(evidence_gaps=[GAP.model_copy(update={"is_critical": False})])
    assert not qualifies(evidence_gaps=[GAP.model_copy(update={"claim_id": "c9"})])  # not a verified claim
    assert not qualifies(evidence_gaps=[GAP.model_copy(update={"claim_id": None})])
    assert not qualifies(evidence_gaps=[GAP.model_copy(update={"suggested_tool": "get_current_time"})])  # not an evidence tool
    assert not qualifies(evidence_gaps=[GAP.model_copy(update={"suggested_tool": None})])


def test_low_confid_does_not_qualify_when_retry_count_is_one():
    assert not qualifies(evidence_retry_count=1)


def test_reject_does_not_qualify_for_evidence_retry():
    assert not qualifies(effective=REJECT)
    assert not qualifies(effective=PASS)


def test_retry_is_not_decided_by_groundedness_threshold():
    # The decision function has no groundedness input at all (spec 001: "SHALL NOT use
    # groundedness threshold"): same inputs, same answer whatever the score would be.
    import inspect

    assert "groundedness" not in inspect.signature(evidence_retry_qualifies).parameters


def test_valid_critical_gaps_keeps_only_valid_ones():
    gaps = [GAP, GAP.model_copy(update={"suggested_tool": "shell"}), GAP.model_copy(update={"is_critical": False})]
    assert valid_critical_gaps(gaps, ["c1"]) == [GAP]


# --- properties ------------------------------------------------------------------------------
verdicts = st.sampled_from([PASS, LOW_CONFID, REJECT])
check_lists = st.lists(
    st.fixed_dictionaries(
        {"claim_id": st.text(min_size=1, max_size=3), "verification": st.sampled_from(VERIFICATIONS), "is_critical": st.booleans()}
    ),
    max_size=12,
)
RANK = {REJECT: 0, LOW_CONFID: 1, PASS: 2}


@given(check_lists, verdicts, verdicts)
def test_effective_never_exceeds_ceiling_nor_model(claim_checks, model, ceiling):
    effective = effective_verdict(model_verdict=model, rule_verdict=rule_verdict(typed_checks(claim_checks)), ceiling=ceiling)
    assert RANK[effective] <= RANK[ceiling]
    assert RANK[effective] <= RANK[model]
    assert RANK[effective] <= RANK[rule_verdict(typed_checks(claim_checks))]


@given(check_lists)
def test_groundedness_always_in_unit_interval(claim_checks):
    assert 0.0 <= groundedness_from_claim_checks(typed_checks(claim_checks)) <= 1.0


@given(check_lists)
def test_contradicted_critical_implies_reject_and_zero(claim_checks):
    if any(c["verification"] == "contradicted" and c["is_critical"] for c in claim_checks):
        assert rule_verdict(typed_checks(claim_checks)) == REJECT
        assert groundedness_from_claim_checks(typed_checks(claim_checks)) == 0.0


@given(check_lists)
def test_rule_pass_requires_direct_observation_and_half_groundedness(claim_checks):
    if rule_verdict(typed_checks(claim_checks)) == PASS:
        critical = [c for c in claim_checks if c["is_critical"]]
        assert any(c["verification"] == "direct_observation" for c in critical)
        assert all(c["verification"] in ("direct_observation", "reasonable_inference") for c in critical)
        assert groundedness_from_claim_checks(typed_checks(claim_checks)) >= 0.5
