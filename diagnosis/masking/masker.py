"""Reversible masking — pure (no Django, no I/O).

Before anything is sent to a model provider, sensitive values (phone numbers, e-mail addresses,
user and order ids, IP addresses, tokens and keys) are replaced by placeholders ``<TYPE_n>``,
stable within one run and numbered per type in order of first appearance. Replies are unmasked
with the same map before any deterministic layer reads them, so the Gatekeeper checks excerpts
against the real evidence: a placeholder the model invents (``<PHONE_9>`` that was never issued)
stays as it is and cannot match any evidence text — an ``evidence.excerpt_mismatch``.

The map lives in this object only, for the length of one run; the audit keeps counts per type.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

RECOGNIZERS_FILE: Final = Path(__file__).with_name("recognizers.toml")
PLACEHOLDER: Final = re.compile(r"<([A-Z][A-Z0-9]{0,15})_([1-9][0-9]{0,5})>")
TYPE_NAME: Final = re.compile(r"^[A-Z][A-Z0-9]{0,15}$")


class RecognizerError(ValueError):
    """A recognizer entry (file or MASKING_PATTERNS) is malformed."""


@dataclass(frozen=True)
class Recognizer:
    type: str
    name: str
    pattern: re.Pattern[str]


def recognizer(type_: str, pattern: str, name: str = "") -> Recognizer:
    kind = type_.strip().upper()
    if not TYPE_NAME.match(kind):
        raise RecognizerError(f"placeholder type must be upper-case letters/digits: {type_!r}")
    try:
        compiled = re.compile(pattern)
    except re.error as exc:
        raise RecognizerError(f"invalid pattern for {kind}: {exc}") from None
    if compiled.search("") is not None:
        raise RecognizerError(f"pattern for {kind} matches the empty string")
    return Recognizer(kind, name or kind, compiled)


@lru_cache(maxsize=1)
def builtin_recognizers() -> tuple[Recognizer, ...]:
    entries = tomllib.loads(RECOGNIZERS_FILE.read_text(encoding="utf-8")).get("recognizer", [])
    return tuple(recognizer(e["type"], e["pattern"], e.get("name", "")) for e in entries)


def parse_custom_patterns(entries: Iterable[str]) -> tuple[Recognizer, ...]:
    """``TYPE=regex`` entries (the MASKING_PATTERNS setting)."""
    result = []
    for entry in entries:
        if "=" not in entry:
            raise RecognizerError(f"expected TYPE=regex, got {entry!r}")
        kind, pattern = entry.split("=", 1)
        result.append(recognizer(kind, pattern, f"custom {kind.strip().upper()}"))
    return tuple(result)


def select_recognizers(entities: Sequence[str] | None = None, custom: Sequence[Recognizer] = ()) -> tuple[Recognizer, ...]:
    wanted = {e.strip().upper() for e in entities} if entities else None
    chosen = [r for r in builtin_recognizers() if wanted is None or r.type in wanted]
    return (*chosen, *custom)


class Masker:
    """One run's placeholder map. ``mask`` and ``unmask`` are inverse on every text it masked."""

    def __init__(self, recognizers: Sequence[Recognizer] | None = None) -> None:
        self.recognizers: tuple[Recognizer, ...] = tuple(builtin_recognizers() if recognizers is None else recognizers)
        self._by_value: dict[str, str] = {}
        self._by_placeholder: dict[str, str] = {}
        self._counts: dict[str, int] = {}
        # text → its masked form. Masking the same text again gives the same result (values keep
        # their placeholders), and every model call of a run re-sends its system prompt and the
        # earlier turns: each is scanned once per run (P1: ~2 ms of regex per call otherwise).
        self._masked: dict[str, str] = {}

    # --- text ----------------------------------------------------------------------------
    def _spans(self, text: str) -> list[tuple[int, int, str]]:
        found: list[tuple[int, int, int, str]] = []  # start, -length, priority, type
        for priority, rec in enumerate(self.recognizers):
            grouped = "value" in rec.pattern.groupindex
            for match in rec.pattern.finditer(text):
                start, end = match.span("value") if grouped else match.span()
                if end > start:
                    found.append((start, -(end - start), priority, rec.type))
        found.sort()
        spans: list[tuple[int, int, str]] = []
        cursor = 0
        for start, negative_length, _priority, kind in found:
            if start >= cursor:
                spans.append((start, start - negative_length, kind))
                cursor = start - negative_length
        return spans

    def _placeholder(self, value: str, kind: str) -> str:
        existing = self._by_value.get(value)
        if existing is not None:
            return existing
        self._counts[kind] = self._counts.get(kind, 0) + 1
        placeholder = f"<{kind}_{self._counts[kind]}>"
        self._by_value[value] = placeholder
        self._by_placeholder[placeholder] = value
        return placeholder

    def mask(self, text: str) -> str:
        if not text:
            return text
        known = self._masked.get(text)
        if known is not None:
            return known
        parts: list[str] = []
        cursor = 0
        for start, end, kind in self._spans(text):
            # Text that already looks like a placeholder is left alone (it is not a value).
            if PLACEHOLDER.fullmatch(text[start:end]):
                continue
            parts.append(text[cursor:start])
            parts.append(self._placeholder(text[start:end], kind))
            cursor = end
        parts.append(text[cursor:])
        masked = self._masked[text] = "".join(parts)
        return masked

    def unmask(self, text: str) -> str:
        """Known placeholders → their values; an unknown (invented) placeholder stays as it is."""
        if not text or "<" not in text:
            return text
        return PLACEHOLDER.sub(lambda m: self._by_placeholder.get(m.group(0), m.group(0)), text)

    # --- structures ----------------------------------------------------------------------
    def mask_data(self, value: Any) -> Any:
        return _walk(value, self.mask)

    def unmask_data(self, value: Any) -> Any:
        return _walk(value, self.unmask)

    @property
    def entity_counts(self) -> dict[str, int]:
        """How many distinct values of each type were masked (what the audit may keep)."""
        return dict(sorted(self._counts.items()))


def _walk(value: Any, transform: Any) -> Any:
    if isinstance(value, str):
        return transform(value)
    if isinstance(value, Mapping):
        return {key: _walk(item, transform) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_walk(item, transform) for item in value]
    return value
