"""What the asker saw, in their words (pure, no Django): the message a question quotes after 提示 /
显示 / 报 / 弹出 / App 说 (``questions.toml`` ``shown``), and how an evidence line says it.

"…，提示委托价格超出涨跌停，…" quotes what a screen showed: wherever a service wrote those words (its
reject line ``PRICE_OUT_OF_LIMIT 委托价格超出涨跌停价格``, an operator's note "都提示未注册", an
alert's summary "人脸未注册拒绝"), that line is where the reported failure is seen — whatever the
service or the incident is called. The executor reads every service's lines for the message's
pieces (``told_keywords``), and a line shows the message when it shares enough of it
(``told_overlap``): a run of Chinese characters (3 of a short message, 4 of a longer one), or an
ASCII token of it whole (``504``).

A screen often shows in the users' words what the service logs as a code: 提示反潜回 is the
``ANTI_PASSBACK`` denial. The team's runbooks translate: the one whose title says the message
(《反潜回拒绝处理手册》) says in its opening which codes it is for ("适用于 … ANTI_PASSBACK 拒绝增多").
Those codes (``bridged_codes``) are read and matched as the message is.

A symptom no rule names (储罐的液位掉得飞快，报了低液位) is still said in words an alert or a series of
that thing says too (``CO2TankLevelLow``: "CO2 储罐 T1 液位 19.6%"): ``said_words`` are the question's
own words that are neither question vocabulary nor a service it names, and ``says`` how many of them
an evidence text holds.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from contracts.elements import HitElement
from diagnosis.reading.spelling import fold, nfkc
from diagnosis.reading.text import words
from diagnosis.reading.vocabulary import QUESTION_WORDS

MAX_MESSAGES: Final = 2
MAX_KEYWORDS: Final = 12
WINDOW: Final = 3  # Chinese characters of one keyword piece

_VERB = "|".join(w[3:] if w.startswith("re:") else re.escape(w) for w in QUESTION_WORDS["shown"])
# The quoted message: after the verb (and a particle, a colon, an opening quote) to the clause's end.
_QUOTED = re.compile(
    rf"(?:{_VERB})(?:了|着|的是|就是|都是|是|出来)?\s*[：:]?\s*[“\"「『]?(?P<message>[^，。？！,.?!;；”\"」』]{{2,30}})"
)
_PUNCTUATED = re.compile(r"[“\"「『](?P<message>[^”\"」』]{2,30})[”\"」』]")
_LEADING = re.compile(r"^(?:一直|总是|老是|都|也|还|就|要|说|了|什么)+")
_TRAILING = re.compile(r"(?:了|啊|呢|吧|的|之类|什么的)+$")
_CJK_RUN = re.compile(r"[\u4e00-\u9fff]{3,}")
_ASCII_TOKEN = re.compile(r"(?<![A-Za-z0-9_])[A-Za-z0-9_]{3,}(?![A-Za-z0-9_])")
# A status code as services log it: capitals and digits joined by underscores (ANTI_PASSBACK).
_CODE = re.compile(r"(?<![A-Za-z0-9_])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?![A-Za-z0-9_])")
MAX_CODES: Final = 4


def _reports(text: str, match: re.Match[str]) -> bool:
    """The 报 of ``match`` reports a message: it stands alone, not inside a word of the question
    (预报接口, 报错或者告警, 日报: jieba), or what follows it is a code or a quote (光猫上报 691)."""
    at = match.start()
    joined = {w for w in words(text) if "报" in w and len(w) > 1}
    alone = text[max(at - 1, 0) : at + 1] not in joined and text[at : at + 2] not in joined
    return alone or not "\u4e00" <= match.group("message")[:1] <= "\u9fff" or text[at + 1 : at + 2] in "：:“\"「『 "


def told_messages(question: str) -> tuple[str, ...]:
    """The messages the question quotes (at most ``MAX_MESSAGES``), each with a run of three or
    more Chinese characters or an ASCII token of three or more: "委托价格超出涨跌停", "502、504"."""
    text = nfkc(question)
    found = [m.group("message") for m in _PUNCTUATED.finditer(text)]
    found += [m.group("message") for m in _QUOTED.finditer(text)
              if not m.group(0).startswith("报") or _reports(text, m)]
    messages = []
    for raw in found:
        message = _TRAILING.sub("", _LEADING.sub("", raw.strip())).strip()
        if _CJK_RUN.search(message) or _ASCII_TOKEN.search(message):
            messages.append(message)
    return tuple(dict.fromkeys(messages))[:MAX_MESSAGES]


_CLAUSE: Final = re.compile(r"[，,。？?！!；;]")
_LONG_RUN = re.compile(r"[\u4e00-\u9fff]{4,}")
MAX_STORY_RUNS: Final = 4


def story_runs(question: str) -> tuple[str, ...]:
    """The runs of four or more Chinese characters the story tells before the asking clause (今天早上
    一堆会员说自己被限制约课了 of …，约课系统怎么回事？): the asker's words for what went wrong, which a
    runbook's title may say (《爽约限制约课处理手册》) — at most ``MAX_STORY_RUNS``, the first."""
    clauses = [c for c in _CLAUSE.split(nfkc(question)) if c.strip()]
    return tuple(dict.fromkeys(r for c in clauses[:-1] for r in _LONG_RUN.findall(c)))[:MAX_STORY_RUNS]


