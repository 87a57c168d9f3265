"""Question → ``Asked`` (pure, no Django): the kind of answer a question wants, its services, window
and — for a figure — the measured dimension (DESIGN §10.1). Reuses what the planner already reads
off a question (``entities.analyse``, ``time_expressions.resolve_window``).

Kind, first match wins:

1. ``listing`` — 哪些告警 / 哪个服务在报错 (``QuestionFacts.listing``; not when one alert is named:
   HighErrorRate 还在触发吗 is a yes/no);
2. ``cause`` — 为什么 / 怎么回事 / 原因;
3. ``quantity`` — 多少 / 峰值 / 使用率 / 最慢 (a figure or an extreme);
4. ``existence`` — 有没有 / 是否 / …吗 (a yes/no about errors or alerts);
5. otherwise ``cause`` (an incident description is a request to explain it).

Dimension terms: identifiers the question names that are not service spellings (``Redis``,
``P99``, ``5xx``), then the domain words of the vocabulary it uses (连接池, 延迟 …; a word inside a
longer one found is dropped). The metric is a snake_case name the question spells out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from contracts.asked import Asked, AskedDimension, AskedWindow
from contracts.plan import ServiceInfo
from contracts.reading import QuestionFacts, TimeWindow
from diagnosis.reading.entities import LOOKALIKE_LETTERS, analyse, find_symptoms, metric_named
from diagnosis.reading.text import fold, nfkc
from diagnosis.reading.time_expressions import resolve_window, widened
from diagnosis.reading.vocabulary import KEY_TERMS, QUESTION_WORDS, SYMPTOMS, any_spelling_in

# A term is not a piece of a word in another alphabet (p of pаyment-service, Cyrillic а: issue 25).
_ASCII_TERM = re.compile(
    rf"(?<![A-Za-z0-9_\-{LOOKALIKE_LETTERS}])([A-Za-z][A-Za-z0-9]*|\d[xX]{{2}}|[1-5]\d\d)(?![A-Za-z0-9_\-{LOOKALIKE_LETTERS}])"
)
_NOT_TERMS = frozenset(QUESTION_WORDS["not_terms"])  # question words and units, not a measured thing
_GENERIC = frozenset(QUESTION_WORDS["generic"])  # words that name no dimension


# Clauses: what a question tells and what it asks are separated by its punctuation.
_CLAUSE_END = re.compile(r"[,，.。;；!！?？]+")


def _clauses(question: str) -> list[str]:
    return [c for c in _CLAUSE_END.split(nfkc(question)) if c.strip()]


def _asks_yes_no(clause: str) -> bool:
    return any_spelling_in(QUESTION_WORDS["existence"], clause)


def tells_trouble(question: str) -> bool:
    """The question tells a symptom in the asker's own words (a clause that asks nothing shows a
    symptom or a ``told`` shape: 领不到, 一直, 投诉) and its yes/no asks about no observable of its
    own (告警, 超时): "…领不到，是不是出问题了？" wants to know what is wrong, not whether."""
    clauses = _clauses(question)
    asking = [c for c in clauses if _asks_yes_no(c)]
    told = [c for c in clauses if not _asks_yes_no(c)]
    if any(find_symptoms(c) for c in asking):
        return False
    return any(find_symptoms(c) or any_spelling_in(QUESTION_WORDS["told"], c) for c in told)


def _cause_within_yes_no(question: str) -> bool:
    """Every cause word sits in a yes/no clause (有没有出什么问题): whether, not why."""
    causes = [c for c in _clauses(question) if any_spelling_in(QUESTION_WORDS["cause"], c)]
    return bool(causes) and all(_asks_yes_no(c) for c in causes)


def stated_kind(question: str, facts: QuestionFacts) -> str | None:
    """The kind the question's own words say (rules 1–4), ``None`` when they say none."""
    # A list the story names (订单列表里找不到) does not outweigh a why or a 怎么了: only a list of
    # alerts or of services is asked beside one.
    listed = facts.listing or any_spelling_in(QUESTION_WORDS["listing"], question)
    if listed and not facts.alert_names and not ((facts.why or facts.cause) and facts.listing in ("", "items")):
        return "listing"  # 有哪些配置变更 / 哪些 Pod: a list of what the dimension terms name
    yes_no = _asks_yes_no(question)
    if facts.cause and not (yes_no and not facts.why and _cause_within_yes_no(question)):
        return "cause"
    if facts.quantity or facts.extreme:
        return "quantity"
    if yes_no:
        return "cause" if tells_trouble(question) else "existence"
    return None


