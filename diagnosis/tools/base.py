"""What every tool shares: the context a call runs in, its outcome, and its evidence refs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from contracts.evidence import MAX_REF_TEXT_CHARS, EvidenceRef

ELLIPSIS = "…"


class ToolError(Exception):
    """A tool could not run (bad input it detected itself, a backend it cannot reach …).

    The message is shown to the model and stored on the failed invocation, so it must be
    clear and must not leak internals.
    """


@dataclass
class ToolContext:
    """What a tool needs from the world, passed in so the tool functions stay pure-ish.

    ``now`` anchors default time windows; ``resolve_service`` maps a name or alias to the
    canonical service name (None when unknown); the backends are resolved lazily so a
    misconfigured logs backend does not break lookup_knowledge. ``scope`` is the run's
    EvidenceScope: the service lookups and the backend factory are bound to it.
    """

    now: datetime
    scope: Any = None
    clock_source: str = "clock"
    resolve_service: Callable[[str], str | None] = lambda name: None
    service_names: Callable[[str], list[str]] = lambda canonical: [canonical]
    backends: dict[str, Any] = field(default_factory=dict)
    backend_factory: Callable[[str], Any] | None = None
    #: Dedup memory of one run (arguments key → first answering invocation id), kept by the tool
    #: service when one context serves every call of the run; ``None``: ask the database.
    dedup_index: dict[str, str] | None = None

    def backend(self, kind: str) -> Any:
        if kind not in self.backends:
            if self.backend_factory is None:
                raise ToolError(f"no {kind} backend configured")
            self.backends[kind] = self.backend_factory(kind)
        return self.backends[kind]


@dataclass
class ToolOutcome:
    """The JSON ``output`` of one call and how many evidence elements it found (0 → no_hit)."""

    output: dict[str, Any]
    result_count: int
    details: dict[str, Any] = field(default_factory=dict)


def bounded(text: str, limit: int = MAX_REF_TEXT_CHARS) -> str:
    """``text`` cut to ``limit`` characters, the last one an ellipsis when cut."""
    if len(text) <= limit:
        return text
    return text[: limit - 1] + ELLIPSIS


def evidence_ref(raw_path: str, text: str, *, source_id: str = "", label: str = "") -> dict[str, Any]:
    """One validated evidence ref as plain JSON (text bounded to MAX_REF_TEXT_CHARS)."""
    return EvidenceRef(
        raw_path=raw_path, text=bounded(text), source_id=bounded(source_id, 200), label=bounded(label, 200)
    ).model_dump()
