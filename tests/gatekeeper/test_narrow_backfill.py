"""Narrow compatibility backfill (spec "Verifier input hook SHALL only perform narrow compatibility
backfill"; "Legacy plural invocation ids remain compatibility only")."""

from __future__ import annotations

import pytest

import gatekeeper
from gatekeeper import EVIDENCE_INVOCATION_REF, EVIDENCE_RAW_PATH_MISSING
from tests.gatekeeper.builders import DROP, alert_binding, claim, contract, example_invocations, with_contract


def test_unique_invocation_candidate_may_be_backfilled():
    data = contract(claim("c2", alert_binding(source_invocation_id=DROP)))
    result = gatekeeper.check(data, example_invocations())
    checked = result.checked_bindings[0]
    assert (checked.passed, checked.backfilled, checked.source_invocation_id) == (True, True, "inv_2")
    assert result.status == "warn"  # a warning, not a failure
    assert result.severity == "none"
    assert result.warnings == [
        "claims[0].evidence_bindings[0] (claim c2): source_invocation_id auto-backfilled to 'inv_2', "
        "the only query_metrics invocation in this run"
    ]
    projection = gatekeeper.project(data, result)
    assert projection.verified_evidence[0].source_invocation_id == "inv_2"
    assert (
        projection.verified_executor_output.model_dump(exclude_none=True)["claims"][0]["evidence_bindings"][0]["source_invocation_id"]
        == "inv_2"
    )


@pytest.mark.parametrize("extra_invocations", [1, 2])
def test_no_backfill_when_the_tool_has_several_invocations(extra_invocations):
    invocations = example_invocations()
    for n in range(extra_invocations):
        invocations.append(
            {
                "invocation_id": f"inv_{10 + n}",
                "tool_name": "query_logs",
                "status": "success",
                "evidence_refs": [],
            }
        )
    result = gatekeeper.check(with_contract(source_invocation_id=DROP), invocations)
    checked = result.checked_bindings[0]
    assert (checked.backfilled, checked.source_invocation_id, checked.failed_rules) == (
        False,
        None,
        [EVIDENCE_INVOCATION_REF],
    )
    assert checked.messages == [
        f"{EVIDENCE_INVOCATION_REF}: no source_invocation_id, and {1 + extra_invocations} query_logs invocations "
        "in this run (backfill needs exactly one)"
    ]
    assert result.warnings == []


def test_no_backfill_when_the_tool_has_no_invocation():
    result = gatekeeper.check(
        with_contract(source_invocation_id=DROP, tool_name="query_traces"), example_invocations()
    )
    assert result.checked_bindings[0].failed_rules == [EVIDENCE_INVOCATION_REF]
    assert result.severity == "reject"


def test_raw_path_is_never_backfilled():
    # The only query_logs invocation is unique, so its id may be filled, but never a path,
    # even though the excerpt occurs verbatim in /records/0.
    data = with_contract(source_invocation_id=DROP, raw_path=DROP)
    result = gatekeeper.check(data, example_invocations())
    checked = result.checked_bindings[0]
    assert (checked.backfilled, checked.source_invocation_id, checked.raw_path) == (True, "inv_1", None)
    assert checked.failed_rules == [EVIDENCE_RAW_PATH_MISSING]
    assert (result.status, result.severity) == ("fail", "low_confid")
    assert gatekeeper.project(data, result).verified_evidence == []


def test_legacy_plural_ids_are_not_sufficient_without_raw_path():
    data = with_contract(source_invocation_id=DROP, source_invocation_ids=["inv_1"], raw_path=DROP)
    result = gatekeeper.check(data, example_invocations())
    assert (result.status, result.severity, result.failed_rules) == (
        "fail",
        "low_confid",
        [EVIDENCE_RAW_PATH_MISSING],
    )
    assert result.checked_bindings[0].passed is False


def test_single_legacy_plural_id_with_raw_path_passes_with_a_warning():
    data = with_contract(source_invocation_id=DROP, source_invocation_ids=["inv_1"])
    result = gatekeeper.check(data, example_invocations())
    checked = result.checked_bindings[0]
    assert (checked.passed, checked.source_invocation_id, checked.backfilled) == (True, "inv_1", False)
    assert result.status == "warn"
    assert "legacy source_invocation_ids read for compatibility" in result.warnings[0]


def test_fabricated_legacy_plural_id_is_rejected():
    data = with_contract(source_invocation_id=DROP, source_invocation_ids=["inv_7"])
    assert gatekeeper.check(data, example_invocations()).failed_rules == [EVIDENCE_INVOCATION_REF]


def test_several_legacy_plural_ids_are_not_read_and_fall_back_to_the_narrow_backfill():
    data = with_contract(source_invocation_id=DROP, source_invocation_ids=["inv_1", "inv_2"])
    result = gatekeeper.check(data, example_invocations())
    checked = result.checked_bindings[0]
    assert (checked.source_invocation_id, checked.backfilled) == ("inv_1", True)


def test_singular_id_wins_over_legacy_plural_ids():
    data = with_contract(source_invocation_ids=["inv_2"])
    result = gatekeeper.check(data, example_invocations())
    assert (result.status, result.checked_bindings[0].source_invocation_id) == ("pass", "inv_1")


def test_backfill_does_not_use_an_ambiguous_invocation():
    invocations = example_invocations()
    invocations.append(dict(invocations[1]))  # inv_2 twice: two query_metrics rows, one id
    data = contract(claim("c2", alert_binding(source_invocation_id=DROP)))
    result = gatekeeper.check(data, invocations)
    assert result.checked_bindings[0].backfilled is False
    assert result.failed_rules == [EVIDENCE_INVOCATION_REF]
