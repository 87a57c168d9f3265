"""Verified projections and claim checks for composer tests."""

from __future__ import annotations

from contracts.elements import AlertElement, LogRecord
from contracts.verifier import EvidenceGap

OUTPUT = {
    "answer_version": "executor_evidence_v2",
    "claims": [
        {"claim_id": "c1", "claim_type": "observation", "claim_text": "10:05:12 payment-service 连接池耗尽 (waiting=37)",
         "support_level": "direct", "evidence_bindings": []},
        {"claim_id": "c2", "claim_type": "impact", "claim_text": "HighErrorRate 于 10:06 触发，数值 12.5%",
         "support_level": "direct", "evidence_bindings": []},
        {"claim_id": "c3", "claim_type": "root_cause", "claim_text": "根因是慢查询占满连接池",
         "support_level": "indirect", "evidence_bindings": []},
        {"claim_id": "c4", "claim_type": "observation", "claim_text": "order-service 同时出现 502",
         "support_level": "direct", "evidence_bindings": []},
    ],
    "hypotheses": [{"text": "连接泄漏"}],
    "recommended_actions": [{"action": "临时扩大连接池上限"}],
    "missing_info": [{"item": "MISSING-INFO-TEXT"}],
}
EVIDENCE = [
    {"claim_id": "c1", "source_invocation_id": "inv_1", "tool_name": "query_logs", "raw_path": "/records/0",
     "matched_text": "2026-11-28 10:05:12 payment-service ERROR HikariPool-1 - Connection is not available (waiting=37)"},
    {"claim_id": "c2", "source_invocation_id": "inv_2", "tool_name": "query_metrics", "raw_path": "/alerts/0",
     "matched_text": "HighErrorRate payment-service critical firing since 2026-11-28 10:06 value 12.5%"},
    {"claim_id": "c3", "source_invocation_id": "inv_1", "tool_name": "query_logs", "raw_path": "/records/0",
     "matched_text": "HikariPool-1 - Connection is not available"},
    {"claim_id": "c4", "source_invocation_id": "inv_3", "tool_name": "query_logs", "raw_path": "/records/2",
     "matched_text": "order-service 200 OK"},
]
GAP = EvidenceGap(claim_id="c3", gap="缺少慢查询日志", is_critical=True, suggested_tool="query_logs",
                  suggested_query="slow query")


def checks(**kinds: str) -> list[dict]:
    return [{"claim_id": cid, "verification": kind, "is_critical": True, "detail": "", "evidence_refs": []}
            for cid, kind in kinds.items()]

#: The tool output elements the EVIDENCE refs point at: what claim facts are read from.
ELEMENTS = {
    ("inv_1", "/records/0"): LogRecord.model_validate({
        "timestamp": "2026-11-28T10:05:12+08:00", "service": "payment-service", "level": "ERROR",
        "message": "HikariPool-1 - Connection is not available (waiting=37)"}),
    ("inv_2", "/alerts/0"): AlertElement.model_validate({
        "name": "HighErrorRate", "service": "payment-service", "severity": "critical", "state": "firing",
        "starts_at": "2026-11-28T10:06:00+08:00", "ends_at": None, "value": "12.5%", "summary": ""}),
    ("inv_3", "/records/2"): LogRecord.model_validate({
        "timestamp": "2026-11-28T10:07:00+08:00", "service": "order-service", "level": "INFO", "message": "200 OK"}),
}
ASKED = {"kind": "cause", "services": ["payment-service"],
         "window": {"start": "2026-11-28T09:55:00+08:00", "end": "2026-11-28T10:30:00+08:00"},
         "dimension": {"metric": None, "terms": ["500"]}, "source": "planner"}
