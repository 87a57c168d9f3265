"""A second small world for the regression tests of the evaluate findings (not the demo, not
``dataset.py``): other service names, metric names, alert names, numbers and runbooks, so the
behaviour under test is shown to follow from the evidence, not from the demo data.

Reference time 2027-03-15 16:00 (+08:00):

- billing-service (账单服务 / 计费系统): a memory climb 14:00–14:50 (``container_memory_rss``, max
  3890MiB at 14:30, threshold 3500MiB crossed 14:20; alert ``BillingHeapPressure`` 88%); from
  15:50 charges time out against the bank (ERROR lines, ``ChargeErrorRatio`` 9.3% firing);
- ledger-service (账本服务): volume full at night (``volume_used_percent``, crossed 90% at 03:10,
  alert ``LedgerVolumeAlmostFull`` 93.5%); slow SQL this afternoon 14:05–14:40 (2875ms, 6120ms,
  1530ms — the slowest is the middle one), ``sql_latency_p95_ms`` peaking at 5400ms;
- edge-proxy (边缘网关): logs its upstream 502s at WARN only; ``ProxyUpstream5xx`` firing;
- catalog-service (商品目录): INFO lines only; ``CatalogSyncStale`` firing since yesterday.

Runbooks: 连接池排障手册 (the one a search for billing-service's description terms favours),
上游超时排查手册, 内存压力处理手册, 磁盘卷空间处理手册.
"""

from __future__ import annotations

from typing import Any

from diagnosis.evidence.loader import evidence_bundle_load

REFERENCE_TIME = "2027-03-15T16:00:00+08:00"
DAY = "2027-03-15"

SLOW_SQL = "slow sql took {ms}ms: UPDATE ledger_entry SET balance = ? WHERE account_id = ? (rows=1)"
SLOWEST_MS = "6120ms"
CHARGE_TIMEOUT = "charge failed: bank gateway timed out after 4000ms channel=citic"
PROXY_502 = '"POST /api/bill HTTP/1.1" 502 0 rt=4.002 upstream=billing-service upstream_status=502'

POOL_RUNBOOK = """# 连接池排障手册

适用于 pgbouncer / HikariCP 连接池耗尽、PostgreSQL 连接数打满、计费服务获取连接失败。

## 常见原因
- 长事务占住连接池。
- 连接池上限过小。

## 处理方案
- 临时调大 pgbouncer 连接池 default_pool_size。
- 终止长事务。
"""
TIMEOUT_RUNBOOK = """# 上游超时排查手册

适用于调用银行、渠道等外部上游超时（timed out）。

## 常见原因
- 外部渠道抖动或限流。
- 超时设置过短。

## 处理方案
- 切换备用渠道并对超时请求做幂等重试。
- 联系渠道方确认故障窗口。
"""
MEMORY_RUNBOOK = """# 内存压力处理手册

## 常见原因
- 批量任务一次加载过多数据。

## 处理方案
- 分批加载，限制单批大小。
"""
VOLUME_RUNBOOK = """# 磁盘卷空间处理手册

## 常见原因
- 归档文件未清理。

## 处理方案
- 清理过期归档并扩容数据卷。
"""


def _log(ts: str, service: str, level: str, message: str) -> dict[str, Any]:
    return {
        "timestamp": f"{DAY}T{ts}+08:00" if "T" not in ts else ts,
        "service": service,
        "level": level,
        "instance": f"{service}-0",
        "message": message,
        "trace_id": "",
        "attributes": {},
    }


def _alert(
    name: str,
    service: str,
    severity: str,
    state: str,
    starts: str,
    ends: str | None,
    value: str,
    summary: str,
):
    return {
        "name": name,
        "service": service,
        "severity": severity,
        "state": state,
        "starts_at": starts,
        "ends_at": ends,
        "value": value,
        "summary": summary,
        "labels": {},
    }


