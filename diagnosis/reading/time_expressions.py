"""Time expressions in a Chinese (or English) question → the window the evidence tools read.

Everything resolves against the request's ``now`` (the data's ``reference_time`` when a bundle
set one, else the clock) in the request's time zone. Supported, most specific first:

- clock times: ``10:05``, ``10:05:30``, ``10点05分``, ``10点``, ``10点半``, ``十点零五分``, with an
  optional day (``今天``/``昨天``) and day part (``上午``/``下午``/``晚上``…); two clock times joined by
  ``到``/``至``/``-``/``~`` form a range, and so do a day part and a later clock outside it
  (``凌晨没跑，九点半又跑了``) and a clock and a later one that says when it was over
  (``九点多开始失败，十点一刻又好了``: the incident's end ends the window, and the start is read in
  the half of the day that keeps it before its end). A clock time later than now means yesterday.
- relative: ``半小时前``, ``1小时前``, ``两小时前``, ``20分钟前``, ``一个半小时前`` (a point in the past),
  ``最近30分钟``/``过去2小时``/``近1天``/``10分钟内`` (a span ending now);
- day parts: ``今天上午``, ``今天早上``, ``今天下午``, ``昨天晚上``/``昨晚``, ``凌晨``…; days: ``今天``, ``昨天``;
  a day word before a batch (``昨天那批结算``) names the batch when the question has its own clock
  or day part, which then reads today;
- vague: ``刚才``/``刚刚`` (last 30 min), ``现在``/``当前``/``目前``/``最近`` (last hour);
- calendar days (``calendar``): a date (``11 月 1 号``), a weekday of another week (``上周三``), a month
  (``上个月``), ``前天``, and the future (``明天``, ``下周一``): that day (its day part or clock, when the
  question names one), **not** pulled inside the last 48 hours and, in the future, not before now —
  a day the data does not cover is then said to be one (``kind`` ``date`` / ``future``).

"X 点以后" in a named day part that has ended (``昨晚九点半以后``) reads to the end of that part, not
until now, unless the question says so (``到现在``、``一直``); a day or a day part followed by
``到现在`` / ``至今`` (``从昨天傍晚到现在``) reads from its start up to now.

A point time ``t`` reads ``[t − 10 min, min(now, t + 50 min)]``, or ``[t − 10 min, now]`` when the
question says it started then (``从 10:05 开始``, ``10点以来``). With no time expression the window is
the last hour and ``explicit`` is False (the executor may widen it when nothing is found).
Every window starts at or after ``now − 48 h`` and ends at or before ``now``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from contracts.reading import TimeWindow
from diagnosis.reading.calendar import CalendarSpan, calendar_span
from diagnosis.reading.text import CHINESE_NUMERAL_CHARS, chinese_number, nfkc
from diagnosis.reading.vocabulary import rules

DEFAULT_SPAN = timedelta(hours=1)
RECENT_SPAN = timedelta(minutes=30)
POINT_LEAD = timedelta(minutes=10)
POINT_TAIL = timedelta(minutes=50)
MAX_LOOKBACK = timedelta(hours=48)
WIDE_SPAN = timedelta(hours=24)
WIDENED = "widened"  # the name of a window widened to WIDE_SPAN

_NUM = f"[0-9{CHINESE_NUMERAL_CHARS}]"

_CLOCK_COLON = re.compile(
    r"(?<![0-9.:])([01]?[0-9]|2[0-3])\s*:\s*([0-5][0-9])(?:\s*:\s*([0-5][0-9]))?(?![0-9]|\s*%)"
)
_CLOCK_CN = re.compile(
    # "12 时次" names a run of a schedule (the 12 o'clock cycle of a forecast model), not when it happened
    rf"(?<![0-9{CHINESE_NUMERAL_CHARS}])({_NUM}{{1,3}})\s*(?:[点點]|[时時](?!次))"
    rf"(?:\s*(半|一刻|三刻|{_NUM}{{1,3}})\s*(?:分(?!钟)|(?=[^0-9{CHINESE_NUMERAL_CHARS}分]|$)))?"
)
_STARTED_AFTER = re.compile(
    r"^\s*(?:分|钟)?\s*(?:的时候|左右|前后)?\s*(?:开始|起|以来|之后|以后|后|至今|到现在)"
)
_BEFORE = re.compile(r"^\s*(?:分|钟)?\s*(?:之前|以前)")
_RANGE_JOIN = re.compile(r"^\s*(?:到|至|~|-|—|–|～)\s*$")
# A later clock that says when it was over (…，十点一刻又好了): the incident's end, so the range's.
_RECOVERED_AT = re.compile(r"^\s*(?:分|钟)?\s*(?:左右|前后)?\s*(?:自己)?\s*(?:又|才|就|已经)?\s*(?:好了|恢复|正常)")
_RELATIVE_AGO = re.compile(
    rf"({_NUM}{{1,3}}|半)\s*(?:个)?\s*(半)?\s*(分钟|分|小时|钟头|天)\s*(半)?\s*(?:前|以前|之前)"
)
_RELATIVE_SPAN = re.compile(
    rf"(?:(?:最近|过去|近|这)\s*({_NUM}{{1,3}}|半)\s*(?:个)?\s*(半)?\s*(分钟|小时|钟头|天))"
    rf"|(?:({_NUM}{{1,3}}|半)\s*(?:个)?\s*(半)?\s*(分钟|小时|钟头|天)\s*(?:内|以内|以来))"
)
_WORDS = rules("time_words")
_VAGUE_RECENT, _VAGUE_NOW, _VAGUE_LATELY = _WORDS["vague_recent"], _WORDS["vague_now"], _WORDS["vague_lately"]
# Day parts: (word, start hour, end hour) of the day the question names; end may pass midnight.
_DAY_PARTS: tuple[tuple[str, int, int], ...] = tuple((w, a, b) for w, a, b in _WORDS["day_parts"])
_PM_PARTS = frozenset(_WORDS["pm_parts"])
_YESTERDAY, _TODAY = tuple(_WORDS["yesterday"]), tuple(_WORDS["today"])
_CLOCK_CONTEXT = tuple(_WORDS["clock_context"])
_BATCH_DAY = re.compile(
    r"(?:昨天|昨日)(?=\s*的?\s*[那这]?\s*一?\s*(?:" + "|".join(map(re.escape, _WORDS["day_batches"])) + "))"
)
# A day word that dates a thing, not the question ("昨晚约好的预约", "上午发的券"): followed by a few
# Han characters of a verb (no numeral, no clock) and 的.
_DAY_WORDS = sorted({*_YESTERDAY, *_TODAY, *(w for w, _, _ in _DAY_PARTS)} - {"yesterday", "today"}, key=len, reverse=True)
_DATING = re.compile(
    "(?:" + "|".join(map(re.escape, _DAY_WORDS)) + r")(?=[^\W\d点时分秒号半零一二三四五六七八九十两a-z]{1,3}的)"
)
_UNTIL_NOW = re.compile(r"至今|到现在|到目前|直到现在|一直|until now|so far")
# "到现在" after a day or a day part ("从昨天傍晚到现在", "昨天至今"): the span runs on to now.
_TO_NOW = re.compile(r"至今|到现在|到目前|直到现在|until now|so far")
# What asks about the span up to now rather than one incident's (``says_until_now``): "一直在报错"
# says the errors went on, not that the question reaches past their end.
_UP_TO_NOW = re.compile(r"至今|到现在|到目前|直到现在|现在还|还没好|仍然|until now|so far|still")
#: Window kinds of calendar days (``calendar``): a past day, week or month, and one in the future.
DATE = "date"
FUTURE = "future"
MAX_PART_SPAN = timedelta(hours=12)  # a day part read up to a later clock: at most this long
AFTER_THE_HOUR = timedelta(minutes=30)  # how far into the hour "X点多" reaches at least


def _zone(tz: str) -> ZoneInfo:
    try:
        return ZoneInfo(tz)
    except Exception:  # an unknown zone name must not break planning
        return ZoneInfo("Asia/Shanghai")


def _amount(number: str, half_before: str | None, half_after: str | None) -> float | None:
    if number == "半":
        value: float | None = 0.5
    else:
        parsed = chinese_number(number)
        value = float(parsed) if parsed is not None else None
    if value is None:
        return None
    if half_before or half_after:
        value += 0.5
    return value


def _unit(unit: str) -> timedelta:
    if unit in ("分钟", "分"):
        return timedelta(minutes=1)
    if unit in ("小时", "钟头"):
        return timedelta(hours=1)
    return timedelta(days=1)


@dataclass(frozen=True)
class _Clock:
    hour: int
    minute: int
    second: int
    start: int
    end: int
    text: str


def _clocks(text: str, *, has_day_marker: bool) -> list[_Clock]:
    found: list[_Clock] = []
    taken: list[tuple[int, int]] = []
    for m in _CLOCK_COLON.finditer(text):
        hour, minute = int(m.group(1)), int(m.group(2))
        second = int(m.group(3)) if m.group(3) else 0
        found.append(_Clock(hour, minute, second, m.start(), m.end(), m.group(0)))
        taken.append(m.span())
    for m in _CLOCK_CN.finditer(text):
        if any(a < m.end() and m.start() < b for a, b in taken):
            continue
        cn_hour = chinese_number(m.group(1))
        if cn_hour is None or cn_hour > 24:
            continue
        hour = cn_hour
        minute_text = m.group(2)
        if minute_text is None:
            minute = 0
            # "有一点慢" / "两点原因": a bare Chinese-numeral hour is a time only with context;
            # "八点多" (a while after eight) is one, "一点多" (a little more) is not.
            tail = text[m.end() : m.end() + 5]
            after = tail.lstrip().startswith(_CLOCK_CONTEXT) or (
                m.group(1) != "一" and tail.startswith("多")
            )
            if not m.group(1).isdigit() and not (has_day_marker or after):
                continue
            if tail.startswith("多"):  # the clock's words include 多: "九点多开始" starts after it
                found.append(_Clock(hour % 24, 0, 0, m.start(), m.end() + 1, m.group(0) + "多"))
                continue
        elif minute_text == "半":
            minute = 30
        elif minute_text == "一刻":
            minute = 15
        elif minute_text == "三刻":
            minute = 45
        else:
            parsed = chinese_number(minute_text)
            if parsed is None or parsed > 59:
                continue
            minute = parsed
        found.append(_Clock(hour % 24, minute, 0, m.start(), m.end(), m.group(0)))
    found.sort(key=lambda c: c.start)
    return found


def _day_part(text: str) -> tuple[str, int, int] | None:
    best: tuple[int, tuple[str, int, int]] | None = None
    for part in _DAY_PARTS:
        idx = text.find(part[0])
        if idx >= 0 and (best is None or idx < best[0]):
            best = (idx, part)
    return best[1] if best else None


def _after(moment: datetime, delta: timedelta) -> datetime:
    """``moment`` + ``delta`` of elapsed time, in ``moment``'s zone. Python adds to an aware
    datetime on the wall clock, which is off by an hour across a DST change ("47 小时前" in New
    York on the day summer time ends); elapsed spans are added in UTC."""
    return (moment.astimezone(UTC) + delta).astimezone(moment.tzinfo)


def _bounded(start: datetime, end: datetime, now: datetime) -> tuple[datetime, datetime]:
    floor = _after(now, -MAX_LOOKBACK)
    start = max(start, floor)
    end = min(end, now)
    if end <= start:  # keep the window non-empty and inside the bounds
        end = now
        start = max(min(start, _after(now, -timedelta(minutes=1))), floor)
    return start, end


def _part_to_clock(text: str, part: tuple[str, int, int], clock: _Clock, anchor: datetime) -> datetime | None:
    """Where a day part named before a clock outside it starts ("凌晨没跑…九点半又跑了": from 凌晨),
    on the clock's day and at most ``MAX_PART_SPAN`` before it; None when the clock is in the part."""
    name, first_hour, last_hour = part
    hour = anchor.hour + anchor.minute / 60
    if text.find(name) > clock.start or first_hour <= hour < last_hour or first_hour <= hour + 24 < last_hour:
        return None
    start = datetime.combine(anchor.date(), time(0), tzinfo=anchor.tzinfo) + timedelta(hours=first_hour)
    return start if timedelta(0) < anchor - start <= MAX_PART_SPAN else None


