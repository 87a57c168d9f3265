"""Deterministic generator of the demo world (``diagnosis/demo/demo_bundle.json``).

    python -m evaluation.demo            # rewrite diagnosis/demo/demo_bundle.json
    python -m evaluation.demo --check    # exit 1 if the committed file is stale

The world is an e-commerce platform ("SuperBiz") seen from 2026-11-27 06:00 to the bundle's
``reference_time`` 2026-11-28 10:30 (+08:00). Five incidents are woven into background noise;
each incident's numbers agree across its logs, alerts and metric series (see README.md here):

(e) 11-27 14:20–14:35  user-service: Redis failover → lettuce timeouts → gateway 504
(b) 11-27 21:20–22:10  order-service: report export job → Java heap OOM → OOMKilled ×4
(d) 11-28 01:30–03:26  search-service: reindex fills /data on search-es-data-2 → disk full
(c) 11-28 09:08–09:40  inventory-service: stock-sync job locks `stock` → slow SQL → p99 4870ms
(a) 11-28 10:00–now    payment-service: reconcile job's slow SQL holds HikariCP connections →
                       pool exhausted (active=50, waiting=37) → HTTP 500, 5xx 12.5% (still firing)

Built with the evaluation worlds' builder (``evaluation/worlds/common.py``) and validated with
the bundle schema; a fixed seed makes the output byte-for-byte reproducible. The bundle and its
runbooks (Markdown in ``diagnosis/demo/runbooks/``, embedded) stay in the product, which loads them
(``manage.py load_demo``); only their generator lives here.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from diagnosis.demo import DEMO_BUNDLE_PATH
from evaluation.worlds.common import Json, Keyframes, Noise, WorldBuilder, clock_on, iso, round_to

OUTPUT = DEMO_BUNDLE_PATH
RUNBOOK_DIR = DEMO_BUNDLE_PATH.parent / "runbooks"
SEED = 20261128
TZ = dt.timezone(dt.timedelta(hours=8))
START = dt.datetime(2026, 11, 27, 6, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2026, 11, 28, 10, 30, tzinfo=TZ)
BUNDLE_NAME = "SuperBiz 演示环境 2026-11-28"


def at(day: int, clock: str) -> dt.datetime:
    """``at(28, "10:05:12.345")`` → 2026-11-<day> 10:05:12.345+08:00 (the world spans two days)."""
    return clock_on(dt.date(2026, 11, day), TZ, clock)


# --- The platform ------------------------------------------------------------------------------
SERVICES: list[Json] = [
    {
        "name": "api-gateway",
        "aliases": ["网关", "API 网关", "gateway", "入口网关"],
        "description": "对外统一入口（OpenResty/Nginx），域名 api.superbiz.cn；负责路由、鉴权、限流，"
        "proxy_read_timeout=3s，转发到各后端服务。",
    },
    {
        "name": "payment-service",
        "aliases": ["支付服务", "支付", "支付系统", "payment"],
        "description": "支付下单、支付回调与退款（Java/Spring Boot，2 个 Pod）；HikariCP 连接池 "
        "HikariPool-1 maximumPoolSize=50、connectionTimeout=3000ms，连接 MySQL pay_db；"
        "每天 10:00 运行对账任务 settlement-reconcile。",
    },
    {
        "name": "order-service",
        "aliases": ["订单服务", "订单", "订单系统", "order"],
        "description": "下单、订单查询、报表导出（Java，2 个 Pod）；容器 memory limit 2Gi，"
        "JVM -XX:MaxRAMPercentage=85（堆上限约 1740MiB）。",
    },
    {
        "name": "inventory-service",
        "aliases": ["库存服务", "库存", "库存系统", "inventory"],
        "description": "库存查询、预占与扣减（Java，2 个 Pod）；MySQL inventory_db 表 stock "
        "（约 184 万行）；每天 09:08 运行 WMS 库存同步任务 stock-sync。",
    },
    {
        "name": "user-service",
        "aliases": ["用户服务", "用户中心", "登录服务", "user"],
        "description": "登录、会话与用户资料（Java，2 个 Pod）；会话存储在 Redis 主从集群 redis-session"
        "（Sentinel），客户端 lettuce，命令超时 2s。",
    },
    {
        "name": "search-service",
        "aliases": ["搜索服务", "商品搜索", "搜索", "search"],
        "description": "商品搜索（Elasticsearch 7.17 集群 search-es-data-1..3，每个数据节点 /data 500Gi）；"
        "每天 01:30 全量重建商品索引。",
    },
    {
        "name": "notification-service",
        "aliases": ["通知服务", "消息通知", "短信推送服务", "notification"],
        "description": "短信、App 推送与邮件通知；消费 Kafka topic order-events（消费组 notification-order-events）。",
    },
]

INSTANCES: dict[str, list[str]] = {
    "api-gateway": ["api-gateway-6b8d5f7c9-hx2lp", "api-gateway-6b8d5f7c9-m4q7z"],
    "payment-service": ["payment-service-7d9f8c-x2k4p", "payment-service-7d9f8c-r8n2w"],
    "order-service": ["order-service-5c6b7d9f4-q8zvm", "order-service-5c6b7d9f4-t2kdn"],
    "inventory-service": ["inventory-service-84f6c9b7d-lk3jh", "inventory-service-84f6c9b7d-w9p2s"],
    "user-service": ["user-service-6f7c8d9b5-bn4xz", "user-service-6f7c8d9b5-jc8rt"],
    "search-service": ["search-service-9c7b6d5f8-zz7rt", "search-service-9c7b6d5f8-d5kqv"],
    "notification-service": ["notification-service-7b5d8c6f9-pv6kq", "notification-service-7b5d8c6f9-h3mwx"],
}
ORDER_POD = "order-service-5c6b7d9f4-q8zvm"  # the pod that ran the export job
ES_NODES = ["search-es-data-1", "search-es-data-2", "search-es-data-3"]
LABELS_PROD = {"env": "prod", "cluster": "prod-sh-1"}

# Windows in which a service's ordinary request noise is replaced by the incident's own lines.
INCIDENT_WINDOWS: dict[str, list[tuple[dt.datetime, dt.datetime]]] = {
    "payment-service": [(at(28, "10:00"), REFERENCE), (at(27, "16:38"), at(27, "16:45"))],
    "order-service": [(at(27, "21:20"), at(27, "22:10"))],
    "inventory-service": [(at(28, "09:08"), at(28, "09:41"))],
    "user-service": [(at(27, "14:19"), at(27, "14:36"))],
    "search-service": [(at(28, "01:30"), at(28, "03:27"))],
    "api-gateway": [(at(27, "14:19"), at(27, "14:36"))],
    "notification-service": [(at(27, "18:00"), at(27, "18:26"))],
}


def demo_builder(seed: int = SEED) -> WorldBuilder:
    return WorldBuilder(seed=seed, day=REFERENCE.date(), tz=TZ, reference=REFERENCE, instances=INSTANCES,
                        labels=LABELS_PROD)


def log(w: WorldBuilder, moment: dt.datetime, service: str, level: str, message: str, *,
        trace_id: str | None = None, **fields: Any) -> None:
    """A log line whose trace, unless the caller drew one, is drawn before its instance: the demo's
    order of draws (the worlds draw the instance first), which its bytes depend on."""
    w.log(moment, service, level, message, trace_id=w.hex(32) if trace_id is None else trace_id, **fields)


# -- small seeded values of the platform
def draw_order_id(w: WorldBuilder, moment: dt.datetime) -> str:
    return f"O{moment:%Y%m%d}{w.rng.randint(10_000_000, 99_999_999)}"


def draw_sku(w: WorldBuilder) -> str:
    return f"SKU-{w.rng.randint(100_000, 299_999)}"


def draw_uid(w: WorldBuilder) -> int:
    return w.rng.randint(10_000_000, 19_999_999)


def draw_phone(w: WorldBuilder) -> str:
    return f"1{w.rng.choice('3456789')}{w.rng.randint(0, 9)}****{w.rng.randint(0, 9999):04d}"


def in_incident(service: str, moment: dt.datetime) -> bool:
    return any(start <= moment < end for start, end in INCIDENT_WINDOWS.get(service, []))


# --- Background noise ----------------------------------------------------------------------------


def _gateway_noise(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    choice = w.rng.random()
    client = f"10.8.{w.rng.randint(1, 9)}.{w.rng.randint(2, 250)}"
    if choice < 0.45:
        path, upstream = w.rng.choice(
            [
                ("GET /api/search?q=%E7%BE%BD%E7%BB%92%E6%9C%8D", "search-service"),
                ("GET /api/products/" + draw_sku(w), "search-service"),
                ("GET /api/orders/" + draw_order_id(w, t), "order-service"),
                ("POST /api/stock/query", "inventory-service"),
                ("GET /api/user/profile", "user-service"),
            ]
        )
        rt = w.rng.randint(12, 140) / 1000
        return "INFO", (
            f'{client} "{path} HTTP/1.1" 200 {w.rng.randint(300, 9000)} rt={rt:.3f} '
            f"upstream={upstream} upstream_status=200"
        ), {"log_type": "access"}
    if choice < 0.85:
        writes = [("POST /api/orders", "order-service"), ("POST /api/user/login", "user-service")]
        if not in_incident("payment-service", t):  # during (a) the gateway lines for /api/pay come from the incident
            writes.append(("POST /api/pay", "payment-service"))
        path, upstream = w.rng.choice(writes)
        rt = w.rng.randint(30, 180) / 1000
        status = 201 if "orders" in path else 200
        return "INFO", (
            f'{client} "{path} HTTP/1.1" {status} {w.rng.randint(200, 900)} rt={rt:.3f} '
            f"upstream={upstream} upstream_status={status}"
        ), {"log_type": "access"}
    if choice < 0.95:
        return "DEBUG", "GET /healthz 200 rt=0.001", {"log_type": "access"}
    excess = w.rng.randint(5, 60) + w.rng.randint(0, 999) / 1000
    return "WARN", (
        f'limiting requests, excess: {excess:.3f} by zone "api_limit", client: {client}, '
        'server: api.superbiz.cn, request: "GET /api/search HTTP/1.1"'
    ), {"log_type": "error"}


def _payment_noise(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    choice = w.rng.random()
    channel = w.rng.choice(["alipay", "wechat", "unionpay"])
    if choice < 0.35:
        return "INFO", (
            f"POST /api/pay -> 200 OK ({w.rng.randint(45, 160)}ms) order_id={draw_order_id(w, t)} channel={channel}"
        ), {"http_status": 200}
    if choice < 0.6:
        amount = w.rng.randint(990, 59900) / 100
        return "INFO", f"支付回调处理成功 order_id={draw_order_id(w, t)} channel={channel} amount={amount:.2f}", {}
    if choice < 0.8:
        active = w.rng.randint(4, 14)
        return "DEBUG", f"HikariPool-1 - Pool stats (total=50, active={active}, idle={50 - active}, waiting=0)", {
            "logger": "com.zaxxer.hikari.pool.HikariPool"
        }
    if choice < 0.93:
        return "DEBUG", f"GET /actuator/health -> 200 ({w.rng.randint(2, 6)}ms) status=UP", {}
    amount = w.rng.randint(990, 19900) / 100
    return "INFO", f"退款处理完成 refund_id=R{t:%Y%m%d}{w.rng.randint(100000, 999999)} amount={amount:.2f}", {}


def _order_noise(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    choice = w.rng.random()
    if choice < 0.3:
        return "INFO", f"POST /api/orders -> 201 Created ({w.rng.randint(60, 190)}ms) order_id={draw_order_id(w, t)}", {
            "http_status": 201
        }
    if choice < 0.55:
        amount = w.rng.randint(1990, 89900) / 100
        return "INFO", f"订单创建成功 order_id={draw_order_id(w, t)} user_id={draw_uid(w)} amount={amount:.2f}", {}
    if choice < 0.75:
        before = w.rng.randint(700, 1100)
        return "DEBUG", (
            f"GC pause (G1 Evacuation Pause) {w.rng.randint(8, 35)}ms, heap {before}M->{before - w.rng.randint(300, 500)}M(1740M)"
        ), {"logger": "gc"}
    if choice < 0.9:
        return "INFO", f"GET /api/orders/{draw_order_id(w, t)} -> 200 OK ({w.rng.randint(8, 40)}ms)", {"http_status": 200}
    return "INFO", f"订单超时自动关闭任务完成 closed={w.rng.randint(3, 40)} cost={w.rng.randint(120, 600)}ms", {
        "job": "order-timeout-close"
    }


def _inventory_noise(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    choice = w.rng.random()
    sku = draw_sku(w)
    if choice < 0.35:
        return "INFO", (
            f"POST /api/stock/reserve -> 200 OK ({w.rng.randint(9, 38)}ms) sku={sku} qty={w.rng.randint(1, 3)}"
        ), {"http_status": 200}
    if choice < 0.6:
        return "INFO", (
            f"库存扣减成功 sku={sku} warehouse=WH-SH-0{w.rng.randint(1, 3)} qty={w.rng.randint(1, 3)} "
            f"remaining={w.rng.randint(20, 900)}"
        ), {}
    if choice < 0.85:
        return "DEBUG", f"cache hit sku={sku} (local=caffeine, hit_ratio={w.rng.randint(955, 985) / 10:.1f}%)", {}
    return "DEBUG", f"GET /actuator/health -> 200 ({w.rng.randint(2, 5)}ms) status=UP", {}


def _user_noise(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    choice = w.rng.random()
    if choice < 0.3:
        return "INFO", f"POST /api/user/login -> 200 OK ({w.rng.randint(18, 60)}ms)", {"http_status": 200}
    if choice < 0.55:
        return "INFO", f"用户登录成功 uid={draw_uid(w)} channel={w.rng.choice(['app', 'h5', 'mini-program'])}", {}
    if choice < 0.8:
        return "DEBUG", f"redis GET session:{w.hex(12)} hit ({w.rng.randint(1, 3)}ms)", {}
    if choice < 0.95:
        return "INFO", f"GET /api/user/profile -> 200 OK ({w.rng.randint(6, 25)}ms)", {"http_status": 200}
    return "WARN", f"登录失败次数过多，账号临时锁定 15 分钟 uid={draw_uid(w)} attempts=5", {}


def _search_noise(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    choice = w.rng.random()
    if choice < 0.45:
        query = w.rng.choice(["羽绒服", "蓝牙耳机", "iphone 16", "保温杯", "猫粮", "running shoes"])
        return "INFO", (
            f"GET /api/search q={query} -> 200 OK ({w.rng.randint(25, 95)}ms) hits={w.rng.randint(40, 9000)}"
        ), {"http_status": 200}
    if choice < 0.7:
        return "INFO", f"增量索引同步完成 index=products_v7 updated={w.rng.randint(200, 3000)} cost={w.rng.randint(8, 40) / 10:.1f}s", {
            "job": "incremental-sync"
        }
    if choice < 0.85:
        node = w.rng.choice(ES_NODES)
        pause = w.rng.randint(8, 40)
        return "INFO", (
            f"[{node}] [gc][young][{w.rng.randint(10000, 99999)}] duration [{pause}ms], collections [1]/[1.1s], "
            f"total [{pause}ms]/[1.6h], memory [6.1gb]->[2.3gb]/[16gb]"
        ), {"component": "elasticsearch"}
    return "DEBUG", "cluster health: status=green, nodes=3, active_shards=96, relocating_shards=0", {}


def _notification_noise(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    choice = w.rng.random()
    if choice < 0.35:
        template = w.rng.choice(["ORDER_PAID", "ORDER_SHIPPED", "LOGIN_CODE", "REFUND_DONE"])
        return "INFO", f"短信发送成功 template={template} phone={draw_phone(w)} provider=aliyun-sms", {}
    if choice < 0.6:
        return "INFO", (
            f"consumed {w.rng.randint(20, 300)} messages from order-events partition={w.rng.randint(0, 5)} "
            f"offset={w.rng.randint(88_000_000, 89_999_999)}"
        ), {}
    if choice < 0.8:
        return "INFO", f"推送发送成功 uid={draw_uid(w)} type={w.rng.choice(['ORDER_SHIPPED', 'PROMOTION', 'COUPON_EXPIRE'])}", {}
    if choice < 0.96:
        return "DEBUG", "kafka consumer heartbeat ok group=notification-order-events members=3", {}
    return "ERROR", (
        f"短信发送失败 phone={draw_phone(w)} provider=aliyun-sms code=isv.MOBILE_NUMBER_ILLEGAL (号码格式错误，不重试)"
    ), {}


NOISE: dict[str, tuple[Noise, int, int]] = {  # service → (generator, min gap minutes, max gap minutes)
    "api-gateway": (_gateway_noise, 6, 16),
    "payment-service": (_payment_noise, 8, 20),
    "order-service": (_order_noise, 8, 20),
    "inventory-service": (_inventory_noise, 10, 24),
    "user-service": (_user_noise, 10, 24),
    "search-service": (_search_noise, 10, 26),
    "notification-service": (_notification_noise, 10, 26),
}


def build_noise(w: WorldBuilder) -> None:
    for service, (make, low, high) in NOISE.items():
        moment = START + dt.timedelta(seconds=w.rng.randint(0, 300))
        while moment < REFERENCE:
            if not in_incident(service, moment):
                level, message, attributes = make(w, moment)
                log(w, moment, service, level, message, **attributes)
            moment += dt.timedelta(minutes=w.rng.randint(low, high), milliseconds=w.rng.randint(0, 59_999))


def build_scheduled(w: WorldBuilder) -> None:
    """Recurring jobs that run daily regardless of incidents (so "normal" looks normal)."""
    pay = INSTANCES["payment-service"][0]
    log(w, at(27, "10:00:00.012"), "payment-service", "INFO",
        "scheduled job settlement-reconcile started (biz_date=2026-11-26, shards=8)", instance=pay,
        job="settlement-reconcile")
    log(w, at(27, "10:06:41.530"), "payment-service", "INFO",
        "scheduled job settlement-reconcile finished in 6m41s (matched=1288410, mismatched=3)", instance=pay,
        job="settlement-reconcile")
    log(w, at(27, "09:08:00.004"), "inventory-service", "INFO",
        "scheduled job stock-sync started: source=WMS, batch_size=500, rows_total=1843200",
        instance=INSTANCES["inventory-service"][0], job="stock-sync")
    log(w, at(27, "09:14:12.871"), "inventory-service", "INFO",
        "scheduled job stock-sync finished: rows_updated=61233 elapsed=6m12s (incremental)",
        instance=INSTANCES["inventory-service"][0], job="stock-sync")
    log(w, at(27, "09:00:00.000"), "api-gateway", "WARN",
        "ssl certificate for api.superbiz.cn expires in 14 days (notAfter=2026-12-11T08:00:00Z)",
        instance=INSTANCES["api-gateway"][0], log_type="error")
    log(w, at(28, "09:00:00.000"), "api-gateway", "WARN",
        "ssl certificate for api.superbiz.cn expires in 13 days (notAfter=2026-12-11T08:00:00Z)",
        instance=INSTANCES["api-gateway"][0], log_type="error")
    log(w, at(27, "11:00:02.118"), "search-service", "INFO",
        "同义词词典热更新开始 dict=synonyms_v42 entries=183220", job="synonym-reload")
    log(w, at(27, "11:03:27.402"), "search-service", "WARN",
        "[search-es-data-1] [gc][young][81234] overhead, spent [1.2s] collecting in the last [1.8s]",
        instance="search-es-data-1", component="elasticsearch")
    log(w, at(27, "11:08:51.660"), "search-service", "INFO",
        "同义词词典热更新完成 dict=synonyms_v42 cost=8m49s", job="synonym-reload")


# --- Incidents -----------------------------------------------------------------------------------
def incident_user_redis_failover(w: WorldBuilder) -> None:
    """(e) 11-27 14:19–14:35: Redis Sentinel failover; stale lettuce connections time out (2s);
    the gateway's proxy_read_timeout=3s turns slow logins into 504; fixed by a rolling restart."""
    users = INSTANCES["user-service"]
    gw = INSTANCES["api-gateway"]
    log(w, at(27, "14:19:48.211"), "user-service", "WARN",
        "Redis Sentinel: +switch-master mymaster 10.42.5.11 6379 10.42.5.12 6379 (redis-session-0 -> redis-session-1)",
        instance=users[0], logger="io.lettuce.core.masterreplica")
    timeouts = [
        ("14:20:12.455", "POST /api/user/login"), ("14:20:40.102", "GET /api/user/profile"),
        ("14:21:07.318", "POST /api/user/login"), ("14:22:31.960", "POST /api/user/login"),
        ("14:23:55.004", "GET /api/user/profile"), ("14:25:19.770", "POST /api/user/login"),
        ("14:26:48.236", "POST /api/user/login"), ("14:28:02.581", "GET /api/user/profile"),
        ("14:29:37.143", "POST /api/user/login"), ("14:30:58.690", "POST /api/user/login"),
        ("14:32:14.377", "POST /api/user/login"), ("14:33:41.025", "GET /api/user/profile"),
    ]
    for i, (clock, request) in enumerate(timeouts):
        moment = at(27, clock)
        pod = users[i % 2]
        trace = w.hex(32)
        log(w, moment, "user-service", "ERROR",
            f"io.lettuce.core.RedisCommandTimeoutException: Command timed out after 2 second(s) "
            f"(GET session:{w.hex(12)}, endpoint=redis-session-0:6379)",
            instance=pod, trace_id=trace, logger="io.lettuce.core.RedisCommandTimeoutException")
        method, path = request.split(" ")
        log(w, moment + dt.timedelta(milliseconds=9), "user-service", "ERROR",
            f"{request} -> 500 Internal Server Error (2004ms) cause=RedisCommandTimeoutException",
            instance=pod, trace_id=trace, http_status=500)
        conn = 8812331 + i * 7919
        log(w, moment + dt.timedelta(milliseconds=990), "api-gateway", "ERROR",
            f"*{conn} upstream timed out (110: Connection timed out) while reading response header from upstream, "
            f'client: 10.8.3.{21 + i}, server: api.superbiz.cn, request: "{method} {path} HTTP/1.1", '
            f'upstream: "http://10.42.3.{17 + i % 2}:8080{path}", host: "api.superbiz.cn"',
            instance=gw[i % 2], trace_id=trace, log_type="error", upstream="user-service")
        log(w, moment + dt.timedelta(milliseconds=992), "api-gateway", "WARN",
            f'10.8.3.{21 + i} "{method} {path} HTTP/1.1" 504 167 rt=3.001 upstream=user-service upstream_status=504',
            instance=gw[i % 2], trace_id=trace, log_type="access", http_status=504)
    log(w, at(27, "14:24:05.000"), "user-service", "WARN",
        "用户登录失败率升高：最近 5 分钟 login_fail=1873 (平时约 40)，原因 Redis 超时", instance=users[1])
    log(w, at(27, "14:31:10.402"), "user-service", "INFO",
        "rolling restart started by ops_chenjie: kubectl rollout restart deployment/user-service", instance=users[0])
    log(w, at(27, "14:34:50.118"), "user-service", "INFO",
        "Redis connected to redis-session-1:6379 (role=master), topology refreshed", instance=users[1],
        logger="io.lettuce.core.RedisClient")
    log(w, at(27, "14:35:30.560"), "user-service", "INFO", "POST /api/user/login -> 200 OK (31ms)", instance=users[1],
        http_status=200)

    w.alert("Upstream504Rate", "api-gateway", "critical", at(27, "14:21"), at(27, "14:35"), "6.8%",
            "网关到 user-service 的 504 比例 6.8% 超过阈值 2%（upstream timed out）", upstream="user-service")
    w.alert("RedisLatencyHigh", "user-service", "warning", at(27, "14:20"), at(27, "14:35"), "2000ms",
            "user-service Redis 命令 p99 延迟 2000ms 超过阈值 500ms（命令超时）", redis="redis-session")


