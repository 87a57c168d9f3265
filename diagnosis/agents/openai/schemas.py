"""The JSON Schema each role's reply must match, and the ``response_format`` that asks a server
to constrain decoding to it (issue 29). Pure: no Django, no I/O.

Every schema is generated from the one pydantic model the reply is parsed with — the planner's
``Plan``, the executor's ``ExecutorContract``, the verifier's ``VerifierReply`` and the composer's
``ConclusionReply`` — never written by hand, so the schema and the parser cannot drift apart.
The model still validates the reply afterwards: a server that ignores the schema (or honours
only part of it) ends in the same invalid-output path as before.

Structured-output modes (``LLM_STRUCTURED_OUTPUT``; ``auto`` walks :data:`AUTO_LADDER`):

- ``json_schema``: ``{"type": "json_schema", "json_schema": {"name", "strict", "schema"}}``
  (OpenAI, vLLM, Ollama ≥ 0.5, llama.cpp's own ``llama-server``);
- ``json_object_schema``: ``{"type": "json_object", "schema": …}``, llama-cpp-python's form — its
  server (0.3.36, measured) refuses ``json_schema`` but compiles this schema into a grammar;
- ``json_object``: ``{"type": "json_object"}`` (any JSON object; DashScope, DeepSeek);
- ``off``: no ``response_format`` at all (the prompt alone asks for the JSON).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final, Literal

from pydantic import BaseModel

from contracts.executor import ExecutorContract
from contracts.plan import Plan, Role
from diagnosis.composer.answer import ConclusionReply
from diagnosis.verification.protocol import VerifierReply

OutputMode = Literal["json_schema", "json_object_schema", "json_object", "off"]
#: The values of ``LLM_STRUCTURED_OUTPUT``: ``auto`` or a fixed mode.
StructuredSetting = Literal["auto", "json_schema", "json_object", "off"]
STRUCTURED_SETTINGS: Final[tuple[str, ...]] = ("auto", "json_schema", "json_object", "off")
#: ``auto`` tries these in order, stepping down when a server rejects ``response_format``.
AUTO_LADDER: Final[tuple[OutputMode, ...]] = ("json_schema", "json_object_schema", "json_object", "off")
#: Recorded for a call that asked for no structure (``off``, and the executor's tool turns).
MODE_OFF: Final = "off"

#: What each role's reply is parsed with, and the schema's name on the wire
#: (``^[a-zA-Z0-9_-]{1,64}$``).
REPLY_MODELS: Final[dict[Role, tuple[str, type[BaseModel]]]] = {
    "planner": ("planner_plan", Plan),
    "executor": ("executor_evidence_v2", ExecutorContract),
    "verifier": ("verifier_reply", VerifierReply),
    "composer": ("composer_conclusion", ConclusionReply),
}

# OpenAI's strict mode (Structured Outputs) refuses a schema using any of these keywords; the
# reply is then asked for with ``strict: false`` (the schema guides, the parser still decides).
STRICT_UNSUPPORTED_KEYWORDS: Final = frozenset({
    "minLength", "maxLength", "patternProperties", "unevaluatedProperties", "propertyNames",
    "minProperties", "maxProperties", "uniqueItems", "contains", "minContains", "maxContains",
    "allOf", "oneOf", "not", "if", "then", "else", "dependentRequired", "dependentSchemas",
})
# A subschema must say what it is; ``{}`` (pydantic's ``Any``) is not in the strict subset.
_TYPED_KEYWORDS: Final = ("type", "anyOf", "$ref", "enum", "const")
# Keywords whose values are subschemas, and those whose values map names to subschemas.
_SUBSCHEMA_KEYWORDS: Final = ("items", "additionalProperties", "not", "if", "then", "else", "contains")
_SUBSCHEMA_LIST_KEYWORDS: Final = ("anyOf", "allOf", "oneOf", "prefixItems")
_SUBSCHEMA_MAP_KEYWORDS: Final = ("properties", "$defs", "definitions", "patternProperties")
# Developer documentation in the generated schema (titles, docstrings): not for the model.
_DOC_KEYWORDS: Final = ("title", "description")
NULL_SCHEMA: Final = {"type": "null"}


@dataclass(frozen=True)
class ReplySchema:
    """One role's reply schema as sent: its wire name, the schema, and whether it fits OpenAI's
    strict subset (``strict`` on the wire)."""

    name: str
    schema: dict[str, Any]
    strict: bool


def _children(schema: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    for key in _SUBSCHEMA_KEYWORDS:
        value = schema.get(key)
        if isinstance(value, Mapping):
            yield value
    for key in _SUBSCHEMA_LIST_KEYWORDS:
        branches = schema.get(key)
        if isinstance(branches, list):
            yield from (value for value in branches if isinstance(value, Mapping))
    for key in _SUBSCHEMA_MAP_KEYWORDS:
        mapping = schema.get(key)
        if isinstance(mapping, Mapping):
            yield from (value for value in mapping.values() if isinstance(value, Mapping))


def _map_subschemas(schema: Mapping[str, Any], change: Any) -> dict[str, Any]:
    """``schema`` with ``change`` applied to every direct subschema."""
    out = dict(schema)
    for key in _SUBSCHEMA_KEYWORDS:
        if isinstance(out.get(key), Mapping):
            out[key] = change(out[key])
    for key in _SUBSCHEMA_LIST_KEYWORDS:
        if isinstance(out.get(key), list):
            out[key] = [change(v) if isinstance(v, Mapping) else v for v in out[key]]
    for key in _SUBSCHEMA_MAP_KEYWORDS:
        if isinstance(out.get(key), Mapping):
            out[key] = {name: change(v) if isinstance(v, Mapping) else v for name, v in out[key].items()}
    return out


def admits_null(schema: Mapping[str, Any]) -> bool:
    """Whether ``schema`` (as written, ``$ref`` not followed) accepts ``null``."""
    kind = schema.get("type")
    if kind == "null" or (isinstance(kind, list) and "null" in kind):
        return True
    if None in (schema.get("enum") or ()) or ("const" in schema and schema["const"] is None):
        return True
    return any(admits_null(branch) for branch in schema.get("anyOf") or () if isinstance(branch, Mapping))


def strict_variant(schema: Mapping[str, Any]) -> dict[str, Any]:
    """``schema`` in the shape strict structured outputs demand: every object closed
    (``additionalProperties: false``) with every property required, and no ``default``.

    A property that was optional stays nullable only where the model itself accepts ``null``
    (``x: str | None = None``); one with another default (``goal: str = ""``) becomes required
    as it is — allowing ``null`` there would let a constrained model write a value the pydantic
    model then refuses."""

    def change(node: Mapping[str, Any]) -> dict[str, Any]:
        out = _map_subschemas(node, change)
        out.pop("default", None)
        properties = out.get("properties")
        # An object with named properties is closed; a free-form mapping (``dict[str, Any]``, a
        # plan step's ``arguments``) stays open — closing it would only allow ``{}``.
        if isinstance(properties, Mapping):
            out["additionalProperties"] = False
            out["required"] = list(properties)
        return out

    return change(schema)


def _strict_problems(schema: Mapping[str, Any], *, root: bool) -> Iterator[str]:
    unsupported = STRICT_UNSUPPORTED_KEYWORDS.intersection(schema)
    if unsupported:
        yield f"unsupported keywords {sorted(unsupported)}"
    if not any(key in schema for key in _TYPED_KEYWORDS):
        yield "a subschema without a type"
    kinds = schema.get("type")
    if isinstance(kinds, list) and ("object" in kinds or "array" in kinds):
        yield "a value of any shape"
    if kinds == "object" or "properties" in schema:
        if schema.get("additionalProperties") is not False or "properties" not in schema:
            yield "an object open to additional properties"
        if set(schema.get("required") or ()) != set(schema.get("properties") or {}):
            yield "an object with optional properties"
    if root and schema.get("type") != "object":
        yield "the root is not an object"
    for child in _children(schema):
        yield from _strict_problems(child, root=False)


def strict_problems(schema: Mapping[str, Any]) -> list[str]:
    """Why ``schema`` is outside OpenAI's strict subset (empty: it fits)."""
    definitions = [v for key in ("$defs", "definitions") for v in (schema.get(key) or {}).values()]
    root = {k: v for k, v in schema.items() if k not in ("$defs", "definitions")}
    problems = list(_strict_problems(root, root=True))
    for definition in definitions:
        problems.extend(_strict_problems(definition, root=False))
    return sorted(set(problems))


