"""The services next to a failing one (``neighbours``): which ones its failing lines point at, and
— on a world of its own (``clinic_world``) — that a diagnosis reads the database its errors name,
cites the database's alert that began with the failure, and names the other tenant's scale-out
before it as the likeliest cause, not a dependency's deploy."""

from __future__ import annotations

import pytest

from contracts.plan import ServiceInfo
from diagnosis.agents.offline.neighbours import dependencies, implicated
from diagnosis.agents.offline.refs import Origin
from diagnosis.models import ToolInvocation
from tests.offline.clinic_world import SCALE, load_clinic_world
from tests.offline.running import plan_and_execute

CATALOG = [
    ServiceInfo(name="ledger", aliases=["账务服务"],
                description="记账（Go）：消费 refund-events，写 PostgreSQL pg-main 的库 ledger_db；调用 fx-rates"),
    ServiceInfo(name="refund-service", aliases=["退款服务"], description="退款（Go）：成功后把事件发到 refund-events"),
    ServiceInfo(name="pg-main", aliases=["主库"],
                description="PostgreSQL 14 集群：库 ledger_db；max_connections 400，superuser_reserved_connections 3"),
    ServiceInfo(name="fx-rates", aliases=["汇率服务"], description="汇率查询（Python，Redis 缓存）"),
    ServiceInfo(name="gateway", aliases=["网关"], description="入口，转发到 ledger、refund-service"),
]  # fmt: skip
DECODE = "refund-events[3]@88121 key=RF1 moved to dlq: json: cannot unmarshal string into Go struct field Event.amount"
PG = "insert entry failed: org.postgresql.util.PSQLException: FATAL: remaining connection slots are reserved for superuser connections"


def test_the_producer_of_what_the_failing_lines_name_is_a_neighbour():
    assert "refund-service" not in dependencies(["ledger"], CATALOG)
    assert "refund-service" in dependencies(["ledger"], CATALOG, [DECODE])
    assert "gateway" not in dependencies(["ledger"], CATALOG, [DECODE])  # it only names ledger


def test_the_failing_lines_point_at_the_neighbour_whose_description_shares_their_words():
    assert implicated(["ledger"], CATALOG, [PG]) == ["pg-main"]
    assert implicated(["ledger"], CATALOG, []) == []  # no failing line, nothing to follow


@pytest.fixture
def clinic(db):
    load_clinic_world()


def test_a_diagnosis_reads_the_database_its_errors_name_and_cites_its_alert_and_the_other_tenants_change(
    api_user, clinic
):
    run, _, contract = plan_and_execute(api_user, "预约服务两点过后大量 500，啥原因？")
    reads = ToolInvocation.objects.filter(run=run, retrieval_details__origin=Origin.NEIGHBOUR)
    assert [r.arguments["service"] for r in reads][:1] == ["clinic-pg"]
    texts = [c["claim_text"] for c in contract["claims"]]
    joined = "\n".join(texts)
    # The database's alert or crossing that began with the failure (its earliest: the crossing at 14:02).
    assert "clinic-pg 指标 pg_connections" in joined and "于 14:02 超过阈值 270 个" in joined, texts
    assert "PgDiskUsageHigh" not in joined  # fired hours before the failure: no part of it
    assert any(SCALE[:40] in t for t in texts), texts  # the other tenant's scale-out, just before
    # The likeliest cause is the other tenant's change, not the SMS dependency's deploy a minute later.
    [direction] = [h["text"] for h in contract["hypotheses"] if "与其后" in h["text"]]
    assert "report-job" in direction and "sms-sender" not in direction, contract["hypotheses"]


@pytest.fixture
def rides(db):
    from tests.offline.rides_world import load_rides_world

    load_rides_world()


def test_a_diagnosis_cites_what_the_neighbours_logged_when_they_went_red_and_the_brokers_change_hours_before(
    api_user, rides
):
    from tests.offline.rides_world import DISK_FULL, EXPIRING

    run, _, contract = plan_and_execute(api_user, "中午那会儿行程服务的位置一直不更新，咋了？")
    texts = [c["claim_text"] for c in contract["claims"]]
    joined = "\n".join(texts)
    # The broker's ERROR lines read around its alert (11:53), not the newest 20 of the hour: the disk.
    reads = ToolInvocation.objects.filter(run=run, tool_name="query_logs", retrieval_details__origin=Origin.NEIGHBOUR)
    assert {r.arguments["service"] for r in reads} >= {"mq-cluster"}, [r.arguments for r in reads]
    assert "mq-cluster 在 11:52:07 记录了一条 ERROR 日志" in joined and DISK_FULL[-30:] in joined, texts
    assert EXPIRING.split("{n}")[0][-40:] in joined, texts  # the producer's timeouts, as it went red
    # The partition move that filled the disk, two hours before: beyond the usual lookback.
    assert "09:45:20 mq-cluster 记录副本迁移（INFO）" in joined, texts
    # A neighbour's own failing lines are no part of "the failure" a change is weighed against.
    assert not any("11:52:07 起的异常" in h["text"] for h in contract["hypotheses"]), contract["hypotheses"]
    # The chain broke first at the broker: its change leads, not the producer's push just before.
    assert contract["hypotheses"][0]["text"].startswith("09:45:20 mq-cluster 的副本迁移"), contract["hypotheses"]


def test_a_service_whose_own_description_says_it_feeds_the_asked_one_is_its_neighbour():
    from diagnosis.agents.offline.neighbours import feeding

    catalog = [
        ServiceInfo(name="qc-station", aliases=["视觉检测"], description="工位拍照与缺陷模型，判定结果送 quality-svc"),
        ServiceInfo(name="quality-svc", aliases=["质量系统"], description="检验结果、不良统计、批次冻结"),
        ServiceInfo(name="tooling", aliases=["刀具"], description="刀具寿命"),
    ]
    assert feeding(["quality-svc"], catalog) == ["qc-station"]
    assert feeding(["tooling"], catalog) == []  # nobody names it
    # The failing lines share "scratch" with the station's description: the station is implicated.
    catalog[0] = ServiceInfo(name="qc-station", aliases=["视觉检测"], description="scratch 缺陷模型，判定结果送 quality-svc")
    line = "final inspection NG 11% (SCRATCH 96%), lot on HOLD"
    assert implicated(["quality-svc"], catalog, [line]) == ["qc-station"]
    assert "qc-station" in dependencies(["quality-svc"], catalog, [line])
    assert "qc-station" not in dependencies(["quality-svc"], catalog)  # nothing failing names what it produces
    # A gateway that forwards to the asked service shares only service names with its lines: not implicated.
    assert "gateway" not in implicated(["ledger"], CATALOG, [DECODE, PG])