def asked_kind(question: str, facts: QuestionFacts) -> str:
    return stated_kind(question, facts) or "cause"


def _service_spellings(services: Sequence[ServiceInfo]) -> set[str]:
    spellings: set[str] = set()
    for service in services:
        for name in [service.name, *service.aliases]:
            spellings.update(fold(part) for part in re.split(r"[-_\s]+", name) if part)
            spellings.add(fold(name))
    return spellings


def dimension_terms(question: str, services: Sequence[ServiceInfo]) -> list[str]:
    text = nfkc(question)
    folded = fold(question)
    for word in _GENERIC:  # a word inside a generic one is not named (空间 of 命名空间)
        folded = folded.replace(fold(word), " " * len(word))
    names = _service_spellings(services)
    terms = [
        m.group(1)
        for m in _ASCII_TERM.finditer(text)
        if fold(m.group(1)) not in names and fold(m.group(1)) not in _NOT_TERMS
    ]
    words = [k.term for k in KEY_TERMS if k.term in folded and k.term not in _GENERIC]
    words += [
        t for s in SYMPTOMS for t in s.triggers if not t.startswith("re:") and not t.isascii() and t in folded
    ]
    words = [w for w in dict.fromkeys(words) if w not in _GENERIC]
    words = [w for w in words if not any(w != other and w in other for other in words)]
    words.sort(key=folded.find)
    return list(dict.fromkeys(terms + words))


# Terms that name the asked symptom exactly: an HTTP code (401, 5xx), an exception or error class
# (KeyError, OOMKilled), a metric word (P99, qps, snake_case names).
_EXACT_TERM = re.compile(r"^(?:[1-5]\d\d|[1-5]xx|[A-Za-z]+(?:Exception|Error|Killed)|p\d{2,3}|qps|tps|[a-z]+(?:_[a-z0-9]+)+)$",
                         re.IGNORECASE)
# Of those, what a log line spells as such (an HTTP code, an exception class): a keyword to read for.
_LOG_TERM = re.compile(r"^(?:[1-5]\d\d|[A-Za-z]+(?:Exception|Error|Killed))$")


def exact_terms(terms: Sequence[str]) -> list[str]:
    """The dimension terms that name the asked symptom exactly (``_EXACT_TERM``): an answer must
    name them (verification.coverage)."""
    return [t for t in terms if _EXACT_TERM.match(t.strip())]


def log_terms(terms: Sequence[str]) -> list[str]:
    """The exact terms a log line would spell (401, KeyError): worth a keyword read of their own."""
    return [t for t in terms if _LOG_TERM.match(t.strip())]


def question_metric(question: str) -> str | None:
    return metric_named(question) or None


def derive_asked(*, question: str, now: datetime, tz: str, services: Sequence[ServiceInfo]) -> Asked:
    """What a question asks on its own (a follow-up in a session: ``conversation.resolve``)."""
    return asked_of(question, analyse(question, services), resolve_window(question, now, tz), now, services)


def asked_of(
    question: str, facts: QuestionFacts, window: TimeWindow, now: datetime, services: Sequence[ServiceInfo]
) -> Asked:
    """What a question asks on its own, from what was already read off it: its ``facts`` and the
    ``window`` its words name."""
    # No time in the question: the executor may look back further than the default hour when that
    # hour shows nothing, so what was asked is "recently" — the wide window.
    start, end = (window if window.explicit else widened(window, now)).iso()
    kind = asked_kind(question, facts)
    return Asked(
        kind=kind,  # type: ignore[arg-type]
        services=facts.known_services,
        window=AskedWindow(start=start, end=end),
        dimension=AskedDimension(metric=question_metric(question), terms=dimension_terms(question, services)),
    )