def _pm(hour: int, part: tuple[str, int, int] | None) -> int:
    if part is not None and part[0] in _PM_PARTS and part[2] >= 24 and hour in (0, 12):
        return 24  # 昨晚零点, 晚上十二点: the midnight that ends the evening, not its noon
    if part is not None and part[0] in _PM_PARTS and hour < 12:
        return hour + 12
    if part is not None and part[0] == "中午" and hour < 5:
        return hour + 12
    return hour


_NAMED_PARTS = {"明早": ("早上", 5, 12), "明晚": ("晚上", 18, 24)}


def _calendar_window(text: str, span: CalendarSpan, now: datetime, zone: ZoneInfo) -> TimeWindow:
    """The window of a calendar day, week or month (not bounded to the last 48 hours; a past one
    ends at ``now`` at the latest)."""
    first = datetime.combine(span.first, time(0), tzinfo=zone)
    start, end, anchor = first, datetime.combine(span.last, time(0), tzinfo=zone), None
    if span.single_day:
        part = _NAMED_PARTS.get(span.expression) or _day_part(text)
        clocks = _clocks(text, has_day_marker=True)
        if clocks:
            c = clocks[0]
            anchor = first + timedelta(hours=_pm(c.hour, part), minutes=c.minute, seconds=c.second)
            tail = text[c.end : c.end + 8]
            if _BEFORE.match(tail):
                start, end = _after(anchor, -DEFAULT_SPAN), anchor
            elif _STARTED_AFTER.match(tail):
                start = _after(anchor, -POINT_LEAD)
                end = first + timedelta(hours=part[2]) if part is not None else end
            else:
                start, end = _after(anchor, -POINT_LEAD), _after(anchor, POINT_TAIL)
        elif part is not None:
            start, end = first + timedelta(hours=part[1]), first + timedelta(hours=part[2])
    if not span.future and start < now:
        end = min(end, now)
    return TimeWindow(start, end, True, FUTURE if span.future else DATE, span.expression, anchor)


