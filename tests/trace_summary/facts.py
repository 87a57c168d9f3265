"""Invocation facts as the trace summary builder receives them (plain dicts, EXAMPLE-RUN shapes)."""

from __future__ import annotations

from typing import Any

POOL = "HikariPool-1 - Connection is not available, request timed out after 3000ms (active=50, idle=0, waiting=37)"
HTTP500 = "POST /api/pay -> HTTP 500 Internal Server Error"
ALERT_TEXT = (
    "HighErrorRate payment-service critical firing since 2026-11-28 10:06 value 12.5% (5xx 比例超过 5%)"
)
SERIES_TEXT = (
    "http_5xx_rate payment-service 2026-11-28 10:00–10:30 min 0.2% max 14.1% avg 7.28% last 12.5%; "
    "峰值于 10:12; 超过阈值 5% 于 10:06 (6 个点)"
)
WINDOW = {"start": "2026-11-28T09:55:00+08:00", "end": "2026-11-28T10:30:00+08:00"}


def invocation(n: int, tool: str, status: str, *, round_no: int = 1, arguments=None, output=None, refs=(),
               error: str = "", deduped_from: str = "", evidence_bearing: bool | None = None,
               backend: str = "builtin") -> dict[str, Any]:  # fmt: skip
    fact = {
        "invocation_id": f"inv_{n}",
        "round": round_no,
        "tool_name": tool,
        "arguments": arguments or {},
        "status": status,
        "output": output,
        "retrieval_details": {"evidence_refs": list(refs), "backend": backend},
        "error": error,
        "deduped_from": deduped_from,
    }
    if evidence_bearing is not None:
        fact["evidence_bearing"] = evidence_bearing
    return fact


def log_record(message: str, ts: str = "2026-11-28T10:05:12+08:00", level: str = "ERROR") -> dict[str, Any]:
    return {
        "timestamp": ts,
        "service": "payment-service",
        "level": level,
        "instance": "pay-1",
        "message": message,
        "trace_id": "",
    }


def logs(
    n: int = 1, *, records=None, round_no: int = 1, total: int | None = None, **arguments
) -> dict[str, Any]:
    records = (
        records
        if records is not None
        else [log_record(POOL), log_record(HTTP500, "2026-11-28T10:05:13+08:00")]
    )
    refs = [
        {
            "raw_path": f"/records/{i}",
            "text": f"{r['timestamp'][:10]} {r['timestamp'][11:19]} {r['service']} {r['level']} {r['message']}",
        }
        for i, r in enumerate(records)
    ]
    output = {"records": records, "total": total if total is not None else len(records), "returned": len(records),
              "truncated": False, "window": WINDOW}  # fmt: skip
    args = {"service": "payment-service", "level": "ERROR", **WINDOW, **arguments}
    return invocation(
        n,
        "query_logs",
        "success" if records else "no_hit",
        round_no=round_no,
        arguments=args,
        output=output,
        refs=refs,
    )


def metrics(
    n: int = 2, *, alerts: bool = True, series: bool = True, round_no: int = 1, **arguments
) -> dict[str, Any]:
    output: dict[str, Any] = {"alerts": [], "series": [], "window": WINDOW}
    refs = []
    if alerts:
        output["alerts"].append({"name": "HighErrorRate", "service": "payment-service", "severity": "critical", "state": "firing",
                                 "starts_at": "2026-11-28T10:06:00+08:00", "ends_at": None, "value": "12.5%",
                                 "summary": "5xx 比例超过 5%", "labels": {}})  # fmt: skip
        refs.append({"raw_path": "/alerts/0", "text": ALERT_TEXT})
    if series:
        output["series"].append({"name": "http_5xx_rate", "service": "payment-service", "unit": "%", "threshold": 5.0,
                                 "min": 0.2, "max": 14.1, "avg": 7.28, "last": 12.5, "point_count": 6,
                                 "first_at": "2026-11-28T10:00:00+08:00", "last_at": "2026-11-28T10:30:00+08:00",
                                 "peak_at": "2026-11-28T10:12:00+08:00", "crossed_at": "2026-11-28T10:06:00+08:00",
                                 "labels": {}})  # fmt: skip
        refs.append({"raw_path": f"/series/{len(output['series']) - 1}", "text": SERIES_TEXT})
    status = "success" if refs else "no_hit"
    args = {"service": "payment-service", **WINDOW, **arguments}
    return invocation(n, "query_metrics", status, round_no=round_no, arguments=args, output=output, refs=refs)


def knowledge(
    n: int = 3, *, query: str = "数据库连接池耗尽 500", round_no: int = 1, hits=None
) -> dict[str, Any]:
    hits = hits if hits is not None else [
        {"document_title": "数据库连接池耗尽处理手册", "source": "runbooks/db-pool.md",
         "heading_path": "数据库连接池耗尽处理手册 / 处理方案", "text": "临时扩大连接池上限；排查慢查询与连接泄漏。", "score": 7.412},
        {"document_title": "数据库连接池耗尽处理手册", "source": "runbooks/db-pool.md",
         "heading_path": "数据库连接池耗尽处理手册 / 常见原因", "text": "慢查询长时间占用连接；连接泄漏。", "score": 5.1},
    ]  # fmt: skip
    refs = [
        {"raw_path": f"/hits/{i}", "text": f"{h['heading_path']}: {h['text']}"} for i, h in enumerate(hits)
    ]
    output = {"query": query, "hits": hits, "total_chunks": 40}
    status = "success" if hits else "no_hit"
    return invocation(
        n,
        "lookup_knowledge",
        status,
        round_no=round_no,
        arguments={"query": query, "top_k": 5},
        output=output,
        refs=refs,
    )


def failed(
    n: int,
    tool: str = "query_logs",
    *,
    round_no: int = 1,
    error: str = "工具调用超时 (tool timed out after 10s)",
    **arguments,
):
    return invocation(
        n,
        tool,
        "failed",
        round_no=round_no,
        arguments=arguments or {"service": "payment-service"},
        error=error,
    )


def deduped(n: int, of: dict[str, Any], *, round_no: int | None = None) -> dict[str, Any]:
    return invocation(n, of["tool_name"], "deduped", round_no=round_no or of["round"], arguments=of["arguments"],
                      output={"deduped_from": of["invocation_id"]}, deduped_from=of["invocation_id"])  # fmt: skip


def current_time(n: int) -> dict[str, Any]:
    return invocation(n, "get_current_time", "success", output={"now": "2026-11-28T10:30:00+08:00", "timezone": "Asia/Shanghai",
                      "source": "reference_time"}, evidence_bearing=False)  # fmt: skip
