"""The per-binding rules (DESIGN §5.2; spec "Gatekeeper SHALL validate evidence reference
fidelity", "invocation rule rejects ...", "Old invocation without evidence refs ...")."""

from __future__ import annotations

import pytest

import gatekeeper
from gatekeeper import (
    EVIDENCE_EXCERPT_MISMATCH,
    EVIDENCE_INVOCATION_REF,
    EVIDENCE_RAW_PATH,
    EVIDENCE_RAW_PATH_MISSING,
    EVIDENCE_REFS_UNAVAILABLE,
    EVIDENCE_STALE_SUPPORT,
)
from tests.gatekeeper.builders import (
    ALERT_REF_0,
    C1_EXCERPT,
    C2_EXCERPT,
    DROP,
    LOG_REF_0,
    alert_binding,
    binding,
    claim,
    contract,
    example_contract,
    example_invocations,
    with_contract,
)


def _only(result: gatekeeper.GatekeeperResult) -> gatekeeper.CheckedBinding:
    assert len(result.checked_bindings) == 1
    return result.checked_bindings[0]


def test_valid_precise_binding_passes():
    result = gatekeeper.check(example_contract(), example_invocations())
    assert result.status == "pass"
    assert result.severity == "none"
    assert result.failed_rules == [] and result.errors == [] and result.warnings == []
    c1, c2 = result.checked_bindings
    assert c1.model_dump() == {
        "claim_id": "c1",
        "binding_index": 0,
        "source_invocation_id": "inv_1",
        "tool_name": "query_logs",
        "raw_path": "/records/0",
        "passed": True,
        "severity": "none",
        "failed_rules": [],
        "matched_text": C1_EXCERPT,
        "messages": [],
        "backfilled": False,
    }
    assert (c2.claim_id, c2.source_invocation_id, c2.raw_path, c2.matched_text) == (
        "c2",
        "inv_2",
        "/alerts/0",
        C2_EXCERPT,
    )


def test_valid_structured_output_passes_initial_gatekeeper_rules():
    """Several claims, several tools, paths and excerpt variants: all point at this run."""
    data = contract(
        claim("c1", binding(), binding(raw_path="/records/1", evidence_excerpt="POST /api/pay -> HTTP 500")),
        claim(
            "c2",
            alert_binding(evidence_excerpt="HighErrorRate payment-service … value 12.5%（5xx 比例超过 5%）"),
        ),
        claim(
            "c3",
            binding(
                source_type="knowledge",
                tool_name="lookup_knowledge",
                source_invocation_id="inv_3",
                raw_path="/hits/0",
                evidence_excerpt="处理方案：临时扩大连接池上限",
            ),
            claim_type="impact",
            support_level="indirect",
        ),
    )
    result = gatekeeper.check(data, example_invocations())
    assert (result.status, result.severity, result.failed_rules) == ("pass", "none", [])
    assert [b.passed for b in result.checked_bindings] == [True, True, True, True]


@pytest.mark.parametrize(
    "invocation_id",
    ["inv_9", "inv_12", "inv_01", "INV_1", "inv_1 ", "inv-1", "1", "inv_"],
)
def test_invocation_rule_rejects_fabricated_invocation_ids(invocation_id):
    result = gatekeeper.check(with_contract(source_invocation_id=invocation_id), example_invocations())
    assert result.status == "fail"
    assert result.severity == "reject"
    assert result.failed_rules == [EVIDENCE_INVOCATION_REF]
    checked = _only(result)
    assert (checked.passed, checked.failed_rules, checked.matched_text) == (
        False,
        [EVIDENCE_INVOCATION_REF],
        None,
    )
    assert checked.messages == [
        f"{EVIDENCE_INVOCATION_REF}: invocation {invocation_id!r} is not among this run's invocations"
    ]


def test_invocation_ids_compare_exactly_not_by_prefix():
    invocations = example_invocations() + [
        {
            "invocation_id": "inv_12",
            "tool_name": "query_logs",
            "status": "success",
            "evidence_refs": [
                {"raw_path": "/records/0", "text": "2026-11-28 10:20:00 order-service INFO all good"}
            ],
        }
    ]
    # inv_1 really holds the excerpt; citing inv_12 must not be satisfied by inv_1's refs.
    result = gatekeeper.check(with_contract(source_invocation_id="inv_12"), invocations)
    assert _only(result).failed_rules == [EVIDENCE_EXCERPT_MISMATCH]


@pytest.mark.parametrize(
    ("tool_name", "invocation_id"),
    [
        ("query_metrics", "inv_1"),
        ("Query_Logs", "inv_1"),
        ("query_logs", "inv_2"),
        ("lookup_knowledge", "inv_1"),
    ],
)
def test_invocation_rule_rejects_tool_name_mismatch(tool_name, invocation_id):
    result = gatekeeper.check(
        with_contract(tool_name=tool_name, source_invocation_id=invocation_id), example_invocations()
    )
    assert (result.status, result.severity, result.failed_rules) == (
        "fail",
        "reject",
        [EVIDENCE_INVOCATION_REF],
    )
    assert "does not match invocation" in _only(result).messages[0]


