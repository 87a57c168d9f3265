"""A time phrase reads the span of the incident it points at (issue 32 item 5, ``episodes``): an
open "since nine" window ends at that incident's recovery, so a later incident of the same service
never answers it; a point's hour reaches the incident's recovery when the incident outlasted it; a
question that says "until now" keeps reading until now. Data of our own making."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from contracts.reading import TimeWindow
from contracts.tools import ToolCallResult
from diagnosis.agents.offline.episodes import (
    EPISODE,
    RECOVERY_TAIL,
    Incident,
    current_reads,
    episode_window,
    incident,
)
from diagnosis.agents.offline.refs import Origin, Ref
from diagnosis.reading.time_expressions import resolve_window, says_until_now

SH = ZoneInfo("Asia/Shanghai")
NOW = datetime(2027, 5, 6, 21, 30, tzinfo=SH)


def at(hour: int, minute: int = 0) -> datetime:
    return datetime(2027, 5, 6, hour, minute, tzinfo=SH)


def alert_ref(starts: datetime, ends: datetime | None, service: str = "receipt-svc") -> Ref:
    element = {"name": "ReceiptFailures", "service": service, "starts_at": starts.isoformat(),
               "ends_at": ends.isoformat() if ends else None, "state": "resolved" if ends else "firing"}
    return Ref("inv_2", "query_metrics", 1, "/alerts/0", "ReceiptFailures", "alert", element, service)


def series_ref(values: list[float], first: datetime, threshold: float | None = None) -> Ref:
    points = [[(first + timedelta(minutes=i)).isoformat(), v] for i, v in enumerate(values)]
    crossed = next((p[0] for p in points if threshold is not None and p[1] > threshold), None)
    element = {"name": "receipt_fail_ratio", "service": "receipt-svc", "threshold": threshold, "points": points,
               "first_at": points[0][0], "crossed_at": crossed}
    return Ref("inv_2", "query_metrics", 1, "/series/0", "receipt_fail_ratio", "series", element, "receipt-svc")


def test_an_open_window_ends_at_the_recovery_of_the_incident_it_points_at():
    window = resolve_window("早上九点多开始开票服务报错，怎么回事？", NOW)
    morning = alert_ref(at(9, 21), at(10, 44))
    afternoon = alert_ref(at(16, 4), at(16, 40))  # a later incident of the same service
    found = incident([afternoon, morning], window)
    assert found == Incident(at(9, 21), at(10, 44))
    span = episode_window(window, found, now=NOW, until_now=False)
    assert span is not None and span.kind == EPISODE
    assert span.start == window.start and span.end == at(10, 44) + RECOVERY_TAIL < at(16, 4)


def test_a_point_window_reaches_the_recovery_of_an_incident_that_outlasted_its_hour():
    window = resolve_window("下午一点多那阵开票服务出了什么问题？", NOW)
    found = incident([alert_ref(at(13, 12), at(13, 54)), series_ref([10, 10, 10, 900, 950, 990], at(13, 8), 500)],
                     window)
    span = episode_window(window, found, now=NOW, until_now=False)
    assert window.end < at(13, 54) and span is not None and span.end == at(13, 54) + RECOVERY_TAIL


def test_an_incident_still_firing_keeps_the_window():
    window = resolve_window("早上九点多开始开票服务报错，怎么回事？", NOW)
    found = incident([alert_ref(at(9, 21), None)], window)
    assert found is not None and found.end is None
    assert episode_window(window, found, now=NOW, until_now=False) is None


def test_a_series_back_under_its_threshold_ends_the_incident():
    window = resolve_window("早上九点多开始开票服务报错，怎么回事？", NOW)
    found = incident([series_ref([1, 1, 1, 60, 70, 65, 2, 1, 1], at(9, 10), threshold=10)], window)
    assert found == Incident(at(9, 13), at(9, 16))


def test_nothing_that_began_in_the_window_leaves_it_as_it_is():
    window = resolve_window("早上九点多开始开票服务报错，怎么回事？", NOW)
    assert incident([alert_ref(at(7, 0), at(8, 0))], window) is None
    assert episode_window(window, None, now=NOW, until_now=False) is None


def call(invocation_id: str, origin: str, start: datetime, end: datetime, **arguments) -> ToolCallResult:
    return ToolCallResult(invocation_id=invocation_id, tool_name="query_logs", round=1, status="success",
                          arguments={**arguments, "start": start.isoformat(), "end": end.isoformat()}, output={},
                          evidence_refs=[], origin=origin)


def test_a_read_over_the_incident_span_replaces_the_planned_read_and_only_that_one():
    planned = call("inv_1", "", at(8, 50), NOW, service="receipt-svc", level="ERROR")
    baseline = call("inv_2", Origin.BASELINE, at(7, 0), at(8, 50), service="receipt-svc", level="ERROR")
    other = call("inv_3", "", at(8, 50), NOW, service="receipt-svc", keyword="timeout")
    episode = call("inv_4", Origin.EPISODE, at(8, 50), at(10, 54), service="receipt-svc", level="ERROR")
    assert [c.invocation_id for c in current_reads([planned, baseline, other, episode])] == ["inv_2", "inv_3", "inv_4"]
    assert current_reads([planned, other]) == [planned, other]


# --- the time words ---------------------------------------------------------------------------------
HOURS = st.integers(min_value=7, max_value=11)
STARTS = st.sampled_from(["开始", "以后", "之后", "起"])


@settings(max_examples=50, deadline=None)
@given(hour=HOURS, started=STARTS, lasts=st.integers(min_value=5, max_value=120),
       later=st.integers(min_value=30, max_value=300))
def test_a_later_incident_of_the_same_service_never_falls_in_the_span(hour, started, lasts, later):
    window = resolve_window(f"今天 {hour:02d}:05 {started}开票服务报错，怎么回事？", NOW)  # read until now
    onset = at(hour, 20)
    recovery = onset + timedelta(minutes=lasts)
    second = recovery + RECOVERY_TAIL + timedelta(minutes=later)
    assume(second + timedelta(minutes=20) <= NOW)
    found = incident([alert_ref(onset, recovery), alert_ref(second, second + timedelta(minutes=20))], window)
    span = episode_window(window, found, now=NOW, until_now=False)
    assert span is not None and span.start == window.start and recovery <= span.end < second


@settings(max_examples=50, deadline=None)
@given(hour=HOURS, words=st.sampled_from(["到现在还在报错", "至今没好", "直到现在都不行", "现在还没恢复"]))
def test_a_question_that_says_until_now_reads_until_now(hour, words):
    question = f"今天上午{hour}点多开始开票服务{words}，怎么回事？"
    assert says_until_now(question)
    window = resolve_window(question, NOW)
    found = Incident(at(hour, 20), at(hour, 50))
    assert episode_window(window, found, now=NOW, until_now=says_until_now(question)) is None


@settings(max_examples=50, deadline=None)
@given(hour=HOURS, lasts=st.integers(min_value=1, max_value=600))
def test_the_span_never_reaches_past_now_nor_starts_elsewhere(hour, lasts):
    window = resolve_window(f"{hour}点那会儿开票服务是不是出问题了？", NOW)
    found = Incident(at(hour, 5), at(hour, 5) + timedelta(minutes=lasts))
    span = episode_window(window, found, now=NOW, until_now=False)
    if span is not None:
        assert span.start == window.start and window.start < span.end <= NOW


def test_keeps_going_is_no_until_now():
    assert not says_until_now("九点多开始计费服务一直在报错，这是咋回事？")


def test_a_window_without_a_named_time_is_never_moved():
    default = TimeWindow(at(20, 30), NOW, False, "default")
    assert episode_window(default, Incident(at(20, 40), at(20, 50)), now=NOW, until_now=False) is None
