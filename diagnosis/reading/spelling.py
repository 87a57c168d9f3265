"""The one spelling matcher (pure, no Django): question reading, coverage and the offline agents.

A *spelling* is how a word shows in a question or an evidence line, as written in the rule data
(``rules/*.toml``):

- Chinese (any non-ASCII character): a substring (``连接池``); a two-character verb–object word
  also with an aspect particle inside it, as such words split in speech (``报警`` → 报过警, 报了警);
- ASCII words: whole tokens — ``oom`` matches ``OOMKilled`` and ``oom-killer`` but never
  ``BLOOMFILTER``; a trailing ``*`` makes the last word a prefix (``fail*`` → failed, failure);
  several words match with or without separators (``crash loop`` → CrashLoopBackOff,
  crash-loop, crashloop);
- ``re:…``: a regular expression over the normalised text (for shapes such as a 5xx code).

Text is normalised once: camelCase and ``HTTPServer`` boundaries become spaces (so
``RejectedExecutionException`` is the tokens rejected / execution / exception), then NFKC +
case-fold.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache


@lru_cache(maxsize=16384)
def fold(text: str) -> str:
    """NFKC + casefold: full-width digits/colons/letters behave like ASCII ones. Cached (a pure
    str → str function): one run folds the same service names, aliases and evidence lines
    thousands of times (issue 30)."""
    return unicodedata.normalize("NFKC", text or "").casefold()


def nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text or "")


_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_WORD_SPLIT = re.compile(r"[\s_\-./]+")
_SEPARATOR = r"[\s_\-./]*"
_ALNUM = "a-z0-9"
_HAN = re.compile(r"[\u4e00-\u9fff]{2}")
_ASPECT = "(?:过|了)?"  # what splits a verb–object word (报过警, 扩了容)


@lru_cache(maxsize=8192)
def normalise(text: str) -> str:
    """The form every spelling is matched against: camel boundaries spaced, NFKC, case-folded."""
    return fold(_CAMEL.sub(" ", nfkc(text)))


def _pattern(spelling: str) -> str:
    if spelling.startswith("re:"):
        return f"(?:{spelling[3:]})"
    folded = fold(_CAMEL.sub(" ", nfkc(spelling))).strip()  # ImagePullBackOff: the text's tokens
    if not folded.isascii():
        if _HAN.fullmatch(folded):
            return re.escape(folded[0]) + _ASPECT + re.escape(folded[1])
        return re.escape(folded)
    prefix = folded.endswith("*")
    words = [w for w in _WORD_SPLIT.split(folded.rstrip("*")) if w]
    if not words:
        return re.escape(folded)
    body = _SEPARATOR.join(re.escape(w) for w in words)
    head = f"(?<![{_ALNUM}])" if words[0][0].isalnum() else ""
    tail = f"(?![{_ALNUM}])" if words[-1][-1].isalnum() and not prefix else ""
    return head + body + tail


@lru_cache(maxsize=1024)
def _compiled(items: tuple[str, ...]) -> re.Pattern[str] | None:
    """One regular expression for a set of spellings (earliest match first); None when empty."""
    patterns = [_pattern(s) for s in items if s and s.strip()]
    return re.compile("|".join(patterns)) if patterns else None


def first_position(items: Iterable[str], text: str) -> int:
    """Where the first of ``items`` occurs in ``text`` (raw or normalised), -1 when none does."""
    regex = _compiled(tuple(items))
    m = regex.search(normalise(text)) if regex is not None else None
    return m.start() if m else -1


def any_spelling_in(items: Iterable[str], text: str) -> bool:
    """True when one of ``items`` occurs in ``text`` by the rules above."""
    return first_position(items, text) >= 0
