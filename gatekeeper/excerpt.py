"""Excerpt support: is an Executor `evidence_excerpt` supported by a system-side evidence text?

DESIGN §5.2 / spec "Mismatched excerpt is rejected". Deterministic and never fuzzy about digits,
codes or identifiers:

* both sides are normalised identically (`gatekeeper.normalize`);
* the excerpt is split on ellipses (`...`, `…`, `……`, `。。。`, `⋯` all normalise to three or more
  dots); at least one fragment must reach `min_fragment_len` normalised characters (an empty or
  trivially short excerpt is never support), and EVERY fragment — short ones too, so the `502`
  of `HTTP 500 … 502` is checked — must occur in the text, in order, without overlapping;
* an occurrence only counts if it does not cut through a token: a fragment that starts (ends)
  with a word character needs a non-word character or the text edge before (after) it, and it
  may not start or end inside a decimal number (`12` is not in `12.5`, `5%` is not in `12.5%`).
  So `HTTP 50` is not in `HTTP 500`, `inv_1` is not in `inv_12`. CJK text has no spaces and is
  exempt (`WORD_CLASS`).
"""

from __future__ import annotations

import re
from typing import Final

from pydantic import BaseModel, ConfigDict

from gatekeeper.normalize import NormalizedText, is_word_char, normalize

DEFAULT_MIN_FRAGMENT_LEN: Final = 4
DEFAULT_MAX_MATCHED_TEXT_CHARS: Final = 500

_ELLIPSIS: Final = re.compile(r"\.{3,}")
_DIGITS: Final = frozenset("0123456789")


class MatchOutcome(BaseModel):
    """Whether an excerpt is supported, and the original-text span it matched."""

    model_config = ConfigDict(frozen=True)

    supported: bool
    #: The original evidence text from the first through the last matched fragment, cut to the
    #: configured maximum. None when not supported.
    matched_text: str | None = None
    reason: str | None = None


def excerpt_fragments(excerpt: str, *, min_fragment_len: int = DEFAULT_MIN_FRAGMENT_LEN) -> list[str]:
    """The normalised fragments of `excerpt` that must occur; empty means "cannot be supported".

    Short fragments are kept (a short number or code is exactly what must not slip through
    unchecked); the excerpt as a whole needs one fragment of at least `min_fragment_len`.
    """
    fragments = [part.strip() for part in _ELLIPSIS.split(normalize(excerpt))]
    fragments = [fragment for fragment in fragments if fragment]
    if not any(len(fragment) >= min_fragment_len for fragment in fragments):
        return []
    return fragments


def _cuts_token(text: str, start: int, end: int, fragment: str) -> bool:
    """True when the occurrence text[start:end] of `fragment` starts or ends inside a token."""
    first, last = fragment[0], fragment[-1]
    if start > 0:
        before = text[start - 1]
        if is_word_char(first) and is_word_char(before):
            return True
        # "5%" inside "12.5%", ".5%" inside "12.5%"
        if first in _DIGITS and before == "." and start >= 2 and text[start - 2] in _DIGITS:
            return True
        if first == "." and before in _DIGITS and len(fragment) > 1 and fragment[1] in _DIGITS:
            return True
    if end < len(text):
        after = text[end]
        if is_word_char(last) and is_word_char(after):
            return True
        # "12" inside "12.5", "12." inside "12.5"
        if last in _DIGITS and after == "." and end + 1 < len(text) and text[end + 1] in _DIGITS:
            return True
        if last == "." and after in _DIGITS and len(fragment) > 1 and fragment[-2] in _DIGITS:
            return True
    return False


def _find_token_safe(text: str, fragment: str, start: int) -> int:
    """Leftmost occurrence of `fragment` in `text` at or after `start` that cuts no token."""
    index = text.find(fragment, start)
    while index != -1 and _cuts_token(text, index, index + len(fragment), fragment):
        index = text.find(fragment, index + 1)
    return index


def match_fragments(fragments: list[str], text: NormalizedText) -> tuple[int, int] | None:
    """Normalised span [first fragment start, last fragment end) or None.

    Greedy leftmost matching is complete for in-order, non-overlapping search: taking the
    earliest valid occurrence of each fragment leaves the most room for the next one.
    """
    if not fragments:
        return None
    norm = text.norm
    position = 0
    first_start = -1
    for fragment in fragments:
        index = _find_token_safe(norm, fragment, position)
        if index == -1:
            return None
        if first_start == -1:
            first_start = index
        position = index + len(fragment)
    return first_start, position


def matched_original(text: NormalizedText, span: tuple[int, int], max_chars: int) -> str:
    """The original text behind a normalised span, bounded to `max_chars` characters."""
    start, end = text.original_span(*span)
    return text.original[start : min(end, start + max_chars)]


def excerpt_supported(
    excerpt: str,
    text: str | NormalizedText,
    *,
    min_fragment_len: int = DEFAULT_MIN_FRAGMENT_LEN,
    max_matched_text_chars: int = DEFAULT_MAX_MATCHED_TEXT_CHARS,
) -> MatchOutcome:
    """Is `excerpt` supported by `text`? See the module docstring for the exact rule."""
    fragments = excerpt_fragments(excerpt, min_fragment_len=min_fragment_len)
    if not fragments:
        return MatchOutcome(
            supported=False,
            reason=f"excerpt has no fragment of at least {min_fragment_len} characters after normalisation",
        )
    normalized = text if isinstance(text, NormalizedText) else NormalizedText(text)
    span = match_fragments(fragments, normalized)
    if span is None:
        return MatchOutcome(supported=False, reason="excerpt does not occur in the evidence text")
    return MatchOutcome(
        supported=True, matched_text=matched_original(normalized, span, max_matched_text_chars)
    )