def test_missing_raw_path_is_low_confidence():
    result = gatekeeper.check(with_contract(raw_path=DROP), example_invocations())
    assert (result.status, result.severity, result.failed_rules) == (
        "fail",
        "low_confid",
        [EVIDENCE_RAW_PATH_MISSING],
    )
    checked = _only(result)
    assert (checked.passed, checked.severity, checked.raw_path, checked.matched_text) == (
        False,
        "low_confid",
        None,
        None,
    )
    assert (
        gatekeeper.ceiling_for_severity(result.severity) == "LOW_CONFID"
    )  # effective verdict cannot be PASS


@pytest.mark.parametrize(
    "invocation_update",
    [
        {"evidence_refs": DROP},
        {"evidence_refs": []},
        {"evidence_refs": None},
        {"evidence_refs": "not a list"},
        {"evidence_refs": [{"text": "ref without a path"}, "junk", 7]},
        {"evidence_refs": [], "status": "no_hit"},
        {"evidence_refs": DROP, "status": "failed"},
        {"evidence_refs": DROP, "retrieval_details": {"truncated": True}},
    ],
    ids=[
        "absent",
        "empty",
        "null",
        "string",
        "unusable-entries",
        "no_hit",
        "failed",
        "retrieval-details-without-refs",
    ],
)
def test_old_invocation_without_evidence_refs_is_low_confidence(invocation_update):
    invocations = example_invocations()
    invocations[0].update(invocation_update)
    invocations[0] = {key: value for key, value in invocations[0].items() if value is not DROP}
    result = gatekeeper.check(with_contract(), invocations)
    assert (result.status, result.severity, result.failed_rules) == (
        "fail",
        "low_confid",
        [EVIDENCE_REFS_UNAVAILABLE],
    )
    assert _only(result).passed is False


def test_evidence_refs_under_retrieval_details_are_read():
    invocations = example_invocations()
    invocations[0]["retrieval_details"] = {"evidence_refs": invocations[0].pop("evidence_refs")}
    assert gatekeeper.check(with_contract(), invocations).status == "pass"


def test_missing_raw_path_and_missing_refs_are_both_reported():
    invocations = example_invocations()
    invocations[0]["evidence_refs"] = []
    result = gatekeeper.check(with_contract(raw_path=DROP), invocations)
    assert result.failed_rules == [EVIDENCE_REFS_UNAVAILABLE, EVIDENCE_RAW_PATH_MISSING]
    assert result.severity == "low_confid"


@pytest.mark.parametrize(
    ("excerpt", "expected_rules", "expected_severity"),
    [
        (C1_EXCERPT, [EVIDENCE_STALE_SUPPORT], "low_confid"),
        ("waiting=73", [EVIDENCE_STALE_SUPPORT, EVIDENCE_EXCERPT_MISMATCH], "reject"),
    ],
    ids=["supported-excerpt", "fabricated-excerpt"],
)
def test_deduped_invocation_is_stale_support(excerpt, expected_rules, expected_severity):
    invocations = example_invocations()
    invocations[0]["status"] = "deduped"
    result = gatekeeper.check(with_contract(evidence_excerpt=excerpt), invocations)
    assert (result.status, result.severity, result.failed_rules) == (
        "fail",
        expected_severity,
        expected_rules,
    )
    assert _only(result).matched_text is None


def test_deduped_invocation_without_refs_is_stale_and_refs_unavailable():
    invocations = example_invocations()
    invocations[0].update(status="deduped", evidence_refs=[])
    result = gatekeeper.check(with_contract(), invocations)
    assert result.failed_rules == [EVIDENCE_STALE_SUPPORT, EVIDENCE_REFS_UNAVAILABLE]


@pytest.mark.parametrize(
    "raw_path", ["/records/2", "/records", "/records/0/message", "records/0", "/alerts/0", "/records/00"]
)
def test_unknown_raw_path_is_rejected(raw_path):
    result = gatekeeper.check(with_contract(raw_path=raw_path), example_invocations())
    assert (result.status, result.severity) == ("fail", "reject")
    assert EVIDENCE_RAW_PATH in result.failed_rules
    assert _only(result).failed_rules == [EVIDENCE_RAW_PATH]


@pytest.mark.parametrize(
    "excerpt",
    [
        "Connection is not available, request timed out after 3000ms (active=50, idle=0, waiting=73)",
        "request timed out after 300ms",
        "HTTP 500 Internal Server Error",  # true in this run, but not in the cited ref /records/0
        "payment-service ERROR HikariPool-2",
        "数据库连接池耗尽",
        "",
        "   \n\t",
        "...",
        "… …",
        "a … b",
    ],
    ids=[
        "swapped-digits",
        "dropped-digit",
        "text-of-another-ref",
        "changed-identifier",
        "foreign-chinese",
        "empty",
        "whitespace-only",
        "only-ellipsis",
        "only-ellipses",
        "only-short-fragments",
    ],
)
def test_mismatched_excerpt_is_rejected(excerpt):
    result = gatekeeper.check(with_contract(evidence_excerpt=excerpt), example_invocations())
    assert (result.status, result.severity, result.failed_rules) == (
        "fail",
        "reject",
        [EVIDENCE_EXCERPT_MISMATCH],
    )
    assert _only(result).matched_text is None


