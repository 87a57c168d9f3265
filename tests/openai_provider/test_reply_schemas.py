"""The reply schemas (issue 29 item 1): generated from the one pydantic model each reply is parsed
with, made strict by a pure transformation, and sent with ``strict`` only where they fit."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contracts.executor import ExecutorContract
from contracts.plan import Plan
from diagnosis.agents.openai.schemas import (
    ANY_VALUE,
    AUTO_LADDER,
    REPLY_MODELS,
    admits_null,
    any_spelled_out,
    fits_strict,
    next_mode,
    rejects_response_format,
    reply_schema,
    response_format,
    strict_problems,
    strict_variant,
)
from diagnosis.composer.answer import ConclusionReply
from diagnosis.verification.protocol import VerifierReply

# --- generated JSON Schemas ------------------------------------------------------------------
_names = st.text(alphabet="abcdefgh_", min_size=1, max_size=6)
_leaf = st.one_of(
    st.sampled_from([{"type": "string"}, {"type": "integer"}, {"type": "number"}, {"type": "boolean"}]),
    st.builds(lambda values: {"type": "string", "enum": values}, st.lists(_names, min_size=1, max_size=3, unique=True)),
)


def _objects(children: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
    def build(properties: dict[str, Any], required: list[str], defaults: bool) -> dict[str, Any]:
        schema: dict[str, Any] = {"type": "object", "properties": properties,
                                  "required": [name for name in required if name in properties]}
        if defaults:
            for name, prop in properties.items():
                if name not in schema["required"]:
                    prop = dict(prop)
                    prop["default"] = None
                    properties[name] = prop
        return schema

    return st.builds(build, st.dictionaries(_names, children, max_size=4), st.lists(_names, max_size=4), st.booleans())


_schemas = st.recursive(
    _leaf,
    lambda children: st.one_of(
        _objects(children),
        st.builds(lambda item: {"type": "array", "items": item}, children),
        st.builds(lambda inner: {"anyOf": [inner, {"type": "null"}]}, children),
    ),
    max_leaves=12,
)
_roots = _objects(_schemas)


def _nodes(schema: Any) -> list[dict[str, Any]]:
    if isinstance(schema, dict):
        return [schema, *(n for value in schema.values() for n in _nodes(value))]
    if isinstance(schema, list):
        return [n for value in schema for n in _nodes(value)]
    return []


@given(_roots)
def test_strict_variant_closes_every_object_and_requires_every_property(schema):
    for node in _nodes(strict_variant(schema)):
        if isinstance(node.get("properties"), dict) and node.get("type") == "object":
            assert node["additionalProperties"] is False
            assert node["required"] == list(node["properties"])


@given(_roots)
def test_strict_variant_drops_defaults_and_is_idempotent(schema):
    strict = strict_variant(schema)
    assert not any("default" in node for node in _nodes(strict))
    assert strict_variant(strict) == strict


@given(_roots)
def test_strict_variant_never_makes_a_property_nullable_the_model_would_refuse(schema):
    strict = strict_variant(schema)
    for before, after in zip(_nodes(schema), _nodes(strict), strict=False):
        for name, prop in (before.get("properties") or {}).items():
            assert admits_null(after["properties"][name]) == admits_null(prop)


@given(_roots)
def test_a_typed_schema_without_unsupported_keywords_fits_strict_once_made_strict(schema):
    assert fits_strict(strict_variant(schema)), strict_problems(strict_variant(schema))


@given(_roots, st.sampled_from(["minLength", "maxLength", "oneOf", "patternProperties"]))
def test_an_unsupported_keyword_anywhere_means_strict_false(schema, keyword):
    strict = strict_variant(schema)
    strict["properties"] = {**strict["properties"], "zz": {"type": "string", keyword: 1}}
    strict["required"] = list(strict["properties"])
    assert not fits_strict(strict)


def test_a_free_form_mapping_stays_open_and_is_not_strict():
    schema = strict_variant({"type": "object", "properties": {"arguments": {"type": "object", "additionalProperties": True}}})
    assert schema["properties"]["arguments"] == {"type": "object", "additionalProperties": True}
    assert strict_problems(schema) == ["an object open to additional properties"]


def test_an_empty_subschema_is_spelled_out_as_any_value():
    schema = any_spelled_out({"type": "object", "properties": {"refs": {"type": "array", "items": {}}}})
    assert schema["properties"]["refs"]["items"] == ANY_VALUE
    assert "a value of any shape" in strict_problems(strict_variant(schema))


# --- the four role schemas -------------------------------------------------------------------
def test_every_role_schema_compiles_to_a_llama_cpp_grammar():
    llama_grammar = pytest.importorskip("llama_cpp.llama_grammar")
    for role in REPLY_MODELS:
        assert llama_grammar.json_schema_to_gbnf(json.dumps(reply_schema(role).schema)), role


def test_each_role_schema_is_generated_from_the_model_its_reply_is_parsed_with():
    assert {role: model for role, (_, model) in REPLY_MODELS.items()} == {
        "planner": Plan, "executor": ExecutorContract, "verifier": VerifierReply, "composer": ConclusionReply,
    }
    for role, (_, model) in REPLY_MODELS.items():
        properties = reply_schema(role).schema["properties"]
        offered = {name for name, field in model.model_fields.items() if not field.exclude}
        assert set(properties) == offered, role


def test_the_executor_schema_offers_neither_forbidden_nor_legacy_fields():
    schema = reply_schema("executor").schema
    text = str(schema)
    assert "diagnosis_summary" not in text and "user_facing_answer" not in text
    assert "source_invocation_ids" not in schema["$defs"]["EvidenceBinding"]["properties"]
    assert schema["properties"]["answer_version"]["const"] == "executor_evidence_v2"


def test_strict_is_sent_only_where_the_schema_fits_openais_subset():
    assert reply_schema("composer").strict
    # Plan steps carry free-form arguments; the contract and the verifier reply use minLength.
    assert not reply_schema("planner").strict
    assert not reply_schema("executor").strict
    assert not reply_schema("verifier").strict


def test_a_reply_that_satisfies_the_executor_schema_is_a_valid_contract():
    contract = {
        "answer_version": "executor_evidence_v2",
        "claims": [{"claim_id": "c1", "claim_type": "observation", "claim_text": "500s", "support_level": "direct",
                    "evidence_bindings": [{"source_type": "log", "tool_name": "query_logs", "evidence_excerpt": "HTTP 500",
                                           "source_invocation_id": "inv-1", "raw_path": None, "source_id": None}]}],
        "hypotheses": [], "recommended_actions": [], "missing_info": [],
    }
    assert set(contract) == set(reply_schema("executor").schema["required"])
    ExecutorContract.model_validate(contract)


# --- response_format and the auto ladder -----------------------------------------------------
def test_each_mode_has_its_response_format():
    spec = reply_schema("composer")
    assert response_format("json_schema", spec) == {
        "type": "json_schema", "json_schema": {"name": "composer_conclusion", "strict": True, "schema": spec.schema},
    }
    assert response_format("json_object_schema", spec) == {"type": "json_object", "schema": spec.schema}
    assert response_format("json_object", spec) == {"type": "json_object"}
    assert response_format("off", spec) is None


def test_auto_steps_down_to_off_and_stays_there():
    assert AUTO_LADDER[0] == "json_schema"
    seen = [AUTO_LADDER[0]]
    while seen[-1] != "off":
        seen.append(next_mode(seen[-1]))
    assert seen == list(AUTO_LADDER)
    assert next_mode("off") == "off"


def test_only_an_error_naming_response_format_is_a_rejection():
    assert rejects_response_format(400, "Invalid parameter: 'response_format' of type 'json_schema' is not supported")
    assert rejects_response_format(500, "{'loc': ('body', 'response_format', 'type'), 'msg': \"Input should be 'text'\"}")
    assert not rejects_response_format(400, "context length exceeded")
    assert not rejects_response_format(401, "response_format")
