"""What a question is about: services, symptoms and its scope (pure, no Django).

- Services are found by canonical name and aliases of the loaded catalog, longest match first,
  case-insensitively; an ASCII name must stand alone (``payments-service`` never matches
  ``payment-service``). Names that look like a service but are not in the catalog
  (``refund-service``, ``退款服务``) are reported as unknown mentions, so the agents can say the
  data has no such service instead of answering about another one.
- Symptoms come from ``vocabulary.SYMPTOMS`` (ordered by first appearance).
- A *narrow* question asks to confirm one thing (``…有告警吗？``, ``是否有 500``) and gets one or two
  observation claims (spec 001 "Narrow scope produces minimal observation claims"); a question
  asking for a cause or an analysis is broad.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from diagnosis.agents.offline.text import fold, nfkc, words
from diagnosis.agents.offline.vocabulary import SYMPTOMS, any_spelling_in


class _ServiceLike(Protocol):
    name: str
    aliases: list[str]


@dataclass(frozen=True)
class ServiceMention:
    name: str  # canonical name when known, else the name as written (folded)
    known: bool
    text: str  # the matched words (folded)
    start: int


_ASCII_NAME_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789_-"
_UNKNOWN_ASCII = re.compile(
    r"(?<![a-z0-9_\-])([a-z][a-z0-9]*(?:[-_][a-z0-9]+)*[-_]"
    r"(?:service|svc|server|api|gateway|worker|job|app|web|center|centre|srv))(?![a-z0-9_\-])"
)
_ASCII_BEFORE_FUWU = re.compile(r"(?<![a-z0-9_\-])([a-z][a-z0-9_\-]{1,40})\s*服务")
_NOT_A_SERVICE_NAME = frozenset(
    {
        "哪个", "这个", "那个", "什么", "所有", "各个", "整个", "相关", "下游", "上游", "后端", "前端",
        "其他", "其它", "某个", "一个", "这些", "那些", "哪些", "线上", "核心", "业务", "我们", "你们",
        "对应", "依赖", "全部", "多个", "几个", "该", "本", "这", "那", "微", "云", "数据", "外部",
    }
)  # fmt: skip


def _ascii_bounded(text: str, start: int, end: int, name: str) -> bool:
    if name[:1] in _ASCII_NAME_CHARS and start > 0 and text[start - 1] in _ASCII_NAME_CHARS:
        return False
    return not (name[-1:] in _ASCII_NAME_CHARS and end < len(text) and text[end] in _ASCII_NAME_CHARS)


def find_services(question: str, services: Iterable[_ServiceLike]) -> list[ServiceMention]:
    """Services named in ``question``, in order of appearance, each once."""
    text = fold(question)
    candidates: list[tuple[str, str]] = []
    for service in services:
        for spelling in [service.name, *(service.aliases or [])]:
            if isinstance(spelling, str) and fold(spelling).strip():
                candidates.append((fold(spelling).strip(), service.name))
    # Longest spelling first, so 支付服务 wins over 支付 and payment-service over payment.
    candidates.sort(key=lambda c: (-len(c[0]), c[0]))
    taken: list[tuple[int, int]] = []
    found: dict[str, ServiceMention] = {}
    for spelling, canonical in candidates:
        start = text.find(spelling)
        while start >= 0:
            end = start + len(spelling)
            free = all(end <= a or start >= b for a, b in taken)
            if free and _ascii_bounded(text, start, end, spelling):
                taken.append((start, end))
                previous = found.get(canonical)
                if previous is None or start < previous.start:
                    found[canonical] = ServiceMention(canonical, True, spelling, start)
            start = text.find(spelling, start + 1)

    def free(start: int, end: int) -> bool:
        return all(end <= a or start >= b for a, b in taken)

    unknown: dict[str, ServiceMention] = {}
    for m in _UNKNOWN_ASCII.finditer(text):
        if free(*m.span(1)) and m.group(1) not in found:
            unknown.setdefault(m.group(1), ServiceMention(m.group(1), False, m.group(1), m.start(1)))
            taken.append(m.span(1))
    for m in _ASCII_BEFORE_FUWU.finditer(text):
        name = m.group(1).strip("-_")
        if free(*m.span(1)) and name and name not in found:
            unknown.setdefault(name, ServiceMention(name, False, m.group(0), m.start(1)))
            taken.append(m.span(1))
    for idx in [m.start() for m in re.finditer("服务", text)]:
        if not free(idx, idx + 2):
            continue
        prefix = re.findall(r"[\u3400-\u9fff]+$", text[max(0, idx - 6) : idx])
        if not prefix:
            continue
        segmented = words(prefix[0])
        last = segmented[-1] if segmented else ""
        if len(last) >= 2 and last not in _NOT_A_SERVICE_NAME:
            name = last + "服务"
            unknown.setdefault(name, ServiceMention(name, False, name, idx - len(last)))
            taken.append((idx - len(last), idx + 2))
    mentions = list(found.values()) + list(unknown.values())
    mentions.sort(key=lambda m: m.start)
    return mentions


def find_symptoms(question: str) -> list[str]:
    """Ids of the symptoms ``question`` names, in order of first appearance."""
    text = fold(question)
    hits: list[tuple[int, int, str]] = []
    for order, symptom in enumerate(SYMPTOMS):
        positions = []
        for trigger in symptom.triggers:
            if trigger.startswith("re:"):
                m = re.search(trigger[3:], text)
                if m:
                    positions.append(m.start())
            else:
                idx = text.find(trigger)
                if idx >= 0:
                    positions.append(idx)
        if positions:
            hits.append((min(positions), order, symptom.id))
    hits.sort()
    return [h[2] for h in hits]


def evidence_symptoms(text: str) -> set[str]:
    """Symptom ids an evidence text shows."""
    folded = fold(text)
    return {s.id for s in SYMPTOMS if any_spelling_in(s.evidence, folded)}


_CAUSE_WORDS = (
    "原因", "为什么", "为啥", "怎么回事", "咋回事", "根因", "分析", "排查", "诊断", "怎么办", "如何处理",
    "怎么处理", "怎么解决", "如何解决", "什么问题", "发生了什么", "哪里出", "定位", "why", "cause", "root",
)  # fmt: skip
_CONFIRM_WORDS = (
    "吗", "么", "有没有", "有无", "是否", "是不是", "还在", "确认", "查一下", "查下", "看一下", "看下",
    "看看", "多少", "几条", "哪些", "什么时候", "何时", "几点", "any ", "is there", "are there",
)  # fmt: skip


_ALERT_NAME = re.compile(r"(?<![A-Za-z0-9_])[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+(?![A-Za-z0-9_])")


def asks_cause(question: str) -> bool:
    text = fold(question)
    return any(w in text for w in _CAUSE_WORDS)


def is_narrow(question: str, mentions: Sequence[ServiceMention], symptoms: Sequence[str]) -> bool:
    """A confirmation of one specific service, alert or symptom (spec 001 narrow-scope rule)."""
    if asks_cause(question) or len(mentions) > 1:
        return False
    text = fold(question)
    # One named service, or one named alert (an identifier such as HighErrorRate).
    specific = len(mentions) == 1 or bool(_ALERT_NAME.search(nfkc(question)))
    return specific and any(w in text for w in _CONFIRM_WORDS) and len(symptoms) <= 2


@dataclass(frozen=True)
class QuestionFacts:
    """Everything the agents read off a question (no times: see time_expressions)."""

    services: tuple[ServiceMention, ...]
    symptoms: tuple[str, ...]
    narrow: bool
    cause: bool

    @property
    def known_services(self) -> list[str]:
        return [m.name for m in self.services if m.known]

    @property
    def unknown_services(self) -> list[str]:
        return [m.name for m in self.services if not m.known]


def analyse(question: str, services: Iterable[Any]) -> QuestionFacts:
    mentions = find_services(question, services)
    symptoms = find_symptoms(question)
    return QuestionFacts(
        services=tuple(mentions),
        symptoms=tuple(symptoms),
        narrow=is_narrow(question, mentions, symptoms),
        cause=asks_cause(question),
    )
