"""Reading a rendered answer the way a user does: what the system says in its own words is
everything outside the 「…」 quotations."""

from __future__ import annotations

import re

_QUOTED = re.compile(r"「[^「」]*」")


def own_words(text: str) -> str:
    """``text`` with every balanced 「…」 quotation removed."""
    return _QUOTED.sub("", text)


def own_words_of_lines(text: str) -> list[str]:
    return [own_words(line) for line in text.splitlines()]
