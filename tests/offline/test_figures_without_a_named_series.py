"""A figure asked in words no series is called by is still answered (issue 32 items 1–3): the series
in the asked terms of measure (per second, a count) that jumped against its own baseline; the series
an alert about the asked dimension names in its text; and, of two that measure it, the one whose
incident began inside the asked span. Data of our own making; ``test_figures`` covers the named case."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from contracts.plan import ServiceInfo
from diagnosis.agents.offline.claims import build_contract
from diagnosis.reading.entities import analyse
from diagnosis.reading.time_expressions import resolve_window
from tests.offline.evidence import alert, assert_grounded, metrics_call, series

SH = ZoneInfo("Asia/Shanghai")
NOW = datetime(2027, 4, 2, 23, 0, tzinfo=SH)
SERVICES = [
    ServiceInfo(name="quiz-api", aliases=["答题服务"]),
    ServiceInfo(name="lobby-queue", aliases=["排队服务"]),
    ServiceInfo(name="ledger-db", aliases=["账务库"]),
    ServiceInfo(name="search-api", aliases=["搜索服务"]),
]


def minute(hour: int, m: int) -> str:
    return (datetime(2027, 4, 2, hour, 0, tzinfo=SH) + timedelta(minutes=m)).isoformat()


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


def test_a_rate_per_second_is_answered_by_the_series_per_second_that_jumped():
    calls = [metrics_call([], [
        shaped("http_5xx_rate", [0.1, 0.1, 0.2, 0.1, 9.0, 12.0, 11.0, 10.0, 9.0, 8.0], service="quiz-api", unit="%",
               hour=21, threshold=5, crossed_at=minute(21, 8)),
        shaped("edge_route_qps", [410, 395, 420, 402, 2950, 3377, 3010, 2800, 2500, 2400], service="quiz-api",
               unit="次/秒", hour=21),
    ])]
    texts = claims_for("答题服务九点多那波流量，每秒最多打进来多少请求？", *calls)
    assert any("edge_route_qps" in t and "3377" in t for t in texts), texts


def test_how_many_waited_is_answered_by_the_count_that_jumped_not_a_ratio():
    calls = [metrics_call([], [
        shaped("ticket_expired_ratio", [0.2, 0.3, 0.2, 0.2, 30.0, 41.0, 35.0, 20.0, 5.0, 1.0], service="lobby-queue",
               unit="%", hour=20, threshold=10, crossed_at=minute(20, 8)),
        shaped("tickets_open", [800, 840, 790, 820, 9000, 15220, 14000, 12000, 9000, 7000], service="lobby-queue",
               unit="个", hour=20),
    ])]
    texts = claims_for("排队服务八点多那阵子最多有多少在排队等着？", *calls)
    assert any("tickets_open" in t and "15220" in t for t in texts), texts


def test_the_series_an_alert_names_answers_the_figure_of_the_incident_that_began_in_the_span():
    lag_alert = alert("LedgerReplicaBehind", service="ledger-db", state="resolved", severity="warning",
                      starts_at=minute(12, 6), ends_at=minute(12, 16), value="95s",
                      summary="ledger-db-2 从库回放延迟 Apply_Delay_Seconds=95s，超过阈值 60s")
    calls = [metrics_call([lag_alert], [
        # another service's latency, over its threshold since before the span (an earlier incident)
        shaped("http_p99_latency", [2400, 2300, 2200, 900, 500, 480, 470, 460, 450, 440], service="search-api",
               unit="ms", hour=12, threshold=1000, crossed_at=minute(12, 0)),
        shaped("replica_apply_delay_seconds", [0, 0, 1, 0, 40, 700, 1212, 600, 30, 0], service="ledger-db",
               unit="s", hour=12, threshold=60, crossed_at=minute(12, 8)),
    ])]
    texts = claims_for("中午十二点那阵从库最长延迟了多久？", *calls)
    assert any("replica_apply_delay_seconds" in t and "1212" in t for t in texts), texts


def test_a_figure_asked_in_the_unit_one_series_is_counted_in_is_that_series_moved_or_not():
    calls = [metrics_call([], [
        shaped("wave_unreleased", [14100, 14800, 15236, 15010, 14900, 14500, 14000, 13800, 13500, 13000],
               service="lobby-queue", unit="箱", hour=14, threshold=5000),
        shaped("dock_doors_busy", [12, 12, 13, 12, 12, 13, 12, 12, 12, 12], service="lobby-queue", unit="个", hour=14),
    ])]
    texts = claims_for("排队服务下午压着没放出去的货最多有多少箱？", *calls)
    assert any("wave_unreleased" in t and "15236" in t for t in texts), texts


def test_two_series_counted_in_the_asked_unit_answer_no_figure_by_the_unit_alone():
    calls = [metrics_call([], [
        shaped("wave_unreleased", [14100, 14800, 15236, 15010, 14900, 14500, 14000, 13800, 13500, 13000],
               service="lobby-queue", unit="箱", hour=14),
        shaped("cases_picked", [900, 910, 905, 920, 930, 925, 915, 910, 905, 900], service="lobby-queue", unit="箱",
               hour=14),
    ])]
    texts = claims_for("排队服务下午压着没放出去的货最多有多少箱？", *calls)
    assert not any("15236" in t for t in texts), texts


#: Over its threshold from the first point, up 1 % a step to its peak, down as slowly: no level shift.
RAMP = [312.0 + 30 * i for i in range(30)] + [1186.0] + [1180.0 - 25 * i for i in range(20)]


def test_a_figure_asked_per_minute_in_a_unit_is_the_one_series_counted_so_moved_or_not():
    """一分钟…多少单: of what was read, one series counts per minute in 单 — that series, though it
    was over its threshold from the span's first point and only ramped (no shift inside it), and its
    name shares no word asked."""
    calls = [metrics_call([], [
        shaped("rider_requests_expired_per_min", RAMP, service="lobby-queue", unit="单", hour=17, threshold=300,
               crossed_at=minute(17, 0)),
        shaped("pickup_rejects_per_10m", [2, 1, 0, 2, 1, 0, 1, 2, 1, 0], service="lobby-queue", unit="次", hour=17),
        shaped("orders_created_per_10m", [9000, 9100, 9050, 9200, 9100, 9000, 8900, 8800, 8700, 8600],
               service="lobby-queue", unit="单", hour=17),
    ])]
    texts = claims_for("排队服务傍晚最多的时候一分钟过期了多少单？", *calls)
    assert any("rider_requests_expired_per_min" in t and "1186" in t for t in texts), texts

