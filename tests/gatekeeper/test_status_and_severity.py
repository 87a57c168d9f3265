"""Status, severity and verdict ceiling (DESIGN §5.2; spec "Gatekeeper severity SHALL constrain
effective verdict")."""

from __future__ import annotations

import pytest

import gatekeeper
from gatekeeper import ceiling_for_severity
from gatekeeper.check import WARN_NO_CLAIMS
from gatekeeper.severity import worst
from tests.gatekeeper.builders import (
    DROP,
    claim,
    contract,
    example_contract,
    example_invocations,
    with_contract,
)


@pytest.mark.parametrize(
    ("severity", "ceiling"),
    [
        ("none", "PASS"),
        ("low_confid", "LOW_CONFID"),
        ("reject", "REJECT"),
        ("", "REJECT"),
        ("PASS", "REJECT"),
        (None, "REJECT"),
    ],
)
def test_ceiling_for_severity(severity, ceiling):
    assert ceiling_for_severity(severity) == ceiling


@pytest.mark.parametrize(
    ("severities", "expected"),
    [
        ([], "none"),
        (["none"], "none"),
        (["none", "low_confid"], "low_confid"),
        (["low_confid", "reject", "none"], "reject"),
        (["reject", "low_confid"], "reject"),
        (["bogus"], "reject"),
    ],
)
def test_severity_order_is_none_low_confid_reject(severities, expected):
    assert worst(severities) == expected


@pytest.mark.parametrize(
    ("data", "invocations", "status", "severity"),
    [
        (example_contract(), example_invocations(), "pass", "none"),
        (with_contract(source_invocation_id=DROP), example_invocations(), "warn", "none"),  # backfill warning
        (contract(), example_invocations(), "warn", "none"),  # nothing to verify
        (with_contract(raw_path=DROP), example_invocations(), "fail", "low_confid"),
        (with_contract(evidence_excerpt="waiting=73"), example_invocations(), "fail", "reject"),
        ("prose", example_invocations(), "fail", "reject"),
    ],
    ids=["pass", "warn-backfill", "warn-no-claims", "fail-low-confid", "fail-reject", "fail-schema"],
)
def test_status_is_fail_on_any_failed_rule_warn_on_warnings_only_else_pass(
    data, invocations, status, severity
):
    result = gatekeeper.check(data, invocations)
    assert (result.status, result.severity) == (status, severity)
    assert bool(result.failed_rules) == (status == "fail")


def test_contract_without_claims_warns():
    result = gatekeeper.check(contract(), [])
    assert result.warnings == [WARN_NO_CLAIMS]
    assert result.checked_bindings == []


def test_gatekeeper_fail_never_yields_a_pass_ceiling():
    for data in (with_contract(raw_path=DROP), with_contract(source_invocation_id="inv_9"), "{}"):
        result = gatekeeper.check(data, example_invocations())
        assert result.status == "fail"
        assert ceiling_for_severity(result.severity) != "PASS"


def test_errors_and_warnings_are_bounded():
    many = contract(
        *(
            claim(
                f"c{i}",
                *[dict(b) for b in [{"source_type": "log", "tool_name": "x", "evidence_excerpt": "y"}] * 2],
            )
            for i in range(150)
        )
    )
    result = gatekeeper.check(many, example_invocations())
    assert len(result.checked_bindings) == 300
    assert len(result.errors) == 201
    assert result.errors[-1] == "... and 100 more"


def test_check_is_deterministic():
    first = gatekeeper.check(example_contract(), example_invocations()).model_dump_json()
    second = gatekeeper.check(example_contract(), example_invocations()).model_dump_json()
    assert first == second
