"""Executor V2 contract: pydantic schema and `parse_contract` (DESIGN §5.1; spec "Executor SHALL
output an evidence-attribution contract", "Confirmed claims carry evidence bindings", "Precise
evidence binding contains invocation path and excerpt").

`parse_contract` is total: whatever it is given, it returns a `ContractParse` saying whether the
input is a legal contract and, if not, why, with every schema error naming its location
(`claims[1].evidence_bindings[0].evidence_excerpt: field required`). A failure here is the
`schema.executor_v2` rule.

Accepted input: a mapping, or a str that is exactly one JSON object after stripping whitespace.
The spec says the output SHOULD be parseable without Markdown fences, so one surrounding
```json fence is tolerated with a warning; prose around the object is not (the Gatekeeper does
not dig facts out of free text).

Unknown keys are ignored rather than refused (models add harmless fields), and they never reach
the projection, which is built from these models only.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, Final, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic.json_schema import SkipJsonSchema
from pydantic_core import PydanticCustomError

ANSWER_VERSION: Final = "executor_evidence_v2"
FORBIDDEN_FIELDS: Final = ("diagnosis_summary", "user_facing_answer")

ClaimType = Literal["observation", "negative_observation", "timeline", "impact", "root_cause"]
SupportLevel = Literal["direct", "indirect"]
ParseStatus = Literal["valid", "not_json", "not_object", "schema_error"]

WARN_CODE_FENCE: Final = "contract wrapped in code fence"
ERR_NOT_JSON: Final = "contract is not a single JSON object: {detail}"
ERR_NOT_OBJECT: Final = "contract must be a JSON object, got {kind}"
ERR_TOO_LONG: Final = "contract is {size} characters, more than the {limit} allowed"
ERR_DUPLICATE_CLAIM_ID: Final = (
    "claims[{index}].claim_id: duplicate claim_id {claim_id!r} (first used by claims[{first}])"
)
MAX_REPORTED_ERRORS: Final = 50

_FENCE_RE: Final = re.compile(
    r"\A```[ \t]*(?:json)?[ \t]*\r?\n(.*?)\r?\n?[ \t]*```\Z", re.DOTALL | re.IGNORECASE
)


class Limits(BaseModel):
    """Work bounds, from the `schema.executor_v2` catalog params (see rules.toml)."""

    model_config = ConfigDict(frozen=True)

    max_contract_chars: int = 2_000_000
    max_claims: int = 200
    max_bindings_per_claim: int = 20
    max_excerpt_chars: int = 2000


_DEFAULT_LIMITS: Final = Limits()


def _limits(info: ValidationInfo) -> Limits:
    context = info.context
    if isinstance(context, dict) and isinstance(context.get("limits"), Limits):
        return context["limits"]
    return _DEFAULT_LIMITS


def _forbidden(value: Any) -> Any:
    # Declared as fields so the error carries the exact location; presence alone is the error.
    raise PydanticCustomError("forbidden_field", "forbidden field (not part of executor_evidence_v2)")


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)


class EvidenceBinding(_Strict):
    source_type: str = Field(min_length=1)
    tool_name: str = Field(min_length=1)
    evidence_excerpt: str
    #: Preferred, singular (spec "Precise evidence binding"). Optional at schema level: its
    #: absence is handled by the narrow backfill or `evidence.invocation_ref`.
    source_invocation_id: str | None = None
    #: Optional at schema level: its absence is `evidence.raw_path_missing` (low_confid).
    raw_path: str | None = None
    source_id: str | None = None
    #: Legacy plural ids, read for compatibility only (spec "Legacy plural invocation ids
    #: remain compatibility only").
    source_invocation_ids: SkipJsonSchema[list[str] | None] = None
    # Refused when present; never part of the schema a model is asked to write.
    diagnosis_summary: SkipJsonSchema[Any] = Field(default=None, exclude=True)
    user_facing_answer: SkipJsonSchema[Any] = Field(default=None, exclude=True)

    _no_removed_fields = field_validator(*FORBIDDEN_FIELDS)(_forbidden)

    @field_validator("evidence_excerpt", mode="before")
    @classmethod
    def _bounded_excerpt(cls, value: Any, info: ValidationInfo) -> Any:
        limit = _limits(info).max_excerpt_chars
        if isinstance(value, str) and len(value) > limit:
            raise PydanticCustomError(
                "excerpt_too_long",
                "excerpt has {size} characters, more than {limit}",
                {"size": len(value), "limit": limit},
            )
        return value

    @field_validator("source_invocation_id", "raw_path")
    @classmethod
    def _blank_is_absent(cls, value: str | None) -> str | None:
        # An empty id or path locates nothing; treat it exactly like an omitted one.
        return value if value is None or value.strip() else None


class Claim(_Strict):
    claim_id: str = Field(min_length=1)
    claim_type: ClaimType
    claim_text: str = Field(min_length=1)
    support_level: SupportLevel
    evidence_bindings: list[EvidenceBinding] = Field(min_length=1)
    # Refused when present; never part of the schema a model is asked to write.
    diagnosis_summary: SkipJsonSchema[Any] = Field(default=None, exclude=True)
    user_facing_answer: SkipJsonSchema[Any] = Field(default=None, exclude=True)

    _no_removed_fields = field_validator(*FORBIDDEN_FIELDS)(_forbidden)

    @field_validator("evidence_bindings", mode="before")
    @classmethod
    def _bounded_bindings(cls, value: Any, info: ValidationInfo) -> Any:
        limit = _limits(info).max_bindings_per_claim
        if isinstance(value, list) and len(value) > limit:
            raise PydanticCustomError(
                "too_many_bindings",
                "{size} evidence bindings, more than {limit}",
                {"size": len(value), "limit": limit},
            )
        return value


def _text_item(field: str) -> Any:
    """Accept a bare string where an object with one main text field is expected."""

    def wrap(cls: type, value: Any) -> Any:
        return {field: value} if isinstance(value, str) else value

    return model_validator(mode="before")(classmethod(wrap))  # type: ignore[arg-type]


class Hypothesis(_Strict):
    hypothesis_id: str | None = None
    text: str
    rationale: str | None = None

    _from_str = _text_item("text")


class RecommendedAction(_Strict):
    action: str
    # Not an enum on purpose: a wording slip in a recommendation must not reject a diagnosis.
    priority: str | None = None
    basis: str | None = None
    # For ``basis: evidence``: the claims the action rests on (the Composer shows the action only
    # when one of them is confirmed).
    claim_ids: list[str] | None = None

    _from_str = _text_item("action")


class MissingInfo(_Strict):
    item: str
    reason: str | None = None

    _from_str = _text_item("item")


class ExecutorContract(_Strict):
    """A legal `executor_evidence_v2` object (only the known fields are kept)."""

    answer_version: Literal["executor_evidence_v2"]
    claims: list[Claim]
    hypotheses: list[Hypothesis]
    recommended_actions: list[RecommendedAction]
    missing_info: list[MissingInfo]
    # Refused when present; never part of the schema a model is asked to write.
    diagnosis_summary: SkipJsonSchema[Any] = Field(default=None, exclude=True)
    user_facing_answer: SkipJsonSchema[Any] = Field(default=None, exclude=True)

    _no_removed_fields = field_validator(*FORBIDDEN_FIELDS)(_forbidden)

    @field_validator("claims", mode="before")
    @classmethod
    def _bounded_claims(cls, value: Any, info: ValidationInfo) -> Any:
        limit = _limits(info).max_claims
        if isinstance(value, list) and len(value) > limit:
            raise PydanticCustomError(
                "too_many_claims", "{size} claims, more than {limit}", {"size": len(value), "limit": limit}
            )
        return value


class ContractParse(BaseModel):
    """Outcome of `parse_contract`."""

    model_config = ConfigDict(frozen=True)

    status: ParseStatus
    contract: ExecutorContract | None = None
    errors: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)

    @property
    def valid(self) -> bool:
        return self.status == "valid"


def format_location(loc: tuple[int | str, ...]) -> str:
    """('claims', 1, 'evidence_bindings', 0, 'x') -> 'claims[1].evidence_bindings[0].x'."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(contract)"