def incident_order_oom(w: WorldBuilder) -> None:
    """(b) 11-27 21:20–22:10: a 90-day order export loads ~1.24M rows into the heap; Java heap
    OOM, heap dump, container OOMKilled (limit 2Gi), resumed on restart → 4 restarts and
    CrashLoopBackOff until ops paused the task at 22:05:30."""
    pod = ORDER_POD
    other = INSTANCES["order-service"][1]
    kube = {"source": "kubelet", "node": "k8s-node-07"}
    task = "EXP-20261127-0042"
    log(w, at(27, "21:20:03.117"), "order-service", "INFO",
        f"报表导出任务开始 task_id={task} type=ORDER_DETAIL range=90d requested_by=ops_liuyang", instance=pod,
        job="order-export")
    log(w, at(27, "21:20:04.562"), "order-service", "INFO",
        "order-export: loading orders 2026-08-29..2026-11-27 into memory, estimated_rows=1236540", instance=pod,
        job="order-export")
    log(w, at(27, "21:24:40.309"), "order-service", "WARN",
        "GC overhead: Full GC (Allocation Failure) took 1840ms, heap 1689M->1652M(1740M)", instance=pod, logger="gc")
    log(w, at(27, "21:27:15.880"), "order-service", "WARN",
        "GC overhead: Full GC (Allocation Failure) took 2380ms, heap 1731M->1718M(1740M)", instance=pod, logger="gc")
    log(w, at(27, "21:29:50.441"), "order-service", "WARN",
        f"slow request: POST /api/orders -> 201 Created (2870ms) order_id={draw_order_id(w, at(27, '21:29'))}",
        instance=pod, http_status=201)
    oom_trace = (
        'Exception in thread "order-export-1" java.lang.OutOfMemoryError: Java heap space\n'
        "\tat java.base/java.util.Arrays.copyOf(Arrays.java:3537)\n"
        "\tat java.base/java.util.ArrayList.grow(ArrayList.java:237)\n"
        "\tat com.superbiz.order.export.OrderExportService.loadAll(OrderExportService.java:118)\n"
        "\tat com.superbiz.order.export.OrderExportJob.run(OrderExportJob.java:57)"
    )
    # (heap OOM, OOMKilled, restarted, export resumed) per cycle; restartCount = cycle number
    cycles = [
        ("21:30:58.204", "21:31:40.377", "21:31:52.610", "21:32:05.031"),
        ("21:43:20.915", "21:43:52.118", "21:44:05.402", "21:44:18.776"),
        ("21:52:02.533", "21:52:30.064", "21:52:44.290", "21:52:58.147"),
        ("21:57:40.720", "21:58:10.455", None, None),
    ]
    for restart, (oom, killed, started, resumed) in enumerate(cycles, start=1):
        log(w, at(27, oom), "order-service", "ERROR", oom_trace, instance=pod, logger="java.lang.Thread")
        log(w, at(27, oom) + dt.timedelta(milliseconds=2250), "order-service", "WARN",
            "java.lang.OutOfMemoryError: Java heap space -- Dumping heap to /tmp/heapdump/java_pid1.hprof ...",
            instance=pod)
        log(w, at(27, killed), "order-service", "ERROR",
            f"Container order-service in pod {pod} terminated: reason=OOMKilled exitCode=137 "
            f"restartCount={restart} (memory limit 2Gi)", instance=pod, **kube)
        log(w, at(27, killed) + dt.timedelta(milliseconds=640), "api-gateway", "ERROR",
            f'*{9120044 + restart * 311} connect() failed (111: Connection refused) while connecting to upstream, '
            f'client: 10.8.5.{60 + restart}, server: api.superbiz.cn, request: "POST /api/orders HTTP/1.1", '
            f'upstream: "http://10.42.7.23:8080/api/orders"', instance=INSTANCES["api-gateway"][restart % 2],
            log_type="error", upstream="order-service")
        log(w, at(27, killed) + dt.timedelta(milliseconds=641), "api-gateway", "WARN",
            f'10.8.5.{60 + restart} "POST /api/orders HTTP/1.1" 502 157 rt=0.002 upstream=order-service upstream_status=502',
            instance=INSTANCES["api-gateway"][restart % 2], log_type="access", http_status=502)
        if started and resumed:
            log(w, at(27, started), "order-service", "INFO",
                "Started OrderApplication in 11.8 seconds (process running for 12.6)", instance=pod)
            log(w, at(27, resumed), "order-service", "INFO", f"恢复未完成的报表导出任务 task_id={task} progress=0%",
                instance=pod, job="order-export")
    for clock in ("21:58:30.002", "22:00:31.418"):
        log(w, at(27, clock), "order-service", "WARN",
            f"Back-off restarting failed container order-service in pod {pod} (CrashLoopBackOff)", instance=pod, **kube)
    log(w, at(27, "22:02:40.911"), "order-service", "INFO",
        "Started OrderApplication in 12.1 seconds (process running for 12.9)", instance=pod)
    log(w, at(27, "22:02:55.004"), "order-service", "INFO", f"恢复未完成的报表导出任务 task_id={task} progress=0%",
        instance=pod, job="order-export")
    log(w, at(27, "22:05:30.260"), "order-service", "INFO",
        f"报表导出任务已暂停 task_id={task} operator=ops_zhangwei reason=导出全量数据导致 OOM，改为分页流式导出",
        instance=pod, job="order-export")
    log(w, at(27, "22:06:12.731"), "order-service", "INFO",
        "GC pause (G1 Evacuation Pause) 21ms, heap 1210M->486M(1740M)", instance=pod, logger="gc")
    log(w, at(27, "22:09:40.093"), "order-service", "INFO",
        f"POST /api/orders -> 201 Created (88ms) order_id={draw_order_id(w, at(27, '22:09'))}", instance=other, http_status=201)

    # Rules: max_over_time(memory[15m]) > 90% of limit; increase(oom_kills[10m]) > 0; restarts[30m] > 2.
    w.alert("HighMemoryUsage", "order-service", "warning", at(27, "21:24"), at(27, "22:13"), "91%",
            "order-service 容器内存 15 分钟峰值 91%（1862MiB / limit 2048MiB）超过阈值 90%", pod=pod)
    w.alert("ContainerOOMKilled", "order-service", "critical", at(27, "21:31:40"), at(27, "22:08:10"), "exitCode=137",
            "order-service 容器被 OOMKilled（memory limit 2Gi），21:31–21:58 共 4 次，Java heap space", pod=pod)
    w.alert("PodRestartLoop", "order-service", "warning", at(27, "21:53"), at(27, "22:14"), "3 次重启/30m",
            f"Pod {pod} 30 分钟内重启 3 次，超过阈值 2 次（随后进入 CrashLoopBackOff，峰值 4 次）", pod=pod)


