"""Calendar days in a question (pure, no Django): a date, a weekday of another week, a month, or a
day in the future — the days ``time_expressions`` reads relative clocks on.

- dates: ``2026-11-27``, ``2026/11/27``, ``2026年11月27日``, ``11月27日``, ``11 月 1 号``, ``十一月一号``
  (a month-day without a year is of the current year);
- weeks: ``上周三`` / ``上星期三`` / ``上礼拜三`` (a weekday of last week), ``这周一`` / ``本周一``,
  ``下周一`` (of next week), ``上周`` / ``下周`` alone (the whole week);
- months: ``上个月`` / ``上月``, ``这个月`` / ``本月``, ``下个月``;
- days by name: ``前天``; the future: ``明天`` / ``明早`` / ``明晚`` / ``后天`` / ``明年``.

``calendar_span`` returns the first such expression as a half-open span of whole days
``[first, last)`` in the question's time zone, with ``future`` set when it begins after ``now``.
Unlike relative times, these spans are not pulled inside the last 48 hours: a question about a
day the data does not cover must be told so, not answered with another day's evidence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from diagnosis.reading.text import CHINESE_NUMERAL_CHARS, chinese_number

_NUM = f"[0-9{CHINESE_NUMERAL_CHARS}]{{1,3}}"
_ISO_DATE = re.compile(r"(?<!\d)(20\d\d)\s*[-/年.]\s*(\d{1,2})\s*[-/月.]\s*(\d{1,2})\s*[日号]?(?!\d)")
_MONTH_DAY = re.compile(rf"(?<![0-9{CHINESE_NUMERAL_CHARS}])({_NUM})\s*月\s*({_NUM})\s*[日号]")
_WEEKDAY = "一二三四五六日天"
_WEEK_DAY = re.compile(rf"(上上|上|这|本|下)\s*(?:个)?\s*(?:周|星期|礼拜)\s*([{_WEEKDAY}1-7])?")
_MONTH = re.compile(r"(上|这|本|下)\s*个?\s*月(?![0-9一二三四五六七八九十])")
_NAMED_DAYS: tuple[tuple[str, int], ...] = (
    ("大前天", -3), ("前天", -2), ("明天", 1), ("明日", 1), ("明早", 1), ("明晚", 1), ("明儿", 1),
    ("后天", 2), ("大后天", 3), ("tomorrow", 1),
)
_NEXT_YEAR = re.compile(r"明年|next year")
_WEEK_SHIFT = {"上上": -2, "上": -1, "这": 0, "本": 0, "下": 1}


@dataclass(frozen=True)
class CalendarSpan:
    first: date
    last: date  # exclusive
    expression: str
    future: bool

    @property
    def single_day(self) -> bool:
        return self.last - self.first == timedelta(days=1)


def _weekday(char: str | None) -> int | None:
    if not char:
        return None
    if char.isdigit():
        return int(char) - 1
    return 6 if char in "日天" else "一二三四五六".index(char)


def _month_start(day: date, shift: int) -> date:
    month = day.month - 1 + shift
    return date(day.year + month // 12, month % 12 + 1, 1)


def _span(first: date, last: date, expression: str, today: date) -> CalendarSpan:
    return CalendarSpan(first, last, expression, future=first > today)


def calendar_span(text: str, now: datetime) -> CalendarSpan | None:
    """The first calendar expression of ``text`` (already NFKC'd and lower-cased), or None."""
    today = now.date()
    found: list[tuple[int, CalendarSpan]] = []
    for m in _ISO_DATE.finditer(text):
        try:
            day = date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        except ValueError:
            continue
        found.append((m.start(), _span(day, day + timedelta(days=1), m.group(0), today)))
    for m in _MONTH_DAY.finditer(text):
        month, dom = chinese_number(m.group(1)), chinese_number(m.group(2))
        if month is None or dom is None or any(a <= m.start() < a + len(s.expression) for a, s in found):
            continue
        try:
            day = date(today.year, month, dom)
        except ValueError:
            continue
        found.append((m.start(), _span(day, day + timedelta(days=1), m.group(0), today)))
    for m in _WEEK_DAY.finditer(text):
        monday = today - timedelta(days=today.weekday()) + timedelta(weeks=_WEEK_SHIFT[m.group(1)])
        weekday = _weekday(m.group(2))
        if weekday is None:
            found.append((m.start(), _span(monday, monday + timedelta(days=7), m.group(0), today)))
        else:
            day = monday + timedelta(days=weekday)
            found.append((m.start(), _span(day, day + timedelta(days=1), m.group(0), today)))
    for m in _MONTH.finditer(text):
        first = _month_start(today, {"上": -1, "这": 0, "本": 0, "下": 1}[m.group(1)])
        found.append((m.start(), _span(first, _month_start(first, 1), m.group(0), today)))
    for word, days in _NAMED_DAYS:
        at = text.find(word)
        if at >= 0 and not any(a <= at < a + len(s.expression) for a, s in found):
            day = today + timedelta(days=days)
            found.append((at, _span(day, day + timedelta(days=1), word, today)))
    if (next_year := _NEXT_YEAR.search(text)) is not None:
        first = date(today.year + 1, 1, 1)
        found.append((next_year.start(), _span(first, date(today.year + 2, 1, 1), next_year.group(0), today)))
    if not found:
        return None
    return min(found, key=lambda item: item[0])[1]
