"""The one range every timestamp the product accepts must lie in (issue 25 item 1). Pure: no Django.

Evidence bundles (every log, alert, metric point and Kubernetes time, and ``reference_time``), the
Alertmanager webhook, the Kubernetes backend's readings (they are validated by the bundle's models)
and the evidence tools' ``start``/``end`` arguments all pass their times through
:func:`bounded_time`. A time outside 1970-01-01 .. 2200-01-01 UTC is refused with a Chinese
message naming the element — never stored: PostgreSQL keeps year 1 BC or year 10000 happily, and
from then on every query that reads the row fails in the driver (``DataError: timestamp too
small``), and Python cannot even shift ``9999-12-31T23:59:59-12:00`` to UTC (``OverflowError``).

Rows already stored out of range (written before this check, or by hand in SQL) are read back
as :data:`STORED_TOO_EARLY` / :data:`STORED_TOO_LATE` (``superbiz.db_times``), which every time
zone can still shift, and shown as :data:`MSG_INVALID_TIME` wherever :func:`time_in_range` is asked.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Final

EARLIEST: Final = datetime(1970, 1, 1, tzinfo=UTC)
LATEST: Final = datetime(2200, 1, 1, tzinfo=UTC)

#: What a stored time the driver or Python cannot hold is read back as: one day inside Python's
#: range, so converting it to any time zone (±1 day at most) cannot overflow; outside the bounds.
STORED_TOO_EARLY: Final = datetime(1, 1, 2, tzinfo=UTC)
STORED_TOO_LATE: Final = datetime(9999, 12, 30, tzinfo=UTC)
STORED_DATE_TOO_EARLY: Final = date(1, 1, 2)
STORED_DATE_TOO_LATE: Final = date(9999, 12, 30)

MSG_PROBLEM_RANGE: Final = "时间 {value} 超出允许范围（1970-01-01 至 2200-01-01 UTC）"
MSG_PROBLEM_NAIVE: Final = "时间 {value} 缺少时区偏移（例如 2026-11-28T10:05:12+08:00）"
MSG_ELEMENT: Final = "{element}：{problem}"
#: How a stored time outside the range is shown (pages, admin, API text).
MSG_INVALID_TIME: Final = "无效时间"
VALUE_SHOWN_MAX_CHARS: Final = 40


class TimeOutOfRange(ValueError):
    """A timestamp outside ``EARLIEST .. LATEST`` (or without an offset); ``message`` is Chinese."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _shown(value: object) -> str:
    text = value.isoformat() if isinstance(value, datetime) else str(value)
    return text if len(text) <= VALUE_SHOWN_MAX_CHARS else text[: VALUE_SHOWN_MAX_CHARS - 1] + "…"


def time_in_range(value: datetime | None) -> bool:
    """Whether ``value`` is an aware time inside the range. Compared as instants without any
    conversion (aware datetimes compare by subtraction, which cannot overflow)."""
    if value is None or value.tzinfo is None or value.utcoffset() is None:
        return False
    return EARLIEST <= value <= LATEST


def time_problem(value: datetime) -> str | None:
    """Why ``value`` is refused (Chinese, without the element), or None when it is accepted."""
    if value.tzinfo is None or value.utcoffset() is None:
        return MSG_PROBLEM_NAIVE.format(value=_shown(value))
    if not time_in_range(value):
        return MSG_PROBLEM_RANGE.format(value=_shown(value))
    return None


def bounded_time(value: datetime, *, element: str) -> datetime:
    """``value`` unchanged when it is aware and inside the range; otherwise ``TimeOutOfRange``
    whose message names ``element`` (``logs[3].timestamp``, ``alerts[0].startsAt``, ``start``)."""
    problem = time_problem(value)
    if problem is not None:
        raise TimeOutOfRange(MSG_ELEMENT.format(element=element, problem=problem))
    return value


def clamped_stored(value: datetime) -> datetime:
    """A stored time as it may be read back: itself, unless it is so close to Python's limits
    that a time-zone shift would overflow — then the matching ``STORED_TOO_*`` sentinel."""
    if value.tzinfo is None or value.utcoffset() is None:
        naive_early, naive_late = STORED_TOO_EARLY.replace(tzinfo=None), STORED_TOO_LATE.replace(tzinfo=None)
        if value < naive_early:
            return naive_early
        return naive_late if value > naive_late else value
    if value < STORED_TOO_EARLY:
        return STORED_TOO_EARLY
    return STORED_TOO_LATE if value > STORED_TOO_LATE else value


def clamped_stored_date(value: date) -> date:
    if value < STORED_DATE_TOO_EARLY:
        return STORED_DATE_TOO_EARLY
    return STORED_DATE_TOO_LATE if value > STORED_DATE_TOO_LATE else value
