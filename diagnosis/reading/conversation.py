"""A question read in its session (pure, no Django): follow-up references resolved against the
previous turn (issue 13 item 3; rules in ``rules/followups.toml``).

A question leans on the previous turn only when it says so — a pronoun for the previous subject
(它 / 这个服务), an elliptic fragment (那 order-service 呢？, 那它的 P99 呢？), or a reference to the
previous time (同一时间). Then, part by part, what the question leaves out comes from the previous
turn's ``asked`` (or, for services, from the services its confirmed claims named):

- services: the question's own service mentions win (an explicit new service overrides);
  otherwise the previous turn's;
- window: "同一时间" is the previous window, moved by the day word next to it (昨天 → one day
  earlier, not the whole of yesterday); otherwise a time the question pins wins; otherwise the
  previous window;
- kind: what the question's words say; a measure in an elliptic fragment (P99, 峰值) asks for a
  figure; otherwise the previous kind;
- dimension: the question's terms; when it names neither terms nor a symptom, the previous ones.

Anything taken from the context makes ``asked.source = "followup"``. A question without any
reference, or a session without an earlier turn, is read exactly as on its own
(``asking.derive_asked``). Only ``asked`` data and confirmed entities are ever read, never an
earlier answer. The run is verified against its own tool calls, which read the resolved window.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Final

from contracts.asked import QUANTITY, Asked, AskedDimension, AskedWindow
from contracts.plan import ServiceInfo
from contracts.reading import QuestionFacts, Reading, ServiceMention, TimeWindow
from contracts.session import PreviousTurn, SessionContext
from diagnosis.reading.asking import asked_of, dimension_terms, question_metric, stated_kind
from diagnosis.reading.entities import analyse, asks, find_symptoms, is_narrow
from diagnosis.reading.text import fold
from diagnosis.reading.time_expressions import for_extreme, resolve_window, says_until_now, window_from_iso

RULES_FILE: Final = Path(__file__).parent / "rules" / "followups.toml"
_TRAILING: Final = " \t\r\n?!.,;:。，！？；：…~～"

# What a follow-up took from the previous turn (``Reading.used``).
USED_SERVICES: Final = "services"
USED_WINDOW: Final = "window"
USED_KIND: Final = "kind"
USED_DIMENSION: Final = "dimension"


@dataclass(frozen=True)
class FollowupRules:
    pronouns: tuple[str, ...]
    elliptic_leads: tuple[str, ...]
    elliptic_tails: tuple[str, ...]
    max_elliptic_chars: int
    same_window: tuple[str, ...]
    shifts: tuple[tuple[tuple[str, ...], int], ...]  # (day words, days), most specific first
    measures: tuple[str, ...]


def load_rules(path: Path = RULES_FILE) -> FollowupRules:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    reference = data["reference"]

    def words(values: Sequence[str]) -> tuple[str, ...]:
        return tuple(fold(str(v)) for v in values if str(v).strip())

    return FollowupRules(
        pronouns=words(reference["pronouns"]),
        elliptic_leads=words(reference["elliptic_leads"]),
        elliptic_tails=words(reference["elliptic_tails"]),
        max_elliptic_chars=int(reference["max_elliptic_chars"]),
        same_window=words(reference["same_window"]),
        shifts=tuple((words(s["words"]), int(s["days"])) for s in data.get("shift", [])),
        measures=words(data["measures"]["words"]),
    )


RULES: Final = load_rules()


@dataclass(frozen=True)
class References:
    """How a question points back at the previous turn."""

    pronoun: bool = False
    elliptic: bool = False
    same_window: bool = False
    shift_days: int = 0
    measure: bool = False

    @property
    def any(self) -> bool:
        return self.pronoun or self.elliptic or self.same_window


def find_references(question: str, mentions: Sequence[ServiceMention], rules: FollowupRules = RULES) -> References:
    text = fold(question).strip().rstrip(_TRAILING)
    rest = text
    for mention in mentions:  # a named service does not make a fragment long
        rest = rest.replace(mention.text, "")
    rest = " ".join(rest.split())
    elliptic = len(rest) <= rules.max_elliptic_chars and (
        any(text.startswith(w) for w in rules.elliptic_leads) or any(text.endswith(w) for w in rules.elliptic_tails)
    )
    same_window = any(w in text for w in rules.same_window)
    shift = next((days for day_words, days in rules.shifts if any(w in text for w in day_words)), 0)
    return References(
        pronoun=any(w in text for w in rules.pronouns),
        elliptic=elliptic,
        same_window=same_window,
        shift_days=shift if same_window else 0,
        measure=any(w in text for w in rules.measures),
    )


def _mentions(names: Sequence[str]) -> tuple[ServiceMention, ...]:
    return tuple(ServiceMention(name, True, fold(name), -1) for name in names)


def _past_extreme(question: str, facts: QuestionFacts) -> bool:
    return bool(facts.extreme) and asks("ever", question)


def _own(
    question: str, now: datetime, services: Sequence[ServiceInfo], facts: QuestionFacts, question_window: TimeWindow,
    own_window: TimeWindow, until_now: bool,
) -> Reading:
    """The question read on its own, from its ``facts`` and the window its words name. A question
    that states no kind but names a service or a symptom (派单这边到底卡在哪？) asks for the cause
    (``asking.asked_kind``): its facts say so, so that it is diagnosed like one that says 为什么 — one
    that names nothing (「10:05」, emoji) stays a question to clarify."""
    asked = asked_of(question, facts, question_window, now, services)
    if asked.kind == "cause" and not facts.cause and (facts.services or facts.symptoms):
        facts = replace(facts, cause=True)
    return Reading(
        facts=facts,
        window=own_window,
        asked=asked,
        own_facts=facts,
        own_window=own_window,
        until_now=until_now,
    )


def _window(
    question_window: TimeWindow, refs: References, previous: PreviousTurn, now: datetime, tz: str
) -> TimeWindow | None:
    """The previous turn's window when the question refers to it (moved by its day word), else
    ``None`` when the question's own window stands."""
    before = previous.asked.window
    if before is None:
        return None
    if refs.same_window:
        return window_from_iso(before.start, before.end, now, tz, days=refs.shift_days)
    if question_window.explicit:
        return None
    return window_from_iso(before.start, before.end, now, tz)


