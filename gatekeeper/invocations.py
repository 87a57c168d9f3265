"""Tolerant reading of the current run's tool invocation facts.

`check()` receives plain mappings `{invocation_id, tool_name, status, evidence_refs}` (DESIGN §8;
`retrieval_details.evidence_refs` is accepted too). They come from our own database, but the
Gatekeeper must never crash on them (DESIGN §9): an entry that is not a mapping or lacks a string
id is simply unusable, so a binding citing it fails `evidence.invocation_ref`. Ids are compared
exactly (`inv_12` is not `inv_1`). An id that appears twice is ambiguous and is treated as
unknown: we cannot say which row the binding means.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from gatekeeper.normalize import NormalizedText

MAX_INVOCATIONS: Final = 10_000
MAX_REFS_PER_INVOCATION: Final = 2_000

WARN_INVOCATIONS_NOT_A_LIST: Final = "invocations is not a list; treating the run as having no invocations"
WARN_UNUSABLE_INVOCATIONS: Final = (
    "{count} invocation entries are unusable (not a mapping or no string invocation_id/tool_name)"
)
WARN_DUPLICATE_INVOCATION_ID: Final = (
    "invocation id {invocation_id!r} appears more than once; bindings citing it cannot be verified"
)
WARN_TOO_MANY_INVOCATIONS: Final = "only the first {limit} invocations were read"


@dataclass(slots=True)
class EvidenceRef:
    raw_path: str
    text: str
    max_text_chars: int
    _normalized: NormalizedText | None = None

    def normalized(self) -> NormalizedText:
        """Normalised text, computed once per check() call (many bindings share one ref)."""
        if self._normalized is None:
            self._normalized = NormalizedText(self.text[: self.max_text_chars])
        return self._normalized


@dataclass(slots=True)
class Invocation:
    invocation_id: str
    tool_name: str
    status: str | None
    #: raw_path -> ref (first one wins). Empty when the invocation carries no usable refs.
    refs: dict[str, EvidenceRef] = field(default_factory=dict)


@dataclass(slots=True)
class InvocationIndex:
    by_id: dict[str, Invocation]
    ambiguous_ids: frozenset[str]
    count_by_tool: dict[str, int]
    ids_by_tool: dict[str, list[str]]
    warnings: list[str]


def _refs_of(entry: Mapping[str, Any], max_text_chars: int) -> dict[str, EvidenceRef]:
    raw_refs = entry.get("evidence_refs")
    if raw_refs is None:
        details = entry.get("retrieval_details")
        raw_refs = details.get("evidence_refs") if isinstance(details, Mapping) else None
    refs: dict[str, EvidenceRef] = {}
    if not isinstance(raw_refs, Sequence) or isinstance(raw_refs, (str, bytes)):
        return refs
    for raw_ref in raw_refs[:MAX_REFS_PER_INVOCATION]:
        if not isinstance(raw_ref, Mapping):
            continue
        raw_path = raw_ref.get("raw_path")
        if not isinstance(raw_path, str) or raw_path in refs:
            continue
        text = raw_ref.get("text")
        # A ref without text cannot support any excerpt; keep it so the path still resolves.
        refs[raw_path] = EvidenceRef(raw_path, text if isinstance(text, str) else "", max_text_chars)
    return refs


def index_invocations(invocations: Any, *, max_ref_text_chars: int) -> InvocationIndex:
    """Build the lookup tables the rules need. Never raises."""
    warnings: list[str] = []
    if not isinstance(invocations, Sequence) or isinstance(invocations, (str, bytes)):
        if invocations is not None:
            warnings.append(WARN_INVOCATIONS_NOT_A_LIST)
        invocations = []
    if len(invocations) > MAX_INVOCATIONS:
        warnings.append(WARN_TOO_MANY_INVOCATIONS.format(limit=MAX_INVOCATIONS))
    by_id: dict[str, Invocation] = {}
    ambiguous: set[str] = set()
    count_by_tool: dict[str, int] = {}
    ids_by_tool: dict[str, list[str]] = {}
    unusable = 0
    for entry in invocations[:MAX_INVOCATIONS]:
        if not isinstance(entry, Mapping):
            unusable += 1
            continue
        invocation_id = entry.get("invocation_id")
        tool_name = entry.get("tool_name")
        if not isinstance(invocation_id, str) or not invocation_id or not isinstance(tool_name, str):
            unusable += 1
            continue
        status = entry.get("status")
        invocation = Invocation(
            invocation_id,
            tool_name,
            status if isinstance(status, str) else None,
            _refs_of(entry, max_ref_text_chars),
        )
        count_by_tool[tool_name] = count_by_tool.get(tool_name, 0) + 1
        ids_by_tool.setdefault(tool_name, []).append(invocation_id)
        if invocation_id in by_id or invocation_id in ambiguous:
            if invocation_id not in ambiguous:
                warnings.append(WARN_DUPLICATE_INVOCATION_ID.format(invocation_id=invocation_id))
            ambiguous.add(invocation_id)
            by_id.pop(invocation_id, None)
            continue
        by_id[invocation_id] = invocation
    if unusable:
        warnings.append(WARN_UNUSABLE_INVOCATIONS.format(count=unusable))
    return InvocationIndex(by_id, frozenset(ambiguous), count_by_tool, ids_by_tool, warnings)
