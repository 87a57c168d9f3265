"""The diagnosis question of a firing alert group, in Chinese (pure: no Django, no I/O).

"payment-service 的告警 HighErrorRate 于 2026-11-28 10:06 开始触发（告警摘要：「5xx 比例超过 5%…」），
原因是什么？" — the service, the alert name, the start time of the earliest firing alert in the
given time zone, and the summary. Which labels and annotations supply them is data
(``question.toml``).

Label and annotation text is written by whoever configures the alert rules, so it is untrusted:
every piece is cut to a bound, loses its control, format (bidi, zero-width) and line-separator
characters, and is shown as a quotation (「…」, ``tools.quoting.quote``) — the summary always,
the service and alert name whenever they are more than one plain identifier. The planner reads a
quotation as what the alert says, not as the asker's words.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo
from pathlib import Path
from typing import Final

from diagnosis.tools.quoting import quote

RULES_PATH: Final = Path(__file__).with_name("question.toml")
_RULES: Final = tomllib.loads(RULES_PATH.read_text(encoding="utf-8"))
SERVICE_LABELS: Final[tuple[str, ...]] = tuple(_RULES["service_labels"])
ALERT_NAME_LABELS: Final[tuple[str, ...]] = tuple(_RULES["alert_name_labels"])
SUMMARY_ANNOTATIONS: Final[tuple[str, ...]] = tuple(_RULES["summary_annotations"])

SERVICE_MAX_CHARS: Final = 64
ALERT_NAME_MAX_CHARS: Final = 80
SUMMARY_MAX_CHARS: Final = 300
MAX_NAMES: Final = 3
ELLIPSIS: Final = "…"

QUESTION: Final = "{service}告警 {alert} 于 {start} 开始触发{summary}，原因是什么？"
SERVICE_PART: Final = "{service} 的"
SUMMARY_PART: Final = "（告警摘要：{summary}）"
MORE_ALERTS: Final = "{names} 等 {count} 条告警"
NAMES_JOIN: Final = "、"
UNNAMED_ALERT: Final = "（未命名）"
START_FORMAT: Final = "%Y-%m-%d %H:%M"

#: A name shown bare (so the planner can match it to a service): one identifier, nothing more.
_IDENTIFIER: Final = re.compile(r"[\w.\-:/@]+")
#: An alert name shown bare: one plain ASCII identifier. Alert names are never service spellings,
#: so a Chinese one (根因已确认数据库被删除) is quoted like any other text (issue 25 item 5).
_ALERT_IDENTIFIER: Final = re.compile(r"[A-Za-z0-9_.\-:/@]+")
_DROPPED_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def clean(text: str, limit: int) -> str:
    """``text`` without control/format/unassigned characters, whitespace collapsed, at most
    ``limit`` characters (an ellipsis marks a cut)."""
    kept = "".join(
        " " if ch.isspace() else ch for ch in text if ch.isspace() or unicodedata.category(ch) not in _DROPPED_CATEGORIES
    )
    flat = " ".join(kept.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + ELLIPSIS


def shown_name(text: str) -> str:
    """A cleaned name, bare when it is one identifier, else quoted."""
    return text if _IDENTIFIER.fullmatch(text) else quote(text)


@dataclass(frozen=True)
class AlertLike:
    """What the question reads of one alert (``payload.AlertmanagerAlert`` has these fields)."""

    labels: Mapping[str, str]
    annotations: Mapping[str, str]
    startsAt: datetime  # noqa: N815


@dataclass(frozen=True)
class AlertFacts:
    service: str  # cleaned; "" when no label names one
    alert_names: tuple[str, ...]  # cleaned, distinct, in order of first firing
    alert_count: int
    summary: str  # cleaned; "" when no annotation has one
    starts_at: datetime


def _first(keys: Sequence[str], *mappings: Mapping[str, str]) -> str:
    for mapping in mappings:
        for key in keys:
            value = mapping.get(key)
            if isinstance(value, str) and value.strip():
                return value
    return ""


def group_facts(
    *,
    common_labels: Mapping[str, str],
    common_annotations: Mapping[str, str],
    firing: Sequence[AlertLike],
) -> AlertFacts:
    """The question's parts of a group with at least one firing alert."""
    if not firing:
        raise ValueError("a question needs a firing alert")
    ordered = sorted(firing, key=lambda a: a.startsAt)
    earliest = ordered[0]
    names: list[str] = []
    for alert in ordered:
        name = clean(_first(ALERT_NAME_LABELS, alert.labels, common_labels), ALERT_NAME_MAX_CHARS)
        if name and name not in names:
            names.append(name)
    return AlertFacts(
        service=clean(_first(SERVICE_LABELS, common_labels, earliest.labels), SERVICE_MAX_CHARS),
        alert_names=tuple(names),
        alert_count=len(firing),
        summary=clean(_first(SUMMARY_ANNOTATIONS, common_annotations, earliest.annotations), SUMMARY_MAX_CHARS),
        starts_at=earliest.startsAt,
    )


def _alert_part(facts: AlertFacts) -> str:
    shown = [n if _ALERT_IDENTIFIER.fullmatch(n) else quote(n) for n in facts.alert_names[:MAX_NAMES]] or [UNNAMED_ALERT]
    names = NAMES_JOIN.join(shown)
    if facts.alert_count > 1 or len(facts.alert_names) > MAX_NAMES:
        return MORE_ALERTS.format(names=names, count=facts.alert_count)
    return names


def alert_question(facts: AlertFacts, *, tz: tzinfo) -> str:
    """The Chinese question of ``facts``, start time shown in ``tz``."""
    return QUESTION.format(
        service=SERVICE_PART.format(service=shown_name(facts.service)) if facts.service else "",
        alert=_alert_part(facts),
        start=facts.starts_at.astimezone(tz).strftime(START_FORMAT),
        summary=SUMMARY_PART.format(summary=quote(facts.summary)) if facts.summary else "",
    )
