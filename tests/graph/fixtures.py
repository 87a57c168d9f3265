"""A small evidence world for graph tests (not the demo bundle): two services, a handful of
logs, one alert, one metric series and one runbook, with a fixed reference time."""

from __future__ import annotations

from typing import Any

from diagnosis.evidence.loader import evidence_bundle_load

REFERENCE_TIME = "2026-11-28T10:30:00+08:00"
QUESTION = "payment-service 10:05 开始大量 500，原因是什么？"

POOL_MESSAGE = "HikariPool-1 - Connection is not available, request timed out after 3000ms (active=50, idle=0, waiting=37)"
HTTP_500_MESSAGE = "POST /api/pay -> HTTP 500 Internal Server Error"

BUNDLE: dict[str, Any] = {
    "bundle_version": 1,
    "name": "graph-test-world",
    "reference_time": REFERENCE_TIME,
    "services": [
        {"name": "payment-service", "aliases": ["支付服务"], "description": "支付"},
        {"name": "order-service", "aliases": ["订单服务"], "description": "订单"},
    ],
    "logs": [
        {"timestamp": "2026-11-28T10:05:12+08:00", "service": "payment-service", "level": "ERROR",
         "instance": "pay-1", "message": POOL_MESSAGE, "trace_id": "t1"},
        {"timestamp": "2026-11-28T10:05:13+08:00", "service": "payment-service", "level": "ERROR",
         "instance": "pay-1", "message": HTTP_500_MESSAGE, "trace_id": "t2"},
        {"timestamp": "2026-11-28T09:40:00+08:00", "service": "order-service", "level": "INFO",
         "instance": "ord-1", "message": "order created id=991", "trace_id": "t3"},
    ],
    "alerts": [
        {"name": "HighErrorRate", "service": "payment-service", "severity": "critical", "state": "firing",
         "starts_at": "2026-11-28T10:06:00+08:00", "ends_at": None, "value": "12.5%",
         "summary": "5xx 比例超过 5%", "labels": {}},
    ],
    "metrics": [
        {"name": "http_5xx_rate", "service": "payment-service", "unit": "%", "labels": {},
         "points": [["2026-11-28T10:00:00+08:00", 0.2], ["2026-11-28T10:06:00+08:00", 12.5],
                    ["2026-11-28T10:12:00+08:00", 14.1]]},
    ],
    "documents": [
        {"title": "数据库连接池耗尽处理手册", "source": "runbooks/db-pool.md",
         "content": "# 数据库连接池耗尽处理手册\n\n## 处理方案\n\n临时扩大连接池上限；排查慢查询与连接泄漏。\n"},
    ],
}


def load_world() -> None:
    evidence_bundle_load(data=BUNDLE, source_name="graph-test-world")
