"""Quantities in evidence (pure, no Django): what a unit measures, the size of a log line's
figure, and whether a metric series or alert *measures* an asked symptom.

Used when a question asks "how much" (内存用到多少, 磁盘使用率多少) or for an extreme (最慢, 峰值):
the answer is the series of the asked dimension (memory → memory_usage, disk → disk_usage …),
the alert watching it, or — among log lines of one kind — the line with the largest figure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from diagnosis.reading.text import fold
from diagnosis.reading.vocabulary import KEY_TERMS_BY_WORD, SYMPTOMS_BY_ID, any_spelling_in, rules

TIME, SIZE, PERCENT, COUNT = "time", "size", "percent", "count"

# unit (folded) → (kind, factor to the kind's base unit: ms, MiB, %)
_UNITS: dict[str, tuple[str, float]] = {u: (k, float(f)) for u, (k, f) in rules("units")["measure"].items()}
_QUANTITY = re.compile(
    r"(?<![a-z0-9_.])(\d+(?:\.\d+)?)\s*("
    + "|".join(re.escape(u) for u in sorted(_UNITS, key=len, reverse=True))
    + r")(?![a-z0-9_])"
)


def unit_kind(unit: str) -> str:
    """time | size | percent for a known unit, else count (connections, per_minute, messages …)."""
    return _UNITS.get(fold(unit).strip(), (COUNT, 1.0))[0]


def quantities(text: str) -> list[tuple[str, float]]:
    """(kind, value in the kind's base unit) of every number-with-unit in ``text``."""
    out = []
    for m in _QUANTITY.finditer(fold(text)):
        kind, factor = _UNITS[m.group(2)]
        out.append((kind, float(m.group(1)) * factor))
    return out


def figure(text: str, kind: str) -> float | None:
    """The largest quantity of ``kind`` in ``text`` (a slow-query line's duration), or None."""
    values = [v for k, v in quantities(text) if k == kind]
    return max(values) if values else None


def value_kind(value: str) -> str:
    """The kind of an alert value ("91%" → percent, "1350ms" → time, "active=50/50" → count)."""
    found = quantities(value)
    return found[0][0] if found else COUNT


def dimension_match(name: str, symptom_ids: Iterable[str]) -> int:
    """How many of the asked symptoms a series or alert name measures (HighMemoryUsage → memory)."""
    return sum(1 for s in symptom_ids if any_spelling_in(SYMPTOMS_BY_ID[s].metric_terms, name))


def terms_match(name: str, terms: Iterable[str]) -> int:
    """How many of the key terms a question names (连接 → connect*) a series or alert name shows."""
    return sum(1 for t in terms if any_spelling_in(KEY_TERMS_BY_WORD[t].evidence, name))


_RATES: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in rules("terms")["rates"].items()}


def counts_per(rate: str, name: str, unit: str) -> bool:
    """A series counts per ``rate`` ("minute": connections_1min, 单/分钟)."""
    return bool(rate) and any_spelling_in(_RATES[rate], f"{name} {unit}")


_ALIASES: dict[str, str] = {fold(k): fold(v) for k, v in rules("units")["aliases"].items()}


def asked_in(asked: str, units: Iterable[str]) -> str:
    """The kind of quantity the question's measure word (``QuestionFacts.unit``) asks for — time,
    size or percent for a known unit (多少秒 → time), count for a measure word some read series is
    measured in (多少条 where a series counts 条) — "" when the word is no unit (多少请求)."""
    word = _ALIASES.get(fold(asked), fold(asked))
    if not word:
        return ""
    if word in _UNITS:
        return _UNITS[word][0]
    return COUNT if word in {_ALIASES.get(fold(u), fold(u)) for u in units} else ""


def fits_unit(asked_kind: str, name: str, unit: str) -> bool:
    """A series measured in the asked kind: a duration for 多少秒, a plain count for 多少条 (not a
    count per minute or second: that is a rate, asked as 每分钟 / 每秒)."""
    if unit_kind(unit) != asked_kind:
        return False
    return asked_kind != COUNT or not any(counts_per(rate, name, unit) for rate in _RATES)


def preferred_kind(symptom_ids: Iterable[str]) -> str:
    """The kind of quantity the asked symptoms are measured in (the first one that has one)."""
    for s in symptom_ids:
        if SYMPTOMS_BY_ID[s].measure:
            return SYMPTOMS_BY_ID[s].measure
    return ""
