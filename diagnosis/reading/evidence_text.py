"""How an evidence line reads (pure, no Django): the last link of its exception chain and the
Chinese key terms it shows. Shared by the offline agents (which choose and word claims) and the
composer (which words a conclusion from confirmed claims)."""

from __future__ import annotations

import re
from typing import Final

from diagnosis.reading.vocabulary import GLOSS_TERMS, KEY_TERMS_BY_WORD, any_spelling_in, rules

MIN_CAUSE_CHARS: Final = 12  # a shorter last link names nothing ("caused by: null")
_EVIDENCE = rules("terms")["evidence"]
_CAUSE_MARKERS, _CAUSE_ENDS = tuple(_EVIDENCE["cause_markers"]), tuple(_EVIDENCE["cause_ends"])


_EXCEPTION_LINE: Final = re.compile(r"^(?:[A-Za-z_][\w.$]*(?:Error|Exception|Exit|Interrupt|Warning)\b|Caused by:)")


def innermost(message: str) -> str:
    """The last link of an exception chain in ``message`` — after the last "Caused by:" /
    "nested exception is" / "Cause:" of its first line, up to a section that follows it (MyBatis's
    "### The error may involve …"); for a stack trace written over several lines, its last
    exception line (Python's final ``KeyError: 'DATABASE_URL'``, Java's last ``Caused by:``); the
    whole first line without either."""
    lines = [line.strip() for line in message.split("\n") if line.strip()]
    caused = [line for line in lines[1:] if _EXCEPTION_LINE.match(line)]
    if caused:
        last = caused[-1]
        return last[len("Caused by:"):].strip() if last.startswith("Caused by:") else last
    line = message.split("\n", 1)[0]
    folded = line.casefold()
    cut = max((folded.rfind(marker) + len(marker) for marker in _CAUSE_MARKERS if marker in folded), default=0)
    if not cut or len(line) - cut < MIN_CAUSE_CHARS:
        return line
    ends = [i for i in (folded.find(end, cut) for end in _CAUSE_ENDS) if i > cut]
    return line[cut : min(ends, default=len(line))].strip()


def gloss(text: str, limit: int = 3) -> list[str]:
    """Chinese key terms whose evidence spellings occur in ``text``, in reading order."""
    found = [t for t in GLOSS_TERMS if any_spelling_in(KEY_TERMS_BY_WORD[t].evidence, text)]
    # Keep the most specific: drop a term contained in a longer found term (连接 ⊂ 连接池).
    return [t for t in found if not any(t != o and t in o for o in found)][:limit]
