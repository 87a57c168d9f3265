"""Small builders for evidence rows (independent of the demo bundle)."""

from __future__ import annotations

import itertools
import uuid
from datetime import datetime
from zoneinfo import ZoneInfo

from django.utils import timezone

from diagnosis.evidence.knowledge import knowledge_document_ingest
from diagnosis.models import (
    Alert,
    EvidenceBundle,
    EvidenceScope,
    LogRecord,
    MetricPoint,
    MetricSeries,
    Service,
)
from diagnosis.selectors.scopes import LIVE_SCOPE, live_scope

SHANGHAI = ZoneInfo("Asia/Shanghai")
REFERENCE_TIME = datetime(2026, 11, 28, 10, 30, tzinfo=SHANGHAI)
BUILDER_SCOPE = "builders"
_counter = itertools.count(1)


def builder_scope(name: str | None = None) -> EvidenceScope:
    """The scope the builders write into: the replay scope ``BUILDER_SCOPE`` (no reference time
    until ``make_bundle`` gives one), or the live scope when a suite sets ``BUILDER_SCOPE = "live"``."""
    name = name or BUILDER_SCOPE
    if name == LIVE_SCOPE:
        return live_scope()
    scope, _ = EvidenceScope.objects.get_or_create(
        name=name, defaults={"kind": EvidenceScope.Kind.REPLAY, "loaded_at": timezone.now()}
    )
    return scope


def at(hh_mm_ss: str, day: int = 28) -> datetime:
    """2026-11-<day> hh:mm[:ss] in Asia/Shanghai."""
    parts = [int(p) for p in hh_mm_ss.split(":")] + [0]
    return datetime(2026, 11, day, parts[0], parts[1], parts[2], tzinfo=SHANGHAI)


def make_bundle(
    *, reference_time: datetime | None = REFERENCE_TIME, name: str = "test", scope: EvidenceScope | None = None
) -> EvidenceBundle:
    """A bundle row, stamping its scope like a load does (loaded now; its reference time, if any)."""
    scope = scope or builder_scope()
    scope.loaded_at = timezone.now()
    if reference_time is not None:
        scope.reference_time = reference_time
    scope.save(update_fields=["reference_time", "loaded_at"])
    return EvidenceBundle.objects.create(
        scope=scope, name=name, content_hash=uuid.uuid4().hex, reference_time=reference_time
    )


def make_service(name: str, *aliases: str, description: str = "", scope: EvidenceScope | None = None) -> Service:
    return Service.objects.create(
        scope=scope or builder_scope(), name=name, aliases=list(aliases), description=description
    )


def make_log(
    message: str,
    *,
    when: str | datetime = "10:05:12",
    service: str = "payment-service",
    level: str = "ERROR",
    instance: str = "pay-1",
    trace_id: str = "",
    scope: EvidenceScope | None = None,
) -> LogRecord:
    timestamp = at(when) if isinstance(when, str) else when
    return LogRecord.objects.create(
        scope=scope or builder_scope(),
        timestamp=timestamp,
        service=service,
        level=level,
        instance=instance,
        message=message,
        trace_id=trace_id,
        fingerprint=f"log-{next(_counter)}-{uuid.uuid4().hex}",
    )


def make_alert(
    name: str = "HighErrorRate",
    *,
    service: str = "payment-service",
    severity: str = "critical",
    state: str = "firing",
    starts: str | datetime = "10:06",
    ends: str | datetime | None = None,
    value: str = "12.5%",
    summary: str = "5xx 比例超过 5%",
    scope: EvidenceScope | None = None,
) -> Alert:
    return Alert.objects.create(
        scope=scope or builder_scope(),
        name=name,
        service=service,
        severity=severity,
        state=state,
        starts_at=at(starts) if isinstance(starts, str) else starts,
        ends_at=at(ends) if isinstance(ends, str) else ends,
        value=value,
        summary=summary,
        fingerprint=f"alert-{uuid.uuid4().hex}",
    )


def make_series(
    name: str = "http_5xx_rate",
    *,
    service: str = "payment-service",
    unit: str = "%",
    threshold: float | None = 5.0,
    points: list[tuple[str, float]] = (),
    scope: EvidenceScope | None = None,
) -> MetricSeries:
    series = MetricSeries.objects.create(
        scope=scope or builder_scope(),
        name=name, service=service, unit=unit, threshold=threshold, fingerprint=f"metric-{uuid.uuid4().hex}"
    )
    MetricPoint.objects.bulk_create(
        [MetricPoint(series=series, timestamp=at(when), value=value) for when, value in points]
    )
    return series


DB_POOL_RUNBOOK = """# 数据库连接池耗尽处理手册

## 告警说明
应用日志出现 HikariPool Connection is not available，接口返回 HTTP 500。

## 常见原因
慢查询长时间占用连接；连接泄漏；连接池上限过小。

## 处理方案
临时扩大连接池上限；排查慢查询与连接泄漏。
"""

OOM_RUNBOOK = """# 容器内存溢出处理手册

## 告警说明
Pod 状态 OOMKilled，容器反复重启。

## 处理方案
调大内存 limit，分析堆转储，排查内存泄漏。
"""

DISK_RUNBOOK = """# 磁盘空间不足处理手册

## 排查步骤
使用 df -h 查看磁盘使用率，清理过期日志文件。
"""


def make_runbooks(scope: EvidenceScope | None = None):
    scope = scope or builder_scope()
    return [
        knowledge_document_ingest(
            title="数据库连接池耗尽处理手册", source="runbooks/db-pool.md", content=DB_POOL_RUNBOOK, scope=scope
        ),
        knowledge_document_ingest(
            title="容器内存溢出处理手册", source="runbooks/oom.md", content=OOM_RUNBOOK, scope=scope
        ),
        knowledge_document_ingest(
            title="磁盘空间不足处理手册", source="runbooks/disk.md", content=DISK_RUNBOOK, scope=scope
        ),
    ]