def resolve(
    *,
    question: str,
    now: datetime,
    tz: str,
    services: Sequence[ServiceInfo],
    context: SessionContext | None,
) -> Reading:
    """``question`` read in its session (see module doc): the one reading of its text per run."""
    previous = context.latest if context is not None else None
    facts = analyse(question, services)
    until_now = says_until_now(question)
    question_window = resolve_window(question, now, tz)
    own_window = for_extreme(question_window, _past_extreme(question, facts), now)
    refs = find_references(question, facts.services)
    if previous is None or not refs.any:
        return _own(question, now, services, facts, question_window, own_window, until_now)

    used: list[str] = []
    mentions = facts.services
    if not mentions and previous.services:
        mentions = _mentions(previous.services)
        used.append(USED_SERVICES)

    earlier = _window(question_window, refs, previous, now, tz)
    window = earlier or question_window
    if earlier is not None:
        used.append(USED_WINDOW)

    kind = stated_kind(question, facts)
    if kind is None and refs.elliptic and refs.measure:
        kind = QUANTITY
        used.append(USED_KIND)
    elif kind is None:
        kind = previous.asked.kind
        used.append(USED_KIND)

    names = [m.name for m in mentions if m.known]
    catalog = [s for s in services if s.name in names] or list(services)
    terms = dimension_terms(question, catalog)
    metric = question_metric(question)
    symptoms = facts.symptoms
    if not terms and metric is None and not symptoms:
        terms, metric = list(previous.asked.dimension.terms), previous.asked.dimension.metric
        symptoms = tuple(find_symptoms(" ".join([*terms, metric or ""])))
        if terms or metric:
            used.append(USED_DIMENSION)

    if not used:  # the references pointed at nothing the question did not already say
        return _own(question, now, services, facts, question_window, own_window, until_now)
    resolved = replace(
        facts,
        services=tuple(mentions),
        symptoms=symptoms,
        narrow=is_narrow(facts, mentions, symptoms),
        quantity=facts.quantity or kind == QUANTITY,
    )
    start, end = window.iso()
    asked = Asked(
        kind=kind,  # type: ignore[arg-type]
        services=names,
        window=AskedWindow(start=start, end=end),
        dimension=AskedDimension(metric=metric, terms=terms),
        source="followup",
    )
    return Reading(
        facts=resolved, window=window, asked=asked, used=tuple(used), own_facts=facts, own_window=own_window,
        until_now=until_now,
    )


def read_planned(
    *, reading: Reading, asked: Asked | None, now: datetime, tz: str
) -> tuple[QuestionFacts, TimeWindow]:
    """The executor's reading of a planned question: for a follow-up plan, the facts and window
    the plan's ``asked`` resolved (the executor has no session context of its own); otherwise the
    question's own (``reading.own_facts`` / ``own_window``: its text is not read again)."""
    facts, window = reading.own_facts, reading.own_window
    if asked is None or asked.source != "followup" or asked.window is None:
        return facts, window
    planned = window_from_iso(asked.window.start, asked.window.end, now, tz) or window
    mentions = facts.services or _mentions(asked.services)
    symptoms = facts.symptoms or tuple(
        find_symptoms(" ".join([*asked.dimension.terms, asked.dimension.metric or ""]))
    )
    resolved = replace(
        facts,
        services=tuple(mentions),
        symptoms=symptoms,
        narrow=is_narrow(facts, mentions, symptoms),
        quantity=facts.quantity or asked.kind == QUANTITY,
    )
    return resolved, planned
