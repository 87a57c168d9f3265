"""A small incident created in the test database (not the demo bundle): payment-service runs out
of database connections at 10:05, a 5xx alert fires at 10:06, and a runbook describes the fix."""

from __future__ import annotations

import uuid
from datetime import datetime
from zoneinfo import ZoneInfo

from diagnosis.models import Alert, EvidenceBundle, LogRecord, Service
from diagnosis.services.knowledge import knowledge_document_ingest

SHANGHAI = ZoneInfo("Asia/Shanghai")
REFERENCE_TIME = datetime(2026, 11, 28, 10, 30, tzinfo=SHANGHAI)
POOL_LOG = "HikariPool-1 - Connection is not available, request timed out after 3000ms (active=50, idle=0, waiting=37)"
HTTP500_LOG = "POST /api/pay -> HTTP 500 Internal Server Error"
RUNBOOK = """# 数据库连接池耗尽处理手册

## 告警说明
应用日志出现 HikariPool Connection is not available，接口返回 HTTP 500。

## 处理方案
临时扩大连接池上限；排查慢查询与连接泄漏。
"""
WINDOW = {"start": "2026-11-28T09:55:00+08:00", "end": "2026-11-28T10:30:00+08:00"}


def _at(hh: int, mm: int, ss: int = 0) -> datetime:
    return datetime(2026, 11, 28, hh, mm, ss, tzinfo=SHANGHAI)


def load_incident() -> None:
    EvidenceBundle.objects.create(name="openai-provider-test", content_hash=uuid.uuid4().hex, reference_time=REFERENCE_TIME)
    Service.objects.create(name="payment-service", aliases=["支付服务"], description="支付")
    for when, message in ((_at(10, 5, 12), POOL_LOG), (_at(10, 5, 13), HTTP500_LOG)):
        LogRecord.objects.create(
            timestamp=when, service="payment-service", level="ERROR", instance="pay-1", message=message,
            trace_id="", fingerprint=f"log-{uuid.uuid4().hex}",
        )
    Alert.objects.create(
        name="HighErrorRate", service="payment-service", severity="critical", state="firing",
        starts_at=_at(10, 6), ends_at=None, value="12.5%", summary="5xx 比例超过 5%",
        fingerprint=f"alert-{uuid.uuid4().hex}",
    )
    knowledge_document_ingest(title="数据库连接池耗尽处理手册", source="runbooks/db-pool.md", content=RUNBOOK)
