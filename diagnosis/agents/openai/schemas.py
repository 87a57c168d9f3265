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

import json
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


#: LLM_PROMPT_PROFILE=compact (issue 29): a small local model writes every token of a reply under
#: a grammar, and a 135M model runs on inside a free string until its bound. A compact schema
#: keeps what the reply needs and asks for no more items than a small model can fill, so a
#: constrained reply ends well inside the role's ``max_tokens``. The pydantic model still parses
#: it, so the contract is the same. Strings are *not* bounded with ``maxLength``: llama-cpp-python
#: compiles ``maxLength: n`` into n nested optional rules, which made sampling ~7 times slower per
#: token (66 ms against 9.7 ms, SmolLM2-135M, measured); a runaway string ends at ``max_tokens``.
#: Optional properties a compact reply leaves out (their defaults apply).
COMPACT_DROPPED: Final[dict[Role, frozenset[str]]] = {
    "planner": frozenset(),
    "executor": frozenset({"source_id"}),
    "verifier": frozenset({"facts_checked"}),  # derived from claim_checks by the shared parser
    "composer": frozenset(),
}
#: Properties that stay but may not be ``null`` in a compact reply: a binding without its
#: invocation id or path cannot be checked, so the model has to write one.
COMPACT_NOT_NULL: Final[dict[Role, frozenset[str]]] = {
    "planner": frozenset(),
    "executor": frozenset({"source_invocation_id", "raw_path"}),
    "verifier": frozenset(),
    "composer": frozenset(),
}
#: Most items of an array in a compact reply, by property name (others: ``COMPACT_MAX_ITEMS``).
#: The executor's unverified directions and advice stay empty (``[]``: the contract requires
#: the keys): they never reach the answer as facts, and the claims are what a small model's
#: tokens are for.
COMPACT_MAX_ITEMS: Final = 2
COMPACT_ITEMS: Final[dict[str, int]] = {
    "claims": 1, "evidence_bindings": 1, "evidence_refs": 1, "hypotheses": 0, "recommended_actions": 0, "missing_info": 0,
}
#: Fewest items, by property name: a contract without a claim gives the Gatekeeper nothing to check.
COMPACT_MIN_ITEMS: Final[dict[str, int]] = {"claims": 1}
PROFILES: Final[tuple[str, ...]] = ("default", "compact")


def compact_variant(schema: Mapping[str, Any], role: Role) -> dict[str, Any]:
    """``schema`` (a validation schema, before :func:`strict_variant`) as the compact profile
    sends it: :data:`COMPACT_DROPPED` properties removed, :data:`COMPACT_NOT_NULL` ones without
    their ``null`` branch, every array bounded, and no free string empty (an empty excerpt or
    claim text is never what a reply needs) nor bounded by ``maxLength``."""
    dropped, not_null = COMPACT_DROPPED[role], COMPACT_NOT_NULL[role]

    def change(node: Mapping[str, Any], name: str = "") -> dict[str, Any]:
        out = dict(node)
        properties = out.get("properties")
        if isinstance(properties, Mapping):
            kept = {key: value for key, value in properties.items() if key not in dropped}
            out["properties"] = {key: change(_without_null(value) if key in not_null else value, key)
                                 for key, value in kept.items()}
            if "required" in out:
                out["required"] = [key for key in out["required"] if key in kept]
        for key in ("$defs", "definitions"):
            if isinstance(out.get(key), Mapping):
                out[key] = {def_name: change(value) for def_name, value in out[key].items()}
        for key in ("anyOf", "allOf", "oneOf"):
            if isinstance(out.get(key), list):
                out[key] = [change(value, name) if isinstance(value, Mapping) else value for value in out[key]]
        if isinstance(out.get("items"), Mapping):
            out["items"] = change(out["items"])
        if out.get("type") == "array":
            bound = COMPACT_ITEMS.get(name, COMPACT_MAX_ITEMS)
            out["maxItems"] = min(int(out.get("maxItems", bound)), bound)
            if name in COMPACT_MIN_ITEMS:
                out["minItems"] = max(int(out.get("minItems", 0)), COMPACT_MIN_ITEMS[name])
        if out.get("type") == "string" and "enum" not in out and "const" not in out:
            out["minLength"] = max(int(out.get("minLength", 1)), 1)
            out.pop("maxLength", None)  # the parser still enforces it; the grammar need not
        return out

    return _only_referenced_defs(change(schema))


