"""schema.executor_v2 through check(): spec "schema rule rejects removed fields", "schema rule
rejects missing evidence bindings", and invalid Executor output in general."""

from __future__ import annotations

import json

import pytest

import gatekeeper
from gatekeeper import SCHEMA_EXECUTOR_V2
from tests.gatekeeper.builders import DROP, claim, contract, example_contract, example_invocations


def _assert_schema_failure(result: gatekeeper.GatekeeperResult) -> None:
    assert result.status == "fail"
    assert result.severity == "reject"
    assert result.failed_rules == [SCHEMA_EXECUTOR_V2]
    assert result.checked_bindings == []  # nothing is validated in an illegal contract
    assert result.errors


@pytest.mark.parametrize(
    "mutate",
    [
        lambda c: c.update(diagnosis_summary="payment-service 连接池耗尽导致 500"),
        lambda c: c.update(user_facing_answer="结论：数据库连接池耗尽。"),
        lambda c: c["claims"][0].update(user_facing_answer="已确认"),
        lambda c: c["claims"][1].update(diagnosis_summary=None),
    ],
    ids=[
        "diagnosis_summary",
        "user_facing_answer",
        "user_facing_answer-in-claim",
        "diagnosis_summary-in-claim",
    ],
)
def test_schema_rule_rejects_removed_fields(mutate):
    data = example_contract()
    mutate(data)
    _assert_schema_failure(gatekeeper.check(data, example_invocations()))


@pytest.mark.parametrize("bindings", [[], DROP, None, "inv_1"], ids=["empty", "absent", "null", "string"])
def test_schema_rule_rejects_missing_evidence_bindings(bindings):
    data = contract(claim("c1"), claim("c2", evidence_bindings=bindings))
    result = gatekeeper.check(data, example_invocations())
    _assert_schema_failure(result)
    assert any(error.startswith("claims[1].evidence_bindings") for error in result.errors)


@pytest.mark.parametrize(
    "given",
    [
        "payment-service 10:05 开始大量 500，原因是数据库连接池耗尽。",
        "",
        "[]",
        '{"answer_version": "executor_evidence_v2"',
        {
            "answer_version": "executor_evidence_v1",
            "claims": [],
            "hypotheses": [],
            "recommended_actions": [],
            "missing_info": [],
        },
        {"claims": []},
        None,
        12,
    ],
    ids=["prose", "empty", "array", "truncated-json", "old-version", "missing-fields", "none", "number"],
)
def test_invalid_executor_output_fails_the_schema_rule(given):
    _assert_schema_failure(gatekeeper.check(given, example_invocations()))


def test_schema_failure_reports_the_location_and_keeps_rule_metadata():
    data = example_contract()
    del data["claims"][1]["evidence_bindings"][0]["evidence_excerpt"]
    result = gatekeeper.check(json.dumps(data), example_invocations())
    _assert_schema_failure(result)
    assert result.errors == ["claims[1].evidence_bindings[0].evidence_excerpt: field required"]
    assert result.rule_set_version == gatekeeper.DEFAULT_RULE_SET_VERSION
    assert [rule.id for rule in result.rules] == list(gatekeeper.RULE_ORDER)


def test_code_fenced_contract_is_checked_with_a_warning():
    fenced = "```json\n" + json.dumps(example_contract(), ensure_ascii=False) + "\n```"
    result = gatekeeper.check(fenced, example_invocations())
    assert result.status == "warn"
    assert result.severity == "none"
    assert result.warnings == ["contract wrapped in code fence"]
    assert all(binding.passed for binding in result.checked_bindings)


def test_contract_over_the_claim_cap_is_a_schema_failure():
    data = contract(*(claim(f"c{i}") for i in range(201)))
    result = gatekeeper.check(data, example_invocations())
    _assert_schema_failure(result)
    assert result.errors == ["claims: 201 claims, more than 200"]
