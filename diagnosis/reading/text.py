"""Small text helpers shared by the question reading and the offline agents (pure, no Django).

- ``fold``: NFKC + case-fold, so full-width digits/colons/letters behave like ASCII ones.
- ``chinese_number``: ``"二十三"`` → 23, ``"两"`` → 2, ``"10"`` → 10 (small numbers only).
- ``words``: jieba precise-mode segmentation on a private tokenizer that knows our domain words
  (the global jieba dictionary is never touched; initialised lazily, once, quietly).
"""

from __future__ import annotations

import re

from diagnosis.reading.spelling import fold, nfkc
from diagnosis.reading.vocabulary import SEGMENTER_WORDS
from diagnosis.retrieval.segmenter import lazy_segmenter

__all__ = ["fold", "nfkc", "chinese_number", "words"]


_DIGITS = {c: i for i, c in enumerate("零一二三四五六七八九")} | {"〇": 0, "两": 2}
CHINESE_NUMERAL_CHARS = "零〇一二两三四五六七八九十"


def chinese_number(token: str) -> int | None:
    """Value of a small Arabic or Chinese numeral (0–99), or None when it is not one."""
    token = token.strip()
    if not token:
        return None
    if token.isdigit():
        return int(token)
    if any(ch not in _DIGITS and ch != "十" for ch in token):
        return None
    if "十" in token:
        head, _, tail = token.partition("十")
        if "十" in tail:
            return None
        tens = 1 if head == "" else _DIGITS.get(head) if len(head) == 1 else None
        ones = 0 if tail == "" else _DIGITS.get(tail) if len(tail) == 1 else None
        if tens is None or ones is None:
            return None
        return tens * 10 + ones
    if len(token) == 1:
        return _DIGITS[token]
    # "零五" (as in 十点零五分) → 5: a leading zero then one digit.
    if len(token) == 2 and token[0] in "零〇":
        return _DIGITS[token[1]]
    return None


_jieba = lazy_segmenter(SEGMENTER_WORDS, freq=200000)


_HAN_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]+")


def words(text: str) -> list[str]:
    """Chinese words of ``text`` in order (jieba precise mode on each run of Han characters)."""
    out: list[str] = []
    for run in _HAN_RUN.findall(nfkc(text)):
        out.extend(w for w in _jieba().lcut(run, HMM=False) if w.strip())
    return out