def incident_search_disk_full(w: WorldBuilder) -> None:
    """(d) 11-28 01:30–03:26: the nightly full reindex (products_v8) on top of the old
    products_v6/v7 fills /data on search-es-data-2: watermarks 90% → 95% (read-only block) →
    100% "No space left on device"; ops deleted products_v6 and the partial v8 at 03:12."""
    app = INSTANCES["search-service"][0]
    node = "search-es-data-2"
    es = {"component": "elasticsearch"}
    log(w, at(28, "01:30:00.009"), "search-service", "INFO",
        "全量重建索引任务开始 index=products_v8 source=products_v7 docs=18234512", instance=app, job="full-reindex")
    log(w, at(28, "01:30:02.330"), "search-service", "INFO",
        "[search-es-data-1] [products_v8] creating index, cause [api], shards [6]/[1]", instance="search-es-data-1", **es)
    log(w, at(28, "02:05:12.418"), "search-service", "WARN",
        f"[{node}] high disk watermark [90%] exceeded on [kT3s9XQ2R0yq][{node}][/data/nodes/0] "
        "free: 49.1gb[9.8%], shards will be relocated away from this node", instance=node, **es)
    log(w, at(28, "02:14:30.057"), "search-service", "WARN",
        f"[{node}] flood stage disk watermark [95%] exceeded on [kT3s9XQ2R0yq][{node}][/data/nodes/0] "
        "free: 24.1gb[4.8%], all indices on this node will be marked read-only", instance=node, **es)
    for clock in ("02:15:02.771", "02:18:44.102", "02:24:09.530", "02:47:51.218", "03:05:36.904"):
        log(w, at(28, clock), "search-service", "ERROR",
            f"写入商品索引失败 sku={draw_sku(w)} index=products_v7 reason=cluster_block_exception: index [products_v7] "
            "blocked by: [TOO_MANY_REQUESTS/12/disk usage exceeded flood-stage watermark, "
            "index has read-only-allow-delete block]", instance=app)
    log(w, at(28, "02:31:18.640"), "search-service", "ERROR",
        f"[{node}] [products_v8][3] failed to write translog: java.io.IOException: No space left on device",
        instance=node, **es)
    log(w, at(28, "02:31:20.013"), "search-service", "ERROR",
        f"[{node}] shard failed, shard [products_v8][3], reason [lucene commit failed], "
        "failure java.io.IOException: No space left on device", instance=node, **es)
    log(w, at(28, "02:32:05.377"), "search-service", "ERROR",
        "全量重建索引任务失败 index=products_v8 progress=71% error=No space left on device", instance=app,
        job="full-reindex")
    log(w, at(28, "02:40:00.221"), "search-service", "ERROR",
        "logrotate: error writing /var/log/elasticsearch/search-es.log.1: No space left on device", instance=node,
        component="logrotate")
    for clock in ("02:20:11.300", "02:50:45.876"):
        log(w, at(28, clock), "search-service", "INFO",
            f"GET /api/search q=羽绒服 -> 200 OK ({w.rng.randint(40, 90)}ms) hits=3812 (reads unaffected by read-only block)",
            instance=INSTANCES["search-service"][1], http_status=200)
    log(w, at(28, "03:12:30.145"), "search-service", "INFO",
        "DELETE /products_v6 acknowledged=true (freed 118.6gb on /data) operator=ops_wangfang", instance=app)
    log(w, at(28, "03:13:02.580"), "search-service", "INFO",
        "DELETE /products_v8 (partial, 71%) acknowledged=true (freed 96.3gb on /data) operator=ops_wangfang", instance=app)
    log(w, at(28, "03:14:10.992"), "search-service", "INFO",
        'PUT /products_v7/_settings {"index.blocks.read_only_allow_delete": null} acknowledged=true', instance=app)
    log(w, at(28, "03:26:40.311"), "search-service", "INFO",
        "商品索引写入恢复，积压补写完成 backlog=48213 index=products_v7", instance=app, job="incremental-sync")

    w.alert("DiskSpaceLow", "search-service", "warning", at(28, "02:05"), at(28, "03:13"), "90.2%",
            "search-es-data-2 /data 磁盘使用率 90.2% 超过阈值 90%", node=node, mountpoint="/data")
    w.alert("DiskSpaceCritical", "search-service", "critical", at(28, "02:14"), at(28, "03:13"), "95.2%",
            "search-es-data-2 /data 磁盘使用率 95.2% 超过 95%（ES flood stage，索引已被置为只读）", node=node,
            mountpoint="/data")


