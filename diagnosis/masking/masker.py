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

import base64
import binascii
import re
import threading
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from diagnosis.masking.view import View, view_of

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
    # A match needs one of these (lower-case) in the text: when none occurs the pattern is not run
    # at all ("@" for an e-mail address). Empty: always run.
    needs: tuple[str, ...] = ()

    def may_match(self, lowered: str) -> bool:
        return not self.needs or any(need in lowered for need in self.needs)


def recognizer(type_: str, pattern: str, name: str = "", needs: Sequence[str] = ()) -> Recognizer:
    kind = type_.strip().upper()
    if not TYPE_NAME.match(kind):
        raise RecognizerError(f"placeholder type must be upper-case letters/digits: {type_!r}")
    try:
        compiled = re.compile(pattern)
    except re.error as exc:
        raise RecognizerError(f"invalid pattern for {kind}: {exc}") from None
    if compiled.search("") is not None:
        raise RecognizerError(f"pattern for {kind} matches the empty string")
    return Recognizer(kind, name or kind, compiled, tuple(n.lower() for n in needs))


@lru_cache(maxsize=1)
def builtin_recognizers() -> tuple[Recognizer, ...]:
    entries = tomllib.loads(RECOGNIZERS_FILE.read_text(encoding="utf-8")).get("recognizer", [])
    return tuple(recognizer(e["type"], e["pattern"], e.get("name", ""), e.get("needs", ())) for e in entries)


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


#: A base64-looking token (standard or URL-safe alphabet): decoded and read for secrets.
_BASE64: Final = re.compile(r"(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]{8,}={0,2}(?![A-Za-z0-9+/=_-])")
#: The alphanumeric pieces of a masked value that the request may carry on their own — where a
#: question was split into terms (``canary.leak@example.org`` → ``"canary"``, ``"example"`` …).
_PIECE: Final = re.compile(r"[A-Za-z0-9]{3,}")
_PRINTABLE_SHARE: Final = 0.9
#: Encoded text has upper-case letters among lower-case letters or digits; words and ids without
#: (service names, hex trace ids, JSON keys) are not decoded at all.
_MIXED: Final = re.compile(r"(?=[^A-Z]*[A-Z])(?=[^a-z0-9]*[a-z0-9])")


@dataclass(frozen=True)
class _Found:
    start: int  # in the view
    end: int
    priority: int
    type: str


@dataclass(frozen=True)
class _Detection:
    view: View
    found: tuple[_Found, ...]


def _decoded_base64(token: str) -> str | None:
    """The text a base64 token encodes, when it is mostly printable UTF-8; else None."""
    body = token.rstrip("=")
    if len(body) % 4 == 1:
        return None
    padded = body + "=" * (-len(body) % 4)
    try:
        raw = base64.b64decode(padded.replace("-", "+").replace("_", "/"), validate=True)
        text = raw.decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    printable = sum(1 for ch in text if ch.isprintable() or ch in "\t\n\r")
    return text if text and printable >= _PRINTABLE_SHARE * len(text) else None


class _SharedDetections:
    """What the recognizers find in a text does not depend on the run: one bounded map per
    recognizer set, shared by every run of the process (issue 30). Each run re-sends the same
    system prompts, and a team asks about the same logs, so most texts were scanned by an earlier
    run; only the replacing (``Masker._apply``) depends on the run's own map."""

    MAX_CHARS: Final = 8_000_000

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._found: dict[str, _Detection] = {}
        self._chars = 0

    def get(self, text: str) -> _Detection | None:
        return self._found.get(text)

    def put(self, text: str, detection: _Detection) -> None:
        with self._lock:
            if self._chars + len(text) > self.MAX_CHARS:
                self._found.clear()  # crude but bounded: the next runs fill it again
                self._chars = 0
            if text not in self._found:
                self._found[text] = detection
                self._chars += len(text)


_shared_lock = threading.Lock()
_shared: dict[tuple[Recognizer, ...], _SharedDetections] = {}


def _shared_detections(recognizers: tuple[Recognizer, ...]) -> _SharedDetections:
    with _shared_lock:
        found = _shared.get(recognizers)
        if found is None:
            found = _shared[recognizers] = _SharedDetections()
        return found