def _dated_yesterday(text: str, part: tuple[str, int, int] | None) -> bool:
    """A question naming both days (今天早上…说他们昨天明明去上课了): the day word that dates the
    asked time is the last one before it — 今天 of 今天早上 — not one the story uses later."""
    clocks = _clocks(text, has_day_marker=True)
    spots = [text.find(part[0])] if part is not None else []
    spots += [c.start for c in clocks[:1]]
    anchor = min((p for p in spots if p >= 0), default=-1)
    if anchor < 0:
        return True  # no asked time to date: yesterday as a whole, as before
    before = [(text.rfind(w, 0, anchor + len(w)), w) for w in (*_YESTERDAY, *_TODAY)]
    dated = max(((at, w) for at, w in before if 0 <= at <= anchor), default=None)
    return dated is None or dated[1] in _YESTERDAY


def resolve_window(question: str, now: datetime, tz: str = "Asia/Shanghai") -> TimeWindow:
    """The window ``question`` asks about, resolved relative to ``now`` (see module doc)."""
    zone = _zone(tz)
    now = now.astimezone(zone) if now.tzinfo else now.replace(tzinfo=zone)
    text = nfkc(question or "").lower()
    batchless = _BATCH_DAY.sub("", text)
    named_batch = batchless != text and bool(_day_part(batchless) or _clocks(batchless, has_day_marker=True))
    if named_batch:
        text = batchless  # "昨天那批结算…九点半又跑了": the batch is yesterday's, the run today
    undated = _DATING.sub("", text)
    if undated != text and (_day_part(undated) or _clocks(undated, has_day_marker=True)):
        text = undated  # "一早…昨晚约好的预约被取消了": the reservation is last night's, the question this morning's
    yesterday = any(w in text for w in _YESTERDAY)
    today_named = any(w in text for w in _TODAY)
    calendar = calendar_span(text, now)
    if calendar is not None:
        if not calendar.single_day or calendar.first not in (now.date(), now.date() - timedelta(days=1)):
            return _calendar_window(text, calendar, now, zone)
        # "11 月 28 日" asked on the 28th is today, "11 月 27 日" yesterday: read as those words.
        yesterday = yesterday or calendar.first != now.date()
        today_named = today_named or calendar.first == now.date()
    part = _day_part(text)
    if yesterday and today_named:
        yesterday = _dated_yesterday(text, part)
    day = now.date() - timedelta(days=1) if yesterday else now.date()

    clocks = _clocks(text, has_day_marker=yesterday or today_named or named_batch or part is not None)
    if clocks:
        first = clocks[0]

        def point(c: _Clock) -> datetime:
            hour = _pm(c.hour, part)
            moment = datetime.combine(day, time(0), tzinfo=zone) + timedelta(hours=hour, minutes=c.minute, seconds=c.second)
            if part is None and ":" not in c.text and 0 < hour < 12 and not yesterday:
                # (零点 is midnight, never the evening's 12 o'clock)
                # "七点半" with no day part: the most recent past such time (19:30 asked at 23:30).
                evening = moment + timedelta(hours=12)
                # "两点多" (a while after two) asked at 14:00 has not happened this afternoon yet.
                if evening + (AFTER_THE_HOUR if c.text.endswith("多") else timedelta(0)) <= now:
                    moment = evening
            if not yesterday and moment > now:
                moment -= timedelta(days=1)  # a clock time later than now means yesterday
            return moment

        anchor = point(first)
        joined = len(clocks) >= 2 and bool(_RANGE_JOIN.match(text[first.end : clocks[1].start]))
        ended = len(clocks) >= 2 and bool(_RECOVERED_AT.match(text[clocks[1].end :]))
        if joined or ended:
            second = point(clocks[1])
            if second <= anchor and ended and anchor - timedelta(hours=12) < second:
                # 九点多开始失败，十点一刻又好了 asked at 21:30: it ended at 10:15, so it began that morning
                anchor -= timedelta(hours=12)
            if second > anchor:
                start, end = _bounded(
                    _after(anchor, -timedelta(minutes=5)), _after(second, timedelta(minutes=5)), now
                )
                return TimeWindow(start, end, True, "range", text[first.start : clocks[1].end], anchor)
        if part is not None and (span := _part_to_clock(text, part, first, anchor)) is not None:
            start, end = _bounded(span, _after(anchor, POINT_TAIL), now)
            return TimeWindow(start, end, True, "range", text[text.find(part[0]) : first.end], anchor)
        tail = text[first.end : first.end + 8]
        if _BEFORE.match(tail):
            start, end = _bounded(_after(anchor, -DEFAULT_SPAN), anchor, now)
        elif _STARTED_AFTER.match(tail):
            until = now
            if part is not None and not _UNTIL_NOW.search(text):
                # "昨晚九点半以后": the evening, not until now — the part ended before now.
                part_start = datetime.combine(anchor.date(), time(0), tzinfo=zone)
                part_end = part_start + timedelta(hours=part[2])
                if anchor < part_end < now:
                    until = part_end
            start, end = _bounded(_after(anchor, -POINT_LEAD), until, now)
        else:
            start, end = _bounded(_after(anchor, -POINT_LEAD), _after(anchor, POINT_TAIL), now)
        return TimeWindow(start, end, True, "point", first.text.strip(), anchor)

    m = _RELATIVE_AGO.search(text)
    if m:
        amount = _amount(m.group(1), m.group(2), m.group(4))
        if amount is not None and amount > 0:
            delta = min(_unit(m.group(3)) * amount, MAX_LOOKBACK)
            anchor = _after(now, -delta)
            start, end = _bounded(_after(anchor, -POINT_LEAD), now, now)
            return TimeWindow(start, end, True, "relative", m.group(0), anchor)

    m = _RELATIVE_SPAN.search(text)
    if m:
        groups = m.groups()
        number, half, unit = (
            (groups[0], groups[1], groups[2]) if groups[0] else (groups[3], groups[4], groups[5])
        )
        amount = _amount(number, half, None)
        if amount is not None and amount > 0:
            delta = min(_unit(unit) * amount, MAX_LOOKBACK)
            start, end = _bounded(_after(now, -delta), now, now)
            return TimeWindow(start, end, True, "span", m.group(0), None)

    if part is not None:
        name, first_hour, last_hour = part
        part_day: date = day
        if name in ("昨晚", "昨夜", "昨早"):
            part_day = now.date() - timedelta(days=1)
        start = datetime.combine(part_day, time(0), tzinfo=zone) + timedelta(hours=first_hour)
        end = datetime.combine(part_day, time(0), tzinfo=zone) + timedelta(hours=last_hour)
        if start >= now and not today_named and part_day == now.date():
            start -= timedelta(days=1)  # "下午" asked in the morning: yesterday afternoon
            end -= timedelta(days=1)
        if start < now:
            if _TO_NOW.search(text[text.find(name) :]):
                end = now  # "从昨天傍晚到现在": from the part's start up to now
            start, end = _bounded(start, end, now)
            return TimeWindow(start, end, True, "day_part", name, None)

    if yesterday:
        start = datetime.combine(now.date() - timedelta(days=1), time(0), tzinfo=zone)
        start, end = _bounded(start, now if _TO_NOW.search(text) else start + timedelta(days=1), now)
        return TimeWindow(start, end, True, "day", "昨天", None)
    if today_named:
        start = datetime.combine(now.date(), time(0), tzinfo=zone)
        start, end = _bounded(start, now, now)
        return TimeWindow(start, end, True, "day", "今天", None)

    for word in _VAGUE_RECENT:
        if word in text:
            return TimeWindow(_after(now, -RECENT_SPAN), now, True, "recent", word, None)
    for word in _VAGUE_NOW:
        if word in text:
            return TimeWindow(_after(now, -DEFAULT_SPAN), now, True, "now", word, None)
    for word in _VAGUE_LATELY:
        if word in text:
            return TimeWindow(_after(now, -DEFAULT_SPAN), now, False, "default", word, None)
    return TimeWindow(_after(now, -DEFAULT_SPAN), now, False, "default", "", None)