def incident_inventory_slow_sql(w: WorldBuilder) -> None:
    """(c) 11-28 09:08–09:40: the daily stock-sync job ran a full sync (1843200 rows, batches of
    5000) holding row locks on `stock`; reservations (SELECT … FOR UPDATE) waited: slow queries
    up to 4870ms, one lock wait timeout, p99 4870ms; back to normal after the job finished."""
    pods = INSTANCES["inventory-service"]
    log(w, at(28, "09:08:00.006"), "inventory-service", "INFO",
        "scheduled job stock-sync started: source=WMS, mode=FULL, batch_size=5000, rows_total=1843200",
        instance=pods[0], job="stock-sync")
    log(w, at(28, "09:10:14.233"), "inventory-service", "WARN",
        "slow query took 1320ms: UPDATE stock SET available_qty = ?, version = version + 1 "
        "WHERE warehouse_id = ? AND sku_id IN (?, ?, …) (rows_affected=5000)", instance=pods[0], job="stock-sync",
        logger="slow-sql")
    reserve_sql = "SELECT sku_id, warehouse_id, available_qty FROM stock WHERE sku_id = ? AND warehouse_id = ? FOR UPDATE"
    slow = [
        ("09:12:31.517", 2310, 2105), ("09:15:07.092", 3655, 3390), ("09:18:44.760", 4120, 3877),
        ("09:21:47.305", 4870, 4610), ("09:26:19.844", 3940, 3702), ("09:31:02.118", 2980, 2744),
        ("09:35:55.471", 1650, 1420),
    ]
    for i, (clock, took, lock_wait) in enumerate(slow):
        moment = at(28, clock)
        pod = pods[i % 2]
        trace = w.hex(32)
        log(w, moment, "inventory-service", "WARN",
            f"slow query took {took}ms: {reserve_sql} (lock_wait={lock_wait}ms, rows_examined=1)",
            instance=pod, trace_id=trace, logger="slow-sql")
        sku = draw_sku(w)
        log(w, moment + dt.timedelta(milliseconds=40), "inventory-service", "INFO",
            f"POST /api/stock/reserve -> 200 OK ({took + 38}ms) sku={sku} qty=1", instance=pod, trace_id=trace,
            http_status=200)
        log(w, moment + dt.timedelta(milliseconds=45), "order-service", "WARN",
            f"调用库存服务耗时过长 POST /api/stock/reserve cost={took + 42}ms order_id={draw_order_id(w, moment)} sku={sku}",
            instance=INSTANCES["order-service"][i % 2], trace_id=trace)
    trace = w.hex(32)
    log(w, at(28, "09:22:10.902"), "inventory-service", "ERROR",
        "com.mysql.cj.jdbc.exceptions.MySQLTransactionRollbackException: Lock wait timeout exceeded; "
        "try restarting transaction (table=stock, innodb_lock_wait_timeout=5)", instance=pods[1], trace_id=trace)
    log(w, at(28, "09:22:10.915"), "inventory-service", "ERROR",
        "库存预占失败 sku=SKU-100873 warehouse=WH-SH-01 reason=Lock wait timeout exceeded", instance=pods[1],
        trace_id=trace)
    log(w, at(28, "09:22:10.930"), "inventory-service", "ERROR",
        "POST /api/stock/reserve -> 500 Internal Server Error (5012ms) sku=SKU-100873", instance=pods[1],
        trace_id=trace, http_status=500)
    log(w, at(28, "09:24:00.000"), "inventory-service", "INFO",
        "stock-sync progress 40% (737000/1843200 rows), elapsed 16m", instance=pods[0], job="stock-sync")
    log(w, at(28, "09:38:40.417"), "inventory-service", "INFO",
        "scheduled job stock-sync finished: rows_updated=1843200 elapsed=30m40s", instance=pods[0], job="stock-sync")
    log(w, at(28, "09:41:12.006"), "inventory-service", "INFO",
        "POST /api/stock/reserve -> 200 OK (19ms) sku=SKU-231907 qty=2", instance=pods[1], http_status=200)

    w.alert("MySQLSlowQueries", "inventory-service", "warning", at(28, "09:11"), at(28, "09:38"), "6 次/分钟",
            "inventory-service 慢查询 6 次/分钟 超过阈值 5 次/分钟（inventory_db.stock）", db="inventory_db")
    w.alert("HighLatencyP99", "inventory-service", "warning", at(28, "09:14"), at(28, "09:40"), "1350ms",
            "inventory-service p99 延迟 1350ms 超过阈值 1000ms")