def fits_strict(schema: Mapping[str, Any]) -> bool:
    return not strict_problems(schema)


def without_docs(schema: Mapping[str, Any]) -> dict[str, Any]:
    """``schema`` without titles and descriptions (at every level; property *names* stay)."""
    out = _map_subschemas(schema, without_docs)
    for key in _DOC_KEYWORDS:
        out.pop(key, None)  # keywords here: a property named "title" sits under "properties"
    return out


#: ``{}`` (any JSON value) spelled out: llama-cpp-python 0.3.36's grammar compiler fails on an
#: empty ``items`` schema (``list[Any]``: KeyError 'prefixItems', measured), and then the server
#: silently falls back to plain JSON — the schema would not constrain anything.
ANY_VALUE: Final = {"type": ["string", "number", "boolean", "object", "array", "null"]}


def any_spelled_out(schema: Mapping[str, Any]) -> dict[str, Any]:
    """``schema`` with every empty subschema replaced by :data:`ANY_VALUE` (the same values)."""
    return _map_subschemas(schema, lambda node: dict(ANY_VALUE) if not node else any_spelled_out(node))


@cache
def reply_schema(role: Role) -> ReplySchema:
    """The schema ``role``'s reply is constrained to: its model's validation schema, without
    developer docs, any value spelled out, in the strict shape; ``strict`` only when that fits
    OpenAI's subset."""
    name, model = REPLY_MODELS[role]
    schema = strict_variant(any_spelled_out(without_docs(model.model_json_schema(mode="validation"))))
    return ReplySchema(name=name, schema=schema, strict=fits_strict(schema))


