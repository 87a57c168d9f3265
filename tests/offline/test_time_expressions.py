"""Question times → evidence windows, relative to the reference "now" (offline planner)."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from diagnosis.reading.time_expressions import MAX_LOOKBACK, resolve_window

SH = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 11, 28, 10, 30, tzinfo=SH)


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 11, day, hour, minute, tzinfo=SH)


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        ("payment-service 10:05 开始大量 500，原因是什么？", at(28, 9, 55), NOW),
        ("10点05分的报错", at(28, 9, 55), NOW),
        ("十点零五分报错", at(28, 9, 55), NOW),
        ("10点左右报错", at(28, 9, 50), NOW),
        ("9点的报错", at(28, 8, 50), at(28, 9, 50)),
        ("半小时前开始报错", at(28, 9, 50), NOW),
        ("1小时前", at(28, 9, 20), NOW),
        ("两小时前开始变慢", at(28, 8, 20), NOW),
        ("20分钟前", at(28, 10, 0), NOW),
        ("一个半小时前", at(28, 8, 50), NOW),
        ("最近30分钟有没有告警", at(28, 10, 0), NOW),
        ("今天上午", at(28, 5), NOW),
        ("今天早上库存服务很慢", at(28, 5), NOW),
        ("昨天晚上订单服务重启", at(27, 18), at(28, 0)),
        ("昨晚", at(27, 18), at(28, 0)),
        ("昨天", at(27, 0), at(28, 0)),
        ("昨天晚上10点", at(27, 21, 50), at(27, 22, 50)),
        ("下午3点", at(27, 14, 50), at(27, 15, 50)),
        ("从10:05到10:20", at(28, 10, 0), at(28, 10, 25)),
        ("刚才", at(28, 10, 0), NOW),
        ("现在有告警吗", at(28, 9, 30), NOW),
        ("八点多不少用户登录失败", at(28, 7, 50), at(28, 8, 50)),  # 八点多: a while after eight
        ("九点多开始报错", at(28, 8, 50), NOW),
        ("八点那阵数据库线程数最高到多少", at(28, 7, 50), at(28, 8, 50)),  # 那阵: around then
        ("九点刚过那会儿下单接口报了十几分钟 500", at(28, 8, 50), at(28, 9, 50)),
        ("九点出头打开文档一直转圈", at(28, 8, 50), at(28, 9, 50)),  # 出头: just past nine
        ("考试服务八点到九点之间都动过什么", at(28, 7, 55), at(28, 9, 5)),  # 之间 closes the range
        ("一大早入口车道全部显示禁止驶入", at(28, 5, 0), NOW),  # 一大早: early this morning, as 一早
    ],
)
def test_supported_expressions_resolve_relative_to_now(question, start, end):
    window = resolve_window(question, NOW)
    assert (window.start, window.end) == (start, end)
    assert window.explicit


def test_a_clock_time_later_than_now_means_yesterday():
    window = resolve_window("11:00 的报错是什么", NOW)
    assert window.anchor == at(27, 11)
    assert (window.start, window.end) == (at(27, 10, 50), at(27, 11, 50))


def test_no_time_expression_reads_the_last_hour_and_is_not_explicit():
    for question in ("payment-service 为什么报错", "最近支付服务怎么了"):
        window = resolve_window(question, NOW)
        assert (window.start, window.end, window.explicit) == (at(28, 9, 30), NOW, False)


@pytest.mark.parametrize("question", ["HTTP 500 是什么原因", "有一点慢", "p99 延迟 500ms", "错误率 12.5%", "比平时慢了一点多"])
def test_numbers_that_are_not_times_are_ignored(question):
    assert resolve_window(question, NOW).kind == "default"


def test_the_run_of_a_schedule_named_by_its_hour_is_no_time_of_the_incident():
    # 12 时次: the 12 o'clock cycle of a forecast model, queued "just now" in the evening
    window = resolve_window("刚才 12 时次的 WRF 一直在排队，数值预报调度这是怎么回事？", NOW)
    assert (window.kind, window.end) == ("recent", NOW)
    assert resolve_window("12 时次的 WRF 一直在排队，怎么回事？", NOW).kind == "default"
    assert resolve_window("今天 12 时左右订单服务报错", datetime(2026, 11, 28, 15, 0, tzinfo=SH)).anchor == at(28, 12, 0)


def test_now_in_another_zone_is_converted_to_the_question_zone():
    utc_now = NOW.astimezone(ZoneInfo("UTC"))
    assert resolve_window("10:05 开始报错", utc_now).start == at(28, 9, 55)


def _cn(n: int) -> str:
    digits = "零一二三四五六七八九"
    if n < 10:
        return digits[n]
    tens, ones = divmod(n, 10)
    return ("" if tens == 1 else digits[tens]) + "十" + (digits[ones] if ones else "")


_expressions = st.one_of(
    st.builds(lambda h, m: f"{h}:{m:02d}", st.integers(0, 23), st.integers(0, 59)),
    st.builds(lambda h, m: f"{h}点{m}分", st.integers(0, 23), st.integers(0, 59)),
    st.builds(lambda h: f"{h}点", st.integers(0, 23)),
    st.builds(lambda h, m: f"{_cn(h)}点零{_cn(m)}分", st.integers(1, 23), st.integers(1, 9)),
    st.builds(lambda h: f"{h}点半开始", st.integers(0, 23)),
    st.builds(lambda n: f"{n}分钟前", st.integers(1, 5000)),
    st.builds(lambda n: f"{n}小时前", st.integers(1, 100)),
    st.builds(lambda n: f"最近{n}分钟", st.integers(1, 5000)),
    st.builds(lambda n: f"过去{n}小时", st.integers(1, 100)),
    st.builds(lambda h1, h2: f"{h1}:00到{h2}:30", st.integers(0, 23), st.integers(0, 23)),
    st.builds(
        lambda day, part: f"{day}{part}",
        st.sampled_from(["今天", "昨天", ""]),
        st.sampled_from(["上午", "下午", "早上", "晚上", "凌晨", "中午", "傍晚", "深夜", ""]),
    ),
    st.builds(
        lambda day, part, h: f"{day}{part}{h}点",
        st.sampled_from(["今天", "昨天"]),
        st.sampled_from(["上午", "下午", "晚上", ""]),
        st.integers(1, 12),
    ),
    st.sampled_from(["半小时前", "两小时前", "一个半小时前", "昨晚", "刚才", "刚刚", "最近", "现在", "当前"]),
)
_nows = st.datetimes(min_value=datetime(2024, 1, 1), max_value=datetime(2030, 12, 31)).map(
    lambda d: d.replace(tzinfo=SH)
)


@settings(max_examples=300, deadline=None)
@given(expression=_expressions, now=_nows, zone=st.sampled_from(["Asia/Shanghai", "UTC", "America/New_York"]))
# Found by this test: 47 hours back across the end of US summer time is 48 hours of wall clock.
@example(expression="47小时前", now=datetime(2024, 11, 4, 0, 0, tzinfo=SH), zone="America/New_York")
def test_every_supported_expression_maps_into_a_bounded_window(expression, now, zone):
    window = resolve_window(f"payment-service {expression} 报错了", now, zone)
    assert window.start < window.end
    assert window.end <= now + timedelta(hours=1)
    assert window.start >= now - MAX_LOOKBACK


@settings(max_examples=200, deadline=None)
@given(now=_nows, hour=st.integers(0, 23), minute=st.integers(0, 59))
def test_a_clock_time_resolves_to_today_or_else_yesterday(now, hour, minute):
    window = resolve_window(f"{hour}:{minute:02d} 开始报错", now)
    anchor = window.anchor
    assert anchor is not None and (anchor.hour, anchor.minute) == (hour, minute)
    today = now.replace(hour=hour, minute=minute, second=0, microsecond=0)
    expected_day = now.date() if today <= now else now.date() - timedelta(days=1)
    assert anchor.date() == expected_day


def test_hours_ago_count_elapsed_time_across_a_dst_change():
    now = datetime(2024, 11, 4, 0, 0, tzinfo=SH)  # 2024-11-03 11:00 in New York, after summer time ended
    window = resolve_window("47小时前开始报错", now, "America/New_York")
    assert window.anchor == now - timedelta(hours=47)


EVENING = datetime(2026, 11, 28, 23, 30, tzinfo=SH)


@pytest.mark.parametrize(
    ("question", "anchor"),
    [
        # In the evening a bare "七点半" is the evening's 19:30, the most recent such time, not 07:30.
        ("七点半多开始搜索报错", at(28, 19, 30)),
        ("八点那会儿好多用户播放失败", at(28, 20)),
        ("九点五十刚发过版", at(28, 21, 50)),
        # A day part or a 24-hour clock says which one.
        ("早上七点半开始报错", at(28, 7, 30)),
        ("07:30 开始报错", at(28, 7, 30)),
    ],
)
def test_a_bare_clock_hour_is_its_most_recent_past_occurrence(question, anchor):
    window = resolve_window(question, EVENING)
    assert window.explicit and window.anchor == anchor, window


def test_lunch_time_is_the_lunch_hours_and_a_while_after_two_asked_at_two_is_the_night():
    afternoon = datetime(2026, 11, 28, 14, 30, tzinfo=SH)
    window = resolve_window("午饭那会儿好多客户说查件页面不更新", afternoon)
    assert (window.start, window.end) == (at(28, 11), at(28, 14)), window
    # "两点多" asked at 14:00: this afternoon's "a while after two" has not happened yet — 02:xx.
    two = datetime(2026, 11, 28, 14, 0, tzinfo=SH)
    assert resolve_window("两点多 MQTT 重连最猛那阵", two).anchor == at(28, 2), resolve_window("两点多", two)
    assert resolve_window("两点那阵 MQTT 重连最猛", two).anchor == at(28, 14)


@pytest.mark.parametrize(
    ("question", "anchor"),
    [
        # Yesterday's batch is processed today: the day word names the batch, the clock the run.
        ("昨天那批结算九点半才跑起来", at(28, 9, 30)),
        ("昨天的对账单早上八点没推送", at(28, 8)),
        ("昨天的批次九点才跑完", at(28, 9)),
    ],
)
def test_yesterdays_batch_names_the_batch_and_the_clock_reads_today(question, anchor):
    window = resolve_window(question, NOW)
    assert window.anchor == anchor, window


def test_yesterdays_batch_with_no_other_time_reads_yesterday():
    window = resolve_window("昨天那批结算为什么没跑？", NOW)
    assert (window.start, window.end) == (at(27, 0), at(28, 0)), window
    # An event of yesterday keeps its day: only a batch (processed the next day) is read apart.
    assert resolve_window("昨天那次故障九点开始的，原因？", NOW).anchor == at(27, 9)


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        # A day part, then a clock outside it: the span from the part to the clock.
        ("结算凌晨压根没跑，结果九点半它自己又跑起来了", at(28, 0), at(28, 10, 20)),
        ("中午那会儿就开始慢，两点彻底打不开了", at(27, 11), at(27, 14, 50)),  # 14:00 is later than now
    ],
)
def test_a_day_part_then_a_clock_outside_it_reads_from_the_part_to_the_clock(question, start, end):
    window = resolve_window(question, NOW)
    assert (window.start, window.end) == (start, end), window


def test_a_clock_inside_the_day_part_it_follows_is_still_a_point():
    assert resolve_window("早上七点半开始报错", NOW).start == at(28, 7, 20)
    assert resolve_window("凌晨三点那阵报错", NOW).start == at(28, 2, 50)


_PASSED_PARTS = ["凌晨", "早上", "上午", "中午", "傍晚", "晚上", "夜里"]


@given(day=st.sampled_from(["昨天", "昨天的"]), part=st.sampled_from(_PASSED_PARTS),
       until=st.sampled_from(["到现在", "至今", "直到现在", "到目前为止"]))
def test_a_day_part_followed_by_until_now_reads_from_the_part_up_to_now(day, part, until):
    window = resolve_window(f"停车系统从{day}{part}{until}都做过哪些变更？", NOW)
    plain = resolve_window(f"停车系统{day}{part}都做过哪些变更？", NOW)
    assert window.start == plain.start and window.end == NOW
    assert plain.end < NOW  # without the words, the part ends where it ends


@given(part=st.sampled_from(_PASSED_PARTS), words=st.sampled_from(["一直在报错", "还在报错", "报错，现在好了"]))
def test_a_day_part_without_until_now_ends_with_the_part(part, words):
    window = resolve_window(f"昨天{part}订单服务{words}", NOW)
    assert window.end < NOW


def test_yesterday_until_now_reads_yesterday_and_today():
    assert (resolve_window("从昨天到现在支付服务发过几次版？", NOW).start,
            resolve_window("从昨天到现在支付服务发过几次版？", NOW).end) == (at(27, 0), NOW)
    assert resolve_window("昨天支付服务发过几次版？", NOW).end == at(28, 0)


def test_a_day_word_that_dates_a_thing_yields_to_the_questions_own_time():
    """一早…昨晚约好的预约被取消了: the reservation was made last night, the question is about this
    morning — a day word followed by a verb and 的 dates a thing; another time word asks the window."""
    evening = datetime(2026, 11, 28, 21, 30, tzinfo=SH)
    window = resolve_window("一早好多车主说昨晚约好的充电预约被取消了，这是怎么回事？", evening)
    assert (window.start, window.end) == (at(28, 5), at(28, 12))
    window = resolve_window("上午发的券今天下午为什么用不了？", evening)
    assert (window.start, window.end) == (at(28, 12), at(28, 18))


def test_a_dating_day_word_alone_or_before_a_clock_still_asks_the_window():
    evening = datetime(2026, 11, 28, 21, 30, tzinfo=SH)
    window = resolve_window("昨晚约好的预约为什么被取消了？", evening)
    assert (window.start, window.end) == (at(27, 18), at(28, 0))
    window = resolve_window("昨天下午两点的告警是什么？", evening)
    assert window.start <= at(27, 14) <= window.end < at(28, 0)


def test_the_rush_hours_are_day_parts():
    evening = datetime(2026, 11, 28, 21, 30, tzinfo=SH)
    window = resolve_window("晚高峰好几单道路救援都找不到车，救援这边是什么原因？", evening)
    assert (window.start, window.end) == (at(28, 17), at(28, 21))
    window = resolve_window("早高峰地铁闸机扫码为什么这么慢？", evening)
    assert (window.start, window.end) == (at(28, 7), at(28, 10))


EVENING_NOW = datetime(2027, 3, 10, 21, 30, tzinfo=SH)


def test_midnight_is_never_read_as_noon():
    # 昨晚零点 / 昨晚十二点 is the midnight that ends last evening; 零点 alone today's — never 12:00.
    midnight = datetime(2027, 3, 10, 0, 0, tzinfo=SH)
    for question in ("昨晚零点以后岸桥老停着等车", "昨晚十二点以后一直报错", "昨晚 12 点之后", "零点以后", "今天零点以后"):
        window = resolve_window(question, EVENING_NOW)
        assert window.anchor == midnight, (question, window)
        assert window.start == midnight - timedelta(minutes=10) and window.end == EVENING_NOW, (question, window)


@given(st.integers(min_value=1, max_value=11))
def test_an_evening_hour_before_twelve_is_still_read_in_the_evening(hour: int):
    window = resolve_window(f"昨晚{hour}点左右", EVENING_NOW)
    assert window.anchor == datetime(2027, 3, 9, hour + 12, 0, tzinfo=SH), window


def test_a_clock_that_says_when_it_was_over_ends_the_window():
    """九点多开始失败，十点一刻又好了 asked at 21:30: the incident ran 09:xx–10:15 this morning — not from
    21:00 on (the evening's nine has passed, its 10:15 has not)."""
    evening = datetime(2026, 11, 28, 21, 30, tzinfo=SH)
    window = resolve_window("九点多开始用模板发起合同越来越多失败，十点一刻又好了，模板服务出了什么问题？", evening)
    assert (window.start, window.end) == (at(28, 8, 55), at(28, 10, 20)), window
    window = resolve_window("下午两点开始报错，三点半左右自己又恢复了，怎么回事？", evening)
    assert (window.start, window.end) == (at(28, 13, 55), at(28, 15, 35)), window


@given(data=st.data())
def test_an_incident_told_with_its_end_is_read_from_its_start_to_its_end(data):
    start = data.draw(st.integers(min_value=1, max_value=10))
    end = data.draw(st.integers(min_value=start + 1, max_value=11))
    late = datetime(2026, 11, 28, 23, 30, tzinfo=SH)  # both afternoon readings have passed: the afternoon's
    window = resolve_window(f"{start}点开始一直失败，{end}点又好了，为什么？", late)
    assert (window.start, window.end) == (at(28, start + 12, 0) - timedelta(minutes=5), at(28, end + 12, 0) + timedelta(minutes=5))
    # a clock that does not say it was over is no end: the window runs from the start to now
    assert resolve_window(f"{start}点开始一直失败，{end}点还在报错，为什么？", late).end == late


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        ("今天早上一堆会员说被限制约课了，可他们昨天明明去上课了，约课系统怎么回事？", "2027-01-04 05:00", "2027-01-04 10:00"),
        ("会员昨天明明去上课了，今天早上却被限制约课，怎么回事？", "2027-01-04 05:00", "2027-01-04 10:00"),
        ("今天九点多报错，昨天也这样吗", "2027-01-04 08:50", "2027-01-04 09:50"),
        ("昨天早上报错，今天还有吗", "2027-01-03 05:00", "2027-01-03 12:00"),
        ("昨天晚上八点报错了，今天呢", "2027-01-03 19:50", "2027-01-03 20:50"),
    ],
)
def test_the_day_word_before_the_asked_time_dates_it_when_both_days_are_named(question, start, end):
    """今天早上…他们昨天明明去上课了: 昨天 dates what the story tells, 今天 the asked morning."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    zone = ZoneInfo("Asia/Shanghai")
    window = resolve_window(question, datetime(2027, 1, 4, 10, 0, tzinfo=zone), "Asia/Shanghai")
    assert (window.start.strftime("%Y-%m-%d %H:%M"), window.end.strftime("%Y-%m-%d %H:%M")) == (start, end)