def incident_payment_pool(w: WorldBuilder) -> None:
    """(a) 11-28 10:00–now: the daily settlement-reconcile job for Black Friday (biz_date=2026-11-27,
    ~3× a normal day) runs full scans of pay_order (8–12s per query) on 8 shards spread over both
    pods, each holding pooled connections; HikariPool-1 saturates (46/50 at 10:03, 50/50 from
    10:05, waiting up to 52); requests fail after connectionTimeout=3000ms → POST /api/pay HTTP
    500; still ongoing at reference_time."""
    pods = INSTANCES["payment-service"]
    gw = INSTANCES["api-gateway"]
    log(w, at(28, "10:00:00.015"), "payment-service", "INFO",
        "scheduled job settlement-reconcile started (biz_date=2026-11-27, shards=8, workers=4 per pod, "
        "pay_order rows for biz_date≈4.1M, 3.2x the 30-day average)", instance=pods[0],
        job="settlement-reconcile")
    scan = ("SELECT id, order_id, amount, status, channel FROM pay_order WHERE status = 'PAID' "
            "AND updated_at >= ? AND updated_at < ? ORDER BY id")
    for clock, took, worker in [("10:01:38.402", 8421, 3), ("10:02:12.955", 9107, 4), ("10:03:41.230", 11892, 1),
                                 ("10:08:19.664", 12310, 6), ("10:17:02.148", 10544, 2)]:
        log(w, at(28, clock), "payment-service", "WARN",
            f"slow query took {took}ms: {scan} (rows_examined=4129337, thread=reconcile-worker-{worker})",
            instance=pods[worker % 2], logger="slow-sql", job="settlement-reconcile")
    log(w, at(28, "10:00:30.000"), "payment-service", "DEBUG",
        "HikariPool-1 - Pool stats (total=50, active=12, idle=38, waiting=0)", instance=pods[0],
        logger="com.zaxxer.hikari.pool.HikariPool")
    log(w, at(28, "10:03:05.000"), "payment-service", "WARN",
        "HikariPool-1 - Pool stats (total=50, active=46, idle=4, waiting=3)", instance=pods[0],
        logger="com.zaxxer.hikari.pool.HikariPool")
    log(w, at(28, "10:04:20.517"), "payment-service", "WARN",
        "HikariPool-1 - Connection leak detection triggered for com.mysql.cj.jdbc.ConnectionImpl@5f2a1c3e "
        "on thread reconcile-worker-3, stack trace follows (leakDetectionThreshold=60000ms)", instance=pods[0],
        logger="com.zaxxer.hikari.pool.ProxyLeakTask")
    log(w, at(28, "10:04:31.090"), "payment-service", "WARN",
        "POST /api/pay -> 200 OK (1712ms) slow request", instance=pods[1], http_status=200)
    # The failing requests. (pod, clock, waiting) — waiting follows db_pool_pending.
    failures = [
        (0, "10:05:12.204", 37), (1, "10:05:40.811", 39), (0, "10:06:03.318", 41), (1, "10:06:47.020", 44),
        (0, "10:07:29.776", 48), (0, "10:08:10.145", 52), (1, "10:09:02.533", 50), (0, "10:10:44.870", 49),
        (1, "10:12:05.316", 48), (0, "10:13:51.402", 47), (1, "10:15:26.091", 45), (0, "10:17:48.660", 44),
        (1, "10:19:30.207", 44), (0, "10:21:13.985", 45), (1, "10:23:02.448", 46), (0, "10:24:47.139", 46),
        (1, "10:26:20.871", 47), (0, "10:28:05.512", 46), (1, "10:29:31.004", 46),
    ]
    for index, (pod_index, clock, waiting) in enumerate(failures):
        moment = at(28, clock)
        pod = pods[pod_index]
        trace = w.hex(32)
        log(w, moment, "payment-service", "ERROR",
            f"HikariPool-1 - Connection is not available, request timed out after 3000ms "
            f"(active=50, idle=0, waiting={waiting})", instance=pod, trace_id=trace,
            logger="com.zaxxer.hikari.pool.HikariPool")
        if index % 3 == 0:
            log(w, moment + dt.timedelta(milliseconds=1), "payment-service", "ERROR",
                "org.springframework.jdbc.CannotGetJdbcConnectionException: Failed to obtain JDBC Connection; "
                "nested exception is java.sql.SQLTransientConnectionException: HikariPool-1 - Connection is not "
                "available, request timed out after 3000ms.", instance=pod, trace_id=trace,
                logger="o.a.c.c.C.[.[.[/].[dispatcherServlet]")
        log(w, moment + dt.timedelta(milliseconds=1), "payment-service", "ERROR",
            "POST /api/pay -> HTTP 500 Internal Server Error", instance=pod, trace_id=trace, http_status=500,
            cost_ms=3006)
        log(w, moment + dt.timedelta(milliseconds=5), "api-gateway", "WARN",
            f'10.8.{index % 7 + 2}.{40 + index} "POST /api/pay HTTP/1.1" 500 213 rt=3.012 '
            "upstream=payment-service upstream_status=500", instance=gw[index % 2], trace_id=trace,
            log_type="access", http_status=500)
        if index % 4 == 1:
            order_id = draw_order_id(w, moment)
            log(w, moment + dt.timedelta(milliseconds=9), "order-service", "WARN",
                f"调用支付服务失败 order_id={order_id} status=500 cost=3014ms，订单保持待支付", trace_id=trace)
    for clock, order_id in [("10:09:41.377", "O2026112861034527"), ("10:16:08.905", "O2026112872218843")]:
        log(w, at(28, clock), "payment-service", "ERROR",
            f"支付回调处理失败，稍后重试 order_id={order_id} channel=alipay reason=CannotGetJdbcConnectionException",
            instance=pods[1])
    # Some requests still get a connection, slowly.
    for clock, cost in [("10:07:02.640", 2870), ("10:14:33.118", 2655), ("10:22:40.502", 2930)]:
        log(w, at(28, clock), "payment-service", "INFO",
            f"POST /api/pay -> 200 OK ({cost}ms) order_id={draw_order_id(w, at(28, clock))} channel=wechat",
            instance=pods[1], http_status=200)
    log(w, at(28, "10:06:10.000"), "payment-service", "WARN",
        "GET /actuator/health -> 503 (3004ms) status=DOWN components.db=DOWN (HikariPool-1 timeout)",
        instance=pods[1])
    log(w, at(28, "10:11:00.000"), "payment-service", "INFO",
        "settlement-reconcile progress shard 3/8 done, elapsed 11m", instance=pods[0], job="settlement-reconcile")
    log(w, at(28, "10:22:00.000"), "payment-service", "INFO",
        "settlement-reconcile progress shard 5/8 done, elapsed 22m", instance=pods[0], job="settlement-reconcile")
    log(w, at(28, "10:24:05.220"), "payment-service", "WARN",
        "HikariPool-1 - Pool stats (total=50, active=50, idle=0, waiting=46)", instance=pods[0],
        logger="com.zaxxer.hikari.pool.HikariPool")

    w.alert("HighLatencyP99", "payment-service", "warning", at(28, "10:04"), None, "1650ms",
            "payment-service p99 延迟 1650ms 超过阈值 1000ms")
    w.alert("DBConnectionPoolHighUsage", "payment-service", "warning", at(28, "10:03"), None, "46/50 (92%)",
            "payment-service HikariPool-1 活跃连接 46/50 超过 90%（threshold 45）", pool="HikariPool-1")
    w.alert("DBConnectionPoolExhausted", "payment-service", "critical", at(28, "10:05"), None,
            "active=50/50, waiting=37",
            "payment-service HikariPool-1 连接池耗尽：active=50 达到 maximumPoolSize=50，等待线程 37", pool="HikariPool-1")
    w.alert("HighErrorRate", "payment-service", "critical", at(28, "10:06"), None, "12.5%",
            "5xx 比例超过 5%，当前 12.5%（POST /api/pay）")
    w.alert("UpstreamErrorRate", "api-gateway", "warning", at(28, "10:06"), None, "7.1%",
            "网关到 payment-service 的 5xx 比例 7.1% 超过阈值 5%", upstream="payment-service")


