"""A figure is answered by the series that measures what was asked, by mechanism (issue 32 items 1
and 3): the measure word after 多少 (多少秒 → a duration, 多少条 → a series counted in 条), the series'
own unit and whether it moved in the span; two series alike that did not move leave the figure a
gap; and beside a figure stands only its own service's evidence of that incident. Data of our own
making."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from hypothesis import given
from hypothesis import strategies as st

from contracts.plan import ServiceInfo
from diagnosis.agents.offline.claims import build_contract
from diagnosis.agents.offline.measures import COUNT, TIME, asked_in, fits_unit
from diagnosis.agents.offline.refs import collect_refs
from diagnosis.agents.offline.selection import unmeasured_here
from diagnosis.reading.entities import analyse, asked_unit
from diagnosis.reading.time_expressions import resolve_window
from tests.offline.evidence import assert_grounded, log_call, metrics_call, record, series

SH = ZoneInfo("Asia/Shanghai")
NOW = datetime(2027, 5, 8, 23, 0, tzinfo=SH)
SERVICES = [
    ServiceInfo(name="vault-db", aliases=["账务库"]),
    ServiceInfo(name="review-api", aliases=["审单服务"]),
    ServiceInfo(name="edge-gw", aliases=["网关"]),
    ServiceInfo(name="mailer", aliases=["邮件服务"]),
    ServiceInfo(name="promo-api", aliases=["活动服务"]),
]


def minute(hour: int, m: int) -> str:
    return (datetime(2027, 5, 8, hour, 0, tzinfo=SH) + timedelta(minutes=m)).isoformat()


def shaped(name: str, values: list[float], *, service: str, unit: str, hour: int, **kw) -> dict:
    pts = [[minute(hour, 2 * i), v] for i, v in enumerate(values)]
    peak = values.index(max(values))
    return series(name, values, service=service, unit=unit, first_at=pts[0][0], last_at=pts[-1][0],
                  peak_at=pts[peak][0], points=pts, **kw)


def claims_for(question: str, *calls) -> list[str]:
    contract = build_contract(
        facts=analyse(question, SERVICES), window=resolve_window(question, NOW), history=list(calls), services=SERVICES
    )
    assert_grounded(contract, list(calls))
    return [c["claim_text"] for c in contract["claims"]]


def test_the_measure_word_after_how_much_is_read():
    assert asked_unit("从库最多落后主库多少秒？") == "秒"
    assert asked_unit("有多少条单子在排队") == "条"
    assert asked_unit("比例最高到过多少？") == ""
    assert asked_unit("排队时间最长到了多少分钟？") == "分钟"  # a unit of two characters is read whole
    assert asked_unit("几个小时") == "个"


def test_a_measure_word_is_a_count_unit_only_when_a_read_series_is_measured_in_it():
    assert asked_in("秒", ["条"]) == TIME
    assert asked_in("条", ["ms", "条"]) == COUNT
    assert asked_in("请", ["次/秒", "条"]) == ""  # 多少请求 names a thing, not a unit


@given(st.sampled_from(["ms", "s", "%", "mb"]), st.text(alphabet="abc_", max_size=12))
def test_a_duration_percent_or_size_never_answers_a_count(unit: str, name: str):
    assert not fits_unit(COUNT, name, unit)


def test_a_count_per_minute_is_no_count():
    assert not fits_unit(COUNT, "orders_reviewed_per_min", "条/分钟")
    assert fits_unit(COUNT, "orders_unreviewed", "条")


def test_seconds_asked_are_answered_by_the_series_in_seconds_that_jumped():
    calls = [metrics_call([], [
        shaped("vault_replica_delay", [0, 1, 0, 2, 300, 1500, 2417, 900, 20, 1], service="vault-db", unit="s", hour=10),
        shaped("vault_disk_used_ratio", [40, 41, 40, 42, 43, 44, 45, 45, 46, 46], service="vault-db", unit="%", hour=10),
    ])]
    texts = claims_for("上午账务库的从库最多落后主库多少秒？", *calls)
    assert any("vault_replica_delay" in t and "2417" in t for t in texts), texts


def test_a_count_in_a_measure_word_is_not_answered_by_a_duration_whose_name_matches():
    calls = [metrics_call([], [
        # a latency named "lag" shows the backlog symptom by name, but is no count of waiting items
        shaped("worker_loop_lag_p99", [10, 12, 11, 10, 3900, 4200, 3000, 20, 12, 11], service="mailer", unit="ms",
               hour=20, threshold=500, crossed_at=minute(20, 8)),
        shaped("review_pending_items", [30, 40, 35, 30, 9000, 26000, 31337, 20000, 900, 40], service="review-api",
               unit="条", hour=20),
        shaped("review_done_per_min", [300, 310, 290, 300, 120, 100, 110, 300, 320, 300], service="review-api",
               unit="条/分钟", hour=20),
    ])]
    texts = claims_for("今晚审单最堵的时候，有多少条单子在排队等着审？", *calls)
    assert any("review_pending_items" in t and "31337" in t for t in texts), texts
    assert not any("worker_loop_lag_p99" in t for t in texts), texts


def test_two_series_alike_that_did_not_move_leave_the_figure_unanswered():
    calls = [metrics_call([], [
        shaped("edge_a_requests_per_sec", [1056, 1000, 980, 900, 870, 850, 800, 760, 720, 700], service="promo-api",
               unit="次/秒", hour=22),
        shaped("edge_b_requests_per_sec", [70, 68, 66, 60, 58, 55, 52, 50, 47, 45], service="promo-api",
               unit="次/秒", hour=22),
        shaped("http_5xx_ratio", [0.1] * 10, service="promo-api", unit="%", hour=22, threshold=5),
    ])]
    texts = claims_for("活动服务十点多最猛的时候每秒被打了多少请求？", *calls)
    assert not any("1056" in t or "次/秒" in t or "0.1%" in t for t in texts), texts


def test_a_figure_cites_no_other_services_lines():
    lines = log_call([
        record(minute(13, 19), "client intended to send too large body: 1728648 bytes", service="mailer"),
        record(minute(13, 40), "client intended to send too large body: 1828648 bytes", service="mailer"),
    ])
    calls = [lines, metrics_call([], [
        shaped("promo_claim_requests_rate1m", [30, 28, 31, 30, 40000, 61842, 30000, 80, 71, 70], service="edge-gw",
               unit="req/s", hour=12, threshold=5000, crossed_at=minute(12, 8)),
    ])]
    texts = claims_for("中午开抢那一下，领券接口每秒最多打进来多少请求？", *calls)
    assert any("61842" in t for t in texts), texts
    assert not any("too large body" in t for t in texts), texts


def test_minutes_asked_are_answered_by_the_series_in_minutes_not_by_a_warning_line():
    calls = [metrics_call([], [
        shaped("security_queue_wait_minutes", [12, 20, 31, 44, 52, 49, 40, 30, 20, 12], service="edge-gw", unit="分钟",
               hour=18, threshold=30, crossed_at=minute(18, 4)),
        shaped("security_lane_throughput_pax_per_hour", [640, 650, 630, 620, 610, 600, 640, 650, 660, 640],
               service="edge-gw", unit="人/小时", hour=18),
    ])]
    texts = claims_for("傍晚网关那边显示的排队时间最长到了多少分钟？", *calls)
    assert "security_queue_wait_minutes" in texts[0] and "52" in texts[0], texts


def test_a_ratio_asked_by_its_name_is_asked_in_percent():
    assert asked_unit("地震直播下午卡顿率最高到过多少？") == "%"
    assert asked_unit("判废率最高冲到多少") == "%"
    assert asked_unit("卡顿率为什么这么高？") == ""  # not a figure asked
    assert asked_unit("从库最多落后主库多少秒？") == "秒"  # a measure word said outright wins


def test_a_ratio_asked_is_answered_by_the_percent_series_not_by_a_duration_of_the_same_symptom():
    """卡顿率 names a stall (latency by its words): a segment duration in seconds shows that symptom
    by name and crossed its threshold, yet the ratio asked is the series in percent, and the answer leads with it."""
    calls = [metrics_call([], [
        shaped("live_segment_duration_max_seconds", [4, 4, 4, 10, 10, 10, 10, 4, 4, 4], service="promo-api", unit="秒",
               hour=15, threshold=6, crossed_at=minute(15, 6)),
        shaped("live_rebuffer_ratio", [0.8, 0.9, 0.7, 12.4, 30.2, 38.6, 21.0, 3.0, 1.1, 0.9], service="promo-api",
               unit="%", hour=15, threshold=5, crossed_at=minute(15, 6)),
    ])]
    texts = claims_for("活动服务下午卡顿率最高到过多少？", *calls)
    assert "live_rebuffer_ratio" in texts[0] and "38.6%" in texts[0], texts  # the figure asked leads


def test_a_count_the_asked_service_does_not_keep_is_read_beside_it_in_the_asked_measure_word():
    """多少条 of 审单服务, which counts nothing in 条: the one series read beside it counted in 条
    answers (what the asked service hands on waits there), not its own errors per minute."""
    calls = [metrics_call([], [
        shaped("review_write_errors_per_min", [0, 1, 2, 0, 1, 0, 0, 1, 0, 0], service="review-api", unit="次", hour=9,
               threshold=5),
        shaped("mail_pending_items", [300, 900, 40000, 120000, 186420, 150000, 90000, 20000, 900, 300], service="mailer",
               unit="条", hour=9, threshold=50000, crossed_at=minute(9, 6)),
    ])]
    texts = claims_for("上午审单服务最多有多少条堆着没发出去？", *calls)
    assert "mail_pending_items" in texts[0] and "186420" in texts[0], texts
    assert not any("review_write_errors_per_min" in t for t in texts), texts


def test_two_metrics_beside_it_in_the_asked_word_leave_the_figure_unknown():
    calls = [metrics_call([], [
        shaped("review_write_errors_per_min", [0, 1, 2, 0, 1, 0, 0, 1, 0, 0], service="review-api", unit="次", hour=9),
        shaped("mail_pending_items", [3, 9, 400, 1200, 1864, 1500, 900, 200, 9, 3], service="mailer", unit="条", hour=9),
        shaped("promo_pending_items", [3, 9, 40, 120, 186, 150, 90, 20, 9, 3], service="promo-api", unit="条", hour=9),
    ])]
    texts = claims_for("上午审单服务最多有多少条堆着没发出去？", *calls)
    assert not any("1864" in t or "186 条" in t for t in texts), texts


def test_a_diagnosis_that_says_how_many_in_passing_is_no_figure_to_read_beside():
    """好几个单子…怎么了 asks what went wrong, whatever 几个 says: nothing is read or cited beside."""
    refs = collect_refs([metrics_call([], [
        shaped("review_write_errors_per_min", [0, 1, 2, 0, 1, 0, 0, 1, 0, 0], service="review-api", unit="次", hour=9),
    ])], SERVICES)
    assert unmeasured_here(refs, analyse("上午审单服务最多有多少条堆着没发出去？", SERVICES))
    assert not unmeasured_here(refs, analyse("上午好几个单子一直卡着没发出去，审单服务怎么了？", SERVICES))


def test_a_count_in_a_measure_word_a_series_is_counted_in_is_not_answered_by_another_count_that_jumped():
    # 多少辆 where one series counts 辆 (it rose before the window and stayed high) and another
    # counts 次 and jumped from 0: the jump is no number of trucks.
    calls = [metrics_call([], [
        shaped("gate_rejects_per_15m", [0, 0, 0, 0, 0, 2, 1, 0, 0, 0], service="edge-gw", unit="次", hour=16),
        shaped("gate_queue_trucks", [96, 104, 118, 131, 137, 128, 120, 110, 104, 98], service="edge-gw", unit="辆",
               hour=16),
    ])]
    texts = claims_for("下午四点以后网关排队最长的时候排了多少辆车？", *calls)
    assert any("gate_queue_trucks" in t and "137" in t for t in texts), texts
    assert not any("gate_rejects_per_15m" in t for t in texts), texts


def test_a_series_value_that_reads_like_a_status_code_shows_no_5xx():
    # "last 540 份/分钟" is a count of submissions, not an HTTP 540: a series shows the symptoms its
    # name and unit say, never those its figures spell.
    calls = [metrics_call([], [
        shaped("signup_submitted_per_min", [1294, 1100, 820, 640, 540], service="review-api", unit="份/分钟", hour=20),
        shaped("http_5xx_ratio", [0.1, 0.2, 0.1, 9.5, 0.1], service="review-api", unit="%", hour=20),
    ])]
    shown = {r.element["name"]: r.symptoms for r in collect_refs(calls, SERVICES)}
    assert "http_5xx" not in shown["signup_submitted_per_min"], shown
    assert "http_5xx" in shown["http_5xx_ratio"], shown