_ASCII_WORD: Final = re.compile(r"(?<![A-Za-z0-9_])(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{2,}(?![A-Za-z0-9_])")
_HAN: Final = re.compile(r"[\u4e00-\u9fff]+")
_VOCABULARY: Final = frozenset(w for ws in QUESTION_WORDS.values() for w in ws if not w.startswith("re:"))
_VOCABULARY_HAN: Final = tuple(sorted((w for w in _VOCABULARY if len(w) >= 2 and _HAN.fullmatch(w)), key=len, reverse=True))
MAX_SAID: Final = 24


def said_words(question: str, named: Iterable[str] = ()) -> tuple[str, ...]:
    """The question's own words for what it is about (``co2``, 储罐, 罐的, 的液, 液位 … of "昨天下午 CO2
    储罐的液位掉得飞快"): its ASCII words with a letter and every pair of adjacent Chinese characters —
    no segmenter knows a business's words (液位) — folded; not a pair inside a word of the question
    vocabulary (时间、疑问、泛指: 下午, 什么) nor text that named a service (环控那边). At most
    ``MAX_SAID``, in order."""
    text = nfkc(question)
    for part in (*sorted(named, key=len, reverse=True), *_VOCABULARY_HAN):
        text = text.replace(part, "，")
    pairs = [run[i : i + 2] for run in _HAN.findall(text) for i in range(len(run) - 1)]
    return tuple(dict.fromkeys(fold(w) for w in [*_ASCII_WORD.findall(text), *pairs]))[:MAX_SAID]


def _held(said: Iterable[str], text: str) -> list[tuple[str, bool]]:
    """Each said word ``text`` holds, and whether it continues the held pair before it (液位 after 储罐 is
    a new thing; 石站 after 白石 the same one, 白石站)."""
    folded = fold(text)
    tokens = set(re.findall(r"[a-z0-9]+", folded))
    out, previous = [], ""
    for w in said:
        held = w in tokens if w.isascii() else w in folded
        if held:
            out.append((w, bool(previous) and not w.isascii() and previous[-1] == w[0]))
        previous = w if held and not w.isascii() else ""
    return out


def says(said: Iterable[str], text: str) -> int:
    """How many things of ``said`` ``text`` says: its ASCII words held whole, and its runs of Chinese
    pairs held — pairs next to each other in the question and both held count once (液位)."""
    return sum(1 for _, joined in _held(said, text) if not joined)


def said_length(said: Iterable[str], text: str) -> int:
    """How much of ``said`` ``text`` says, in characters: 白石站 + 驶入 (5) says more of "白石站…禁止驶入"
    than 石站 + 车道 (4) of 青石站出口车道 — which of two alerts saying as many things is about it."""
    return sum(len(w) - (1 if joined else 0) for w, joined in _held(said, text))


def bridged_codes(message: str, hits: Iterable[HitElement]) -> tuple[str, ...]:
    """The codes (``_CODE``) the runbooks about ``message`` say they are for: of each hit that opens
    its runbook (its heading is the title) and whose title says the message (``told_overlap``),
    the codes its text names — at most ``MAX_CODES``. A runbook's causes and actions name other
    codes (the exit gate left in ``FREE_PASS``); only what it says it is for is the message."""
    codes = [
        code
        for hit in hits
        if hit.heading_path in ("", hit.document_title) and told_overlap(message, hit.document_title)
        for code in _CODE.findall(hit.text)
    ]
    return tuple(dict.fromkeys(codes))[:MAX_CODES]


def _pieces(message: str) -> list[str]:
    runs = [r for r in _CJK_RUN.findall(message)]
    pieces = [run[i : i + WINDOW] for run in runs for i in range(len(run) - WINDOW + 1)]
    return [*_ASCII_TOKEN.findall(message), *pieces]


def told_keywords(messages: Iterable[str]) -> list[str]:
    """The substrings a line saying one of ``messages`` holds at least one of: its ASCII tokens
    and every three-character piece of its Chinese runs (for ``query_logs any_keyword``)."""
    return list(dict.fromkeys(p for m in messages for p in _pieces(m)))[:MAX_KEYWORDS]


def _needed(run: str) -> int:
    return WINDOW if len(run) <= 5 else WINDOW + 1


def told_overlap(message: str, text: str) -> int:
    """How much of ``message`` ``text`` says (0 when not enough to show it): the longest run of
    the message's Chinese characters the text holds (at least 3, or 4 of a run longer than 5), or
    the length of an ASCII token of the message the text holds as a whole token."""
    folded = fold(text)
    best = 0
    for token in _ASCII_TOKEN.findall(message):
        if re.search(rf"(?<![a-z0-9_]){re.escape(fold(token))}(?![a-z0-9_])", folded):
            best = max(best, len(token))
    for run in _CJK_RUN.findall(message):
        longest = _longest_shared(run, folded)
        if longest >= _needed(run):
            best = max(best, longest)
    return best


def told_match(message: str, text: str) -> str:
    """The part of ``message`` that ``text`` says (its longest shared run or whole token), "" when
    ``told_overlap`` finds too little."""
    folded = fold(text)
    shared = [t for t in _ASCII_TOKEN.findall(message)
              if re.search(rf"(?<![a-z0-9_]){re.escape(fold(t))}(?![a-z0-9_])", folded)]
    for run in _CJK_RUN.findall(message):
        longest = _longest_shared(run, folded)
        if longest >= _needed(run):
            shared.append(next(run[i : i + longest] for i in range(len(run) - longest + 1) if run[i : i + longest] in folded))
    return max(shared, key=len, default="")


def _longest_shared(run: str, folded: str) -> int:
    best = 0
    for i in range(len(run)):
        j = i + best + 1
        while j <= len(run) and run[i:j] in folded:
            best = j - i
            j += 1
    return best
