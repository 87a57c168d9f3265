"""The offline planner derives ``asked`` (kind, canonical services, window, dimension) from the question."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from contracts.plan import ServiceInfo
from diagnosis.agents.offline.planning import plan_normal
from diagnosis.reading.asking import derive_asked
from diagnosis.reading.conversation import resolve
from diagnosis.reading.entities import analyse
from diagnosis.reading.time_expressions import resolve_window
from diagnosis.reading.vocabulary import any_spelling_in
from diagnosis.verification.coverage import term_spellings

NOW = datetime(2026, 11, 28, 10, 30, tzinfo=ZoneInfo("Asia/Shanghai"))
SERVICES = [
    ServiceInfo(name="inventory-service", aliases=["库存服务", "inventory"]),
    ServiceInfo(name="payment-service", aliases=["支付服务", "支付"]),
    ServiceInfo(name="edge-node", aliases=["边缘节点"]),
]


def asked(question):
    return derive_asked(question=question, now=NOW, tz="Asia/Shanghai", services=SERVICES)


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("payment-service 10:05 开始大量 500，原因是什么？", "cause"),
        ("支付服务今天 9:31 开始大量 500，是怎么回事？", "cause"),
        ("inventory-service 的 Redis 连接池用了多少？", "quantity"),
        ("支付服务的 P99 延迟峰值是多少？", "quantity"),
        ("边缘节点今天上午有没有 5xx 或者告警？", "existence"),
        ("HighErrorRate 告警现在还在触发吗？", "existence"),
        ("现在有哪些告警还没有恢复？", "listing"),
        ("哪个服务在报错？", "listing"),
        ("payment-service 今天上午有哪些配置变更？", "listing"),  # a list of changes, not a cause
        ("inventory-service 有哪些 Pod 处于 Pending？", "listing"),
    ],
)
def test_each_kind_of_question_is_recognised(question, kind):
    assert asked(question).kind == kind


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        # Other ways on-call engineers ask for a cause.
        ("支付服务十点前后到底出了什么事？", "cause"),
        ("inventory-service 这是怎么了？", "cause"),
        ("支付服务一直超时，是哪儿出的问题？", "cause"),
        ("支付服务 9 点报的是什么错？", "cause"),  # 什么 is no yes/no particle 么
        # A yes/no asked as "…过…没有？".
        ("边缘节点昨天报过 5xx 告警没有？", "existence"),
        ("支付服务上午出过超时没？", "existence"),
        # A list of what changed, in everyday words.
        ("payment-service 今天都动过哪些东西？发版和改配置都算。", "listing"),
    ],
)
def test_everyday_phrasings_of_each_kind_are_recognised(question, kind):
    assert asked(question).kind == kind


@pytest.mark.parametrize(
    "question",
    ["payment-service 今天都动过哪些东西？", "支付服务上午发过版吗？", "inventory-service 昨天改过配置没有？"],
)
def test_everyday_words_for_a_change_ask_what_changed(question):
    assert analyse(question, SERVICES).change


def test_services_are_canonical_and_the_dimension_names_the_measured_thing():
    result = asked("库存服务的 Redis 连接池用了多少？")
    assert result.services == ["inventory-service"]
    assert result.dimension.terms == ["Redis", "连接池"]


def test_a_dead_letter_queue_is_one_dimension_named_by_its_evidence_spellings():
    result = asked("库存服务的死信队列最多的时候堆了多少条？")
    assert result.dimension.terms == ["死信队列"]  # not 死信 and 队列 apart: a DLQ series names neither
    assert any_spelling_in(term_spellings("死信队列"), "dlq_pending_messages{topic=stock-events.dlq} inventory-service")


def test_a_named_metric_is_the_dimension_metric():
    assert asked("payment-service 的 http_5xx_rate 峰值多少？").dimension.metric == "http_5xx_rate"


def test_an_explicit_time_is_the_window_and_no_time_means_recently():
    pinned = asked("payment-service 10:05 开始大量 500，原因是什么？").window
    assert (pinned.start, pinned.end) == ("2026-11-28T09:55:00+08:00", "2026-11-28T10:30:00+08:00")
    recent = asked("inventory-service 的 Redis 连接池用了多少？").window
    assert recent.start == "2026-11-27T10:30:00+08:00"


def test_the_offline_plan_carries_asked():
    plan = plan_normal(services=SERVICES, reading=resolve(question="边缘节点今天上午有没有 5xx 或者告警？", now=NOW, tz="Asia/Shanghai", services=SERVICES, context=None))
    assert plan.asked is not None and plan.asked.kind == "existence" and plan.asked.services == ["edge-node"]


def test_a_superlative_about_the_past_asked_without_a_time_reads_the_wide_window():
    # "最高冲到过多少": the maximum of the recent past; the last hour's maximum would be a sample.
    for question in ("库存服务内存最高冲到过多少？", "库存服务连接池最满的时候用了多少？", "库存服务内存最高到了多少？"):
        plan = plan_normal(services=SERVICES, reading=resolve(question=question, now=NOW, tz="Asia/Shanghai", services=SERVICES, context=None))
        reads = [s for s in plan.steps if s.tool in ("query_logs", "query_metrics")]
        assert reads and all(s.arguments["start"] == "2026-11-27T10:30:00+08:00" for s in reads), reads
    # With a time, or a superlative of now ("峰值是多少"), the question's own window stands.
    for question in ("库存服务今天上午内存最高冲到过多少？", "库存服务内存峰值是多少？", "库存服务内存用了多少？"):
        plan = plan_normal(services=SERVICES, reading=resolve(question=question, now=NOW, tz="Asia/Shanghai", services=SERVICES, context=None))
        own = resolve_window(question, NOW, "Asia/Shanghai").start.isoformat()
        assert {s.arguments["start"] for s in plan.steps if s.tool == "query_metrics"} == {own}, question
