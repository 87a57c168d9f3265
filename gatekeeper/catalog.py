"""Rule catalog: load `rules.toml`, validate it as pure data, expose metadata and parameters.

Spec "Gatekeeper rule catalog SHALL remain deterministic": the catalog configures metadata and
simple parameters only. The loader therefore accepts a closed set of keys with literal values
(strings, booleans, bounded integers); anything else — an unknown rule or field, a string where
an integer belongs, a table where a scalar belongs — refuses the file as a whole, and the
built-in defaults below are used with a recorded warning. Loading never raises.

Spec "Gatekeeper fallback pass includes rule metadata": `DEFAULT_CATALOG` is also what the
fallback result reports when no catalog could be read at all.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from contracts.gatekeeper import RuleSummary
from contracts.verdict import Severity
from gatekeeper import rule_ids as R

CATALOG_RESOURCE: Final = "rules.toml"
DEFAULT_RULE_SET_VERSION: Final = "gatekeeper-rules-2026.11.1"

CATALOG_REFUSED: Final = "rule catalog {source} refused ({reason}); using built-in defaults {version}"

#: Inclusive bounds of every parameter a rule may carry. Keys not listed here are refused.
PARAM_BOUNDS: Final[dict[str, dict[str, tuple[int, int]]]] = {
    R.SCHEMA_EXECUTOR_V2: {
        "max_contract_chars": (1_000, 50_000_000),
        "max_claims": (1, 100_000),
        "max_bindings_per_claim": (1, 10_000),
        "max_excerpt_chars": (1, 100_000),
    },
    R.EVIDENCE_EXCERPT_MISMATCH: {
        "min_fragment_len": (1, 64),
        "max_matched_text_chars": (16, 100_000),
        "max_ref_text_chars": (100, 10_000_000),
    },
}

#: Built-in defaults; `tests/gatekeeper/test_rule_catalog.py` asserts `rules.toml` equals them.
DEFAULT_RULES: Final[dict[str, dict[str, Any]]] = {
    R.SCHEMA_EXECUTOR_V2: {
        "description": (
            "Executor output is one executor_evidence_v2 JSON object: required fields, claims with at "
            "least one evidence binding, no diagnosis_summary / user_facing_answer."
        ),
        "enabled": True,
        "default_severity": "reject",
        "params": {
            "max_contract_chars": 2_000_000,
            "max_claims": 200,
            "max_bindings_per_claim": 20,
            "max_excerpt_chars": 2000,
        },
    },
    R.EVIDENCE_INVOCATION_REF: {
        "description": (
            "The binding's source_invocation_id exists among this run's tool invocations and its "
            "tool_name equals the persisted tool_name."
        ),
        "enabled": True,
        "default_severity": "reject",
        "params": {},
    },
    R.EVIDENCE_STALE_SUPPORT: {
        "description": "The referenced invocation was deduped: it brought no new evidence in this run.",
        "enabled": True,
        "default_severity": "low_confid",
        "params": {},
    },
    R.EVIDENCE_REFS_UNAVAILABLE: {
        "description": (
            "The referenced invocation has no retrieval_details.evidence_refs, so the excerpt cannot "
            "be located."
        ),
        "enabled": True,
        "default_severity": "low_confid",
        "params": {},
    },
    R.EVIDENCE_RAW_PATH_MISSING: {
        "description": (
            "The binding omits raw_path, so it is not precise enough to pass (raw_path is never backfilled)."
        ),
        "enabled": True,
        "default_severity": "low_confid",
        "params": {},
    },
    R.EVIDENCE_RAW_PATH: {
        "description": "The binding's raw_path equals the raw_path of one of the invocation's evidence_refs.",
        "enabled": True,
        "default_severity": "reject",
        "params": {},
    },
    R.EVIDENCE_EXCERPT_MISMATCH: {
        "description": (
            "The evidence_excerpt is supported by the referenced evidence ref text (normalised, "
            "ellipsis fragments in order, token-boundary safe)."
        ),
        "enabled": True,
        "default_severity": "reject",
        "params": {"min_fragment_len": 4, "max_matched_text_chars": 500, "max_ref_text_chars": 20_000},
    },
}

_VERSION_RE: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")


class RuleMeta(BaseModel):
    """One rule entry of the catalog file: closed keys, literal values only."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    description: str = Field(min_length=1, max_length=500)
    enabled: bool
    # "none" is not a failure severity: a rule that fails must lower the ceiling.
    default_severity: Literal["low_confid", "reject"]
    params: dict[str, int] = Field(default_factory=dict)


