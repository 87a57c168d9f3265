"""parse_contract: what counts as a legal executor_evidence_v2 object (DESIGN §5.1)."""

from __future__ import annotations

import json

import pytest

from contracts.executor import WARN_CODE_FENCE
from gatekeeper import ExecutorContract, Limits, parse_contract
from tests.gatekeeper.builders import DROP, binding, claim, contract, example_contract


def test_example_contract_is_valid_as_dict_and_as_json_string():
    for given in (example_contract(), json.dumps(example_contract(), ensure_ascii=False)):
        outcome = parse_contract(given)
        assert outcome.valid, outcome.errors
        assert isinstance(outcome.contract, ExecutorContract)
        assert [c.claim_id for c in outcome.contract.claims] == ["c1", "c2"]
        assert outcome.warnings == []


def test_surrounding_whitespace_is_tolerated():
    assert parse_contract("\n\t  " + json.dumps(example_contract()) + "  \n").valid


@pytest.mark.parametrize(
    "fence", ["```json\n{body}\n```", "```JSON\n{body}\n```", "```\n{body}\n```", "  ```json\n{body}```  "]
)
def test_one_surrounding_code_fence_is_accepted_with_a_warning(fence):
    outcome = parse_contract(fence.format(body=json.dumps(example_contract())))
    assert outcome.valid, outcome.errors
    assert outcome.warnings == [WARN_CODE_FENCE]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "结论：payment-service 连接池耗尽",
        "Here is the contract: {}",
        '{"answer_version": "executor_evidence_v2"} trailing prose',
        '{"a": 1} {"b": 2}',
        "```json\n{} \n```\n```json\n{}\n```",
        "```python\n{}\n```",
        '{"answer_version": NaN}',
        '{"claims": [], "claims": []}',
        "[" * 50_000,
    ],
    ids=[
        "empty",
        "blank",
        "chinese-prose",
        "prose-before-object",
        "prose-after-object",
        "two-objects",
        "two-fences",
        "wrong-fence-language",
        "nan-constant",
        "duplicate-key",
        "deep-nesting",
    ],
)
def test_text_that_is_not_exactly_one_json_object_is_not_json(text):
    outcome = parse_contract(text)
    assert outcome.status == "not_json"
    assert outcome.contract is None
    assert outcome.errors and outcome.errors[0].startswith("contract is not a single JSON object")


@pytest.mark.parametrize("given", ["[1, 2]", '"text"', "42", "null", 42, None, ["a"], b"{}", 3.5])
def test_a_value_that_is_not_an_object_is_refused(given):
    outcome = parse_contract(given)
    assert outcome.status == "not_object"
    assert "must be a JSON object" in outcome.errors[0]


@pytest.mark.parametrize(
    ("mutate", "expected_error"),
    [
        (lambda c: c.pop("answer_version"), "answer_version: field required"),
        (
            lambda c: c.update(answer_version="executor_evidence_v1"),
            "answer_version: input should be 'executor_evidence_v2'",
        ),
        (lambda c: c.pop("claims"), "claims: field required"),
        (lambda c: c.pop("hypotheses"), "hypotheses: field required"),
        (lambda c: c.pop("recommended_actions"), "recommended_actions: field required"),
        (lambda c: c.pop("missing_info"), "missing_info: field required"),
        (lambda c: c["claims"][1].pop("claim_text"), "claims[1].claim_text: field required"),
        (
            lambda c: c["claims"][0].update(support_level="strong"),
            "claims[0].support_level: input should be 'direct' or 'indirect'",
        ),
        (lambda c: c["claims"][0].update(claim_type="guess"), "claims[0].claim_type: input should be"),
        (lambda c: c["claims"][0].update(claim_id=7), "claims[0].claim_id: input should be a valid string"),
        (
            lambda c: c["claims"][0].update(evidence_bindings=[]),
            "claims[0].evidence_bindings: list should have at least 1 item",
        ),
        (lambda c: c["claims"][0].pop("evidence_bindings"), "claims[0].evidence_bindings: field required"),
        (
            lambda c: c["claims"][1]["evidence_bindings"][0].pop("evidence_excerpt"),
            "claims[1].evidence_bindings[0].evidence_excerpt: field required",
        ),
        (
            lambda c: c["claims"][1]["evidence_bindings"][0].pop("tool_name"),
            "claims[1].evidence_bindings[0].tool_name: field required",
        ),
        (
            lambda c: c["claims"][0]["evidence_bindings"][0].pop("source_type"),
            "claims[0].evidence_bindings[0].source_type: field required",
        ),
        (
            lambda c: c["claims"][0]["evidence_bindings"][0].update(raw_path=["/records/0"]),
            "claims[0].evidence_bindings[0].raw_path: input should be a valid string",
        ),
        (
            lambda c: c["claims"][0]["evidence_bindings"][0].update(source_invocation_ids="inv_1"),
            "claims[0].evidence_bindings[0].source_invocation_ids: input should be a valid list",
        ),
        (lambda c: c.update(claims={"c1": {}}), "claims: input should be a valid list"),
        (lambda c: c["hypotheses"].append({"rationale": "no text"}), "hypotheses[1].text: field required"),
    ],
)
def test_schema_errors_name_their_location(mutate, expected_error):
    data = example_contract()
    mutate(data)
    outcome = parse_contract(data)
    assert outcome.status == "schema_error"
    assert any(error.startswith(expected_error) for error in outcome.errors), outcome.errors


