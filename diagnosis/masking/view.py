"""The text the recognizers read: a normalised view of the text to mask, with a map back to it.

Secrets are disguised, on purpose or by the way they travel (issue 25 item 4): a phone number or
an ``sk-`` key split by a zero-width space, full-width digits (``１３８…``), ``name%40example.org``,
and — inside the JSON a request is made of — ``\\"password\\": \\"…\\"`` or ``\\u200b``. The view
removes zero-width and bidi controls, folds compatibility forms (NFKC: full-width letters and
digits, mathematical digits), decodes percent-escapes of printable ASCII and JSON string escapes.
Everything else is copied as it is, so the view of an ordinary text is the text itself (no copy).

A span found in the view maps back to the span of the original that produced it, so the
original characters — disguise included — are what gets replaced. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from dataclasses import dataclass
from typing import Final

#: What the view changes: JSON escapes, percent-escapes of printable ASCII, invisible format
#: characters (zero-width, bidi controls, BOM, variation selectors, the Hangul fillers), unusual
#: spaces, full-width forms and mathematical alphanumerics. Everything else is copied.
_SPECIAL: Final = re.compile(
    r"\\u[0-9a-fA-F]{4}"
    r'|\\["\\/bfnrt]'
    r"|%[2-7][0-9A-Fa-f]"
    "|[\u00a0\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f"
    "\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uff01-\uff5e\uffa0\U0001d400-\U0001d7ff]"
)
_JSON_ESCAPES: Final = {'"': '"', "\\": "\\", "/": "/", "b": " ", "f": " ", "n": " ", "r": " ", "t": " "}


def _char(ch: str) -> str:
    """One character as the view shows it: invisible → nothing, a space → " ", else NFKC."""
    if unicodedata.category(ch) == "Cf" or "\ufe00" <= ch <= "\ufe0f" or ch in "\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0":
        return ""
    if ch.isspace():
        return " "
    return unicodedata.normalize("NFKC", ch)


def _decoded(token: str) -> str | None:
    """The view of one special token; None when it stays as it is."""
    if token.startswith("\\u"):
        return _char(chr(int(token[2:], 16)))
    if token.startswith("\\"):
        return _JSON_ESCAPES[token[1]]
    if token.startswith("%"):
        ch = chr(int(token[1:], 16))
        return ch if " " <= ch <= "~" else None
    return _char(token)


@dataclass(frozen=True)
class View:
    """``text`` normalised; ``segments`` map view offsets back (None: the view is the text)."""

    original: str
    text: str
    # (view start, original start, original length — -1 for a copied run)
    segments: tuple[tuple[int, int, int], ...] | None
    _starts: tuple[int, ...] = ()

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original span that produced view span ``[start, end)`` (``end > start``)."""
        if self.segments is None:
            return start, end
        return self._position(start, end=False), self._position(end - 1, end=True)

    def _position(self, index: int, *, end: bool) -> int:
        view_start, original_start, length = self.segments[bisect_right(self._starts, index) - 1]  # type: ignore[index]
        if length < 0:
            return original_start + (index - view_start) + (1 if end else 0)
        return original_start + (length if end else 0)


def view_of(text: str) -> View:
    parts: list[str] = []
    segments: list[tuple[int, int, int]] = []
    cursor = 0
    size = 0
    for match in _SPECIAL.finditer(text):
        start, end = match.span()
        replacement = _decoded(match.group())
        if replacement is None:
            continue
        if start > cursor:
            segments.append((size, cursor, -1))
            parts.append(text[cursor:start])
            size += start - cursor
        if replacement:
            segments.append((size, start, end - start))
            parts.append(replacement)
            size += len(replacement)
        cursor = end
    if not segments and cursor == 0:
        return View(text, text, None)
    if cursor < len(text):
        segments.append((size, cursor, -1))
        parts.append(text[cursor:])
    return View(text, "".join(parts), tuple(segments), tuple(s[0] for s in segments))


def normalised(text: str) -> str:
    return view_of(text).text