class _CatalogFile(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    rule_set_version: str
    rules: dict[str, RuleMeta]


class Catalog(BaseModel):
    """A validated rule catalog. Construct with `load_catalog()` or `catalog_from_data()`."""

    model_config = ConfigDict(frozen=True)

    rule_set_version: str
    #: Every rule id of `rule_ids.RULE_ORDER`, in that order, with all parameters filled in.
    rules: dict[str, RuleMeta]
    source: str
    #: Why a file was refused (empty when the file loaded cleanly). `check()` copies these into
    #: every result's `warnings`, so a broken catalog is loud rather than silent.
    load_warnings: tuple[str, ...] = ()

    def enabled(self, rule_id: str) -> bool:
        return self.rules[rule_id].enabled

    def severity(self, rule_id: str) -> Severity:
        return Severity(self.rules[rule_id].default_severity)

    def param(self, rule_id: str, name: str) -> int:
        return self.rules[rule_id].params[name]

    def summary(self) -> list[RuleSummary]:
        """The rule metadata summary every result carries."""
        return [
            RuleSummary(
                id=rule_id,
                description=meta.description,
                enabled=meta.enabled,
                default_severity=Severity(meta.default_severity),
                params=dict(meta.params),
            )
            for rule_id, meta in self.rules.items()
        ]


class CatalogError(ValueError):
    """The catalog data is not an acceptable catalog (the message says why)."""


def catalog_from_data(data: Mapping[str, Any], *, source: str = "<data>") -> Catalog:
    """Validate parsed catalog data; raise `CatalogError` naming the first offending element."""
    try:
        parsed = _CatalogFile.model_validate(dict(data))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "(top level)"
        raise CatalogError(f"{where}: {first['msg']}") from None
    if not _VERSION_RE.fullmatch(parsed.rule_set_version):
        raise CatalogError("rule_set_version: must be 1-64 characters of [A-Za-z0-9._-]")
    unknown = sorted(set(parsed.rules) - set(R.RULE_ORDER))
    if unknown:
        raise CatalogError(f"rules: unknown rule id {unknown[0]!r}")
    missing = [rule_id for rule_id in R.RULE_ORDER if rule_id not in parsed.rules]
    if missing:
        raise CatalogError(f"rules: rule {missing[0]!r} is not described")
    rules: dict[str, RuleMeta] = {}
    for rule_id in R.RULE_ORDER:
        meta = parsed.rules[rule_id]
        if not meta.enabled and rule_id not in R.DISABLEABLE_RULES:
            raise CatalogError(
                f"rules.{rule_id}.enabled: this rule guards a spec requirement and cannot be disabled"
            )
        if rule_id == R.SCHEMA_EXECUTOR_V2 and meta.default_severity != "reject":
            # An illegal contract has nothing verifiable in it: it always routes to the fallback.
            raise CatalogError(f"rules.{rule_id}.default_severity: must stay 'reject'")
        bounds = PARAM_BOUNDS.get(rule_id, {})
        params = dict(DEFAULT_RULES[rule_id]["params"])
        for name, value in meta.params.items():
            if name not in bounds:
                raise CatalogError(f"rules.{rule_id}.params.{name}: unknown parameter")
            low, high = bounds[name]
            if not low <= value <= high:
                raise CatalogError(f"rules.{rule_id}.params.{name}: {value} outside [{low}, {high}]")
            params[name] = value
        rules[rule_id] = meta.model_copy(update={"params": params})
    return Catalog(rule_set_version=parsed.rule_set_version, rules=rules, source=source)


DEFAULT_CATALOG: Final[Catalog] = catalog_from_data(
    {"rule_set_version": DEFAULT_RULE_SET_VERSION, "rules": DEFAULT_RULES}, source="built-in defaults"
)


def load_catalog(path: str | Path | None = None) -> Catalog:
    """Load the rule catalog (the packaged `rules.toml` unless `path` is given).

    Never raises: an unreadable or invalid file yields `DEFAULT_CATALOG` with a load warning.
    """
    source = str(path) if path is not None else f"gatekeeper/{CATALOG_RESOURCE}"
    try:
        if path is None:
            raw = resources.files("gatekeeper").joinpath(CATALOG_RESOURCE).read_text(encoding="utf-8")
        else:
            raw = Path(path).read_text(encoding="utf-8")
        return catalog_from_data(tomllib.loads(raw), source=source)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, CatalogError) as exc:
        reason = str(exc) or type(exc).__name__
        warning = CATALOG_REFUSED.format(source=source, reason=reason, version=DEFAULT_RULE_SET_VERSION)
        return DEFAULT_CATALOG.model_copy(update={"load_warnings": (warning,)})


@functools.cache
def packaged_catalog() -> Catalog:
    """The packaged catalog, read once per process (it is immutable package data)."""
    return load_catalog()
