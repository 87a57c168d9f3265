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

from diagnosis.agents.base import ServiceInfo
from diagnosis.reading.entities import LOOKALIKE_LETTERS, QuestionFacts, analyse, metric_named
from diagnosis.reading.text import fold, nfkc
from diagnosis.reading.time_expressions import resolve_window, widened
from diagnosis.reading.vocabulary import KEY_TERMS, QUESTION_WORDS, SYMPTOMS, any_spelling_in
from diagnosis.verification.asked import Asked, AskedDimension, AskedWindow

# A term is not a piece of a word in another alphabet (p of pаyment-service, Cyrillic а: issue 25).
_ASCII_TERM = re.compile(
    rf"(?<![A-Za-z0-9_\-{LOOKALIKE_LETTERS}])([A-Za-z][A-Za-z0-9]*|\d[xX]{{2}}|[1-5]\d\d)(?![A-Za-z0-9_\-{LOOKALIKE_LETTERS}])"
)
_NOT_TERMS = frozenset(QUESTION_WORDS["not_terms"])  # question words and units, not a measured thing
_GENERIC = frozenset(QUESTION_WORDS["generic"])  # words that name no dimension


def stated_kind(question: str, facts: QuestionFacts) -> str | None:
    """The kind the question's own words say (rules 1–4), ``None`` when they say none."""
    if facts.listing and not facts.alert_names:  # a named alert is a yes/no, not a list
        return "listing"
    if any_spelling_in(QUESTION_WORDS["listing"], question) and not facts.alert_names:
        return "listing"  # 有哪些配置变更 / 哪些 Pod: a list of what the dimension terms name
    if facts.cause:
        return "cause"
    if facts.quantity or facts.extreme:
        return "quantity"
    if any_spelling_in(QUESTION_WORDS["existence"], question):
        return "existence"
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
    facts = analyse(question, services)
    window = resolve_window(question, now, tz)
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
