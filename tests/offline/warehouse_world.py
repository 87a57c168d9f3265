"""A small warehouse world for the change-event and ordering rules (not the demo, not the
evaluation worlds): other services, other changes, other failures.

Reference time 2027-05-20 15:00 (+08:00):

- pick-service (拣货服务) calls 库存 (stock-service) and 标签 (label-service), as its description
  says. 13:40:00 the deployer rolls stock-service v4.2.0 out; from 13:52 pick-service logs
  "reserve stock failed … connection refused" at WARN only (no ERROR line); 14:10 the deployer
  rolls label-service v2.0.1 out — after the failures began, so not their cause. pick-service
  writes a busy INFO stream (more lines than one read returns) with ``SyncBinAsync`` in it.
- label-service: a config push at 09:05 (``label.template=v3``), render errors ever since (ERROR),
  alert ``LabelRenderErrors`` firing since 09:11 — the anomaly began long before the last hour.
- dock-service (月台服务): a slow upstream (``upstream slow``) from 11:00, then its worker pool
  exhausted from 11:06 (``thread pool exhausted``).
"""

from __future__ import annotations

from typing import Any

from diagnosis.evidence.loader import evidence_bundle_load

REFERENCE_TIME = "2027-05-20T15:00:00+08:00"
DAY = "2027-05-20"

STOCK_ROLLOUT = "rollout finished: stock-service v4.2.0 (was v4.1.9) by ci-bot pipeline=#551"
LABEL_ROLLOUT = "rollout finished: label-service v2.0.1 (was v2.0.0) by ci-bot pipeline=#560"
RESERVE_FAILED = "reserve stock failed for order {n}: rpc error: code = Unavailable desc = connection refused"
LABEL_PUSH = "config changed: label.template=v3 (was v2) by ops_tanwei"
LABEL_ERROR = "render label failed: template v3 has no field carrier_code (order {n})"
SLOW = "upstream slow: GET carrier-api /slots took 4800ms"
POOL = "thread pool exhausted: active=32 max=32 queued=140"


def _log(clock: str, service: str, level: str, message: str) -> dict[str, Any]:
    return {
        "timestamp": f"{DAY}T{clock}+08:00",
        "service": service,
        "level": level,
        "instance": f"{service}-0",
        "message": message,
        "trace_id": "",
        "attributes": {},
    }


def _busy_pick_stream() -> list[dict[str, Any]]:
    """Two INFO lines a minute from 13:00 to 15:00 (240 > one read's 50 refs)."""
    return [
        _log(f"{13 + m // 60}:{m % 60:02d}:{s:02d}", "pick-service", "INFO", text)
        for m in range(120)
        for s, text in ((10, f"SyncBinAsync called bin=B{m:03d}"), (40, f"pick list printed n={m}"))
    ]


BUNDLE: dict[str, Any] = {
    "bundle_version": 1,
    "name": "warehouse-world",
    "reference_time": REFERENCE_TIME,
    "services": [
        {"name": "pick-service", "aliases": ["拣货服务"], "description": "拣货（Go），调用库存、标签两个服务"},
        {"name": "stock-service", "aliases": ["库存服务"], "description": "库存（Java）"},
        {"name": "label-service", "aliases": ["标签服务"], "description": "面单标签渲染（Python）"},
        {"name": "dock-service", "aliases": ["月台服务"], "description": "月台预约（Go），调用 carrier-api"},
        {"name": "deployer", "aliases": ["发布系统"], "description": "CI/CD 发布"},
    ],
    "logs": [
        *_busy_pick_stream(),
        _log("13:40:00", "deployer", "INFO", STOCK_ROLLOUT),
        _log("14:10:00", "deployer", "INFO", LABEL_ROLLOUT),
        *[_log(f"{13 + (52 + i) // 60}:{(52 + i) % 60:02d}:20", "pick-service", "WARN",
               RESERVE_FAILED.format(n=i)) for i in range(60)],
        _log("09:05:00", "label-service", "INFO", LABEL_PUSH),
        *[_log(f"{9 + h:02d}:{m:02d}:00", "label-service", "ERROR", LABEL_ERROR.format(n=h * 100 + m))
          for h in range(6) for m in range(10, 60, 10)],
        _log("11:00:30", "dock-service", "WARN", SLOW),
        _log("11:03:30", "dock-service", "WARN", SLOW),
        *[_log(f"11:{6 + i:02d}:00", "dock-service", "ERROR", POOL) for i in range(5)],
    ],  # fmt: skip
    "alerts": [
        {"name": "LabelRenderErrors", "service": "label-service", "severity": "critical", "state": "firing",
         "starts_at": f"{DAY}T09:11:00+08:00", "ends_at": None, "value": "100%",
         "summary": "面单渲染失败率 100% 超过阈值 5%", "labels": {}},
    ],  # fmt: skip
    "metrics": [],
    "documents": [],
}


# A noisy neighbour: ads-service's rotation bot pushes a config change every 20 s from 13:55 to 15:00
# (195 change lines, more than the change read's 100), unrelated to any failure.
NOISY_PUSH = "config changed: ads.banner.slot={n} (was {m}) by rotation_bot"


def _noisy_pushes() -> list[dict[str, Any]]:
    return [
        _log(f"{13 + (55 + t // 3) // 60}:{(55 + t // 3) % 60:02d}:{t % 3 * 20:02d}", "ads-service", "INFO",
             NOISY_PUSH.format(n=t, m=t - 1))
        for t in range(195)
    ]  # fmt: skip


def load_warehouse_world(*, noisy: bool = False) -> None:
    data = BUNDLE
    if noisy:
        ads = {"name": "ads-service", "aliases": ["广告服务"], "description": "广告位轮播"}
        data = {**BUNDLE, "services": [*BUNDLE["services"], ads], "logs": [*BUNDLE["logs"], *_noisy_pushes()]}
    evidence_bundle_load(data=data, source_name="warehouse-world")