def test_ref_without_text_cannot_support_an_excerpt():
    invocations = example_invocations()
    del invocations[0]["evidence_refs"][0]["text"]
    result = gatekeeper.check(with_contract(), invocations)
    assert result.failed_rules == [EVIDENCE_EXCERPT_MISMATCH]


def test_unknown_invocation_stops_the_chain():
    """With no invocation there is nothing else to check: only invocation_ref is reported."""
    result = gatekeeper.check(
        with_contract(source_invocation_id="inv_9", raw_path=DROP, evidence_excerpt=""), example_invocations()
    )
    assert _only(result).failed_rules == [EVIDENCE_INVOCATION_REF]


def test_binding_severity_is_the_worst_of_its_failed_rules_and_result_the_worst_over_bindings():
    invocations = example_invocations()
    invocations[1]["status"] = "deduped"
    data = contract(
        claim("c1", binding()),
        claim("c2", alert_binding(evidence_excerpt="value 12.6%")),  # stale + mismatch
        claim("c3", binding(raw_path=DROP)),
    )
    result = gatekeeper.check(data, invocations)
    assert [b.severity for b in result.checked_bindings] == ["none", "reject", "low_confid"]
    assert result.checked_bindings[1].failed_rules == [EVIDENCE_STALE_SUPPORT, EVIDENCE_EXCERPT_MISMATCH]
    assert result.severity == "reject"
    assert result.failed_rules == [
        EVIDENCE_STALE_SUPPORT,
        EVIDENCE_RAW_PATH_MISSING,
        EVIDENCE_EXCERPT_MISMATCH,
    ]
    assert len(result.errors) == 3
    assert result.errors[0].startswith("claims[1].evidence_bindings[0] (claim c2): evidence.stale_support:")


def test_low_confidence_only_results_keep_passed_bindings_passing():
    data = contract(claim("c1", binding()), claim("c2", alert_binding(raw_path=DROP)))
    result = gatekeeper.check(data, example_invocations())
    assert (result.status, result.severity) == ("fail", "low_confid")
    assert [b.passed for b in result.checked_bindings] == [True, False]


@pytest.mark.parametrize(
    "invocations",
    [
        None,
        "inv_1",
        42,
        {"invocation_id": "inv_1"},
        [None, 3, "inv_1", ["inv_1"]],
        [{"invocation_id": 1, "tool_name": "query_logs"}],
        [
            {
                "invocation_id": "inv_1",
                "tool_name": None,
                "evidence_refs": [{"raw_path": "/records/0", "text": LOG_REF_0}],
            }
        ],
        [{"tool_name": "query_logs", "evidence_refs": [{"raw_path": "/records/0", "text": LOG_REF_0}]}],
    ],
    ids=["none", "string", "number", "mapping", "junk-items", "int-id", "no-tool-name", "no-id"],
)
def test_malformed_invocations_never_raise_and_are_unusable(invocations):
    result = gatekeeper.check(with_contract(), invocations)
    assert (result.status, result.severity, result.failed_rules) == (
        "fail",
        "reject",
        [EVIDENCE_INVOCATION_REF],
    )


def test_duplicate_invocation_ids_are_ambiguous():
    invocations = example_invocations()
    invocations.append(dict(invocations[0]))
    result = gatekeeper.check(with_contract(), invocations)
    assert result.failed_rules == [EVIDENCE_INVOCATION_REF]
    assert "appears more than once" in _only(result).messages[0]
    assert any("appears more than once" in warning for warning in result.warnings)


def test_invocation_status_other_than_deduped_does_not_matter_when_refs_exist():
    invocations = example_invocations()
    invocations[1]["status"] = "no_hit"
    invocations[0]["status"] = None
    assert gatekeeper.check(example_contract(), invocations).status == "pass"


def test_matched_text_quotes_the_original_ref_text_not_the_excerpt():
    excerpt = "connection IS NOT available，request timed out … WAITING=37）"
    checked = _only(gatekeeper.check(with_contract(evidence_excerpt=excerpt), example_invocations()))
    assert checked.passed
    assert (
        checked.matched_text
        == "Connection is not available, request timed out after 3000ms (active=50, idle=0, waiting=37)"
    )
    assert checked.matched_text in LOG_REF_0


def test_alert_text_with_chinese_is_matched():
    checked = _only(
        gatekeeper.check(
            contract(claim("c2", alert_binding(evidence_excerpt="12.5%(5xx比例超过5%)"))),
            example_invocations(),
        )
    )
    assert checked.passed
    assert checked.matched_text == "12.5% (5xx 比例超过 5%)"
    assert checked.matched_text in ALERT_REF_0
