"""A shared neighbour's evidence is tied to the asked failure only when it is about what the asked
service uses of it (issue 32, placement of a cause): a broker's alert on the data warehouse's queue
says nothing of the billing service that consumes another queue of that broker. Pure."""

from __future__ import annotations

from contracts.plan import ServiceInfo
from diagnosis.agents.offline.neighbours import another_tenants

CATALOG = [
    ServiceInfo(name="billing", aliases=["计费服务"],
                description="计费：消费 billing.session-stopped 队列按会话计费，扣款走 pay-adapter"),
    ServiceInfo(name="mq", aliases=["消息队列"],
                description="RabbitMQ 集群；exchange session.events，队列 meter.values、billing.session-stopped、fleet.session.sync 等"),
    ServiceInfo(name="db", aliases=["数据库"], description="MySQL 主库"),
]
DW_ALERT = "队列 dw.session.events 待消费消息 1000300 条，超过阈值 1000000，消费者 0"


def test_a_brokers_alert_on_a_queue_the_asked_service_does_not_use_is_another_tenants():
    assert another_tenants(DW_ALERT, "mq", ["billing"], CATALOG)


def test_a_brokers_alert_on_the_queue_the_asked_service_consumes_is_its_own():
    text = "队列 billing.session-stopped 待消费消息 1000300 条，超过阈值 1000000"
    assert not another_tenants(text, "mq", ["billing"], CATALOG)


def test_a_resource_the_failing_lines_name_keeps_the_evidence():
    failing = ["publish to dw.session.events timed out after 3000ms"]
    assert not another_tenants(DW_ALERT, "mq", ["billing"], CATALOG, failing)


def test_without_knowing_what_the_asked_service_uses_nothing_is_set_aside():
    # the database's description names nothing the billing description names: no tenant is known
    assert not another_tenants("table dw_session_events locked by thread 4412", "db", ["billing"], CATALOG)
    # evidence naming no resource of its own is not set aside
    assert not another_tenants("内存水位超过 0.4，发布者被阻塞", "mq", ["billing"], CATALOG)