def response_format(mode: OutputMode, spec: ReplySchema) -> dict[str, Any] | None:
    """The ``response_format`` request field of ``mode`` (``None``: send none)."""
    if mode == "json_schema":
        return {"type": "json_schema", "json_schema": {"name": spec.name, "strict": spec.strict, "schema": spec.schema}}
    if mode == "json_object_schema":
        return {"type": "json_object", "schema": spec.schema}
    if mode == "json_object":
        return {"type": "json_object"}
    return None


def next_mode(mode: OutputMode) -> OutputMode:
    """The ``auto`` mode to try after a server rejected ``mode`` (``off`` is the last)."""
    index = AUTO_LADDER.index(mode)
    return AUTO_LADDER[min(index + 1, len(AUTO_LADDER) - 1)]


#: What a server says when it refuses the ``response_format`` it was sent (matched in the
#: error's text, lower-cased): the field's name, or the type it did not know.
REJECTION_MARKERS: Final = ("response_format", "json_schema")
# 400 (OpenAI, vLLM, Ollama), 422 (a FastAPI validation error), and 500: llama-cpp-python 0.3.36
# answers an unknown ``response_format.type`` with HTTP 500 and the validation error (measured).
REJECTION_STATUSES: Final = frozenset({400, 422, 500})


def rejects_response_format(status: int, text: str) -> bool:
    """Whether an error answer (``status``, its body or message) refuses ``response_format``."""
    lowered = text.lower()
    return status in REJECTION_STATUSES and any(marker in lowered for marker in REJECTION_MARKERS)