def incident_payment_channel_blip(w: WorldBuilder) -> None:
    """A short, unrelated HighErrorRate of payment-service yesterday (UnionPay channel timeouts)."""
    pods = INSTANCES["payment-service"]
    for i, clock in enumerate(["16:39:58.114", "16:40:21.730", "16:40:55.046", "16:41:37.912", "16:42:18.455"]):
        moment = at(27, clock)
        trace = w.hex(32)
        order_id = draw_order_id(w, moment)
        log(w, moment, "payment-service", "ERROR",
            f"调用银联渠道超时 channel=unionpay cost=5003ms order_id={order_id}", instance=pods[i % 2], trace_id=trace)
        log(w, moment + dt.timedelta(milliseconds=2), "payment-service", "ERROR",
            "POST /api/pay -> HTTP 504 Gateway Timeout (channel=unionpay)", instance=pods[i % 2], trace_id=trace,
            http_status=504)
    log(w, at(27, "16:43:30.000"), "payment-service", "INFO",
        "银联渠道恢复正常 channel=unionpay success_rate=99.6% (last 1m)", instance=pods[0])
    w.alert("HighErrorRate", "payment-service", "critical", at(27, "16:40"), at(27, "16:43"), "5.6%",
            "5xx 比例超过 5%，当前 5.6%（channel=unionpay 超时）")


