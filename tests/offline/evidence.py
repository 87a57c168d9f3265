"""Helpers: turn plain log records / alerts / series into ToolCallResults exactly as the tool
layer renders them (its own ``refs`` functions), without a database."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

import gatekeeper
from contracts.tools import ToolCallResult
from diagnosis.tools import logs, metrics

NUMBER = re.compile(r"\d+(?:\.\d+)?")


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


def series(
    name: str,
    values: list[float],
    *,
    service: str = "payment-service",
    unit: str = "%",
    threshold: float | None = None,
    first_at: str = "2026-11-28T10:00:00+08:00",
    last_at: str = "2026-11-28T10:29:00+08:00",
    peak_at: str = "2026-11-28T10:12:00+08:00",
    crossed_at: str | None = None,
    points: list[list[Any]] | None = None,
) -> dict[str, Any]:
    """A series summary exactly as ``query_metrics`` outputs it (see metrics.summarise_series);
    ``points`` ([iso time, value] …) when a test reads the series' shape."""
    return {
        "name": name,
        "service": service,
        "unit": unit,
        "labels": {},
        "threshold": threshold,
        "point_count": len(values),
        "first_at": first_at,
        "last_at": last_at,
        "min": min(values),
        "max": max(values),
        "avg": sum(values) / len(values),
        "last": values[-1],
        "peak_at": peak_at,
        "crossed_at": crossed_at,
        **({"points": points} if points is not None else {}),
    }


def ref_text(calls: list[ToolCallResult], binding: dict[str, Any]) -> str:
    for call in calls:
        if call.invocation_id == binding["source_invocation_id"]:
            return next(r["text"] for r in call.evidence_refs if r["raw_path"] == binding["raw_path"])
    raise AssertionError(f"binding cites an unknown invocation: {binding}")


def assert_grounded(contract: dict[str, Any], calls: list[ToolCallResult]) -> None:
    """The Gatekeeper passes every binding, every excerpt is a verbatim span of its ref text, and
    every number a claim states is in one of its excerpts."""
    result = gatekeeper.check(contract, [as_fact(c) for c in calls])
    # "warn" only for a contract without claims (nothing to verify); never a failed rule.
    expected = "pass" if contract["claims"] else "warn"
    assert result.status == expected and result.failed_rules == [], result.model_dump()
    for claim in contract["claims"]:
        excerpts = []
        for binding in claim["evidence_bindings"]:
            text = ref_text(calls, binding)
            assert gatekeeper.excerpt_supported(
                binding["evidence_excerpt"], text, min_fragment_len=4
            ).supported
            excerpts.append(unicodedata.normalize("NFKC", binding["evidence_excerpt"]))
        for number in NUMBER.findall(unicodedata.normalize("NFKC", claim["claim_text"])):
            assert any(number in e for e in excerpts), (number, claim["claim_text"], excerpts)
