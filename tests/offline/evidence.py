"""Helpers: turn plain log records / alerts / series into ToolCallResults exactly as the tool
layer renders them (its own ``refs`` functions), without a database."""

from __future__ import annotations

from typing import Any

from diagnosis.agents.base import ToolCallResult
from diagnosis.tools import logs, metrics


def log_call(records: list[dict[str, Any]], invocation_id: str = "inv_1", **arguments: Any) -> ToolCallResult:
    output = {"records": records, "total": len(records), "returned": len(records), "truncated": False}
    return ToolCallResult(
        invocation_id=invocation_id,
        tool_name="query_logs",
        round=1,
        status="success" if records else "no_hit",
        arguments=arguments,
        output=output,
        evidence_refs=logs.refs(output),
    )


def metrics_call(
    alerts: list[dict[str, Any]], series: list[dict[str, Any]] | None = None, invocation_id: str = "inv_2"
) -> ToolCallResult:
    output = {"alerts": alerts, "series": series or []}
    return ToolCallResult(
        invocation_id=invocation_id,
        tool_name="query_metrics",
        round=1,
        status="success" if alerts or series else "no_hit",
        arguments={},
        output=output,
        evidence_refs=metrics.refs(output),
    )


def knowledge_call(hits: list[dict[str, Any]], invocation_id: str = "inv_3") -> ToolCallResult:
    from diagnosis.tools import knowledge

    output = {"query": "q", "hits": hits, "total_chunks": len(hits)}
    return ToolCallResult(
        invocation_id=invocation_id,
        tool_name="lookup_knowledge",
        round=1,
        status="success" if hits else "no_hit",
        arguments={"query": "q"},
        output=output,
        evidence_refs=knowledge.refs(output),
    )


def record(
    ts: str, message: str, *, service: str = "payment-service", level: str = "ERROR"
) -> dict[str, Any]:
    return {
        "timestamp": ts,
        "service": service,
        "level": level,
        "instance": "i-1",
        "message": message,
        "trace_id": "",
    }


def alert(
    name: str,
    *,
    service: str = "payment-service",
    state: str = "firing",
    starts_at: str,
    value: str = "",
    summary: str = "",
    severity: str = "critical",
    ends_at: str | None = None,
) -> dict[str, Any]:
    return {
        "name": name,
        "service": service,
        "severity": severity,
        "state": state,
        "starts_at": starts_at,
        "ends_at": ends_at,
        "value": value,
        "summary": summary,
        "labels": {},
    }


def as_fact(call: ToolCallResult) -> dict[str, Any]:
    return {
        "invocation_id": call.invocation_id,
        "tool_name": call.tool_name,
        "status": call.status,
        "evidence_refs": call.evidence_refs,
    }