def says_until_now(question: str) -> bool:
    """Does the question ask up to now (至今、到现在、一直 …), not about one incident's span?"""
    return bool(_UP_TO_NOW.search(nfkc(question or "").lower()))


def widened(window: TimeWindow, now: datetime) -> TimeWindow:
    """The wider window the executor falls back to when a default window found nothing."""
    return TimeWindow(_after(now, -WIDE_SPAN), now, False, WIDENED, window.expression, None)


def for_extreme(window: TimeWindow, past: bool, now: datetime) -> TimeWindow:
    """A superlative about the past asked without a time (``past``: 最高冲到过多少, 最多的时候) spans
    the wide window: the maximum of the default hour alone would be a sample."""
    return widened(window, now) if past and not window.explicit and window.kind != WIDENED else window


def window_from_iso(start: str, end: str, now: datetime, tz: str = "Asia/Shanghai", *, days: int = 0) -> TimeWindow | None:
    """An earlier turn's window (ISO 8601 bounds), moved by ``days`` on the wall clock ("昨天同一
    时间": the same hours one day earlier), kept inside the usual bounds (``now − 48 h`` … ``now``).
    ``None`` when the bounds do not parse or the moved window lies wholly outside those bounds."""
    zone = _zone(tz)
    try:
        first, last = datetime.fromisoformat(start), datetime.fromisoformat(end)
    except (TypeError, ValueError):
        return None
    first = (first if first.tzinfo else first.replace(tzinfo=zone)).astimezone(zone) + timedelta(days=days)
    last = (last if last.tzinfo else last.replace(tzinfo=zone)).astimezone(zone) + timedelta(days=days)
    now = now.astimezone(zone) if now.tzinfo else now.replace(tzinfo=zone)
    if last <= first or last <= _after(now, -MAX_LOOKBACK) or first >= now:
        return None
    first, last = _bounded(first, last, now)
    return TimeWindow(first, last, True, "followup", f"{days:+d}d" if days else "", None)
