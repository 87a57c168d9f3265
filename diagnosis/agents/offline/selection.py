"""Which evidence answers the question (pure, no Django): candidates and their selection.

Logs, alerts and series of the asked services are candidates (any service when none was named;
none when the question only names services the data does not know). Repeated log lines are
grouped by message signature; a group is cited by its first record (and its last one, when it
repeated, so "repeatedly" rests on two cited lines). Candidates are ranked by the question's
symptoms, then severity, then how concrete they are. Narrow questions get at most two claims,
broad ones at most five. What the question wants back shapes the choice:

- a figure (内存用到多少): the series measuring the asked dimension (``measures``) and the alert
  watching it come first — their claims state max/peak/last/threshold and the alert value;
- an extreme (最慢): a log group is cited by its line with the extreme figure, not its first;
- a list of alerts (还有哪些告警没有恢复): the alerts themselves, one claim each, or one per
  service listing its alerts when they do not fit the budget;
- which service (哪个服务在报错): the best line showing the symptom of each service, one claim
  per service, then the symptom's alerts;
- a named service where nothing else went red (a batch that did not run logs nothing): its alert
  in the window.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Final

from contracts.reading import QuestionFacts
from diagnosis.agents.offline.anomaly import TemplateStats
from diagnosis.agents.offline.anomaly import score as anomaly_score
from diagnosis.agents.offline.load import surges
from diagnosis.agents.offline.measures import (
    COUNT,
    PERCENT,
    SIZE,
    TIME,
    asked_in,
    counts_per,
    dimension_match,
    figure,
    fits_unit,
    preferred_kind,
    terms_match,
    unit_kind,
    value_kind,
)
from diagnosis.agents.offline.novelty import is_routine
from diagnosis.agents.offline.refs import LEVEL_RANK, Ref, gloss, output_time
from diagnosis.reading.onsets import shift_of
from diagnosis.reading.text import fold
from diagnosis.reading.told import said_length, says
from diagnosis.reading.vocabulary import ERRORISH
from diagnosis.tools.element_text import wall_clock
from diagnosis.tools.templates import mine

MAX_CLAIMS_BROAD = 5
MAX_CLAIMS_NARROW = 2
MAX_LOG_CLAIMS = 3
MAX_ALERTS_PER_CLAIM = 6
MAX_LISTED_ALERT_CLAIMS = 12
MAX_LEADING = 2  # alerts / crossings that went red before the picked ones (``leading``)
MAX_NEIGHBOUR_CLAIMS = 2  # a neighbour's alerts / crossings that began with the failure
MAX_LOAD_CLAIMS = 2  # the request rates that surged before the failure: the exact caller, the total
# An alert that started with the asked symptom's lines (30 min before to 15 min after their first)
# is worth as much as a firing one: it is this failure's alert.
COINCIDENT_WEIGHT = 4
THRESHOLD_WEIGHT = 1
COINCIDENT_AFTER = timedelta(minutes=15)
# A mechanism shows within minutes of its effect (memory full at 21:00, latency at 21:06); an alert
# firing since the morning is no lead to a failure at noon.
LEADING_SPAN = timedelta(minutes=30)
#: A neighbour's alert that began up to this long before the asked failure and still lasted when it
#: began is the earlier anomaly on the dependency path (the collector failing since dawn behind the
#: line's output stalling at seven): it leads the chain.
DEPENDENCY_LEAD = timedelta(hours=2)
MAX_FIGURE_ALERTS = 2  # a figure is answered by its series and the (at most two) alerts watching it
# Ranking weight of a template's anomaly score (0 … ~10): a very anomalous template outranks a line
# one level more severe (3) or more concrete, never one showing one more asked symptom (30).
ANOMALY_WEIGHT = 1.0


@dataclass
class Candidate:
    kind: str  # log | alert | series | alerts (several alerts of one service, one claim)
    refs: list[Ref]  # the cited refs (first = representative)
    score: float
    order: str  # sort key for timeline order
    # "max:time" — the cited line is the one with the largest duration of its group (a
    # superlative question), so the claim says so instead of "first … last".
    extreme: str = ""
    anomaly: float = 0.0  # how anomalous its log template is against the baseline (``anomaly``)
    leading: bool = False  # went red before the evidence of the asked symptom (``leading``)

    @property
    def first(self) -> Ref:
        return self.refs[0]


#: How many of the question's own words an alert or a series must say to be about it: one shared
#: word is a coincidence of the business's vocabulary (温室, 订单), two name the thing.
SAID_ENOUGH: Final = 2
#: Per character of the question's own words an alert says: orders alerts that say as many things.
SAID_WEIGHT: Final = 0.1


@dataclass(frozen=True)
class Focus:
    """What makes evidence relevant: the question's symptoms (primary) and the symptoms of the
    runbook causes the executor went on to check (secondary, weaker)."""

    primary: frozenset[str]
    secondary: frozenset[str] = frozenset()
    # With no symptom read, the question's own words (``QuestionFacts.said``), in its order (a run of
    # pairs is read pair by pair): an alert or a series saying two of them is about what was asked.
    said: tuple[str, ...] = ()

    @classmethod
    def of(cls, facts: QuestionFacts, secondary: Iterable[str] = ()) -> Focus:
        primary = frozenset(facts.symptoms) or frozenset({"error"})
        return cls(primary, frozenset(secondary) - primary, () if facts.symptoms else facts.said)


def anomalous(c: Candidate) -> bool:
    """Evidence of a failure: an ERROR line, an alert, a threshold crossed (a deadline warning or
    a quiet series is what the service says when all is well)."""
    if c.kind == "log":
        return LEVEL_RANK.get(c.first.level, 0) >= LEVEL_RANK["ERROR"]
    return c.kind != "series" or bool(c.first.element.get("crossed_at"))


def shows_trouble(ref: Ref) -> bool:
    """A ref that is no sign of health: a line at WARN or above, an alert, a crossed threshold."""
    if ref.kind == "log":
        return LEVEL_RANK.get(ref.level, 0) >= LEVEL_RANK["WARN"]
    return ref.kind == "alert" or (ref.kind == "series" and bool(ref.element.get("crossed_at")))


def quiet_series(refs: Iterable[Ref], service: str, limit: int = 2) -> list[Candidate]:
    """Series of ``service`` that stayed under their threshold: what a healthy service shows."""
    quiet = [r for r in refs if r.kind == "series" and r.service == service
             and r.element.get("threshold") is not None and not r.element.get("crossed_at")]
    return [Candidate("series", [r], 0.0, str(r.element.get("peak_at") or "")) for r in quiet[:limit]]


def _relevance(ref: Ref, focus: Focus, shows: frozenset[str] = frozenset()) -> int:
    """3 per asked symptom the text (and ``shows``: an alert is an alert, firing or resolved)
    shows, 2 when it shows checked runbook causes (evidence for a cause beats a generic error line,
    never a line of what was asked: a cache-miss line showing two checked causes does not push the
    asked timeout line out); an error line answers an error-like question even when it names no
    symptom word."""
    symptoms = ref.symptoms | shows
    score = 3 * len(symptoms & focus.primary) + (2 if symptoms & focus.secondary else 0)
    if not score and ref.kind in ("alert", "series") and says(focus.said, ref.text) >= SAID_ENOUGH:
        return 3  # an alert or a series saying what the question says, in its words
    if not score and focus.primary & ERRORISH and ref.level in ("ERROR", "FATAL"):
        return 1
    return score


def _concreteness(text: str) -> int:
    return min(
        3, len(re.findall(r"[a-z_]+=\d|\d+(?:\.\d+)?\s*(?:ms|s|%|mb|gb|mi|gi)\b|\b[45]\d\d\b", fold(text)))
    )


def _extreme_member(members: Sequence[Ref], extreme: str, kind: str) -> Ref | None:
    """The member with the largest (``max``) or smallest (``min``) figure of ``kind`` (a duration,
    a size, a percentage) when at least two members carry different ones; ties go to the earliest."""
    if kind not in (TIME, SIZE, PERCENT):
        return None  # a count or an unmeasured symptom: no figure to compare lines by
    measured = [
        (value, i, m) for i, m in enumerate(members) if (value := figure(m.message, kind)) is not None
    ]
    if len({value for value, _, _ in measured}) < 2:
        return None
    sign = -1 if extreme == "max" else 1
    return min(measured, key=lambda t: (sign * t[0], t[1]))[2]


def _written(ref: Ref) -> tuple[datetime, str, str]:
    """A log line's place in time order: the second it was written (lines of one second keep the
    order of their reads)."""
    return ref.record.timestamp.replace(microsecond=0), ref.invocation_id, ref.raw_path


def log_candidates(
    refs: Iterable[Ref], focus: Focus, extreme: str = "", kind: str = "", baseline: Sequence[Ref] = ()
) -> list[Candidate]:
    """Log lines grouped by Drain3 template (per service and level), each group scored by its
    relevance and by how anomalous the template is against ``baseline`` (the same read over the
    window before, ``anomaly``). A group is cited by its first and last line — or, for a
    superlative question (``extreme``), by its line with the extreme figure."""
    lines = [
        r
        for r in refs
        if r.kind == "log"
        # an INFO line counts only when it shows the asked symptom (not a runbook cause checked for)
        and (LEVEL_RANK.get(r.level, 0) > 0 or r.symptoms & focus.primary)
    ]
    before = [r for r in baseline if r.kind == "log"]
    ordered = sorted(lines + before, key=_written)
    ids, _ = mine([r.message for r in ordered])
    template = {(r.invocation_id, r.raw_path): t for r, t in zip(ordered, ids, strict=True)}
    key = lambda r: (r.service, r.level, template[(r.invocation_id, r.raw_path)])  # noqa: E731
    groups: dict[tuple[str, str, int], list[Ref]] = {}
    for ref in lines:
        groups.setdefault(key(ref), []).append(ref)
    usual = Counter(key(r) for r in before)
    out: list[Candidate] = []
    for group, members in groups.items():
        members.sort(key=_written)
        first, last = members[0], members[-1]
        cited = [first] if last.clock == first.clock else [first, last]
        picked = _extreme_member(members, extreme, kind) if extreme else None
        note = ""
        if picked is not None:
            cited, note = [picked], f"{extreme}:{kind}"
        score: float = 10 * _relevance(first, focus) + 3 * LEVEL_RANK.get(first.level, 0)
        score += _concreteness(first.text)
        # burst: the most lines in one minute
        burst = max(Counter(m.record.timestamp.replace(second=0, microsecond=0) for m in members).values())
        stats = TemplateStats(group[2], len(members), usual[group], first.level, burst)
        anomaly = anomaly_score(stats) if before else 0.0
        score += min(len(members), 5) * 0.1
        order = wall_clock(cited[0].record.timestamp)
        out.append(Candidate("log", cited, score, order, extreme=note, anomaly=anomaly))
    return out


_ALERT = frozenset({"alert"})


def alert_candidates(refs: Iterable[Ref], focus: Focus, onset: datetime | None = None) -> list[Candidate]:
    """Alerts scored by the asked symptoms they show, firing, critical — and, when the asked
    symptom's lines began at ``onset``, starting with them (the alert of this failure, not one
    firing since the morning for another reason)."""
    out = []
    for ref in refs:
        if ref.kind != "alert":
            continue
        score = (
            10 * _relevance(ref, focus, _ALERT)
            + (4 if _firing(ref) else 0)
            + (2 if _severity(ref) == "critical" else 0)
            + (COINCIDENT_WEIGHT if _coincides(ref, onset) else 0)
            # of alerts about the question's own words, the one saying more of them (白石站…驶入)
            + SAID_WEIGHT * said_length(focus.said, ref.text)
        )
        out.append(Candidate("alert", [ref], score, str(ref.element.get("starts_at") or "")))
    return out


def _coincides(ref: Ref, onset: datetime | None) -> bool:
    start = output_time(ref.element.get("starts_at"))
    if onset is None or start is None:
        return False
    return onset - LEADING_SPAN <= start <= onset + COINCIDENT_AFTER


def series_candidates(refs: Iterable[Ref], focus: Focus) -> list[Candidate]:
    out = []
    for ref in refs:
        if ref.kind != "series":
            continue
        crossed = bool(ref.element.get("crossed_at"))
        # A series with a threshold tells whether it crossed it (未超过阈值 5% answers "any
        # trouble?"), one without only its values.
        bounded = ref.element.get("threshold") is not None
        score = 10 * _relevance(ref, focus) + (4 if crossed else 0) + (THRESHOLD_WEIGHT if bounded else 0)
        out.append(
            Candidate(
                "series", [ref], score, str(ref.element.get("crossed_at") or ref.element.get("peak_at") or "")
            )
        )
    return out


def _ranked(candidates: list[Candidate]) -> list[Candidate]:
    return sorted(
        candidates,
        key=lambda c: (
            -(c.score + ANOMALY_WEIGHT * c.anomaly),
            c.order,
            c.first.invocation_id,
            c.first.raw_path,
        ),
    )


def relevant_refs(refs: Sequence[Ref], facts: QuestionFacts) -> list[Ref]:
    """The refs the question is about: the runbook hits and the asked services' evidence (any
    service's when it names none; none when it names only services the data does not have)."""
    allowed = set(facts.known_services)
    return [r for r in refs if r.kind == "hit" or not facts.services or r.service in allowed]


