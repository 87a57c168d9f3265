"""A third small world for the analysis tests (issue 11): incident families the offline agents
were not written against, on services, metric names and runbooks of their own.

Reference time 2026-12-01 16:00 (+08:00):

- tag-service (标签服务): a config push on config-center at 09:31:05 turns on
  ``feature.tag_schema_v2.enabled``; from 09:32 tag-service answers 500 on lookups whose lines
  name ``BLOOMFILTER`` and the same flag (``TagService5xxRate`` firing);
- risk-engine (风控引擎): long GC pauses this morning — 812ms, 2318ms, 640ms in log lines of two
  shapes, ``jvm_gc_pause_max_ms`` peaking at 2318 at 10:42 over its threshold 1000, while
  ``http_server_p99_ms`` stays under its threshold;
- settlement-consumer (结算消费者): a Kafka consumer lag after a rebalance storm this afternoon —
  ``kafka_consumer_lag`` crossing 5000 at 14:07 with a peak of 48210, ``KafkaConsumerLagHigh`` and
  ``KafkaRebalanceStorm`` firing, and an unrelated latency series ``db_query_latency_ms`` that
  peaked but never crossed;
- quote-service (报价服务): its upstream fx-provider answers 429 Too Many Requests from 15:10.

Runbooks: 上游限流（429）处理手册, TLS 证书过期处理手册 (which also talks about upstream calls),
Kafka 消费积压处理手册, JVM GC 停顿处理手册.
"""

from __future__ import annotations

from typing import Any

from diagnosis.evidence.loader import evidence_bundle_load

REFERENCE_TIME = "2026-12-01T16:00:00+08:00"
DAY = "2026-12-01"

CONFIG_PUSH = "推送配置 feature.tag_schema_v2.enabled=true（releaseKey 20261201093105-a7f3，appId=tagging）"
TAG_500 = (
    "GET /api/tags/batch -> 500: BLOOMFILTER lookup failed for tag_schema_v2 "
    "(IllegalStateException: column tag_v2_id missing)"
)
FX_429 = "upstream fx-provider returned 429 Too Many Requests (quota 600/min exceeded) retry_after=30s"

RATE_LIMIT_RUNBOOK = """# 上游限流（429）处理手册

适用于调用外部上游收到 429 Too Many Requests、配额（quota）用尽的情况。

## 常见原因
- 调用量超过上游配额：促销或重试风暴放大了请求量。
- 重试没有退避，429 之后立即重试。

## 处理方案
- 按 retry_after 做指数退避重试，并对重试限速。
- 联系上游提升配额，或把请求分散到多个账号。
"""
TLS_RUNBOOK = """# TLS 证书过期处理手册

适用于调用外部上游时 TLS 握手失败、x509 certificate has expired 的情况。

## 常见原因
- 上游或本端证书过期未续期。
- 证书链缺少中间证书。

## 处理方案
- 续期证书并重新加载，确认证书链完整。
- 临时切换到证书有效的备用域名。
"""
KAFKA_RUNBOOK = """# Kafka 消费积压处理手册

适用于 consumer lag 持续升高、消费组频繁 rebalance。

## 常见原因
- 消费组频繁 rebalance（发布、心跳超时）导致消费暂停。
- 单条消息处理变慢。

## 处理方案
- 调大 max.poll.interval.ms，排查心跳超时的实例。
- 临时扩容消费者实例（不超过分区数）。
"""
GC_RUNBOOK = """# JVM GC 停顿处理手册

适用于 GC pause 过长、Full GC 频繁。

## 常见原因
- 老年代被大对象占满，触发 Full GC。
- 堆设置过小。

## 处理方案
- 导出 GC 日志与堆直方图，定位大对象。
- 调整堆大小与 G1 参数。
"""


def _log(ts: str, service: str, level: str, message: str) -> dict[str, Any]:
    return {
        "timestamp": f"{DAY}T{ts}+08:00",
        "service": service,
        "level": level,
        "instance": f"{service}-0",
        "message": message,
        "trace_id": "",
        "attributes": {},
    }


def _alert(name: str, service: str, severity: str, starts: str, value: str, summary: str) -> dict[str, Any]:
    return {
        "name": name,
        "service": service,
        "severity": severity,
        "state": "firing",
        "starts_at": f"{DAY}T{starts}:00+08:00",
        "ends_at": None,
        "value": value,
        "summary": summary,
        "labels": {},
    }


def _series(name: str, service: str, unit: str, threshold: float, points: list[tuple[str, float]]):
    return {
        "name": name,
        "service": service,
        "unit": unit,
        "labels": {},
        "threshold": threshold,
        "points": [[f"{DAY}T{t}:00+08:00", v] for t, v in points],
    }