class Masker:
    """One run's placeholder map. ``mask`` and ``unmask`` are inverse on every text it masked.

    ``mask_request`` masks every string of one model request as one text (issue 25 items 3–4): a
    value found anywhere in the request — the question's ``password=…`` — is replaced everywhere in
    it, also where it stands alone (the ``asked`` terms the question was split into), and in every
    later request of the run. Values are found in the normalised view of each string
    (``masking.view``: zero-width and bidi characters removed, full-width folded, percent- and
    JSON-escapes decoded) and replaced in the original, disguise and all.
    """

    def __init__(self, recognizers: Sequence[Recognizer] | None = None) -> None:
        self.recognizers: tuple[Recognizer, ...] = tuple(builtin_recognizers() if recognizers is None else recognizers)
        self._kind: dict[str, str] = {}  # canonical value (its view) → type
        self._original: dict[str, str] = {}  # canonical value → the first original spelling
        self._by_value: dict[str, str] = {}  # canonical value → placeholder (issued when first replaced)
        self._by_placeholder: dict[str, str] = {}
        self._counts: dict[str, int] = {}
        self._pieces: dict[str, str] = {}  # piece → canonical value it came from
        self._generation = 0  # bumped whenever a value or piece is learnt
        self._known: re.Pattern[str] | None = None
        self._known_pieces: re.Pattern[str] | None = None
        self._compiled_at = -1
        # Every model call of a run re-sends its system prompt and the earlier turns: each text is
        # scanned once per run (P1), and re-masked only when the run has learnt a value since.
        self._detected: dict[str, _Detection] = {}
        self._masked: dict[str, tuple[int, str]] = {}
        self._shared = _shared_detections(self.recognizers)

    # --- finding -------------------------------------------------------------------------
    def _recognised(self, text: str) -> list[_Found]:
        found: list[_Found] = []
        lowered = text.lower()
        for priority, rec in enumerate(self.recognizers):
            if not rec.may_match(lowered):
                continue
            grouped = "value" in rec.pattern.groupindex
            for match in rec.pattern.finditer(text):
                start, end = match.span("value") if grouped else match.span()
                if end > start:
                    found.append(_Found(start, end, priority, rec.type))
        return found

    def _base64(self, text: str, taken: list[_Found]) -> list[_Found]:
        """Base64 tokens whose decoded text holds a value of any type: the whole token is masked."""
        found: list[_Found] = []
        for match in _BASE64.finditer(text):
            start, end = match.span()
            if not _MIXED.match(match.group()) or any(f.start < end and start < f.end for f in taken):
                continue
            decoded = _decoded_base64(match.group())
            if decoded is None:
                continue
            inner = self._recognised(view_of(decoded).text)
            if inner:
                found.append(_Found(start, end, len(self.recognizers), min(inner, key=lambda f: f.priority).type))
        return found

    def _detect(self, text: str) -> _Detection:
        known = self._detected.get(text)
        if known is None:
            known = self._shared.get(text)
            if known is None:
                view = view_of(text)
                found = self._recognised(view.text)
                found += self._base64(view.text, found)
                known = _Detection(view, tuple(found))
                self._shared.put(text, known)
            self._detected[text] = known
        return known

    # --- learning ------------------------------------------------------------------------
    def _learn(self, canonical: str, original: str, kind: str) -> None:
        if canonical in self._kind or PLACEHOLDER.fullmatch(canonical):
            return
        self._kind[canonical] = kind
        self._original[canonical] = original
        for piece in {*_PIECE.findall(canonical), *_PIECE.findall(original)}:
            self._pieces.setdefault(piece, canonical)
        self._generation += 1

    def _learn_from(self, detection: _Detection) -> None:
        view = detection.view
        for found in detection.found:
            start, end = view.span(found.start, found.end)
            self._learn(view.text[found.start : found.end], view.original[start:end], found.type)

    def remember(self, texts: Iterable[str]) -> None:
        """Learn the values in ``texts`` without masking them (yet): the session's earlier
        questions, whose split terms a follow-up's ``session_context`` carries."""
        for text in texts:
            if text:
                self._learn_from(self._detect(text))

    def _patterns(self) -> tuple[re.Pattern[str] | None, re.Pattern[str] | None]:
        if self._compiled_at != self._generation:
            values = sorted(self._kind, key=len, reverse=True)
            self._known = (
                re.compile(r"(?<![A-Za-z0-9])(?:" + "|".join(map(re.escape, values)) + r")(?![A-Za-z0-9])") if values else None
            )
            pieces = sorted(self._pieces, key=len, reverse=True)
            # A piece only where it is a whole JSON string that is not a key.
            self._known_pieces = re.compile('"(' + "|".join(pieces) + r')"(?!\s*:)') if pieces else None
            self._compiled_at = self._generation
        return self._known, self._known_pieces

    # --- replacing -----------------------------------------------------------------------
    def _spans(self, detection: _Detection) -> list[tuple[int, int, str]]:
        """(view start, view end, canonical value) to replace, without overlaps: the earliest
        start wins, then the longest, then the earlier recognizer."""
        view = detection.view.text
        candidates = [(f.start, -(f.end - f.start), f.priority, view[f.start : f.end]) for f in detection.found]
        known, pieces = self._patterns()
        later = len(self.recognizers) + 1
        if known is not None:
            candidates += [(m.start(), -(m.end() - m.start()), later, m.group()) for m in known.finditer(view)]
        if pieces is not None:
            candidates += [
                (m.start(1), -(m.end(1) - m.start(1)), later + 1, self._pieces[m.group(1)]) for m in pieces.finditer(view)
            ]
        candidates.sort()
        spans: list[tuple[int, int, str]] = []
        cursor = 0
        for start, negative_length, _priority, canonical in candidates:
            if start >= cursor:
                spans.append((start, start - negative_length, canonical))
                cursor = start - negative_length
        return spans

    def _placeholder(self, canonical: str) -> str:
        existing = self._by_value.get(canonical)
        if existing is not None:
            return existing
        kind = self._kind[canonical]
        self._counts[kind] = self._counts.get(kind, 0) + 1
        placeholder = f"<{kind}_{self._counts[kind]}>"
        self._by_value[canonical] = placeholder
        self._by_placeholder[placeholder] = self._original[canonical]
        return placeholder

    def _apply(self, text: str, detection: _Detection) -> str:
        cached = self._masked.get(text)
        if cached is not None and cached[0] == self._generation:
            return cached[1]
        view = detection.view
        parts: list[str] = []
        cursor = 0
        for start, end, canonical in self._spans(detection):
            if PLACEHOLDER.fullmatch(view.text[start:end]) or canonical not in self._kind:
                continue  # text that already looks like a placeholder is not a value
            first, last = view.span(start, end)
            if first < cursor:
                continue
            parts.append(text[cursor:first])
            parts.append(self._placeholder(canonical))
            cursor = last
        parts.append(text[cursor:])
        masked = "".join(parts)
        self._masked[text] = (self._generation, masked)
        return masked

    def mask_request(self, texts: Sequence[str]) -> list[str]:
        """Every string of one request, masked as one: what is found in any of them is replaced
        in all of them (numbered in order of first appearance across the request)."""
        detections = [self._detect(text) if text else None for text in texts]
        for detection in detections:
            if detection is not None:
                self._learn_from(detection)
        return [self._apply(text, d) if d is not None else text for text, d in zip(texts, detections, strict=True)]

    def mask(self, text: str) -> str:
        if not text:
            return text
        return self.mask_request([text])[0]

    def unmask(self, text: str) -> str:
        """Known placeholders → their values; an unknown (invented) placeholder stays as it is."""
        if not text or "<" not in text:
            return text
        return PLACEHOLDER.sub(lambda m: self._by_placeholder.get(m.group(0), m.group(0)), text)

    # --- structures ----------------------------------------------------------------------
    def mask_data(self, value: Any) -> Any:
        strings: list[str] = []

        def collect(text: str) -> str:
            strings.append(text)
            return text

        _walk(value, collect)
        masked = iter(self.mask_request(strings))
        return _walk(value, lambda _text: next(masked))

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
