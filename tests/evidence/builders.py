"""Small evidence bundles for the bundle tests, and a snapshot of every evidence table."""

from __future__ import annotations

import copy
from typing import Any

from diagnosis.models import (
    Alert,
    EvidenceBundle,
    K8sDeployment,
    K8sEvent,
    K8sPod,
    KnowledgeChunk,
    KnowledgeDocument,
    LogRecord,
    MetricPoint,
    MetricSeries,
    Service,
)

EVIDENCE_MODELS = (EvidenceBundle, Service, LogRecord, Alert, MetricSeries, MetricPoint, KnowledgeDocument, KnowledgeChunk,
                   K8sPod, K8sEvent, K8sDeployment)

RUNBOOK = """# 数据库连接池耗尽处理手册

## 告警说明
HikariCP 连接池活跃连接达到 maximumPoolSize。

## 处理方案
临时扩大连接池上限；排查慢查询与连接泄漏。
"""


def table_counts() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in EVIDENCE_MODELS}


def log(second: int, message: str = "POST /api/pay -> HTTP 500 Internal Server Error", **extra: Any) -> dict[str, Any]:
    return {
        "timestamp": f"2026-11-28T10:05:{second:02d}+08:00",
        "service": "payment-service",
        "level": "ERROR",
        "instance": "payment-service-7d9f8c-x2k4p",
        "message": message,
        "trace_id": f"trace-{second}",
        "attributes": {"http_status": 500},
        **extra,
    }


def small_bundle() -> dict[str, Any]:
    """A valid bundle with one element or more in every section."""
    return copy.deepcopy(
        {
            "bundle_version": 1,
            "name": "小证据包",
            "reference_time": "2026-11-28T10:30:00+08:00",
            "services": [
                {"name": "payment-service", "aliases": ["支付服务"], "description": "支付"},
                {"name": "order-service", "aliases": ["订单服务"]},
            ],
            "logs": [log(12), log(13), log(14, "HikariPool-1 - Connection is not available (active=50, idle=0, waiting=37)")],
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
                    "labels": {"env": "prod"},
                }
            ],
            "metrics": [
                {
                    "name": "http_5xx_rate",
                    "service": "payment-service",
                    "unit": "%",
                    "labels": {},
                    "threshold": 5.0,
                    "points": [
                        ["2026-11-28T10:04:00+08:00", 0.2],
                        ["2026-11-28T10:05:00+08:00", 3.2],
                        ["2026-11-28T10:06:00+08:00", 12.5],
                    ],
                }
            ],
            "documents": [{"title": "数据库连接池耗尽处理手册", "source": "runbooks/db-pool.md", "content": RUNBOOK}],
        }
    )