def _series(name: str, service: str, unit: str, threshold: float | None, points: list[tuple[str, float]]):
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
    "name": "ledger-world",
    "reference_time": REFERENCE_TIME,
    "services": [
        {
            "name": "billing-service",
            "aliases": ["账单服务", "计费系统"],
            "description": "计费（Go），pgbouncer 连接池，PostgreSQL",
        },
        {"name": "ledger-service", "aliases": ["账本服务"], "description": "记账，PostgreSQL"},
        {"name": "edge-proxy", "aliases": ["边缘网关"], "description": "Envoy 入口"},
        {"name": "catalog-service", "aliases": ["商品目录"], "description": "目录同步"},
    ],
    "logs": [
        # billing-service: bank timeouts from 15:50 (ERROR), plus a noisy stream of them
        *[
            _log(f"15:{50 + i // 2}:{(i % 2) * 30:02d}", "billing-service", "ERROR", CHARGE_TIMEOUT)
            for i in range(12)
        ],
        _log("14:31:10", "billing-service", "WARN", "heap usage high: rss=3890MiB limit=4096MiB"),
        # ledger-service: slow SQL this afternoon; the slowest is not the first
        _log("14:05:00", "ledger-service", "WARN", SLOW_SQL.format(ms=2875)),
        _log("14:22:40", "ledger-service", "WARN", SLOW_SQL.format(ms=6120)),
        _log("14:40:05", "ledger-service", "WARN", SLOW_SQL.format(ms=1530)),
        _log(
            "03:12:00", "ledger-service", "ERROR", "write archive failed: no space left on device /var/ledger"
        ),
        # edge-proxy: upstream 502s logged at WARN only
        *[_log(f"15:{52 + i}:05", "edge-proxy", "WARN", PROXY_502) for i in range(5)],
        # catalog-service: nothing wrong in its logs
        _log("15:30:00", "catalog-service", "INFO", "sync finished items=8120"),
    ],
    "alerts": [
        _alert(
            "BillingHeapPressure",
            "billing-service",
            "warning",
            "resolved",
            f"{DAY}T14:20:00+08:00",
            f"{DAY}T14:45:00+08:00",
            "88%",
            "billing-service 内存 88% 超过阈值 85%",
        ),
        _alert(
            "ChargeErrorRatio",
            "billing-service",
            "critical",
            "firing",
            f"{DAY}T15:51:00+08:00",
            None,
            "9.3%",
            "扣款失败比例超过 5%",
        ),
        _alert(
            "ProxyUpstream5xx",
            "edge-proxy",
            "warning",
            "firing",
            f"{DAY}T15:53:00+08:00",
            None,
            "4.4%",
            "到 billing-service 的 5xx 比例超过 2%",
        ),
        _alert(
            "LedgerVolumeAlmostFull",
            "ledger-service",
            "critical",
            "resolved",
            f"{DAY}T03:10:00+08:00",
            f"{DAY}T04:00:00+08:00",
            "93.5%",
            "/var/ledger 使用率超过 90%",
        ),
        _alert(
            "CatalogSyncStale",
            "catalog-service",
            "warning",
            "firing",
            "2027-03-14T20:00:00+08:00",
            None,
            "6h",
            "目录同步超过 6 小时未完成",
        ),
    ],  # fmt: skip
    "metrics": [
        _series(
            "container_memory_rss",
            "billing-service",
            "MiB",
            3500,
            [("14:00", 2100), ("14:20", 3650), ("14:30", 3890), ("14:50", 2500)],
        ),
        _series(
            "volume_used_percent",
            "ledger-service",
            "%",
            90,
            [("02:30", 71), ("03:10", 96.5), ("03:40", 88)],
        ),
        _series(
            "sql_latency_p95_ms",
            "ledger-service",
            "ms",
            1000,
            [("14:00", 300), ("14:20", 5400), ("14:45", 420)],
        ),
        _series(
            "slow_sql_per_minute",
            "ledger-service",
            "per_minute",
            3,
            [("14:00", 0), ("14:20", 7), ("14:45", 1)],
        ),
    ],  # fmt: skip
    "documents": [
        {"title": "连接池排障手册", "source": "runbooks/pool.md", "content": POOL_RUNBOOK},
        {"title": "上游超时排查手册", "source": "runbooks/upstream-timeout.md", "content": TIMEOUT_RUNBOOK},
        {"title": "内存压力处理手册", "source": "runbooks/memory.md", "content": MEMORY_RUNBOOK},
        {"title": "磁盘卷空间处理手册", "source": "runbooks/volume.md", "content": VOLUME_RUNBOOK},
    ],
}


def load_ledger_world() -> None:
    evidence_bundle_load(data=BUNDLE, source_name="ledger-world")
