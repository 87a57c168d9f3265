"""The text of a typed output element (pure, no Django): how a log record, an alert and a series
summary become the system-side text of their evidence refs, and the fragments of that text (a value
with its unit, a time of day) the offline analysis states from the same typed fields.

Numbers compactly with their unit ("12.5%", "350ms", "0.00012 GB"); times as their wall clock
without the offset ("2026-11-28 10:05:12"): outputs carry them in the configured time zone's offset.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from contracts.elements import AlertElement, LogRecord, SeriesSummary
from diagnosis.tools.base import bounded
from diagnosis.tools.series_names import series_name

# --- Numbers ---------------------------------------------------------------------------------------
_TIGHT_UNITS = {
    "%",
    "ms",
    "s",
    "m",
    "h",
    "b",
    "kb",
    "mb",
    "gb",
    "tb",
    "kib",
    "mib",
    "gib",
    "tib",
    "qps",
    "rps",
}


def number(value: float | int | None, *, exact: bool = False) -> str:
    """A decimal without scientific notation. ``exact`` (observed values: min, max, last,
    thresholds) keeps every recorded digit, so a claim can quote the value as recorded;
    otherwise (derived values such as averages) compactly rounded: 6.33, 1520.4, 0.00012."""
    if value is None:
        return "?"
    v = float(value)
    if v != v or v in (float("inf"), float("-inf")):
        return str(v)
    if v.is_integer() and abs(v) < 1e15:
        return str(int(v))
    if exact:
        # The shortest decimal that round-trips (repr), written out positionally.
        text = format(Decimal(repr(v)), "f")
        return text.rstrip("0").rstrip(".") if "." in text else text
    magnitude = abs(v)
    if magnitude >= 100:
        text = f"{v:.1f}"
    elif magnitude >= 1:
        text = f"{v:.2f}"
    else:
        text = f"{v:.6f}"
        # keep three significant digits of a small fraction
        digits = text.lstrip("-0.")
        keep = len(text) - len(digits) + 3
        text = text[:keep]
    text = text.rstrip("0").rstrip(".") if "." in text else text
    return text or "0"


def spaced(unit: str) -> bool:
    """Whether ``unit`` is written after the number and a space ("50 connections"), not on it ("12.5%")."""
    return unit.lower() not in _TIGHT_UNITS


def with_unit(value: float | int | None, unit: str, *, exact: bool = False) -> str:
    text = number(value, exact=exact)
    if not unit:
        return text
    return f"{text} {unit}" if spaced(unit) else f"{text}{unit}"


# --- Times -----------------------------------------------------------------------------------------
def wall_clock(moment: datetime) -> str:
    """ "2026-11-28 10:05:12": a log line's time as its text starts."""
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def clock_of_day(moment: datetime) -> str:
    """ "10:06", or "10:06:30" when the seconds are not zero."""
    return moment.strftime("%H:%M:%S" if moment.second else "%H:%M")


def dated_clock(moment: datetime) -> str:
    """ "2026-11-28 10:06" (``clock_of_day`` with its date): when an alert started or resolved."""
    return f"{moment:%Y-%m-%d} {clock_of_day(moment)}"


def time_of_day(moment: datetime, first_day: str) -> str:
    """``clock_of_day``, with the date when it is not ``first_day`` (YYYY-MM-DD): a time in a series."""
    text = clock_of_day(moment)
    return text if moment.strftime("%Y-%m-%d") == first_day else f"{moment:%Y-%m-%d} {text}"


# --- Elements --------------------------------------------------------------------------------------
def record_head(record: LogRecord) -> str:
    """ "2026-11-28 10:05:12 payment-service ERROR": what a record's text shows before its message."""
    return f"{wall_clock(record.timestamp)} {record.service} {record.level}"


def render_record(record: LogRecord) -> str:
    """ "2026-11-28 10:05:12 payment-service ERROR <message>"."""
    return f"{record_head(record)} {record.message}"


def plain_head(record: LogRecord) -> bool:
    """Whether the record's head reads as its fields: a service of one word and a level in capitals.
    A line without (no service, a Loki level "error") is quoted whole, never told as "<service> 记录了
    一条 <level> 日志"."""
    service, level = record.service, record.level
    return bool(service) and _SPACE.search(service) is None and level.isascii() and level.isalpha() and level.isupper()


_SPACE = re.compile(r"\s")  # exactly the characters ``str.isspace`` is true of


def shown_message(record: LogRecord) -> str:
    """The message as the record's evidence ref shows it: cut with its text (``bounded``)."""
    return bounded(render_record(record))[len(record_head(record)) + 1 :]


def render_alert(alert: AlertElement) -> str:
    """ "HighErrorRate payment-service critical firing since 2026-11-28 10:06 value 12.5% (…)"."""
    parts = [alert.name, alert.service]
    if alert.severity:
        parts.append(alert.severity)
    parts += [alert.state, "since", dated_clock(alert.starts_at)]
    if alert.resolved_at is not None:
        parts += ["resolved at", dated_clock(alert.resolved_at)]
    if alert.value:
        parts += ["value", str(alert.value)]
    text = " ".join(parts)
    if alert.summary:
        text += f" ({alert.summary})"
    return text


@dataclass(frozen=True)
class SeriesText:
    """The fragments of a series summary's text, each from its typed field: its name, its span,
    its values with their unit, and its times of day (dated when not on the span's first day)."""

    name: str  # with the labels that tell it apart (``series_name``)
    span: str  # "2026-11-28 10:00–10:30"
    min: str
    max: str
    avg: str
    last: str
    peak_at: str
    threshold: str | None  # None: the series has no threshold
    crossed_at: str | None  # None: never above its threshold
    points: str

    @classmethod
    def of(cls, series: SeriesSummary) -> SeriesText:
        unit = series.unit or ""
        day = series.first_at.strftime("%Y-%m-%d")
        return cls(
            name=series_name(series.name, series.labels),
            span=f"{day} {time_of_day(series.first_at, day)}–{time_of_day(series.last_at, day)}",
            min=with_unit(series.min, unit, exact=True),
            max=with_unit(series.max, unit, exact=True),
            avg=with_unit(series.avg, unit),
            last=with_unit(series.last, unit, exact=True),
            peak_at=time_of_day(series.peak_at, day),
            threshold=with_unit(series.threshold, unit, exact=True) if series.threshold is not None else None,
            crossed_at=time_of_day(series.crossed_at, day) if series.crossed_at is not None else None,
            points=number(series.point_count),
        )


def render_series(series: SeriesSummary) -> str:
    """ "http_5xx_rate payment-service 2026-11-28 10:00–10:30 min 0.2% max 14.1% avg 6.3% last 12.5%;
    峰值于 10:12; 超过阈值 5% 于 10:06" — every number a claim might quote."""
    t = SeriesText.of(series)
    text = (
        f"{t.name} {series.service} {t.span} min {t.min} max {t.max} avg {t.avg} last {t.last}"
        f"; 峰值于 {t.peak_at}"
    )
    if t.threshold is not None:
        text += f"; 超过阈值 {t.threshold} 于 {t.crossed_at}" if t.crossed_at else f"; 未超过阈值 {t.threshold}"
    return text + f" ({t.points} 个点)"