def incident_notification_lag(w: WorldBuilder) -> None:
    """Noise: a deploy of notification-service causes a brief Kafka consumer lag."""
    pods = INSTANCES["notification-service"]
    log(w, at(27, "18:02:00.318"), "notification-service", "INFO",
        "deploy notification-service v2.14.3: rolling update started (maxUnavailable=1)", instance=pods[0])
    log(w, at(27, "18:03:10.902"), "notification-service", "WARN",
        "consumer group notification-order-events rebalancing (members=3, generation=218)", instance=pods[1])
    log(w, at(27, "18:05:40.115"), "notification-service", "WARN",
        "consumer lag 12480 messages on topic order-events (group=notification-order-events)", instance=pods[1])
    log(w, at(27, "18:24:50.640"), "notification-service", "INFO",
        "consumer lag recovered: 86 messages on topic order-events", instance=pods[0])
    w.alert("KafkaConsumerLag", "notification-service", "warning", at(27, "18:05"), at(27, "18:20"), "lag=12480",
            "消费组 notification-order-events 堆积 12480 条，超过阈值 10000", topic="order-events")
    w.alert("HighCPUUsage", "search-service", "warning", at(27, "11:02"), at(27, "11:09"), "87.3%",
            "search-es-data-1 CPU 使用率 87.3% 超过阈值 85%", node="search-es-data-1")
    w.alert("CertificateExpiringSoon", "api-gateway", "warning", at(27, "09:00"), None, "14 天",
            "api.superbiz.cn TLS 证书将于 2026-12-11 过期（剩余 14 天）", domain="api.superbiz.cn")


# --- Metric series -------------------------------------------------------------------------------


def _sample_times(windows: Sequence[tuple[dt.datetime, dt.datetime]], step_minutes: int = 10) -> list[dt.datetime]:
    times = set()
    moment = START
    while moment <= REFERENCE:
        times.add(moment)
        moment += dt.timedelta(minutes=step_minutes)
    for start, end in windows:
        moment = start.replace(second=0, microsecond=0)
        while moment <= min(end, REFERENCE):
            times.add(moment)
            moment += dt.timedelta(minutes=1)
    return sorted(times)


def _interpolate(keyframes: Keyframes, moment: dt.datetime) -> tuple[float, bool] | None:
    """The value at ``moment`` inside the keyframes, and whether it may carry noise (strictly
    between two different keyframe values), or None outside them."""
    if not keyframes or moment < keyframes[0][0] or moment > keyframes[-1][0]:
        return None
    for (t0, v0), (t1, v1) in zip(keyframes, keyframes[1:], strict=False):
        if t0 <= moment <= t1:
            if moment == t0:
                return v0, False
            if moment == t1:
                return v1, False
            share = (moment - t0) / (t1 - t0)
            return v0 + (v1 - v0) * share, v0 != v1
    return keyframes[-1][1], False


def series(
    w: WorldBuilder,
    *,
    name: str,
    service: str,
    unit: str,
    baseline: tuple[float, float] | Callable[[dt.datetime], tuple[float, float]],
    episodes: Sequence[Keyframes],
    threshold: float | None = None,
    labels: dict[str, str] | None = None,
    digits: int = 1,
    cap: float | None = None,
) -> None:
    """A series sampled every 10 minutes, every minute inside each episode. Outside episodes a
    value is drawn from ``baseline``; inside, keyframes are hit exactly and the points between
    are interpolated with a little noise that never moves a point across the threshold or above
    ``cap`` (a physical maximum: pool size, memory limit, 100%)."""
    windows = [(kf[0][0], kf[-1][0]) for kf in episodes]
    points: list[list[Any]] = []
    for moment in _sample_times(windows):
        found = None
        for keyframes in episodes:
            found = _interpolate(keyframes, moment)
            if found is not None:
                break
        if found is None:
            low, high = baseline(moment) if callable(baseline) else baseline
            value = w.rng.uniform(low, high)
        else:
            value, noisy_ok = found
            if noisy_ok:
                noisy = value * (1 + w.rng.uniform(-0.02, 0.02))
                same_side = threshold is None or (
                    (round_to(noisy, digits) > threshold) == (round_to(value, digits) > threshold)
                )
                if same_side and (cap is None or noisy <= cap):
                    value = noisy
        points.append([iso(moment), round_to(value, digits)])
    w.metrics.append(
        {
            "name": name,
            "service": service,
            "unit": unit,
            "labels": labels or {},
            "threshold": threshold,
            "points": points,
        }
    )


def kf(day: int, *pairs: tuple[str, float]) -> list[tuple[dt.datetime, float]]:
    return [(at(day, clock), value) for clock, value in pairs]


