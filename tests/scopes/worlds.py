"""Two replayed incidents that share service names (``payment-service`` is in both, with the same
alias 支付服务) but happened on different days with different causes: alpha on 2026-11-28 (a
database connection pool, clock 10:30), beta on 2026-12-05 (Redis, clock 16:30)."""

from __future__ import annotations

import copy
from typing import Any

from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import EvidenceScope

ALPHA, BETA = "alpha", "beta"
ALPHA_NOW, BETA_NOW = "2026-11-28T10:30:00+08:00", "2026-12-05T16:30:00+08:00"
ALPHA_DAY, BETA_DAY = "2026-11-28", "2026-12-05"
HIKARI = "HikariPool-1 - Connection is not available, request timed out after 30000ms"
JEDIS = "JedisConnectionException: Could not get a resource from the pool"

DB_RUNBOOK = """# 数据库连接池耗尽处理手册

## 告警说明
应用日志出现 HikariPool Connection is not available，接口返回 HTTP 500。

## 处理方案
临时扩大连接池上限；排查慢查询与连接泄漏。
"""

REDIS_RUNBOOK = """# Redis 连接池处理手册

## 告警说明
应用日志出现 JedisConnectionException Could not get a resource from the pool，接口返回 HTTP 500。

## 处理方案
扩大 Redis 连接池 maxTotal；排查慢命令与连接泄漏。
"""


def _incident(*, name: str, day: str, now: str, message: str, alert: str, runbook: tuple[str, str, str]) -> dict[str, Any]:
    logs = [
        {
            "timestamp": f"{day}T10:05:{second:02d}+08:00",
            "service": "payment-service",
            "level": "ERROR",
            "instance": "payment-service-1",
            "message": message,
            "trace_id": f"{name}-{second}",
            "attributes": {},
        }
        for second in (12, 14, 17)
    ] + [
        {
            "timestamp": f"{day}T10:05:20+08:00",
            "service": "payment-service",
            "level": "ERROR",
            "instance": "payment-service-1",
            "message": "POST /api/pay -> HTTP 500 Internal Server Error",
            "trace_id": f"{name}-20",
            "attributes": {},
        }
    ]
    title, source, content = runbook
    return copy.deepcopy(
        {
            "bundle_version": 1,
            "name": name,
            "reference_time": now,
            "services": [{"name": "payment-service", "aliases": ["支付服务"], "description": f"支付（{name}）"}],
            "logs": logs,
            "alerts": [
                {
                    "name": alert,
                    "service": "payment-service",
                    "severity": "critical",
                    "state": "firing",
                    "starts_at": f"{day}T10:06:00+08:00",
                    "ends_at": None,
                    "value": "12.5%",
                    "summary": "5xx 比例超过 5%",
                    "labels": {},
                }
            ],
            "metrics": [
                {
                    "name": "http_5xx_rate",
                    "service": "payment-service",
                    "unit": "%",
                    "labels": {},
                    "threshold": 5.0,
                    "points": [[f"{day}T10:0{m}:00+08:00", v] for m, v in ((4, 0.2), (5, 3.2), (6, 12.5), (7, 13.1))],
                }
            ],
            "documents": [{"title": title, "source": source, "content": content}],
        }
    )


def alpha_bundle() -> dict[str, Any]:
    return _incident(
        name="支付事故 A", day=ALPHA_DAY, now=ALPHA_NOW, message=HIKARI, alert="HighErrorRate",
        runbook=("数据库连接池耗尽处理手册", "runbooks/pool.md", DB_RUNBOOK),
    )  # fmt: skip


def beta_bundle() -> dict[str, Any]:
    return _incident(
        name="支付事故 B", day=BETA_DAY, now=BETA_NOW, message=JEDIS, alert="RedisErrorRate",
        runbook=("Redis 连接池处理手册", "runbooks/redis.md", REDIS_RUNBOOK),
    )  # fmt: skip


def load_both() -> tuple[EvidenceScope, EvidenceScope]:
    """alpha, then beta (so beta is the most recently loaded scope)."""
    evidence_bundle_load(data=alpha_bundle(), scope=ALPHA)
    evidence_bundle_load(data=beta_bundle(), scope=BETA)
    return EvidenceScope.objects.get(name=ALPHA), EvidenceScope.objects.get(name=BETA)
