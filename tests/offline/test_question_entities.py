"""What a question is about: services (names and aliases), symptoms and scope (offline planner)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contracts.plan import ServiceInfo
from diagnosis.reading.entities import analyse, find_services, find_symptoms, service_spellings, shows_items

CATALOG = [
    ServiceInfo(name="payment-service", aliases=["支付服务", "支付", "payment"]),
    ServiceInfo(name="order-service", aliases=["订单服务", "订单"]),
    ServiceInfo(name="pay-gateway", aliases=["支付服务网关"]),
]


def names(question: str) -> list[tuple[str, bool]]:
    return [(m.name, m.known) for m in find_services(question, CATALOG)]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("payment-service 10:05 开始大量 500", [("payment-service", True)]),
        ("Payment-Service 超时了", [("payment-service", True)]),
        ("ＰＡＹＭＥＮＴ-ＳＥＲＶＩＣＥ 报错", [("payment-service", True)]),
        ("支付服务现在有告警吗？", [("payment-service", True)]),
        ("支付那边是不是挂了", [("payment-service", True)]),
        ("订单服务和支付服务都在报错", [("order-service", True), ("payment-service", True)]),
        ("支付服务网关超时", [("pay-gateway", True)]),
    ],
)
def test_services_are_found_by_name_and_alias_longest_first(question, expected):
    assert names(question) == expected


def test_payments_service_does_not_match_payment_service():
    assert names("payments-service 有报错吗") == [("payments-service", False)]


@pytest.mark.parametrize(
    ("question", "unknown"),
    [("refund-service 昨晚 OOM 了吗", "refund-service"), ("为什么退款服务一直报错", "退款服务")],
)
def test_a_service_the_data_does_not_know_is_reported_as_unknown(question, unknown):
    assert names(question) == [(unknown, False)]


@pytest.mark.parametrize("question", ["哪个服务在报错？", "所有服务都慢吗", "微服务架构下怎么排查"])
def test_generic_words_before_fuwu_are_not_services(question):
    assert names(question) == []


_word = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=2, max_size=8)


@settings(max_examples=200, deadline=None)
@given(base=_word, suffix=st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789_", min_size=1, max_size=3))
def test_an_ascii_name_glued_to_more_letters_never_matches(base, suffix):
    catalog = [ServiceInfo(name=f"{base}-service", aliases=[base])]
    found = find_services(f"{base}-service{suffix} 和 {base}{suffix}x 报错", catalog)
    assert all(not m.known for m in found)


@settings(max_examples=100, deadline=None)
@given(base=_word, alias=st.sampled_from(["支付服务", "订单系统", "库存中心"]))
def test_a_catalog_alias_always_finds_its_service(base, alias):
    catalog = [ServiceInfo(name=f"{base}-service", aliases=[alias])]
    assert [m.name for m in find_services(f"请问{alias}现在有告警吗", catalog)] == [f"{base}-service"]


@pytest.mark.parametrize(
    ("question", "symptoms"),
    [
        ("payment-service 大量 500", ["http_5xx"]),
        ("接口超时 504", ["timeout", "http_5xx"]),
        ("p99 延迟很高", ["latency"]),
        ("订单服务一直重启，是不是 OOM", ["restart", "memory"]),
        ("磁盘空间满了", ["disk"]),
        ("有什么告警", ["alert"]),
        ("数据库连接池不够", ["connection_pool"]),
        ("CPU 很高", ["cpu"]),
        ("p99 是 500ms", ["latency"]),
        ("那台机器的 /data 盘使用率多少", ["disk"]),
        ("数据盘满了吗", ["disk"]),
        ("看一下大盘", []),  # 大盘 is the dashboard, 复盘 a review, 盘点 a stock-take
        ("明天复盘，先盘点一下告警", ["alert"]),
    ],
)
def test_symptoms_are_read_in_order_of_appearance(question, symptoms):
    assert find_symptoms(question) == symptoms


@pytest.mark.parametrize(
    ("question", "narrow"),
    [
        ("payment-service 现在有告警吗？", True),
        ("支付服务 10 点以后有没有 500？", True),
        ("HighErrorRate 告警还在触发吗", True),
        ("payment-service 10:05 开始大量 500，原因是什么？", False),
        ("订单服务为什么一直重启", False),
        ("订单服务和支付服务有告警吗", False),
    ],
)
def test_confirmation_questions_are_narrow_cause_questions_are_broad(question, narrow):
    assert analyse(question, CATALOG).narrow is narrow


@pytest.mark.parametrize(
    ("question", "listing", "items"),
    [
        ("warehouse 命名空间里有哪些 Pod 处于 Pending？", "items", ("warehouse", "pending")),
        ("集群里哪些 Pod 起不来？", "", ()),  # a kind word names no item
        ("今晚 warehouse 有哪些发布？", "", ()),  # what changed is a change listing
        ("现在有哪些告警？", "alerts", ()),
    ],
)
def test_a_list_of_what_the_question_words_name_is_an_items_listing(question, listing, items):
    facts = analyse(question, [])
    assert (facts.listing, facts.items) == (listing, items)


def test_an_item_of_a_listing_shows_every_item_word_as_a_whole_token():
    facts = analyse("哪些 Pod 处于 Pending？", [])
    assert shows_items(facts, "Pod ns/picker-0：阶段 Pending，就绪 0/1")
    assert not shows_items(facts, "Pod ns/picker-1：阶段 Running，pendings=0")


DESCRIBED = [
    ServiceInfo(name="notify-service", aliases=["通知服务"],
                description="消费 Kafka topic order-events（消费组 notify-workers），调用短信网关 sms-gw.internal"),
    ServiceInfo(name="ledger-service", aliases=["账本服务"], description="写 MySQL 表 ledger_entries；消费组 ledger-sync"),
    ServiceInfo(name="report-service", aliases=["报表服务"], description="读 MySQL 表 ledger_entries，生成日报"),
]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # What only one service's description names (a consumer group, a host) stands for that service.
        ("notify-workers 这个消费组积压最多的时候有多少？", [("notify-service", True)]),
        ("sms-gw.internal 是不是连不上了", [("notify-service", True)]),
        # Named by two descriptions: no service is implied; a service named outright wins.
        ("ledger_entries 表是不是锁住了", []),
        ("账本服务的 notify-workers 有没有积压", [("ledger-service", True)]),
    ],
)
def test_an_identifier_only_one_service_describes_stands_for_that_service(question, expected):
    assert [(m.name, m.known) for m in find_services(question, DESCRIBED)] == expected


def test_an_ascii_name_with_a_cluster_suffix_is_named_without_the_suffix():
    catalog = [
        ServiceInfo(name="kafka-prod", aliases=["Kafka 集群"]),
        ServiceInfo(name="order-sync", aliases=["订单同步服务"]),
    ]
    found = [m.name for m in find_services("订单同步服务一直失败，Kafka 那边是不是有问题？", catalog)]
    assert found == ["order-sync", "kafka-prod"]
    # A Chinese stem is a name only where the question points at it (订单同步那边), never alone.
    assert "订单同步" not in service_spellings(catalog[1]) and "订单同步那边" in service_spellings(catalog[1])


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("风控那几个 pod 八点过后就反复重启，啥原因？", ["risk-engine"]),
        ("好多用户说下单失败，风控这边有没有问题？", ["risk-engine"]),
        ("好多用户点了支付一直转圈，是什么原因？", []),  # 用户 is everyone's users, not 用户服务
    ],
)
def test_a_chinese_alias_without_its_suffix_names_the_service_where_the_question_points_at_it(question, expected):
    catalog = [ServiceInfo(name="risk-engine", aliases=["风控服务", "实时风控"]),
               ServiceInfo(name="user-center", aliases=["用户服务"])]  # fmt: skip
    assert [m.name for m in find_services(question, catalog) if m.known] == expected


@given(st.from_regex(r"[A-Z][a-z]{1,7}", fullmatch=True), st.sampled_from(["集群", "服务", "系统", "平台"]))
@settings(max_examples=50)
def test_the_stem_of_an_ascii_alias_names_only_that_service(name, suffix):
    catalog = [ServiceInfo(name="svc-a", aliases=[f"{name} {suffix}"]), ServiceInfo(name="svc-b", aliases=["别的服务"])]
    assert [m.name for m in find_services(f"{name} 那边怎么了？", catalog)] == ["svc-a"]
    assert [m.name for m in find_services(f"{name}x 那边怎么了？", catalog) if m.known] == []  # whole tokens only


def test_what_a_question_points_at_belongs_to_the_one_service_whose_description_names_it():
    catalog = [
        ServiceInfo(name="refund-service", aliases=["退款服务"], description="退款：成功后把事件发到 refund-events，由 ledger 记账"),
        ServiceInfo(name="ledger", aliases=["账务服务"], description="记账：消费 refund-events，处理 3 次仍失败则转入死信 topic refund-events.dlq"),
        ServiceInfo(name="risk-engine", aliases=["风控服务"], description="风控决策（Java，3 个 Pod）"),
        ServiceInfo(name="pay-core", aliases=["支付服务"], description="下单（Java，8 个 Pod）"),
    ]  # fmt: skip
    # The dead-letter queue of the refunds is the ledger's (only its description names 死信) …
    assert [m.name for m in find_services("退款那个死信队列，最多的时候堆了多少条？", catalog)] == ["ledger"]
    # … the pods of 风控 are the risk engine's (every service has pods: no one owner), and a plain
    # mention keeps its service.
    assert [m.name for m in find_services("风控那几个 pod 八点过后就反复重启", catalog)] == ["risk-engine"]
    assert [m.name for m in find_services("退款服务的死信队列最多堆了多少？", catalog)] == ["refund-service"]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # A job's alias without its 任务/批处理 suffix names it where the question points at the batch.
        ("昨天那批对账凌晨没跑，谁动了定时任务？", ["recon-job"]),
        ("这批对账到现在还没出结果", ["recon-job"]),
        ("对账的数据对不上，是什么原因？", []),  # 对账 alone is the business, not the job
    ],
)
def test_a_jobs_alias_stem_names_the_job_where_the_question_points_at_the_batch(question, expected):
    catalog = [ServiceInfo(name="recon-job", aliases=["对账批处理", "对账任务"]),
               ServiceInfo(name="pay-core", aliases=["支付服务"])]  # fmt: skip
    assert [m.name for m in find_services(question, catalog) if m.known] == expected


FLEET = [
    ServiceInfo(name="agv-fleet", aliases=["AGV 调度", "小车调度", "物流小车"]),
    ServiceInfo(name="wms", aliases=["仓库系统", "仓储"]),
    ServiceInfo(name="qms", aliases=["质量系统", "终检"]),
]


def test_a_part_of_one_services_chinese_alias_pointed_at_names_that_service():
    assert [m.name for m in find_services("上午小车那边待执行的任务最多堆了多少个？", FLEET)] == ["agv-fleet"]


@pytest.mark.parametrize("question", [
    "上午小车待执行的任务最多堆了多少个？",   # not pointed at: a word of the question, not a name
    "系统那边是不是挂了？",                   # a service suffix two aliases share
    "现在还有哪些告警没恢复？",                 # no alias holds it
])
def test_an_alias_part_names_no_service_unless_pointed_at_and_held_by_one_service_only(question):
    assert find_services(question, FLEET) == []
