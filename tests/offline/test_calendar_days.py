"""Calendar days in a question (issue 24 "time"): a date, another week's weekday, a month or a day
in the future is read as that day — never pulled into the last 48 hours, where another day's
evidence would answer it — and "昨晚九点半以后" is an evening, not "until now"."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from diagnosis.reading.time_expressions import DATE, FUTURE, resolve_window

SH = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 11, 28, 10, 30, tzinfo=SH)  # a Saturday


def day(month: int, dom: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(2026, month, dom, hour, minute, tzinfo=SH)


@pytest.mark.parametrize(
    ("question", "kind", "start", "end"),
    [
        ("order-service 11 月 1 号晚上有没有报错？", DATE, day(11, 1, 18), day(11, 2)),
        ("十一月一号的报错", DATE, day(11, 1), day(11, 2)),
        ("2026-11-20 支付服务", DATE, day(11, 20), day(11, 21)),
        ("2026年11月20日下午三点", DATE, day(11, 20, 14, 50), day(11, 20, 15, 50)),
        ("上周三搜索服务磁盘满过吗？", DATE, day(11, 18), day(11, 19)),
        ("上个月考试服务有没有 404？", DATE, day(10, 1), day(11, 1)),
        ("前天下午三点订单服务", DATE, day(11, 26, 14, 50), day(11, 26, 15, 50)),
        ("库存服务下周一会不会出故障？", FUTURE, day(11, 30), day(12, 1)),
        ("明天支付服务会不会再出 500？", FUTURE, day(11, 29), day(11, 30)),
        ("明晚会不会再 OOM", FUTURE, day(11, 29, 18), day(11, 30)),
        ("12 月 5 号支付服务有没有 429？", FUTURE, day(12, 5), day(12, 6)),
    ],
)
def test_a_calendar_day_is_read_as_that_day(question, kind, start, end):
    window = resolve_window(question, NOW, "Asia/Shanghai")
    assert (window.kind, window.start, window.end) == (kind, start, end)
    assert window.explicit


def test_a_date_that_is_yesterday_reads_like_yesterday_with_its_clock():
    window = resolve_window("2026-11-27 21:30 订单服务", NOW, "Asia/Shanghai")
    assert (window.start, window.end) == (day(11, 27, 21, 20), day(11, 27, 22, 20))


def test_after_a_clock_in_last_night_is_the_evening_not_until_now():
    window = resolve_window("昨晚九点半以后支付服务有没有报 401？", NOW, "Asia/Shanghai")
    assert (window.start, window.end) == (day(11, 27, 21, 20), day(11, 28))


def test_after_a_clock_until_now_when_the_question_says_so():
    window = resolve_window("昨晚九点半以后一直报错到现在", NOW, "Asia/Shanghai")
    assert (window.start, window.end) == (day(11, 27, 21, 20), NOW)


@given(days_ahead=st.integers(min_value=1, max_value=300))
def test_a_future_date_is_never_read_as_the_past(days_ahead):
    target = NOW + timedelta(days=days_ahead)
    window = resolve_window(f"{target.month} 月 {target.day} 号支付服务有没有 500？", NOW, "Asia/Shanghai")
    if target.year == NOW.year:  # a month-day is of the current year
        assert window.kind == FUTURE and window.start > NOW


@given(days_back=st.integers(min_value=3, max_value=300))
def test_a_past_date_keeps_its_day_however_old(days_back):
    target = NOW - timedelta(days=days_back)
    window = resolve_window(f"{target:%Y-%m-%d} 订单服务有没有报错", NOW, "Asia/Shanghai")
    assert window.kind == DATE
    assert window.start.date() == target.date() and window.end <= NOW