def _only_referenced_defs(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` without the ``$defs`` that nothing refers to any more (dropped properties')."""
    defs = schema.get("$defs")
    if not isinstance(defs, Mapping):
        return schema
    text = json.dumps({k: v for k, v in schema.items() if k != "$defs"})
    kept: dict[str, Any] = {}
    while True:
        wanted = {name for name in defs if f'"#/$defs/{name}"' in text}
        if wanted == set(kept):
            break
        kept = {name: defs[name] for name in defs if name in wanted}
        text = json.dumps({**{k: v for k, v in schema.items() if k != "$defs"}, "$defs": kept})
    return {**schema, "$defs": kept} if kept else {k: v for k, v in schema.items() if k != "$defs"}


def _without_null(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    """``anyOf [X, null]`` → ``X``; anything else unchanged."""
    branches = [b for b in schema.get("anyOf") or () if isinstance(b, Mapping) and b != NULL_SCHEMA]
    if "anyOf" in schema and len(branches) == 1:
        return {**{k: v for k, v in schema.items() if k != "anyOf"}, **branches[0]}
    return schema


@dataclass(frozen=True)
class EvidenceSource:
    """One tool result a reply may cite: what a binding to it must say, and its refs' paths."""

    invocation_id: str
    tool_name: str
    source_type: str
    raw_paths: tuple[str, ...]


def bound_to_sources(schema: Mapping[str, Any], sources: list[EvidenceSource]) -> dict[str, Any]:
    """The executor's (compact) contract schema with every evidence binding narrowed to the
    results in the request: one ``anyOf`` branch per result, its invocation id, tool name and
    source type fixed, its ``raw_path`` one of that result's paths, the excerpt last (copied from
    the ref just chosen). Ids and paths the model would otherwise misspell (``"inv_1,"``, ``"1"``,
    measured with SmolLM2-135M) are then spelled right; the excerpt stays free text, and the
    Gatekeeper checks it against the ref exactly as before. No source with a path: unchanged."""
    branches = [
        {
            "type": "object",
            "properties": {
                "source_invocation_id": {"const": source.invocation_id, "type": "string"},
                "tool_name": {"const": source.tool_name, "type": "string"},
                "source_type": {"const": source.source_type, "type": "string"},
                "raw_path": {"enum": list(source.raw_paths), "type": "string"},
                "evidence_excerpt": {"type": "string", "minLength": 1},
            },
            "required": ["source_invocation_id", "tool_name", "source_type", "raw_path", "evidence_excerpt"],
            "additionalProperties": False,
        }
        for source in sources
        if source.raw_paths
    ]
    defs = schema.get("$defs")
    if not branches or not isinstance(defs, Mapping) or "EvidenceBinding" not in defs:
        return dict(schema)
    binding = branches[0] if len(branches) == 1 else {"anyOf": branches}
    return {**schema, "$defs": {**defs, "EvidenceBinding": binding}}


@cache
def reply_schema(role: Role, profile: str = "default") -> ReplySchema:
    """The schema ``role``'s reply is constrained to: its model's validation schema, without
    developer docs, any value spelled out (under ``profile`` ``compact``: the
    :func:`compact_variant`), in the strict shape; ``strict`` only when that fits OpenAI's subset."""
    name, model = REPLY_MODELS[role]
    schema = any_spelled_out(without_docs(model.model_json_schema(mode="validation")))
    if profile == "compact":
        schema = compact_variant(schema, role)
    schema = strict_variant(schema)
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
