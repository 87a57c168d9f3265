"""Narrow compatibility backfill (spec "Verifier input hook SHALL only perform narrow
compatibility backfill"; DESIGN §5.2).

Runs before the binding rules. A binding that names no `source_invocation_id` gets one only when
exactly one invocation of its `tool_name` exists in this run, and a warning says so. A binding
whose legacy plural `source_invocation_ids` holds exactly one id is read as citing that id (spec
"Legacy plural invocation ids remain compatibility only"); it still needs a `raw_path` to pass.
`raw_path` is never synthesised: broad tool summaries must not become precise references.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from contracts.executor import EvidenceBinding
from gatekeeper.invocations import InvocationIndex

WARN_BACKFILLED: Final = "{where}: source_invocation_id auto-backfilled to {invocation_id!r}, the only {tool_name} invocation in this run"
WARN_LEGACY_PLURAL: Final = "{where}: legacy source_invocation_ids read for compatibility as {invocation_id!r}; emit source_invocation_id"
MSG_NO_CANDIDATE: Final = (
    "no source_invocation_id, and {count} {tool_name} invocations in this run (backfill needs exactly one)"
)


@dataclass(frozen=True, slots=True)
class Resolution:
    """Which invocation a binding is checked against, and how that was decided."""

    invocation_id: str | None
    backfilled: bool = False
    warning: str | None = None
    #: Why no id could be found (only when `invocation_id` is None).
    problem: str | None = None


def resolve_invocation(binding: EvidenceBinding, index: InvocationIndex, *, where: str) -> Resolution:
    if binding.source_invocation_id is not None:
        return Resolution(binding.source_invocation_id)
    legacy = binding.source_invocation_ids or []
    if len(legacy) == 1 and legacy[0]:
        return Resolution(legacy[0], warning=WARN_LEGACY_PLURAL.format(where=where, invocation_id=legacy[0]))
    candidates = index.ids_by_tool.get(binding.tool_name, [])
    if len(candidates) == 1 and candidates[0] in index.by_id:
        return Resolution(
            candidates[0],
            backfilled=True,
            warning=WARN_BACKFILLED.format(
                where=where, invocation_id=candidates[0], tool_name=binding.tool_name
            ),
        )
    return Resolution(
        None, problem=MSG_NO_CANDIDATE.format(count=len(candidates), tool_name=binding.tool_name)
    )
