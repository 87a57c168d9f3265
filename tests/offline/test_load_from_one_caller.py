"""Load from one caller (issue 32 items 1–2, ``agents/offline/load``): a request rate that rose by a
multiple from half an hour before the failure to just after is the load behind it, whatever the
series is called; of a metric split by a label, the one member that moved while its siblings held
is the exact caller; the services whose descriptions name the asked one are its callers."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from hypothesis import given
from hypothesis import strategies as st

from contracts.plan import ServiceInfo
from diagnosis.agents.offline.load import LOAD_LEAD, callers, is_rate, singled_out, surge, surges
from diagnosis.agents.offline.refs import Ref

SH = ZoneInfo("Asia/Shanghai")
START = datetime(2027, 3, 1, 12, 0, tzinfo=SH)
ONSET = START + timedelta(minutes=40)


def rate(name: str, values: list[float], *, unit: str = "次/秒", service: str = "order-center", path: str = "/series/0",
         **labels: str) -> Ref:
    """A series ref whose points are one minute apart from ``START``."""
    points = [[(START + timedelta(minutes=i)).isoformat(), v] for i, v in enumerate(values)]
    element = {"name": name, "service": service, "unit": unit, "labels": labels, "points": points}
    return Ref("inv_1", "query_metrics", 1, path, name, "series", element, service)


FLAT = [10.0] * 60
JUMP_AT_38 = [10.0] * 38 + [180.0] * 22  # a nine-fold jump two minutes before the onset


def test_a_request_rate_that_jumped_just_before_the_failure_is_a_surge():
    found = surge(rate("order_center_requests_per_second", JUMP_AT_38), ONSET)
    assert found is not None and found.rising and found.onset == START + timedelta(minutes=38)


def test_a_series_that_is_no_rate_is_no_surge_however_it_jumped():
    assert not is_rate(rate("order_center_p99_latency_ms", JUMP_AT_38, unit="ms"))
    assert surge(rate("order_center_p99_latency_ms", JUMP_AT_38, unit="ms"), ONSET) is None


@given(st.integers(min_value=int(LOAD_LEAD.total_seconds() // 60) + 1, max_value=300))
def test_a_jump_long_before_the_failure_is_not_its_load(minutes_before):
    assert surge(rate("requests_per_second", JUMP_AT_38), START + timedelta(minutes=38 + minutes_before)) is None


def test_a_rate_that_fell_is_no_surge():
    assert surge(rate("requests_per_second", [180.0] * 38 + [10.0] * 22), ONSET) is None


def test_of_a_family_split_by_caller_the_one_member_that_moved_is_singled_out():
    recon = rate("requests_per_second_by_caller", [0.0] * 38 + [900.0] * 22, path="/series/1", caller="finance-recon")
    picking = rate("requests_per_second_by_caller", FLAT, path="/series/2", caller="o2o-picking")
    total = rate("requests_per_second", [40.0] * 38 + [940.0] * 22, path="/series/0")
    assert singled_out([total, recon, picking]) == [recon]
    # the caller first, then the total it adds to
    assert surges([total, picking, recon], ONSET) == [recon, total]


def test_a_family_whose_members_all_moved_names_no_single_caller():
    a = rate("requests_per_second_by_caller", JUMP_AT_38, path="/series/1", caller="a")
    b = rate("requests_per_second_by_caller", JUMP_AT_38, path="/series/2", caller="b")
    assert singled_out([a, b]) == []
    assert surges([a, b], ONSET) == [a]  # one per metric: the family's load, by its first member


@given(st.integers(min_value=2, max_value=6), st.integers(min_value=0, max_value=5))
def test_the_singled_out_member_is_always_the_one_that_moved(siblings, which):
    members = [rate("rps_by_tenant", FLAT, path=f"/series/{i}", tenant=f"t{i}") for i in range(siblings)]
    which %= siblings
    members[which] = rate("rps_by_tenant", JUMP_AT_38, path=f"/series/{which}", tenant=f"t{which}")
    assert singled_out(members) == [members[which]]


def test_the_callers_are_the_services_whose_descriptions_name_the_asked_one():
    catalog = [
        ServiceInfo(name="ah-quote", aliases=["报价", "报价服务"], description="报价服务：保费试算"),
        ServiceInfo(name="ah-agent-api", aliases=["渠道接口"], description="渠道开放 API：合作渠道的报价、下单"),
        ServiceInfo(name="ah-crm", aliases=["客户管理"], description="客户关系管理：积分、生日关怀"),
    ]
    assert callers(["ah-quote"], catalog) == ["ah-agent-api"]


def test_a_diagnosis_cites_the_caller_whose_rate_alone_jumped_before_the_timeouts():
    from diagnosis.agents.offline.claims import build_contract
    from diagnosis.reading.entities import analyse
    from diagnosis.reading.time_expressions import resolve_window
    from tests.offline.evidence import assert_grounded, log_call, metrics_call, record, series

    catalog = [ServiceInfo(name="order-center", aliases=["订单中心"])]
    minute = lambda i: (START + timedelta(minutes=i)).isoformat()  # noqa: E731

    def shaped(name: str, values: list[float], **labels: str) -> dict:
        s = series(name, values, service="order-center", unit="次/秒", first_at=minute(0), last_at=minute(59),
                   peak_at=minute(values.index(max(values))), points=[[minute(i), v] for i, v in enumerate(values)])
        return {**s, "labels": labels}

    timeouts = [record(minute(40 + i), f"GET /api/v2/orders/O{i} timeout after 3000ms", service="order-center")
                for i in range(5)]
    calls = [
        log_call(timeouts, service="order-center", level="ERROR"),
        metrics_call([], [shaped("requests_per_second_by_caller", [0.0] * 38 + [900.0] * 22, caller="finance-recon"),
                          shaped("requests_per_second_by_caller", FLAT, caller="o2o-picking")]),
    ]
    question = "订单中心十二点四十以后为什么一直超时？"
    now = START + timedelta(hours=2)
    contract = build_contract(facts=analyse(question, catalog), window=resolve_window(question, now), history=calls,
                              services=catalog)
    assert_grounded(contract, calls)
    texts = [c["claim_text"] for c in contract["claims"]]
    assert any("caller=finance-recon" in t for t in texts), texts
    assert not any("caller=o2o-picking" in t for t in texts), texts
