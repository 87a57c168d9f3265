"""Issue 30: the quoting fold reads each character's comparable form from a table built as the
characters come; it is exactly the per-character NFKC + casefold it replaced, whitespace,
decoration and masked service names included."""

from __future__ import annotations

import re
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from diagnosis.tools import quoting


def reference_fold(text: str, names: tuple[str, ...], mask: str) -> tuple[str, tuple[int, ...]]:
    chars: list[str] = []
    index: list[int] = []
    masked = [False] * len(text)
    for name in names:
        for m in re.finditer(re.escape(name), text, re.IGNORECASE):
            masked[m.start() : m.end()] = [True] * (m.end() - m.start())
    for i, char in enumerate(text):
        if char.isspace() or char in quoting._DECORATION:
            continue
        folded = mask if masked[i] else unicodedata.normalize("NFKC", char).casefold()
        for c in folded:
            if not c.isspace():
                chars.append(c)
                index.append(i)
    return "".join(chars), tuple(index)


SAMPLES = [
    "payment-service 连接池 HikariPool-1 耗尽（active=50, idle=0），获取连接 3000ms 超时",
    "ＰＡＹＭＥＮＴ－ＳＥＲＶＩＣＥ　全角 Straße ﬁle ¨ ½ ㍿ `code` *bold* _x_",
    "",
]


def test_the_fold_of_real_and_odd_texts_is_the_reference_fold():
    for text in SAMPLES:
        for names in ((), ("payment-service",), ("payment-service", "pay")):
            assert quoting._fold.__wrapped__(text, names, quoting._MASK) == reference_fold(text, names, quoting._MASK)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60), st.lists(st.text(min_size=1, max_size=6), max_size=2))
def test_the_fold_of_any_text_is_the_reference_fold(text, names):
    names_t = tuple(sorted(set(names), key=len, reverse=True))
    assert quoting._fold.__wrapped__(text, names_t, quoting._MASK) == reference_fold(text, names_t, quoting._MASK)
