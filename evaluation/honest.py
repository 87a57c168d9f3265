"""Honest scenarios: unseen Chinese questions about the demo world (diagnosis/demo/README.md),
answered by the real offline provider end to end.

Answerable questions may end ``pass`` or ``low_confid``; on ``pass`` the key facts (service
name, a key number) must be in the confirmed material. Questions about a service without data
must never pass, must confirm nothing and must state the gap. A question about a known service
with nothing wrong PASSes on negative observations — the empty reads restated (issue 24).

A ``known_issue`` marks a real misbehaviour of the offline agents, reported as found — the
expectation states what *should* happen, it is not bent to what does.
"""

from __future__ import annotations

from typing import Final

from evaluation.scenario import HONEST, LOW_CONFID, PASS, REJECT, Observation, Scenario

ANSWERABLE: Final = frozenset({PASS, LOW_CONFID})
NEVER_PASS: Final = frozenset({LOW_CONFID, REJECT})


def answerable(name: str, question: str, *facts: str, known_issue: str = "") -> Scenario:
    return Scenario(
        name=name,
        question=question,
        expected=ANSWERABLE,
        kind=HONEST,
        group="honest",
        key_facts=facts,
        honest_claims="all",
        known_issue=known_issue,
    )


NOTHING_FOUND: Final = "→ 0 条记录"


def _states_an_empty_read(obs: Observation) -> str | None:
    """The confirmed material restates an empty read (the ``/query`` element: "… → 0 条记录")."""
    texts = [str(item.get("text") or "") for item in obs.confirmed_material or []]
    return None if any(NOTHING_FOUND in t for t in texts) else "no empty read restated as a confirmed statement"


def healthy(name: str, question: str, service: str) -> Scenario:
    return Scenario(
        name=name,
        question=question,
        expected=frozenset({PASS}),
        kind=HONEST,
        group="healthy",
        key_facts=(service,),
        honest_claims="all",
        checks=(_states_an_empty_read,),
    )


def without_data(name: str, question: str, gap: str, known_issue: str = "") -> Scenario:
    return Scenario(
        name=name,
        question=question,
        expected=NEVER_PASS,
        kind=HONEST,
        group="no data",
        gap_mentions=(gap, "证据缺口"),
        no_confirmed=True,
        honest_claims="all",
        known_issue=known_issue,
    )


HONEST_SCENARIOS: Final[tuple[Scenario, ...]] = (
    # --- incident 6: payment-service connection pool exhaustion (10:00 → now) -----------------
    answerable("pay_500_since_ten", "支付服务 10 点后为什么一直 500？", "payment-service", "HTTP 500", "active=50"),
    answerable(
        "pay_errors_root_cause_chinese_time",
        "payment 十点零五分开始大量报错，根因是什么？",
        "payment-service",
        "waiting=37",
        "12.5%",
    ),
    answerable("pay_pool_now", "支付系统连接池现在什么情况？", "payment-service", "active=50"),
    answerable(
        "pay_alerts_now", "payment-service 现在有哪些告警？", "payment-service", "HighErrorRate", "DBConnectionPoolExhausted"
    ),
    # --- incident 2: payment-service channel blip (yesterday 16:40) -----------------------------
    answerable("pay_channel_timeout_yesterday", "支付服务昨天下午 4 点 40 左右是不是有超时？", "payment-service", "unionpay", "HTTP 504"),
    # --- incident 3: order-service OOMKilled (yesterday evening) --------------------------------
    answerable("order_oom_last_night", "订单服务昨晚是不是 OOM 重启了？", "order-service", "OOMKilled", "exitCode=137"),
    answerable("order_502_at_2130", "订单服务昨天 21:30 左右为什么返回 502？", "order-service", "OutOfMemoryError"),
    answerable(
        "order_memory_how_much",
        "订单系统昨晚内存用到多少了？",
        "order-service",
        "memory_usage",
    ),
    # --- incident 5: inventory-service slow SQL (this morning) ----------------------------------
    answerable("inventory_slow_this_morning", "库存服务今天上午接口为什么慢？", "inventory-service", "slow query took"),
    answerable(
        "inventory_lock_wait_0920",
        "inventory-service 今天 09:20 左右有没有锁等待超时？",
        "inventory-service",
        "Lock wait timeout exceeded",
    ),
    answerable(
        "inventory_slowest_query",
        "库存服务今天上午慢查询最慢有多慢？",
        "inventory-service",
        "4870ms",
    ),
    # --- incident 4: search-service disk full (early this morning) ------------------------------
    answerable("search_disk_full_now", "搜索服务磁盘满了吗？", "search-service", "disk_usage"),
    answerable(
        "search_write_failures_night", "搜索服务今天凌晨写入失败是怎么回事？", "search-service", "No space left on device"
    ),
    answerable(
        "search_disk_usage_at_two",
        "搜索服务今天凌晨两点磁盘使用率多少？",
        "search-service",
        "disk_usage",
    ),
    answerable("search_cpu_now", "search-service 现在 CPU 高吗？", "search-service", "cpu_usage"),
    # --- incident 1: user-service / gateway 504 (yesterday afternoon) ---------------------------
    answerable("gateway_504_yesterday", "网关昨天下午 504 的原因？", "api-gateway", "upstream timed out", "6.8%"),
    answerable(
        "gateway_504_at_1420", "网关昨天下午 2 点 20 左右大量 504 是什么原因？", "api-gateway", "upstream timed out"
    ),
    answerable("login_failures_yesterday", "登录服务昨天下午两点二十左右为什么登不上？", "user-service", "RedisCommandTimeoutException"),
    answerable("user_redis_timeout_1430", "用户中心昨天 14:30 Redis 超时是什么原因？", "user-service", "2000ms"),
    # --- noise: notification-service Kafka lag --------------------------------------------------
    answerable("notification_kafka_lag", "通知服务昨天傍晚 kafka 消费是不是堆积了？", "notification-service", "12480"),
    # --- broad ------------------------------------------------------------------------------------
    answerable(
        "firing_alerts_now",
        "现在还有哪些告警没有恢复？",
        "HighErrorRate",
        "UpstreamErrorRate",
        "CertificateExpiringSoon",
    ),
    # --- services without (the asked-for) data: never PASS, gap stated ---------------------------
    without_data("unknown_refund_service_cn", "退款服务今天有没有报错？", "退款服务"),
    without_data("unknown_refund_service_en", "refund-service 10:05 开始报 500 了吗", "refund-service"),
    without_data("unknown_points_service", "积分服务昨天晚上是不是挂了？", "积分服务"),
    without_data(
        "unknown_risk_service",
        "风控服务 10 点以后有没有告警？",
        "风控服务",
    ),
    healthy("user_service_no_recent_errors", "用户中心最近一小时有报错吗？", "user-service"),
    healthy("notification_no_oom", "通知服务今天上午有没有 OOM？", "notification-service"),
)