def unmeasured_here(refs: Sequence[Ref], facts: QuestionFacts) -> bool:
    """A figure asked in a measure word (多少条) that none of the asked services' read series is
    counted in: what is counted so sits on a service beside them (the uploader the codes wait for)."""
    if not (facts.quantity and facts.unit and facts.known_services) or facts.rate or facts.cause:
        return False  # a diagnosis (好几个航班…怎么了) is answered by the asked services' own evidence
    asked = set(facts.known_services)
    return not any(
        fold(str(r.element.get("unit") or "")) == fold(facts.unit) for r in refs if r.kind == "series" and r.service in asked
    )


def measured_beside(refs: Sequence[Ref], facts: QuestionFacts) -> list[Ref]:
    """When the asked services count nothing in the asked measure word (``unmeasured_here``): the
    series of the neighbours read (``described``) counted in it, when they are one metric — two
    such metrics leave the figure unknown."""
    if not unmeasured_here(refs, facts):
        return []
    asked = set(facts.known_services)
    beside = [r for r in refs if r.kind == "series" and r.service not in asked
              and fold(str(r.element.get("unit") or "")) == fold(facts.unit)]
    return beside if len({(r.service, _name(r)) for r in beside}) == 1 else []


# The exception or error classes a line names (SearchPhaseExecutionException, OutOfMemoryError).
_EXCEPTION = re.compile(r"(?<![A-Za-z0-9_])[A-Za-z][A-Za-z0-9]*(?:Exception|Error)(?![A-Za-z0-9_])")