@pytest.mark.parametrize("field", ["diagnosis_summary", "user_facing_answer"])
@pytest.mark.parametrize(
    ("where", "location"),
    [
        (lambda c: c, ""),
        (lambda c: c["claims"][1], "claims[1]."),
        (lambda c: c["claims"][0]["evidence_bindings"][0], "claims[0].evidence_bindings[0]."),
    ],
    ids=["top-level", "in-claim", "in-binding"],
)
def test_removed_fields_are_forbidden_anywhere_in_claims(field, where, location):
    for value in ("payment-service 数据库连接池耗尽", None, {"nested": True}):
        data = example_contract()
        where(data)[field] = value
        outcome = parse_contract(data)
        assert outcome.status == "schema_error"
        assert f"{location}{field}: forbidden field (not part of executor_evidence_v2)" in outcome.errors


def test_duplicate_claim_ids_are_a_schema_error():
    data = contract(claim("c1"), claim("c2"), claim("c1"))
    outcome = parse_contract(data)
    assert outcome.status == "schema_error"
    assert outcome.errors == ["claims[2].claim_id: duplicate claim_id 'c1' (first used by claims[0])"]


def test_claims_may_be_an_empty_list():
    assert parse_contract(contract()).valid


def test_binding_invocation_id_and_raw_path_are_optional_at_schema_level():
    outcome = parse_contract(contract(claim("c1", binding(source_invocation_id=DROP, raw_path=DROP))))
    assert outcome.valid
    parsed = outcome.contract.claims[0].evidence_bindings[0]
    assert parsed.source_invocation_id is None and parsed.raw_path is None


@pytest.mark.parametrize("blank", ["", "   "])
def test_blank_invocation_id_and_raw_path_count_as_absent(blank):
    outcome = parse_contract(contract(claim("c1", binding(source_invocation_id=blank, raw_path=blank))))
    parsed = outcome.contract.claims[0].evidence_bindings[0]
    assert parsed.source_invocation_id is None and parsed.raw_path is None


def test_legacy_plural_invocation_ids_are_accepted_for_compatibility():
    data = contract(claim("c1", binding(source_invocation_id=DROP, source_invocation_ids=["inv_1"])))
    outcome = parse_contract(data)
    assert outcome.valid
    assert outcome.contract.claims[0].evidence_bindings[0].source_invocation_ids == ["inv_1"]


def test_unknown_keys_are_ignored_and_not_kept():
    data = example_contract()
    data["debug"] = {"raw_answer": "全部正常"}
    data["claims"][0]["confidence"] = 0.99
    data["claims"][0]["evidence_bindings"][0]["chunk_id"] = "chunk-7"
    outcome = parse_contract(data)
    assert outcome.valid
    dumped = json.dumps(outcome.contract.model_dump(), ensure_ascii=False)
    assert "raw_answer" not in dumped and "confidence" not in dumped and "chunk-7" not in dumped


def test_bare_strings_are_read_as_hypotheses_actions_and_missing_info():
    outcome = parse_contract(
        contract(hypotheses=["连接泄漏"], recommended_actions=["扩容连接池"], missing_info=["慢查询日志"])
    )
    assert outcome.valid
    assert outcome.contract.hypotheses[0].text == "连接泄漏"
    assert outcome.contract.recommended_actions[0].action == "扩容连接池"
    assert outcome.contract.missing_info[0].item == "慢查询日志"


def test_work_bounds_are_schema_errors():
    limits = Limits(max_contract_chars=5_000, max_claims=3, max_bindings_per_claim=2, max_excerpt_chars=50)
    too_many_claims = contract(*(claim(f"c{i}") for i in range(4)))
    assert parse_contract(too_many_claims, limits=limits).errors == ["claims: 4 claims, more than 3"]
    too_many_bindings = contract(claim("c1", binding(), binding(), binding()))
    assert parse_contract(too_many_bindings, limits=limits).errors == [
        "claims[0].evidence_bindings: 3 evidence bindings, more than 2"
    ]
    long_excerpt = contract(claim("c1", binding(evidence_excerpt="x" * 51)))
    assert parse_contract(long_excerpt, limits=limits).errors == [
        "claims[0].evidence_bindings[0].evidence_excerpt: excerpt has 51 characters, more than 50"
    ]
    huge = json.dumps(contract(claim("c1", binding(evidence_excerpt="x" * 40))) | {"pad": "y" * 6_000})
    outcome = parse_contract(huge, limits=limits)
    assert outcome.status == "not_json"
    assert "more than the 5000 allowed" in outcome.errors[0]


def test_many_schema_errors_are_reported_bounded():
    data = contract(*(claim(f"c{i}", claim_type="guess") for i in range(120)))
    outcome = parse_contract(data)
    assert len(outcome.errors) == 51
    assert outcome.errors[-1] == "... and 70 more schema errors"


def test_a_parsed_contract_is_accepted_as_is():
    parsed = parse_contract(example_contract()).contract
    assert parse_contract(parsed).contract is parsed
