"""The shared Verifier protocol parser (DESIGN §5.4; spec "strict schema output", "claim checks
are mapped to legacy facts", "claim checks contain evidence refs")."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from diagnosis.verification import protocol as P

CLAIMS = [
    {"claim_id": "c1", "claim_text": "连接池耗尽"},
    {"claim_id": "c2", "claim_text": "HighErrorRate 触发"},
]
EVIDENCE = [
    {"claim_id": "c1", "source_invocation_id": "inv_1", "tool_name": "query_logs", "raw_path": "/records/0", "matched_text": "a"},
    {"claim_id": "c2", "source_invocation_id": "inv_2", "tool_name": "query_metrics", "raw_path": "/alerts/0", "matched_text": "b"},
]


def ref(i: int) -> dict:
    return {k: EVIDENCE[i][k] for k in P.REF_KEYS}


def reply(**overrides) -> dict:
    base = {
        "verdict": "PASS",
        "groundedness_score": 0.95,
        "critical_fact_count": 2,
        "claim_checks": [
            {"claim_id": "c1", "verification": "direct_observation", "is_critical": True, "detail": "ok", "evidence_refs": [ref(0)]},
            {"claim_id": "c2", "verification": "direct_observation", "is_critical": True, "detail": "ok", "evidence_refs": [ref(1)]},
        ],
        "evidence_gaps": [],
        "rationale": "两条关键事实均有直接证据",
    }
    base.update(overrides)
    return base


def parse(value) -> P.ParseResult:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return P.parse_verifier_reply(text, verified_claims=CLAIMS, verified_evidence=EVIDENCE, queries={})


def test_valid_reply_is_accepted():
    result = parse(reply())
    assert result.ok
    assert result.output.verdict == "PASS"
    assert [c.verification for c in result.output.claim_checks] == ["direct_observation"] * 2
    assert result.output.dropped_evidence_refs == []


def test_surrounding_whitespace_is_tolerated():
    assert parse("\n  " + json.dumps(reply()) + "  \n").ok


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", P.FAIL_EMPTY),
        ("   ", P.FAIL_EMPTY),
        ("好的，以下是结果：" + json.dumps(reply()), P.FAIL_NOT_JSON),
        ("```json\n" + json.dumps(reply()) + "\n```", P.FAIL_NOT_JSON),
        (json.dumps(reply()) + "\n" + json.dumps(reply()), P.FAIL_TRAILING),
        (json.dumps(reply()) + " 以上。", P.FAIL_TRAILING),
        (json.dumps([reply()]), P.FAIL_NOT_OBJECT),
        (json.dumps(reply())[:-20], P.FAIL_NOT_JSON),
        ("null", P.FAIL_NOT_OBJECT),
    ],
)
def test_strict_schema_output_requires_exactly_one_json_object(text, reason):
    result = parse(text)
    assert not result.ok
    assert result.reason == reason


def test_oversized_reply_is_a_protocol_failure():
    assert parse("{" + " " * P.MAX_REPLY_CHARS + "}").reason == P.FAIL_TOO_LONG


@pytest.mark.parametrize(
    "override",
    [
        {"verdict": "pass"},
        {"verdict": "MAYBE"},
        {"groundedness_score": 1.5},
        {"groundedness_score": -0.1},
        {"groundedness_score": "0.9"},
        {"groundedness_score": True},
        {"critical_fact_count": -1},
        {"claim_checks": "none"},
        {"claim_checks": [{"claim_id": "c1", "verification": "probably", "evidence_refs": []}]},
        {"evidence_gaps": [{"claim_id": "c1"}]},
    ],
)
def test_output_format_validation_rejects_bad_fields(override):
    result = parse(reply(**override))
    assert not result.ok
    assert result.reason == P.FAIL_SCHEMA
    assert result.errors


def test_missing_required_fields_fail():
    for key in ("verdict", "groundedness_score", "claim_checks"):
        data = reply()
        del data[key]
        assert parse(data).reason == P.FAIL_SCHEMA


def test_nan_score_fails():
    assert not parse('{"verdict":"PASS","groundedness_score":NaN,"claim_checks":[]}').ok


def test_claim_checks_are_mapped_to_legacy_facts_when_absent():
    kinds = ["reasonable_inference", "contradicted"]
    data = reply(claim_checks=[
        {"claim_id": cid, "verification": kind, "is_critical": True, "detail": "", "evidence_refs": []}
        for cid, kind in zip(["c1", "c2"], kinds, strict=True)
    ])
    out = parse(data).output
    assert out.facts_checked_source == "derived"
    assert [f.verification for f in out.facts_checked] == ["indirect_support", "contradicted"]
    assert out.facts_checked[0].fact == "连接池耗尽"
    assert all({"fact", "is_critical", "verification", "detail", "evidence_refs"} <= set(f.model_dump()) for f in out.facts_checked)


@pytest.mark.parametrize(
    ("verification", "fact"),
    [
        ("direct_observation", "direct_evidence"),
        ("reasonable_inference", "indirect_support"),
        ("overstated", "indirect_support"),
        ("unsupported", "no_evidence"),
        ("external_unknown", "no_evidence"),
        ("contradicted", "contradicted"),
    ],
)
def test_each_claim_verification_maps_to_its_fact_class(verification, fact):
    data = reply(claim_checks=[{"claim_id": "c1", "verification": verification, "evidence_refs": []}])
    out = parse(data).output
    assert out.facts_checked[0].verification == fact


def test_model_facts_checked_are_kept_when_given():
    facts = [{"fact": "x", "is_critical": True, "verification": "direct_evidence", "detail": "", "evidence_refs": []}]
    out = parse(reply(facts_checked=facts)).output
    assert out.facts_checked_source == "model"
    assert out.facts_checked[0].fact == "x"


def test_model_groundedness_score_is_kept_separately():
    assert parse(reply(groundedness_score=0.42)).output.model_groundedness_score == 0.42


def test_fabricated_evidence_ref_is_dropped_and_recorded():
    bad = {"claim_id": "c1", "source_invocation_id": "inv_99", "tool_name": "query_logs", "raw_path": "/records/0"}
    data = reply()
    data["claim_checks"][0]["evidence_refs"] = [ref(0), bad]
    out = parse(data).output
    assert out.claim_checks[0].model_dump()["evidence_refs"] == [ref(0)]
    assert out.dropped_evidence_refs == [
        {"claim_id": "c1", "ref": bad, "reason": P.DROP_REF_UNMATCHED}
    ]


def test_ref_to_another_claims_evidence_is_dropped():
    data = reply()
    data["claim_checks"][0]["evidence_refs"] = [ref(1)]
    out = parse(data).output
    assert out.dropped_evidence_refs[0]["reason"] == P.DROP_REF_OTHER_CLAIM


def test_ref_with_a_subset_of_keys_is_completed():
    data = reply()
    data["claim_checks"][0]["evidence_refs"] = [{"raw_path": "/records/0"}]
    out = parse(data).output
    assert out.claim_checks[0].model_dump()["evidence_refs"] == [ref(0)]


def test_ref_contradicting_verified_evidence_is_dropped():
    data = reply()
    data["claim_checks"][0]["evidence_refs"] = [{"source_invocation_id": "inv_1", "tool_name": "query_metrics"}]
    assert parse(data).output.dropped_evidence_refs[0]["reason"] == P.DROP_REF_UNMATCHED


@pytest.mark.parametrize(("bad", "reason"), [({}, P.DROP_REF_EMPTY), (42, P.DROP_REF_MALFORMED), ({"trace_ref": "t1"}, P.DROP_REF_EMPTY)])
def test_malformed_refs_are_dropped(bad, reason):
    data = reply()
    data["claim_checks"][1]["evidence_refs"] = [bad]
    out = parse(data).output
    assert out.dropped_evidence_refs[0]["reason"] == reason


def test_direct_observation_with_only_fabricated_refs_is_downgraded():
    data = reply()
    data["claim_checks"][0]["evidence_refs"] = [{"source_invocation_id": "inv_77"}]
    out = parse(data).output
    assert out.claim_checks[0].verification == "reasonable_inference"
    assert out.downgraded_claim_checks == [{"claim_id": "c1", "from": "direct_observation", "to": "reasonable_inference"}]


def test_claim_check_for_unknown_claim_is_dropped_and_recorded():
    data = reply()
    data["claim_checks"].append({"claim_id": "c9", "verification": "direct_observation", "evidence_refs": []})
    out = parse(data).output
    assert [c.claim_id for c in out.claim_checks] == ["c1", "c2"]
    assert out.dropped_claim_checks == [{"claim_id": "c9", "reason": P.DROP_UNKNOWN_CLAIM}]


def test_duplicate_claim_check_is_dropped():
    data = reply()
    data["claim_checks"].append(dict(data["claim_checks"][0], verification="contradicted"))
    out = parse(data).output
    assert out.claim_checks[0].verification == "direct_observation"
    assert out.dropped_claim_checks[0]["reason"] == P.DROP_DUPLICATE_CLAIM


def test_verified_claim_without_check_counts_as_critical_unsupported():
    data = reply(claim_checks=reply()["claim_checks"][:1])
    out = parse(data).output
    assert out.missing_claim_checks == ["c2"]
    c2 = out.claim_checks[1]
    assert (c2.claim_id, c2.verification, c2.is_critical, c2.synthesized) == ("c2", "unsupported", True, True)
    assert out.critical_fact_count == 2


def test_evidence_gaps_are_normalised():
    gap = {"claim_id": "c1", "gap": "缺少指标", "is_critical": True, "suggested_tool": "query_metrics", "suggested_query": "q", "x": 1}
    out = parse(reply(evidence_gaps=[gap])).output
    assert [g.model_dump() for g in out.evidence_gaps] == [
        {k: gap[k] for k in ("claim_id", "gap", "is_critical", "suggested_tool", "suggested_query")}
    ]


@given(st.text(max_size=300))
def test_parser_never_raises_on_arbitrary_text(text):
    result = P.parse_verifier_reply(text, verified_claims=CLAIMS, verified_evidence=EVIDENCE, queries={})
    assert result.ok or result.reason


json_values = st.recursive(
    st.none() | st.booleans() | st.floats(allow_nan=False) | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)


@given(st.dictionaries(st.sampled_from(["verdict", "groundedness_score", "claim_checks", "evidence_gaps", "facts_checked", "x"]), json_values))
def test_parser_never_raises_on_arbitrary_objects(obj):
    result = P.parse_verifier_reply(json.dumps(obj), verified_claims=CLAIMS, verified_evidence=EVIDENCE, queries={})
    if result.ok:
        assert {c["claim_id"] for c in result.output.claim_checks} == {"c1", "c2"}


def test_claim_checks_contain_evidence_refs():
    data = reply()
    del data["claim_checks"][1]["evidence_refs"]
    out = parse(data).output
    assert all(isinstance(c.evidence_refs, list) for c in out.claim_checks)
    verified = [{k: e[k] for k in P.REF_KEYS} for e in EVIDENCE]
    assert all(r.model_dump() in verified for c in out.claim_checks for r in c.evidence_refs)
