"""A small incident loaded in the test database through the evidence-bundle loader (not the demo
bundle): payment-service runs out of database connections at 10:05, a 5xx alert fires at 10:06,
and a runbook describes the fix."""

from __future__ import annotations

from typing import Any

from diagnosis.evidence.loader import evidence_bundle_load

REFERENCE_TIME = "2026-11-28T10:30:00+08:00"
POOL_LOG = "HikariPool-1 - Connection is not available, request timed out after 3000ms (active=50, idle=0, waiting=37)"
HTTP500_LOG = "POST /api/pay -> HTTP 500 Internal Server Error"
RUNBOOK = """# 数据库连接池耗尽处理手册

## 告警说明
应用日志出现 HikariPool Connection is not available，接口返回 HTTP 500。

## 处理方案
临时扩大连接池上限；排查慢查询与连接泄漏。
"""
WINDOW = {"start": "2026-11-28T09:55:00+08:00", "end": "2026-11-28T10:30:00+08:00"}

BUNDLE: dict[str, Any] = {
    "bundle_version": 1,
    "name": "openai-provider-test",
    "reference_time": REFERENCE_TIME,
    "services": [{"name": "payment-service", "aliases": ["支付服务"], "description": "支付"}],
    "logs": [
        {"timestamp": "2026-11-28T10:05:12+08:00", "service": "payment-service", "level": "ERROR",
         "instance": "pay-1", "message": POOL_LOG, "trace_id": "t1"},
        {"timestamp": "2026-11-28T10:05:13+08:00", "service": "payment-service", "level": "ERROR",
         "instance": "pay-1", "message": HTTP500_LOG, "trace_id": "t2"},
    ],
    "alerts": [
        {"name": "HighErrorRate", "service": "payment-service", "severity": "critical", "state": "firing",
         "starts_at": "2026-11-28T10:06:00+08:00", "ends_at": None, "value": "12.5%",
         "summary": "5xx 比例超过 5%", "labels": {}},
    ],
    "documents": [{"title": "数据库连接池耗尽处理手册", "source": "runbooks/db-pool.md", "content": RUNBOOK}],
}


INCIDENT_SCOPE = "openai-provider-test"


def load_incident() -> None:
    evidence_bundle_load(data=BUNDLE, source_name="openai-provider-test", scope=INCIDENT_SCOPE)