BUNDLE: dict[str, Any] = {
    "bundle_version": 1,
    "name": "incident-world",
    "reference_time": REFERENCE_TIME,
    "services": [
        {"name": "tag-service", "aliases": ["标签服务"], "description": "用户标签查询（Java）"},
        {"name": "config-center", "aliases": ["配置中心"], "description": "配置下发（Apollo）"},
        {"name": "risk-engine", "aliases": ["风控引擎"], "description": "风控规则计算（JVM，G1）"},
        {"name": "settlement-consumer", "aliases": ["结算消费者"], "description": "Kafka 消费结算事件"},
        {"name": "quote-service", "aliases": ["报价服务"], "description": "汇率报价，调用外部 fx-provider"},
    ],
    "logs": [
        # tag-service: quiet before the push, 500s after it
        *[
            _log(f"09:{10 + i * 5}:00", "tag-service", "INFO", f"tag lookup ok batch={40 + i} took=12ms")
            for i in range(4)
        ],
        _log("09:31:05", "config-center", "INFO", CONFIG_PUSH),
        _log("09:20:00", "config-center", "INFO", "client heartbeat ok appId=tagging instances=6"),
        *[_log(f"09:{32 + i}:{10 + i:02d}", "tag-service", "ERROR", TAG_500) for i in range(6)],
        # risk-engine: GC pauses of two shapes, the longest in the middle
        _log("10:15:02", "risk-engine", "WARN", "GC pause (G1 Evacuation Pause) 812ms, heap 5.1G->4.8G"),
        _log("10:42:30", "risk-engine", "WARN", "GC pause (G1 Full GC) 2318ms, heap 7.9G->3.2G"),
        _log("11:05:44", "risk-engine", "WARN", "GC pause (G1 Evacuation Pause) 640ms, heap 4.9G->4.6G"),
        # settlement-consumer: rebalance storm then lag
        *[
            _log(
                f"14:0{i}:30",
                "settlement-consumer",
                "WARN",
                f"consumer group settle-events rebalancing generation={300 + i}",
            )
            for i in range(4)
        ],
        _log("14:08:00", "settlement-consumer", "WARN", "consumer lag 48210 messages on topic settle-events"),
        # quote-service: 429 from upstream
        *[_log(f"15:{10 + i * 2}:00", "quote-service", "WARN", FX_429) for i in range(5)],
    ],  # fmt: skip
    "alerts": [
        _alert(
            "TagService5xxRate",
            "tag-service",
            "critical",
            "09:33",
            "12.4%",
            "tag-service 5xx 比例 12.4% 超过 5%",
        ),
        _alert(
            "KafkaConsumerLagHigh",
            "settlement-consumer",
            "critical",
            "14:07",
            "48210",
            "settle-events 堆积超过 5000",
        ),
        _alert(
            "KafkaRebalanceStorm",
            "settlement-consumer",
            "warning",
            "14:03",
            "4/10min",
            "消费组 10 分钟内 rebalance 4 次",
        ),
        _alert("FxUpstream429", "quote-service", "warning", "15:12", "31%", "fx-provider 429 比例 31%"),
    ],  # fmt: skip
    "metrics": [
        _series(
            "jvm_gc_pause_max_ms",
            "risk-engine",
            "ms",
            1000,
            [("10:00", 120), ("10:15", 812), ("10:42", 2318), ("11:05", 640), ("11:30", 150)],
        ),
        _series(
            "http_server_p99_ms", "risk-engine", "ms", 3000, [("10:00", 180), ("10:42", 2600), ("11:30", 190)]
        ),
        _series(
            "kafka_consumer_lag",
            "settlement-consumer",
            "messages",
            5000,
            [("13:50", 120), ("14:07", 9100), ("14:20", 48210), ("14:50", 30500)],
        ),
        _series(
            "db_query_latency_ms",
            "settlement-consumer",
            "ms",
            500,
            [("13:50", 40), ("14:10", 420), ("14:50", 60)],
        ),
    ],  # fmt: skip
    "documents": [
        {
            "title": "上游限流（429）处理手册",
            "source": "runbooks/rate-limit.md",
            "content": RATE_LIMIT_RUNBOOK,
        },
        {"title": "TLS 证书过期处理手册", "source": "runbooks/tls.md", "content": TLS_RUNBOOK},
        {"title": "Kafka 消费积压处理手册", "source": "runbooks/kafka-lag.md", "content": KAFKA_RUNBOOK},
        {"title": "JVM GC 停顿处理手册", "source": "runbooks/gc.md", "content": GC_RUNBOOK},
    ],
}


def load_incident_world() -> None:
    evidence_bundle_load(data=BUNDLE, source_name="incident-world")