def _diverse(logs: Sequence[Candidate], limit: int) -> list[Candidate]:
    """Top log groups, skipping one that shows nothing new on the same service — its glosses ⊆
    a picked group's, or the same exception classes and no other gloss (Drain3 splits a line whose
    free-text parameter has more words: ``q=长夜行`` and ``q=纪录片 海洋``) — two phrasings of one
    failure are one observation."""
    picked: list[Candidate] = []
    seen: list[tuple[str, set[str], set[str]]] = []
    for c in logs:
        terms, errors = set(gloss(c.first.message)), set(_EXCEPTION.findall(c.first.message))
        if any(
            service == c.first.service
            and ((terms and terms <= other) or (errors and errors == other_errors and terms <= other))
            for service, other, other_errors in seen
        ):
            continue
        picked.append(c)
        seen.append((c.first.service, terms, errors))
        if len(picked) >= limit:
            break
    return picked


def _shared(ranked: Sequence[Candidate], services: Sequence[str]) -> list[Candidate]:
    """``ranked`` reordered round-robin over ``services`` (each service's own order kept; the
    others after them): the best of each asked service before the second best of any."""
    queues = [[c for c in ranked if c.first.service == s] for s in services]
    rest = [c for c in ranked if c.first.service not in services]
    out: list[Candidate] = []
    while any(queues):
        for queue in queues:
            if queue:
                out.append(queue.pop(0))
    return out + rest


