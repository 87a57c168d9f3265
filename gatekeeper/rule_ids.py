"""Gatekeeper rule ids (DESIGN §5.2).

These strings appear in persisted audit records (`gatekeeper_result.failed_rules`), in the rule
catalog file and in tests, so they live here once (STYLE §6: messages and rule ids are
constants).
"""

from __future__ import annotations

from typing import Final

SCHEMA_EXECUTOR_V2: Final = "schema.executor_v2"
EVIDENCE_INVOCATION_REF: Final = "evidence.invocation_ref"
EVIDENCE_STALE_SUPPORT: Final = "evidence.stale_support"
EVIDENCE_REFS_UNAVAILABLE: Final = "evidence.refs_unavailable"
EVIDENCE_RAW_PATH_MISSING: Final = "evidence.raw_path_missing"
EVIDENCE_RAW_PATH: Final = "evidence.raw_path"
EVIDENCE_EXCERPT_MISMATCH: Final = "evidence.excerpt_mismatch"

#: Every rule, in the order a binding is checked (schema first, then the per-binding chain).
#: Result lists (`rules`, `failed_rules`) follow this order so audit output is deterministic.
RULE_ORDER: Final[tuple[str, ...]] = (
    SCHEMA_EXECUTOR_V2,
    EVIDENCE_INVOCATION_REF,
    EVIDENCE_STALE_SUPPORT,
    EVIDENCE_REFS_UNAVAILABLE,
    EVIDENCE_RAW_PATH_MISSING,
    EVIDENCE_RAW_PATH,
    EVIDENCE_EXCERPT_MISMATCH,
)

#: The only rule a catalog may switch off. Every other rule guards a spec SHALL (a binding
#: must point at real current-run evidence, and an unlocatable binding is "not precise enough
#: to pass"); skipping one would let unverified material into the verified projection.
#: A deduped invocation, by contrast, still carries refs that the remaining rules verify.
DISABLEABLE_RULES: Final[frozenset[str]] = frozenset({EVIDENCE_STALE_SUPPORT})
