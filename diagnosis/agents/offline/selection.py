"""Which evidence answers the question (pure, no Django): candidates and their selection.

Logs, alerts and series of the asked services are candidates (any service when none was named;
none when the question only names services the data does not know). Repeated log lines are
grouped by message signature; a group is cited by its first record (and its last one, when it
repeated, so "repeatedly" rests on two cited lines). Candidates are ranked by the question's
symptoms, then severity, then how concrete they are. Narrow questions get at most two claims,
broad ones at most five.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from diagnosis.agents.offline.entities import QuestionFacts
from diagnosis.agents.offline.refs import Ref, gloss
from diagnosis.agents.offline.text import fold
from diagnosis.agents.offline.vocabulary import ERRORISH

MAX_CLAIMS_BROAD = 5
MAX_CLAIMS_NARROW = 2
MAX_LOG_CLAIMS = 3
LEVEL_SCORE = {"FATAL": 3, "ERROR": 2, "WARN": 1, "WARNING": 1}

_SIGNATURE_NOISE = re.compile(r"0x[0-9a-f]+|[0-9a-f]{8,}|\d+(?:\.\d+)?")


@dataclass
class Candidate:
    kind: str
    refs: list[Ref]  # the cited refs (first = representative)
    score: float
    order: str  # sort key for timeline order

    @property
    def first(self) -> Ref:
        return self.refs[0]


def _signature(ref: Ref) -> str:
    return f"{ref.service}|{ref.level}|{_SIGNATURE_NOISE.sub('#', fold(ref.message))[:160]}"


@dataclass(frozen=True)
class Focus:
    """What makes evidence relevant: the question's symptoms (primary) and the symptoms of the
    runbook causes the executor went on to check (secondary, weaker)."""

    primary: frozenset[str]
    secondary: frozenset[str] = frozenset()

    @classmethod
    def of(cls, facts: QuestionFacts, secondary: Iterable[str] = ()) -> Focus:
        primary = frozenset(facts.symptoms) or frozenset({"error"})
        return cls(primary, frozenset(secondary) - primary)

    def with_alerts(self) -> Focus:
        return Focus(self.primary | {"alert"}, self.secondary)


def _relevance(ref: Ref, focus: Focus) -> int:
    """3 per asked symptom the text shows, 2 per checked runbook cause (evidence for a cause beats
    a generic error line); an error line answers an error-like question even when it names no
    symptom word."""
    score = 3 * len(ref.symptoms & focus.primary) + 2 * len(ref.symptoms & focus.secondary)
    if not score and focus.primary & ERRORISH and ref.level in ("ERROR", "FATAL"):
        return 1
    return score


def _concreteness(text: str) -> int:
    return min(
        3, len(re.findall(r"[a-z_]+=\d|\d+(?:\.\d+)?\s*(?:ms|s|%|mb|gb|mi|gi)\b|\b[45]\d\d\b", fold(text)))
    )


def log_candidates(refs: Iterable[Ref], focus: Focus) -> list[Candidate]:
    groups: dict[str, list[Ref]] = {}
    for ref in refs:
        if ref.kind != "log":
            continue
        if LEVEL_SCORE.get(ref.level, 0) == 0 and not (ref.symptoms & (focus.primary | focus.secondary)):
            continue  # an INFO line counts only when it shows the asked symptom
        groups.setdefault(_signature(ref), []).append(ref)
    out: list[Candidate] = []
    for members in groups.values():
        members.sort(key=lambda r: (r.text[:19], r.invocation_id, r.raw_path))
        first, last = members[0], members[-1]
        cited = [first] if last.clock == first.clock else [first, last]
        score = (
            10 * _relevance(first, focus) + 3 * LEVEL_SCORE.get(first.level, 0) + _concreteness(first.text)
        )
        out.append(Candidate("log", cited, score + min(len(members), 5) * 0.1, first.text[:19]))
    return out


def alert_candidates(refs: Iterable[Ref], focus: Focus) -> list[Candidate]:
    out = []
    for ref in refs:
        if ref.kind != "alert":
            continue
        firing = str(ref.element.get("state") or "").lower() == "firing"
        severity = fold(str(ref.element.get("severity") or ""))
        score = (
            10 * _relevance(ref, focus.with_alerts())
            + (4 if firing else 0)
            + (2 if severity == "critical" else 0)
        )
        out.append(Candidate("alert", [ref], score, str(ref.element.get("starts_at") or "")))
    return out


def series_candidates(refs: Iterable[Ref], focus: Focus) -> list[Candidate]:
    out = []
    for ref in refs:
        if ref.kind != "series":
            continue
        crossed = bool(ref.element.get("crossed_at"))
        score = 10 * _relevance(ref, focus) + (4 if crossed else 0)
        out.append(
            Candidate(
                "series", [ref], score, str(ref.element.get("crossed_at") or ref.element.get("peak_at") or "")
            )
        )
    return out


def _ranked(candidates: list[Candidate]) -> list[Candidate]:
    return sorted(candidates, key=lambda c: (-c.score, c.order, c.first.invocation_id, c.first.raw_path))


def relevant_refs(refs: Sequence[Ref], facts: QuestionFacts) -> tuple[list[Ref], set[str] | None]:
    """The evidence refs the question is about, and the allowed services (None = any)."""
    if facts.known_services:
        allowed: set[str] | None = set(facts.known_services)
    elif facts.unknown_services:
        allowed = set()  # the question is about services the data does not have
    else:
        allowed = None
    chosen = [r for r in refs if r.kind == "hit" or allowed is None or r.service in allowed]
    return chosen, allowed


def _diverse(logs: Sequence[Candidate], limit: int) -> list[Candidate]:
    """Top log groups, skipping one that shows nothing new (its glosses ⊆ a picked group's,
    same service) — two phrasings of one failure are one observation."""
    picked: list[Candidate] = []
    seen: list[tuple[str, set[str]]] = []
    for c in logs:
        terms = set(gloss(c.first.message))
        if terms and any(service == c.first.service and terms <= other for service, other in seen):
            continue
        picked.append(c)
        seen.append((c.first.service, terms))
        if len(picked) >= limit:
            break
    return picked


def select_candidates(
    refs: Sequence[Ref], facts: QuestionFacts, focus: Focus | None = None
) -> list[Candidate]:
    focus = focus or Focus.of(facts)
    logs = _ranked(log_candidates(refs, focus))
    alerts = _ranked(alert_candidates(refs, focus))
    series = _ranked(series_candidates(refs, focus))
    wants_alert = "alert" in facts.symptoms
    if facts.narrow:
        # Confirm one thing: the best match of the asked kind, plus at most one corroboration.
        if wants_alert:
            primary = alerts or series
        else:
            primary = [c for c in logs if c.score >= 10] or [c for c in alerts + series if c.score >= 10]
        picked = primary[:1]
        if wants_alert and picked and picked[0].kind == "alert":
            pool = [c for c in alerts if c not in picked and c.score >= 10]
        else:
            pool = [c for c in (alerts + series + logs) if c not in picked and c.score >= 10]
        picked += _ranked(pool)[:1]
        return picked[:MAX_CLAIMS_NARROW]
    # Broad: the most relevant log groups (symptom + mechanism), one or two alerts, one series.
    picked_logs = _diverse([c for c in logs if c.score >= 3], MAX_LOG_CLAIMS)
    # Without a named service, a firing alert or a crossed series only counts for a service the
    # picked lines are about (another service's latency does not answer "who is erroring").
    named = bool(facts.services)
    services = {c.first.service for c in picked_logs}

    def related(c: Candidate) -> bool:
        asked = bool(c.first.symptoms & focus.primary)
        return asked or named or not services or c.first.service in services

    picked_alerts = [c for c in alerts if c.score >= 4 and related(c)][: 1 if picked_logs else 2]
    picked_series = [
        c for c in series if (c.score >= 10 or c.first.element.get("crossed_at")) and related(c)
    ][:1]
    picked = picked_logs + picked_alerts + picked_series
    if not picked:
        picked = [c for c in logs + alerts + series if c.score >= 3][:1]
    picked = picked[:MAX_CLAIMS_BROAD]
    # Present logs in time order (a readable timeline), then alerts and series.
    kind_order = {"log": 0, "alert": 1, "series": 2}
    return sorted(picked, key=lambda c: (kind_order[c.kind], c.order))