def _name(ref: Ref) -> str:
    return str(ref.element.get("name") or "")


def _dimensions(facts: QuestionFacts) -> list[str]:
    return [s for s in facts.symptoms if s != "alert"]


def _identifiers(text: str) -> set[str]:
    """Identifiers of two or more parts an alert names (``Seconds_Behind_Master``, ``queue.depth``)."""
    return set(re.findall(r"[a-z0-9]+(?:[._][a-z0-9]+)+", fold(text)))


def _name_words(name: str) -> set[str]:
    """The words of an identifier, CamelCase or snake_case (RainQcSuspectHigh → rain, qc, suspect, high)."""
    return {w.lower() for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+", name) if len(w) >= 2}


def watched(c: Candidate, alerts: Sequence[Candidate]) -> bool:
    """A series an alert of its service names in its text (its summary's
    ``Seconds_Behind_Master=112s`` names the series ``…_seconds_behind_master``) or whose name shares
    two words with the alert's (RainQcSuspectHigh watches ``aws_rain_qc_suspect_percent``): the series
    that alert watches, whatever either is called."""
    name = fold(_name(c.first))
    words = _name_words(_name(c.first))
    return any(
        a.first.service == c.first.service
        and (any(i in name for i in _identifiers(a.first.text)) or len(words & _name_words(_name(a.first))) >= 2)
        for a in alerts
    )


def _began_inside(c: Candidate) -> bool:
    """The series went red inside what was read (it crossed its threshold, or shifted against its
    own baseline, after its first point): the incident of the asked span, not one under way already."""
    element = c.first.element
    crossed = element.get("crossed_at")
    if crossed:
        return crossed != element.get("first_at")
    return shift_of(element) is not None


def _fits_asked(c: Candidate, facts: QuestionFacts, kind: str) -> bool:
    """A series in the asked terms of measure though not by name: counting per the asked unit of
    time (每秒 → ``…_rps``, 次/秒), else in the asked kind of unit, else — "how many" — a count."""
    unit = str(c.first.element.get("unit") or "")
    if facts.rate:
        return counts_per(facts.rate, _name(c.first), unit)
    return unit_kind(unit) == (kind or COUNT)


def figure_series(
    series: Sequence[Candidate], facts: QuestionFacts, alerts: Sequence[Candidate] = ()
) -> list[Candidate]:
    """Series that measure the asked dimension (memory → memory_usage …; without an asked symptom,
    the key terms the question names: 连接 → connections) or that an alert about it watches
    (``watched``), best first: more asked symptoms in the name, then one counting per the asked unit
    of time (每分钟 → _per_min, 次/分钟), then one that crossed its threshold in the window (what the
    series *shows*, not only what it is called), then a unit of the kind asked (a duration for 多慢).
    When no series is called so, the series in the asked terms of measure (``_fits_asked``) that
    shifted against its own baseline (``onsets``), the largest multiple first: a figure nobody
    named a series for is still the one that jumped."""
    dims, kind = _dimensions(facts), preferred_kind(_dimensions(facts))
    about = figure_alerts(alerts, facts)
    # The measure word asked (多少秒, 多少条) when it is a unit: a series in another kind of unit
    # measures something else, whatever its name shares with the question (a lag in ms is no count).
    asked = "" if facts.rate else asked_in(facts.unit, (_unit(c) for c in series))

    def named(c: Candidate) -> bool:  # the metric the question spells out (threads_running)
        return bool(facts.metric) and fold(facts.metric) in fold(_name(c.first))

    def measures(c: Candidate) -> int:
        by_name = dimension_match(_name(c.first), dims) or (not dims and terms_match(_name(c.first), facts.measured))
        return by_name or int(watched(c, about))

    def key(c: Candidate) -> tuple[float, ...]:
        unit = str(c.first.element.get("unit") or "")
        return (
            -named(c),
            -measures(c),
            -counts_per(facts.rate, _name(c.first), unit),
            -bool(c.first.element.get("crossed_at")),
            -_began_inside(c),
            -(kind != "" and unit_kind(unit) == kind),
            -c.score,
        )

    def fits(c: Candidate) -> bool:
        return fits_unit(asked, _name(c.first), _unit(c)) if asked else _fits_asked(c, facts, kind)

    chosen = sorted([c for c in series if named(c) or (measures(c) and (not asked or fits(c)))], key=key)
    if _alike(chosen, key):
        return []  # two series measure it alike and neither moved: which one was asked is not known
    per_rate = [c for c in chosen if counts_per(facts.rate, _name(c.first), _unit(c))]
    if chosen and (per_rate or not facts.rate):
        return chosen
    # 每秒多少请求 where no series called "requests" counts per second: the one per second that jumped;
    # 多少条 — the one counted in 条 before one in another count.
    shifted = [(s.multiple, c) for c in series if fits(c) if (s := shift_of(c.first.element))]
    in_word = lambda c: bool(asked) and fold(_unit(c)) == fold(facts.unit)  # noqa: E731
    if asked == COUNT and any(map(in_word, series)):
        # 多少辆 where a read series counts 辆: a count in another word (次) that jumped is no
        # number of what was asked, however it moved.
        shifted = [(m, c) for m, c in shifted if in_word(c)]
    # 多少箱 where one metric of what was read is counted in 箱 (一分钟…多少单: in 单 per minute):
    # that series, moved or not — the question named its unit of measure, which says more than any
    # word its name shares.
    worded = [
        c for c in series
        if facts.unit and fold(_unit(c)) == fold(facts.unit)
        and (not facts.rate or counts_per(facts.rate, _name(c.first), _unit(c)))
    ]  # fmt: skip
    return [
        c for _, c in sorted(
            shifted, key=lambda mc: (-in_word(mc[1]), -mc[0], mc[1].first.invocation_id, mc[1].first.raw_path)
        )
    ] or chosen or (worded if len({_name(c.first) for c in worded}) == 1 else [])


def _unit(c: Candidate) -> str:
    return str(c.first.element.get("unit") or "")


def _moved(c: Candidate) -> bool:
    """The series showed an incident in what was read: it crossed its threshold or shifted."""
    return bool(c.first.element.get("crossed_at")) or shift_of(c.first.element) is not None


def _alike(ranked: Sequence[Candidate], key: Callable[[Candidate], tuple[float, ...]]) -> bool:
    """The two best series are different metrics ranked alike on everything the question and the
    series show (not on a mere score), and neither moved: the figure of either would be a guess."""
    if len(ranked) < 2:
        return False
    first, second = ranked[0], ranked[1]
    return (
        _name(first.first) != _name(second.first)
        and key(first)[:-1] == key(second)[:-1]
        and not _moved(first)
        and not _moved(second)
    )


def incident_span(c: Candidate) -> tuple[datetime, datetime] | None:
    """When a figure's series was in its incident: from its level shift's onset (or its threshold
    crossing) to the shift's end (or its last point) — None when it did neither."""
    element = c.first.element
    shift = shift_of(element)
    start = shift.onset if shift else output_time(element.get("crossed_at"))
    if start is None:
        return None
    end = (shift.end if shift else None) or output_time(element.get("last_at"))
    return start, end or start


def of_the_figure(figure_: Candidate, others: Sequence[Candidate]) -> list[Candidate]:
    """What may stand beside a figure: the evidence of its own service that lasted into its
    incident (``LEADING_SPAN`` before its onset to ``COINCIDENT_AFTER`` after its end) — never
    another service's lines, nor what was over before that incident began (a figure is no diagnosis).
    A figure whose series neither crossed nor shifted marks no incident: nothing is left out; a line
    cited for its extreme figure (最慢) is itself an answer and stays."""
    span = incident_span(figure_)
    if span is None:  # a figure that showed no incident marks none: what else was read may
        return list(others)  # point at where the asked failure is (the executor reads there next)
    out = []
    for c in others:
        if c.first.service != figure_.first.service:
            continue
        start, end = began(c), _ended(c)
        if c.extreme or start is None or (
            start <= span[1] + COINCIDENT_AFTER and (end is None or end >= span[0] - LEADING_SPAN)
        ):
            out.append(c)
    return out


def _ended(c: Candidate) -> datetime | None:
    """When a log group's last cited line was written or an alert resolved (None: still on)."""
    if c.kind == "log":
        return output_time(c.refs[-1].element.get("timestamp"))
    return output_time(c.first.element.get("ends_at")) if c.kind == "alert" else None


def figure_alerts(alerts: Sequence[Candidate], facts: QuestionFacts) -> list[Candidate]:
    """Alerts about the asked dimension, best first: firing ones first, then those whose name
    measures it (HighMemoryUsage, DiskSpaceCritical …) before those whose text shows it
    (KafkaRebalanceStorm: "rebalance" shows a backlog)."""
    dims, kind = _dimensions(facts), preferred_kind(_dimensions(facts))

    def key(c: Candidate) -> tuple[float, ...]:
        value = str(c.first.element.get("value") or "")
        return (
            -_firing(c.first),
            -dimension_match(_name(c.first), dims),
            -(kind != "" and value_kind(value) == kind),
            -c.score,
        )

    # With no symptom read, an alert saying two of the question's own words is about what was asked
    # (自动站雨量被质控判成可疑的比例 → RainQcSuspectHigh: "自动站雨量质控可疑比例").
    said = () if facts.symptoms else facts.said
    about = [
        c for c in alerts
        if dimension_match(_name(c.first), dims) or c.first.symptoms & set(dims)
        or says(said, c.first.text) >= SAID_ENOUGH
    ]  # fmt: skip
    return sorted(about, key=key)


def listed_alerts(refs: Sequence[Ref], facts: QuestionFacts) -> list[Ref]:
    """The alerts an alert-listing question asks for: those it names (HighErrorRate), else those of
    its other symptoms (5xx 告警), else all — only the firing ones when it asks what has not
    recovered (and some are firing); critical first, then by start."""
    alerts = [r for r in refs if r.kind == "alert"]
    names = {fold(n) for n in facts.alert_names}
    named = [r for r in alerts if fold(_name(r)) in names]
    dims = _dimensions(facts)
    measuring = [r for r in alerts if dimension_match(_name(r), dims)]
    alerts = named or measuring or alerts
    if facts.unresolved:
        alerts = [r for r in alerts if _firing(r)] or alerts
    return sorted(
        alerts,
        key=lambda r: (
            not _firing(r),
            _severity(r) != "critical",
            str(r.element.get("starts_at") or ""),
            _name(r),
        ),
    )


def _firing(ref: Ref) -> bool:
    return str(ref.element.get("state") or "").lower() == "firing"


def _severity(ref: Ref) -> str:
    return fold(str(ref.element.get("severity") or ""))


def _alert_listing(refs: Sequence[Ref], facts: QuestionFacts, budget: int) -> list[Candidate]:
    """One claim per alert when they fit the budget; else one claim per service listing its
    alerts (each alert its own binding, at most MAX_ALERTS_PER_CLAIM a claim) — every listed
    alert, up to MAX_LISTED_ALERT_CLAIMS claims: a listing that leaves items out is no answer."""
    listed = listed_alerts(refs, facts)
    if len(listed) <= budget:
        return [Candidate("alert", [r], 0.0, f"{i:03d}") for i, r in enumerate(listed)]
    by_service: dict[str, list[Ref]] = {}
    for ref in listed:
        by_service.setdefault(ref.service, []).append(ref)
    groups = [g[i : i + MAX_ALERTS_PER_CLAIM] for g in by_service.values() for i in range(0, len(g), MAX_ALERTS_PER_CLAIM)]
    return [
        Candidate("alerts" if len(g) > 1 else "alert", g, 0.0, f"{i:03d}")
        for i, g in enumerate(groups[:MAX_LISTED_ALERT_CLAIMS])
    ]


def _per_service(
    logs: Sequence[Candidate], alerts: Sequence[Candidate], focus: Focus, budget: int
) -> list[Candidate]:
    """ "Which service …": the best line showing the asked symptom of each service (one claim per
    service), then an asked-symptom alert for services without such a line, then one for the
    listed services — bounded by the budget, services with the strongest evidence first."""
    picked: list[Candidate] = []
    covered: set[str] = set()
    asked = Focus(focus.primary)  # a checked runbook cause does not make a service "erroring"
    for c in logs:
        if _relevance(c.first, asked) and c.first.service not in covered and len(picked) < budget:
            picked.append(c)
            covered.add(c.first.service)
    relevant_alerts = [c for c in alerts if c.first.symptoms & focus.primary]
    alerted: set[str] = set()
    for wanted in (lambda svc: svc not in covered, lambda svc: svc in covered):
        for c in relevant_alerts:
            service = c.first.service
            if len(picked) < budget and wanted(service) and service not in alerted and c not in picked:
                picked.append(c)
                alerted.add(service)
    return picked


def began(c: Candidate) -> datetime | None:
    """When an alert started firing, a series first crossed its threshold or a log group's first
    line was written (None: a series that never crossed, or was over its threshold already at its
    first point — it went red before what was read)."""
    element = c.first.element
    if c.kind == "series" and element.get("crossed_at") == element.get("first_at"):
        return None
    return output_time(element.get({"alert": "starts_at", "series": "crossed_at"}.get(c.kind, "timestamp")))


def onset(picked: Sequence[Candidate], focus: Focus, *, or_any: bool = True) -> datetime | None:
    """When the evidence of the asked symptom among ``picked`` began — of any of it when none shows
    the symptom and ``or_any`` (None when nothing has a time)."""
    asked = [c for c in picked if c.first.symptoms & focus.primary] or (list(picked) if or_any else [])
    return min((t for c in asked if (t := began(c)) is not None), default=None)


def _began_between(
    others: Sequence[Candidate], start: datetime, end: datetime, services: set[str], limit: int, *, logs: bool = False
) -> list[Candidate]:
    """The alerts and threshold crossings (or, with ``logs``, the log groups) of ``services`` that
    began in [start, end), earliest first."""
    found = [
        (t, c) for c in others if (c.kind == "log") == logs and c.first.service in services
        if (t := began(c)) is not None and start <= t < end
    ]
    found.sort(key=lambda tc: (tc[0], tc[1].first.invocation_id, tc[1].first.raw_path))
    return [replace(c, leading=True) for _, c in found[: max(limit, 0)]]


def leading(others: Sequence[Candidate], picked: Sequence[Candidate], focus: Focus, budget: int) -> list[Candidate]:
    """Alerts and threshold crossings of the picked services that began at most ``LEADING_SPAN``
    before the first picked evidence of the asked symptom (of any picked evidence, when none shows
    it) — what went red first points at the mechanism (memory full, then evictions, then the
    timeouts asked about); earliest first, at most ``MAX_LEADING`` and ``budget``."""
    reference = onset(picked, focus)
    if reference is None:
        return []
    rest = [c for c in others if c not in picked]
    services = {c.first.service for c in picked}
    return _began_between(rest, reference - LEADING_SPAN, reference, services, min(MAX_LEADING, budget))


def _lasted_through(c: Candidate, moment: datetime) -> bool:
    """An alert still firing at ``moment`` (not resolved before it)."""
    if c.kind != "alert":
        return False
    ended = output_time(c.first.element.get("ends_at"))
    return ended is None or ended >= moment


def _named_by(service: str, picked: Sequence[Candidate]) -> bool:
    """``service`` is named in the picked lines (``… no counter update from hr-opcua-gateway``), by
    its name or its name without the company prefix: the dependency the failure is reported against."""
    spellings = {fold(service), fold(service.partition("-")[2])} - {""}
    said = " ".join(fold(r.message) for c in picked if c.kind == "log" for r in c.refs)
    return any(s in said for s in spellings if len(s) >= 5)


def neighbour_evidence(
    refs: Sequence[Ref],
    picked: Sequence[Candidate],
    focus: Focus,
    said: Sequence[Ref] = (),
    routine: Sequence[re.Pattern[str]] = (),
) -> list[Candidate]:
    """What the neighbours read (``refs``) show that began with the asked failure — from
    ``LEADING_SPAN`` before its first evidence to ``COINCIDENT_AFTER`` after: their alerts and
    threshold crossings (the database host's iowait alert behind a batch's SQL timeouts, the
    cluster's connection alert behind the 500s) and, of the ERROR lines read around then
    (``said``), their failing lines (the broker's "No space left on device" behind the producers'
    timeouts); a neighbour's alert that began up to ``DEPENDENCY_LEAD`` earlier and still fired when
    the failure began counts too when the picked lines name that neighbour (the dependency they
    report against went red first); of each neighbour the earliest of
    either, at most ``MAX_NEIGHBOUR_CLAIMS`` of each
    — and the first group of the neighbours' lines showing the asked symptom itself."""
    # The asked symptom's lines where it is answered (the ingress's 404s on the service's paths).
    lines = [c for c in _ranked(log_candidates(refs, Focus(focus.primary))) if c.first.symptoms & focus.primary]
    # When the failure began: not by a line of the services' routine (``novelty.routine_lines``).
    reference = onset([c for c in picked if not is_routine(c.first, routine)] or picked, focus)
    if reference is None or not refs:
        return lines[:1]
    others = alert_candidates(refs, focus) + series_candidates(refs, focus)
    failing = [c for c in log_candidates(said, focus) if LEVEL_RANK.get(c.first.level, 0) >= LEVEL_RANK["ERROR"]]
    start, end = reference - LEADING_SPAN, reference + COINCIDENT_AFTER
    services = list(dict.fromkeys(r.service for r in [*refs, *said]))

    def earliest(found: list[list[Candidate]]) -> list[Candidate]:
        # One per neighbour, its earliest (the database's alert and the cache's, not two of one).
        return sorted((c[0] for c in found if c), key=lambda c: (began(c), c.first.invocation_id))[:MAX_NEIGHBOUR_CLAIMS]

    lasting = [c for c in others if _lasted_through(c, reference) and _named_by(c.first.service, picked)]
    red = earliest([
        _began_between(others, start, end, {service}, 1)
        or _began_between(lasting, reference - DEPENDENCY_LEAD, start, {service}, 1)
        for service in services
    ])
    early = {c.first.service for c in red if (t := began(c)) is not None and t < start}
    told = earliest([
        _began_between(failing, reference - DEPENDENCY_LEAD if service in early else start, end, {service}, 1, logs=True)
        for service in services
    ])
    return lines[:1] + red + told


def of_the_symptom(picked: Sequence[Candidate], focus: Focus) -> list[Candidate]:
    """Of the evidence for a cause, what belongs to the asked failure: a trouble that began after
    every piece of evidence of the asked symptom had ended (its lines stopped, its alerts resolved)
    and shows nothing asked is a later incident (a charging limit at 16:49 after balance lookups
    that recovered at 15:14), never its cause. While the symptom's evidence lasts, and for
    ``COINCIDENT_AFTER`` after it began (or when none shows it), nothing is left out."""
    asked = [c for c in picked if c.first.symptoms & focus.primary]
    ends = [_ended(c) if c.kind in ("log", "alert") else incident_end(c) for c in asked]
    first = onset(asked, focus)
    if not asked or first is None or any(e is None for e in ends):
        return list(picked)
    # What began with the symptom (up to ``COINCIDENT_AFTER`` after its first evidence) is of it,
    # however soon its few lines stopped.
    over = max(first + COINCIDENT_AFTER, *(e for e in ends if e is not None))
    return [c for c in picked if c in asked or (t := began(c)) is None or t <= over]


def incident_end(c: Candidate) -> datetime | None:
    """When a series' incident ended (``incident_span``), None when it has not or shows none."""
    span = incident_span(c)
    return span[1] if span else None


def load_evidence(refs: Sequence[Ref], picked: Sequence[Candidate], focus: Focus) -> list[Candidate]:
    """The load behind the failure (``load.surges``): of every series read — the asked services'
    and their neighbours' —, the request rates that rose by a multiple from ``load.LOAD_LEAD``
    before the failure began to just after, the exact caller first; at most ``MAX_LOAD_CLAIMS``."""
    reference = onset(picked, focus)
    if reference is None:
        return []
    cited = {(r.invocation_id, r.raw_path) for c in picked for r in c.refs}
    found = [r for r in surges([r for r in refs if r.kind == "series"], reference) if (r.invocation_id, r.raw_path) not in cited]
    return [Candidate("series", [r], 10.0, str(r.element.get("peak_at") or ""), leading=True) for r in found[:MAX_LOAD_CLAIMS]]


MAX_ALERT_LINES = 2


def alert_lines(refs: Sequence[Ref], focus: Focus) -> list[Candidate]:
    """What an asked-about alert counted: the alerting service's warning-or-worse line groups read
    while it fired (``Origin.ALERT_LINES``), the most relevant first, at most ``MAX_ALERT_LINES``."""
    return _ranked(log_candidates(refs, Focus(focus.primary)))[:MAX_ALERT_LINES]


def the_failure(picked: Sequence[Candidate], beside: Sequence[Candidate]) -> list[Candidate]:
    """The evidence of the failure a change explains: the asked services' (``picked``) and what
    went red beside them (``beside``: ``neighbour_evidence``) — not a neighbour's own failing lines
    (the old primary's kernel panic that set off the failover)."""
    return [*picked, *(c for c in beside if not (c.kind == "log" and c.leading))]  # leading: began with it


def select_candidates(
    refs: Sequence[Ref], facts: QuestionFacts, focus: Focus | None = None, baseline: Sequence[Ref] = ()
) -> list[Candidate]:
    focus = focus or Focus.of(facts)
    budget = MAX_CLAIMS_NARROW if facts.narrow else MAX_CLAIMS_BROAD
    kind = preferred_kind(_dimensions(facts))
    logs = _ranked(log_candidates(refs, focus, facts.extreme, kind, baseline))
    alerts = _ranked(alert_candidates(refs, focus, onset([c for c in logs if c.score >= 10], focus, or_any=False)))
    series = _ranked(series_candidates(refs, focus))
    kind_order = {"log": 0, "alert": 1, "alerts": 1, "series": 2}
    # "哪些告警" — and "有告警吗" too: the answer to either is every alert the read returned (not an
    # alert the story tells beside a why: 告警到现在都没恢复，选座服务怎么了).
    asks_alerts = "alert" in facts.symptoms and not facts.alert_told
    if facts.listing == "alerts" or (asks_alerts and not facts.alert_names and not facts.quantity):
        listing = _alert_listing(refs, facts, MAX_CLAIMS_BROAD)
        if listing:
            return listing
    if facts.listing == "services":
        per_service = _per_service(logs, alerts, focus, budget)
        if per_service:
            return sorted(per_service, key=lambda c: (kind_order[c.kind], c.order))
    # A question asking for a figure is answered by the series (and alert) of its dimension.
    figures = (
        (figure_series(series, facts, alerts)[:1], figure_alerts(alerts, facts)[:MAX_FIGURE_ALERTS])
        if facts.quantity
        else ([], [])
    )
    if facts.extreme == "min":  # the series claim then states its minimum too
        figures = ([replace(c, extreme="min") for c in figures[0]], figures[1])
    wants_alert = "alert" in facts.symptoms
    if facts.quantity and not (figures[0] or figures[1] or facts.symptoms):
        # A figure nothing measures and no symptom asked: a series that stayed quiet in the span is
        # no answer (its number would be another metric's); one that moved may be what was asked.
        series = [c for c in series if _moved(c)]
    if facts.narrow:
        # Confirm one thing: the best match of the asked kind, plus at most one corroboration.
        if figures[0] or figures[1]:
            picked = figures[0] + figures[1][:1]
        elif wants_alert:
            picked = (alerts or series)[:1]
        else:
            picked = ([c for c in logs if c.score >= 10] or [c for c in alerts + series if c.score >= 10])[:1]
        if wants_alert and picked and picked[0].kind == "alert":
            pool = [c for c in alerts if c not in picked and c.score >= 10]
        else:
            pool = [c for c in (alerts + series + logs) if c not in picked and c.score >= 10]
        if figures[0]:
            pool = of_the_figure(figures[0][0], pool)
        picked += _ranked(pool)[: max(0, MAX_CLAIMS_NARROW - len(picked))]
        return picked[:MAX_CLAIMS_NARROW]
    # Broad: the most relevant log groups (symptom + mechanism), one or two alerts, one series —
    # of each asked service in turn when it names several (two services at once: both answered).
    asked = facts.known_services
    if len(asked) > 1:
        logs = _shared(logs, asked)
        alerts = _shared(alerts, asked)
    picked_logs = _diverse([c for c in logs if c.score >= 3], MAX_LOG_CLAIMS + (len(asked) > 1))
    # Without a named service, a firing alert or a crossed series only counts for a service the
    # picked lines are about (another service's latency does not answer "who is erroring").
    named = bool(facts.services)
    services = {c.first.service for c in picked_logs}

    def related(c: Candidate) -> bool:
        asked = bool(c.first.symptoms & focus.primary)
        return asked or named or not services or c.first.service in services

    picked_alerts = (
        figures[1] or [c for c in alerts if c.score >= 4 and related(c)][: (1 if picked_logs else 2) + (len(asked) > 1)]
    )
    picked_series = (
        figures[0]
        or [c for c in series if (c.score >= 10 or c.first.element.get("crossed_at")) and related(c)][:1]
    )
    if figures[0]:  # beside a figure only what its own incident shows
        picked_alerts = figures[1] or of_the_figure(figures[0][0], picked_alerts)
        picked_logs = of_the_figure(figures[0][0], picked_logs)
    # A figure asked for is kept first when the budget cuts (the series and alert that state it).
    picked = (picked_series + picked_alerts + picked_logs) if figures[0] else (picked_logs + picked_alerts + picked_series)
    if not picked:
        picked = [c for c in logs + alerts + series if c.score >= 3][:1]
    if not picked and named and not facts.change:
        # Nothing else went red: an alert of the asked service in the window is this failure's
        # (a batch that did not run by its deadline logs nothing; its alert says so).
        picked = alerts[:1]
    if facts.cause and not facts.quantity:
        if not facts.joined:  # "A 和 B 都出了什么问题": two incidents, both answered
            picked = of_the_symptom(picked, focus)
        picked += leading(alerts + series, picked, focus, MAX_CLAIMS_BROAD - len(picked))
    picked = picked[: MAX_CLAIMS_BROAD + (len(asked) > 1)]
    # Present logs in time order (a readable timeline), then alerts and series.
    return sorted(picked, key=lambda c: (kind_order[c.kind], c.order))