def build_metrics(w: WorldBuilder) -> None:
    # (a) payment-service, 10:00 → now (+ yesterday's channel blip on the 5xx series)
    series(w, name="http_5xx_rate", service="payment-service", unit="%", threshold=5.0, baseline=(0.05, 0.3), digits=2,
           episodes=[
               kf(27, ("16:38", 0.2), ("16:39", 1.8), ("16:40", 5.6), ("16:41", 6.1), ("16:42", 5.9), ("16:43", 2.1),
                  ("16:44", 0.3)),
               kf(28, ("09:50", 0.15), ("10:04", 0.2), ("10:05", 3.2), ("10:06", 12.5), ("10:08", 13.9),
                  ("10:12", 14.8), ("10:20", 12.9), ("10:25", 13.4), ("10:30", 13.1)),
           ])
    series(w, name="http_request_duration_p99_ms", service="payment-service", unit="ms", threshold=1000.0,
           baseline=(150, 260), digits=0,
           episodes=[kf(28, ("09:50", 210), ("10:00", 240), ("10:02", 480), ("10:03", 920), ("10:04", 1650),
                        ("10:05", 3010), ("10:06", 3050), ("10:15", 3040), ("10:30", 3060))])
    series(w, name="db_pool_active", service="payment-service", unit="connections", threshold=45.0,
           baseline=(5, 14), digits=0, cap=50, labels={"pool": "HikariPool-1", "max": "50"},
           episodes=[kf(28, ("09:50", 9), ("10:00", 12), ("10:01", 21), ("10:02", 33), ("10:03", 46), ("10:04", 49),
                        ("10:05", 50), ("10:30", 50))])
    series(w, name="db_pool_pending", service="payment-service", unit="threads", threshold=10.0,
           baseline=(0, 0), digits=0, labels={"pool": "HikariPool-1"},
           episodes=[kf(28, ("09:50", 0), ("10:02", 0), ("10:03", 3), ("10:04", 9), ("10:05", 37), ("10:06", 41),
                        ("10:07", 48), ("10:08", 52), ("10:12", 48), ("10:20", 44), ("10:24", 46), ("10:30", 46))])
    series(w, name="cpu_usage", service="payment-service", unit="%", threshold=85.0, baseline=(32, 48),
           episodes=[kf(28, ("09:50", 38), ("10:05", 44), ("10:30", 41))])
    # (b) order-service, 11-27 21:00–22:30 on the export pod
    oom_labels = {"pod": ORDER_POD, "container": "order-service", "limit": "2Gi"}
    series(w, name="memory_usage", service="order-service", unit="MiB", threshold=1843.0, baseline=(1100, 1350),
           digits=0, cap=2048, labels=oom_labels,
           episodes=[kf(27, ("21:00", 1290), ("21:10", 1420), ("21:20", 1560), ("21:22", 1760), ("21:24", 1862),
                        ("21:28", 1968), ("21:30", 1995), ("21:31", 2041), ("21:32", 640), ("21:38", 1390),
                        ("21:42", 1930), ("21:43", 2038), ("21:44", 610), ("21:50", 1650), ("21:51", 1905),
                        ("21:52", 2044), ("21:53", 580), ("21:56", 1870), ("21:57", 1985), ("21:58", 2046),
                        ("21:59", 0), ("22:02", 0), ("22:03", 530), ("22:05", 1180), ("22:06", 990),
                        ("22:10", 1080), ("22:30", 1150))])
    series(w, name="jvm_heap_used", service="order-service", unit="MiB", baseline=(420, 1050), digits=0, cap=1740,
           labels={"pod": ORDER_POD, "heap_max": "1740MiB"},
           episodes=[kf(27, ("21:00", 880), ("21:20", 1240), ("21:24", 1689), ("21:27", 1731), ("21:30", 1738),
                        ("21:31", 1740), ("21:32", 310), ("21:38", 1310), ("21:43", 1740), ("21:44", 295),
                        ("21:50", 1580), ("21:52", 1740), ("21:53", 300), ("21:57", 1739), ("21:58", 1740),
                        ("21:59", 0), ("22:02", 0), ("22:03", 280), ("22:05", 1210), ("22:06", 486),
                        ("22:10", 690), ("22:30", 760))])
    # restarts within the last 30 minutes; restarts at 21:31:40, 21:43:52, 21:52:30, 21:58:10
    series(w, name="container_restarts_30m", service="order-service", unit="count", threshold=2.0, baseline=(0, 0),
           digits=0, labels={"pod": ORDER_POD, "container": "order-service"},
           episodes=[kf(27, ("21:00", 0), ("21:31", 0), ("21:32", 1), ("21:43", 1), ("21:44", 2), ("21:52", 2),
                        ("21:53", 3), ("21:58", 3), ("21:59", 4), ("22:01", 4), ("22:02", 3), ("22:13", 3),
                        ("22:14", 2), ("22:22", 2), ("22:23", 1), ("22:28", 1), ("22:29", 0), ("22:40", 0))])
    # (c) inventory-service, 11-28 09:00–09:50
    series(w, name="http_request_duration_p99_ms", service="inventory-service", unit="ms", threshold=1000.0,
           baseline=(60, 110), digits=0,
           episodes=[kf(28, ("09:00", 92), ("09:08", 150), ("09:10", 640), ("09:12", 980), ("09:13", 960),
                        ("09:14", 1350), ("09:16", 3655), ("09:19", 4120), ("09:22", 4870), ("09:26", 3940),
                        ("09:31", 2980), ("09:36", 1650), ("09:39", 1100), ("09:40", 720), ("09:41", 240),
                        ("09:50", 95))])
    series(w, name="mysql_slow_queries", service="inventory-service", unit="per_minute", threshold=5.0,
           baseline=(0, 1), digits=0, labels={"db": "inventory_db"},
           episodes=[kf(28, ("09:00", 0), ("09:09", 2), ("09:11", 6), ("09:12", 9), ("09:20", 14), ("09:22", 17),
                        ("09:30", 11), ("09:36", 6), ("09:37", 6), ("09:38", 4), ("09:40", 1), ("09:50", 0))])
    # (d) search-service disk on search-es-data-2, 11-28 01:20–03:40; cpu noise on es-data-1 11-27 11:00
    series(w, name="disk_usage", service="search-service", unit="%", threshold=90.0, cap=100,
           baseline=lambda moment: (62.8, 64.1) if moment < at(28, "01:20") else (57.2, 58.0),
           labels={"node": "search-es-data-2", "mountpoint": "/data"},
           episodes=[kf(28, ("01:20", 64.2), ("01:30", 64.3), ("01:45", 74.9), ("02:00", 86.7), ("02:04", 89.6),
                        ("02:05", 90.2), ("02:10", 93.4), ("02:14", 95.2), ("02:20", 97.8), ("02:31", 100.0),
                        ("03:12", 100.0), ("03:13", 76.3), ("03:14", 57.0), ("03:40", 57.4))])
    series(w, name="cpu_usage", service="search-service", unit="%", threshold=85.0, baseline=(28, 46),
           labels={"node": "search-es-data-1"},
           episodes=[kf(27, ("10:55", 35), ("11:00", 52), ("11:02", 87.3), ("11:05", 91.2), ("11:08", 86.0),
                        ("11:09", 61.0), ("11:15", 38))])
    # (e) user-service / gateway, 11-27 14:10–14:45
    series(w, name="http_504_rate", service="api-gateway", unit="%", threshold=2.0, baseline=(0.0, 0.05), digits=2,
           labels={"upstream": "user-service"},
           episodes=[kf(27, ("14:10", 0.02), ("14:19", 0.03), ("14:20", 1.2), ("14:21", 6.8), ("14:25", 9.4),
                        ("14:30", 8.1), ("14:33", 3.5), ("14:35", 0.9), ("14:36", 0.1), ("14:45", 0.02))])
    series(w, name="redis_command_p99_ms", service="user-service", unit="ms", threshold=500.0, baseline=(1, 3),
           digits=0, cap=2000, labels={"redis": "redis-session"},
           episodes=[kf(27, ("14:10", 2), ("14:19", 2), ("14:20", 2000), ("14:34", 2000), ("14:35", 3),
                        ("14:45", 2))])
    # gateway view of (a)
    series(w, name="http_5xx_rate", service="api-gateway", unit="%", threshold=5.0, baseline=(0.02, 0.2), digits=2,
           labels={"upstream": "payment-service"},
           episodes=[kf(28, ("09:50", 0.1), ("10:04", 0.12), ("10:05", 2.4), ("10:06", 7.1), ("10:07", 8.3),
                        ("10:10", 9.6), ("10:20", 8.9), ("10:30", 8.8))])
    # notification noise, 11-27 18:00–18:30
    series(w, name="kafka_consumer_lag", service="notification-service", unit="messages", threshold=10000.0,
           baseline=(0, 180), digits=0, labels={"group": "notification-order-events", "topic": "order-events"},
           episodes=[kf(27, ("18:00", 95), ("18:03", 2400), ("18:05", 12480), ("18:10", 11020), ("18:15", 10480),
                        ("18:19", 10120), ("18:20", 3150), ("18:25", 86), ("18:30", 70))])


# --- Assembly ------------------------------------------------------------------------------------
RUNBOOKS: list[tuple[str, str]] = [  # (file in runbooks/, title)
    ("db-connection-pool.md", "数据库连接池耗尽处理手册"),
    ("container-oomkilled.md", "容器 OOMKilled 处理手册"),
    ("slow-query-latency.md", "慢查询与接口延迟排查手册"),
    ("disk-full.md", "磁盘空间不足处理手册"),
    ("gateway-504.md", "上游超时与网关 504 排查手册"),
    ("general-triage.md", "告警风暴与通用排障流程"),
    ("high-error-rate.md", "HTTP 5xx 错误率升高排查手册"),
    ("kafka-consumer-lag.md", "Kafka 消费堆积处理手册"),
]


def build_documents() -> list[Json]:
    return [
        {"title": title, "source": f"runbooks/{filename}", "content": (RUNBOOK_DIR / filename).read_text("utf-8")}
        for filename, title in RUNBOOKS
    ]


def build_bundle(seed: int = SEED) -> Json:
    w = demo_builder(seed)
    build_noise(w)
    build_scheduled(w)
    incident_user_redis_failover(w)
    incident_order_oom(w)
    incident_search_disk_full(w)
    incident_inventory_slow_sql(w)
    incident_payment_pool(w)
    incident_payment_channel_blip(w)
    incident_notification_lag(w)
    build_metrics(w)
    bundle = w.bundle(name=BUNDLE_NAME, services=SERVICES, documents=build_documents())
    # Alerts starting together: the demo orders them by service (the worlds by name).
    bundle["alerts"] = sorted(w.alerts, key=lambda alert: (alert["starts_at"], alert["service"], alert["name"]))
    return bundle


def _line(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def render(bundle: Json) -> str:
    """Stable, review-friendly JSON: one log/alert/point per line, runbooks as escaped strings."""
    out = ["{"]
    head = ["bundle_version", "name", "reference_time"]
    out.extend(f" {_line(key)}: {_line(bundle[key])}," for key in head)
    sections = ["services", "logs", "alerts", "metrics", "documents"]
    for index, section in enumerate(sections):
        items = bundle[section]
        out.append(f" {_line(section)}: [")
        for position, item in enumerate(items):
            comma = "," if position < len(items) - 1 else ""
            if section == "metrics":
                fields = {k: v for k, v in item.items() if k != "points"}
                body = _line(fields)[:-1]
                points = item["points"]
                out.append(f"  {body}, \"points\": [")
                out.extend(f"   {_line(point)}{',' if i < len(points) - 1 else ''}" for i, point in enumerate(points))
                out.append(f"  ]}}{comma}")
            else:
                out.append(f"  {_line(item)}{comma}")
        out.append(" ]" + ("," if index < len(sections) - 1 else ""))
    out.append("}")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only verify the committed file is up to date")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)

    from diagnosis.evidence.bundle import bundle_parse  # validates exactly as the loader will

    text = render(build_bundle())
    bundle_parse(text)
    if args.check:
        current = args.output.read_text("utf-8") if args.output.exists() else ""
        if current != text:
            print(f"{args.output} is stale: run python -m evaluation.demo", file=sys.stderr)
            return 1
        print(f"{args.output} is up to date")
        return 0
    args.output.write_text(text, "utf-8")
    print(f"wrote {args.output} ({len(text.encode('utf-8'))} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
