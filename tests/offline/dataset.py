"""A small world loaded through the evidence-bundle loader for the offline integration tests (not
the demo bundle): payment-service runs out of DB connections at 10:05 while a slow report query
runs; order-service was OOMKilled yesterday evening; two runbooks."""

from __future__ import annotations

from typing import Any

from diagnosis.evidence.loader import evidence_bundle_load

REFERENCE_TIME = "2026-11-28T10:30:00+08:00"
POOL_LOG = "HikariPool-1 - Connection is not available, request timed out after 3000ms (active=50, idle=0, waiting=37)"
HTTP500_LOG = "POST /api/pay -> HTTP 500 Internal Server Error"
SLOW_LOG = "slow query took 8421ms: SELECT id FROM pay_order WHERE status = 'PAID' (rows_examined=4129337)"
OOM_LOG = (
    "Container order-service terminated: reason=OOMKilled exitCode=137 restartCount=2 (memory limit 2Gi)"
)
POOL_RUNBOOK = """# 数据库连接池耗尽处理手册

## 告警说明
日志出现 HikariPool Connection is not available，接口返回 HTTP 500。

## 常见原因
- **慢查询占住连接**：报表任务全表扫描，连接迟迟不归还。
- **连接泄漏**：获取连接后未关闭。

## 处理方案
1. **止血**：
   - 暂停占用连接的批处理任务。
   - 临时扩大连接池上限 50 → 80。
"""
OOM_RUNBOOK = """# 容器 OOMKilled 处理手册

## 常见原因
- **一次性加载大结果集**：报表导出把全部数据读入内存。

## 处理方案
- 暂停触发 OOM 的导出任务。
"""


def _log(ts: str, service: str, level: str, message: str) -> dict[str, Any]:
    return {
        "timestamp": ts,
        "service": service,
        "level": level,
        "instance": f"{service}-1",
        "message": message,
        "trace_id": "",
        "attributes": {},
    }


BUNDLE: dict[str, Any] = {
    "bundle_version": 1,
    "name": "offline-agents-test",
    "reference_time": REFERENCE_TIME,
    "services": [
        {
            "name": "payment-service",
            "aliases": ["支付服务", "支付"],
            "description": "支付（Java），HikariCP 连接池，MySQL",
        },
        {
            "name": "order-service",
            "aliases": ["订单服务", "订单"],
            "description": "下单与报表导出，memory limit 2Gi",
        },
        {"name": "user-service", "aliases": ["用户服务"], "description": "登录"},
    ],
    "logs": [
        _log("2026-11-28T10:01:38+08:00", "payment-service", "WARN", SLOW_LOG),
        _log("2026-11-28T10:05:12+08:00", "payment-service", "ERROR", POOL_LOG),
        _log("2026-11-28T10:05:13+08:00", "payment-service", "ERROR", HTTP500_LOG),
        _log(
            "2026-11-28T10:12:40+08:00",
            "payment-service",
            "ERROR",
            POOL_LOG.replace("waiting=37", "waiting=41"),
        ),
        _log("2026-11-28T10:12:41+08:00", "payment-service", "ERROR", HTTP500_LOG),
        _log("2026-11-28T10:20:00+08:00", "payment-service", "INFO", "GET /actuator/health -> 200"),
        _log("2026-11-27T21:31:40+08:00", "order-service", "ERROR", OOM_LOG),
        _log(
            "2026-11-27T21:45:10+08:00",
            "order-service",
            "ERROR",
            OOM_LOG.replace("restartCount=2", "restartCount=3"),
        ),
        _log("2026-11-28T10:10:00+08:00", "order-service", "INFO", "POST /api/orders -> 201 Created"),
    ],
    "alerts": [
        {
            "name": "HighErrorRate",
            "service": "payment-service",
            "severity": "critical",
            "state": "firing",
            "starts_at": "2026-11-28T10:06:00+08:00",
            "ends_at": None,
            "value": "12.5%",
            "summary": "5xx 比例超过 5%",
            "labels": {},
        },
        {
            "name": "ContainerOOMKilled",
            "service": "order-service",
            "severity": "critical",
            "state": "resolved",
            "starts_at": "2026-11-27T21:31:40+08:00",
            "ends_at": "2026-11-27T22:05:00+08:00",
            "value": "exitCode=137",
            "summary": "容器被 OOMKilled",
            "labels": {},
        },
    ],
    "metrics": [
        {
            "name": "http_5xx_rate",
            "service": "payment-service",
            "unit": "%",
            "labels": {},
            "threshold": 5,
            "points": [
                ["2026-11-28T10:00:00+08:00", 0.2],
                ["2026-11-28T10:06:00+08:00", 12.5],
                ["2026-11-28T10:12:00+08:00", 14.1],
            ],
        },
    ],
    "documents": [
        {"title": "数据库连接池耗尽处理手册", "source": "runbooks/db-pool.md", "content": POOL_RUNBOOK},
        {"title": "容器 OOMKilled 处理手册", "source": "runbooks/oom.md", "content": OOM_RUNBOOK},
    ],
}


def load_world() -> None:
    evidence_bundle_load(data=BUNDLE, source_name="offline-agents-test")