def _format_errors(exc: ValidationError) -> list[str]:
    errors = exc.errors(include_url=False, include_input=False)
    lines = []
    for error in errors[:MAX_REPORTED_ERRORS]:
        message = "field required" if error["type"] == "missing" else error["msg"]
        lines.append(f"{format_location(tuple(error['loc']))}: {message[:1].lower()}{message[1:]}")
    if len(errors) > MAX_REPORTED_ERRORS:
        lines.append(f"... and {len(errors) - MAX_REPORTED_ERRORS} more schema errors")
    return lines


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # A repeated key would make "which value counts" parser-dependent; refuse it.
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"duplicate key {key!r}")
        result[key] = value
    return result


def _decode(text: str, limits: Limits) -> tuple[Any, list[str], str | None]:
    """(value, warnings, error) from a contract string."""
    warnings: list[str] = []
    if len(text) > limits.max_contract_chars:
        return None, warnings, ERR_TOO_LONG.format(size=len(text), limit=limits.max_contract_chars)
    body = text.strip()
    fenced = _FENCE_RE.match(body)
    if fenced:
        body = fenced.group(1).strip()
        warnings.append(WARN_CODE_FENCE)
    try:
        value = json.loads(body, object_pairs_hook=_unique_keys, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError
        detail = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
        return None, warnings, ERR_NOT_JSON.format(detail=detail)
    return value, warnings, None


def parse_contract(contract: Any, *, limits: Limits | None = None) -> ContractParse:
    """Classify and validate an Executor output (str or mapping). Never raises."""
    limits = limits or _DEFAULT_LIMITS
    if isinstance(contract, ExecutorContract):
        return ContractParse(status="valid", contract=contract)
    warnings: list[str] = []
    if isinstance(contract, str):
        value, warnings, error = _decode(contract, limits)
        if error is not None:
            return ContractParse(status="not_json", errors=[error], warnings=warnings)
    else:
        value = contract
    if not isinstance(value, Mapping):
        kind = "JSON " + type(value).__name__ if isinstance(contract, str) else type(value).__name__
        return ContractParse(
            status="not_object", errors=[ERR_NOT_OBJECT.format(kind=kind)], warnings=warnings
        )
    try:
        parsed = ExecutorContract.model_validate(dict(value), context={"limits": limits})
    except ValidationError as exc:
        return ContractParse(status="schema_error", errors=_format_errors(exc), warnings=warnings)
    except (RecursionError, TypeError, ValueError) as exc:  # hostile mappings (e.g. odd keys)
        return ContractParse(
            status="schema_error", errors=[f"(contract): {type(exc).__name__}"], warnings=warnings
        )
    first_index: dict[str, int] = {}
    errors = []
    for index, claim in enumerate(parsed.claims):
        if claim.claim_id in first_index:
            errors.append(
                ERR_DUPLICATE_CLAIM_ID.format(
                    index=index, claim_id=claim.claim_id, first=first_index[claim.claim_id]
                )
            )
        else:
            first_index[claim.claim_id] = index
    if errors:
        return ContractParse(status="schema_error", errors=errors[:MAX_REPORTED_ERRORS], warnings=warnings)
    return ContractParse(status="valid", contract=parsed, warnings=warnings)
