"""A persisted run shaped exactly like EXAMPLE-RUN.md (§2 invocations, §4 gatekeeper, §5 verifier,
§6 composer, §7 self_evaluation), built row by row — no graph involved. Shared by the admin,
web and API tests. ``hostile`` puts a script tag into model and tool text everywhere it can go.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from diagnosis.models import DiagnosisRun, OrchestrationEvent, ToolInvocation
from tests.factories import make_session

HOSTILE = "<script>alert(1)</script>"
QUESTION = "payment-service 10:05 开始大量 500，原因是什么？"
C1_TEXT = "10:05:12 起 payment-service 数据库连接池耗尽（active=50, waiting=37），获取连接 3000ms 超时"
C2_TEXT = "payment-service 5xx 比例告警 HighErrorRate 于 10:06 触发，数值 12.5%"
C1_MATCH = "Connection is not available, request timed out after 3000ms (active=50, idle=0, waiting=37)"
C2_MATCH = "HighErrorRate payment-service critical firing since 2026-11-28 10:06 value 12.5%"
ANSWER = """结论（已验证）
- 10:05:12 起 payment-service 数据库连接池耗尽（active=50，waiting=37），获取连接 3000ms 超时。
- 10:06 起 5xx 比例告警 HighErrorRate 触发，数值 12.5%。
可能的方向（未验证）
- 慢查询或连接泄漏导致连接池被占满。
建议
- 临时扩大连接池上限并排查慢查询。"""
HYPOTHESIS = "慢查询或连接泄漏导致连接池被占满"
GAP = "缺少数据库慢查询日志"


def _self_evaluation(hostile: bool) -> dict[str, Any]:
    h = f" {HOSTILE}" if hostile else ""
    verified_evidence = [
        {"claim_id": "c1", "source_invocation_id": "inv_1", "tool_name": "query_logs", "raw_path": "/records/0",
         "matched_text": C1_MATCH + h},
        {"claim_id": "c2", "source_invocation_id": "inv_2", "tool_name": "query_metrics", "raw_path": "/alerts/0",
         "matched_text": C2_MATCH},
    ]
    return {
        "rule_evaluation": {"evidence_calls": 3, "success": 3, "failed": 0, "no_hit": 0, "deduped": 0, "score": 0.9},
        "verifier_evaluation": {
            "verifier_status": "completed",
            "model_verdict": "PASS",
            "effective_verdict": "PASS",
            "verdict": "PASS",
            "rule_verdict": "PASS",
            "groundedness_score": 1.0,
            "model_groundedness_score": 0.95,
            "critical_fact_count": 2,
            "claim_checks": [
                {"claim_id": "c1", "verification": "direct_observation", "is_critical": True,
                 "detail": "时间、连接池数值与超时均逐字出现在证据中" + h,
                 "evidence_refs": [{"claim_id": "c1", "source_invocation_id": "inv_1", "tool_name": "query_logs",
                                    "raw_path": "/records/0"}]},
                {"claim_id": "c2", "verification": "direct_observation", "is_critical": True, "detail": "告警名、时间与数值一致",
                 "evidence_refs": [{"claim_id": "c2", "source_invocation_id": "inv_2", "tool_name": "query_metrics",
                                    "raw_path": "/alerts/0"}]},
            ],
            "facts_checked": [
                {"fact": C1_TEXT, "is_critical": True, "verification": "direct_evidence", "detail": "",
                 "evidence_refs": [{"source_invocation_id": "inv_1", "raw_path": "/records/0"}]},
                {"fact": C2_TEXT, "is_critical": True, "verification": "direct_evidence", "detail": "",
                 "evidence_refs": [{"source_invocation_id": "inv_2", "raw_path": "/alerts/0"}]},
            ],
            "evidence_gaps": [{"claim_id": "c1", "gap": GAP, "is_critical": False, "suggested_tool": "query_logs",
                               "suggested_query": "slow query"}],
            "rationale": "两条关键事实均有直接证据",
            "verified_executor_output": {
                "answer_version": "executor_evidence_v2",
                "claims": [
                    {"claim_id": "c1", "claim_type": "observation", "claim_text": C1_TEXT + h, "support_level": "direct",
                     "evidence_bindings": [{"source_type": "log", "tool_name": "query_logs", "source_invocation_id": "inv_1",
                                            "raw_path": "/records/0", "evidence_excerpt": C1_MATCH}]},
                    {"claim_id": "c2", "claim_type": "observation", "claim_text": C2_TEXT, "support_level": "direct",
                     "evidence_bindings": [{"source_type": "metric", "tool_name": "query_metrics",
                                            "source_invocation_id": "inv_2", "raw_path": "/alerts/0",
                                            "evidence_excerpt": C2_MATCH}]},
                ],
                "hypotheses": [{"hypothesis_id": "h1", "text": HYPOTHESIS, "rationale": "连接池耗尽的常见原因（手册）"}],
                "recommended_actions": [{"action": "临时扩大连接池上限并排查慢查询", "priority": "high", "basis": "runbook"}],
                "missing_info": [{"item": "数据库慢查询日志", "reason": "本次未查询"}],
            },
            "verified_evidence": verified_evidence,
            "verdict_ceiling": "PASS",
            "gatekeeper_result": {
                "status": "pass", "severity": "none", "rule_set_version": "2026.11-1",
                "rules": [{"id": "evidence.raw_path", "description": "raw_path 必须是调用的 evidence_refs 之一",
                           "enabled": True, "default_severity": "reject", "params": {}}],
                "checked_bindings": [
                    {"claim_id": "c1", "binding_index": 0, "source_invocation_id": "inv_1", "tool_name": "query_logs",
                     "raw_path": "/records/0", "passed": True, "severity": "none", "failed_rules": [],
                     "matched_text": C1_MATCH + h},
                    {"claim_id": "c2", "binding_index": 0, "source_invocation_id": "inv_2", "tool_name": "query_metrics",
                     "raw_path": "/alerts/0", "passed": True, "severity": "none", "failed_rules": [],
                     "matched_text": C2_MATCH},
                    {"claim_id": "c2", "binding_index": 1, "source_invocation_id": "inv_9", "tool_name": "query_metrics",
                     "raw_path": "/alerts/7", "passed": False, "severity": "reject",
                     "failed_rules": ["evidence.invocation_ref"], "matched_text": ""},
                ],
                "failed_rules": [], "warnings": [], "errors": [],
            },
            "traceability_version": "v1",
            "executor_output_parse_status": {"status": "valid"},
            "prompt_audit": {"version": "catalog-2026.11", "prompts": [
                {"role": "planner", "name": "planner", "version": "1"},
                {"role": "executor", "name": "executor", "version": "1"},
                {"role": "verifier", "name": "verifier", "version": "1"},
                {"role": "composer", "name": "composer", "version": "1"}]},
            "composer_output": {"source": "model", "status": "ok", "dropped_actions": [
                {"action": "联系合作方续期证书" + h, "basis": "runbook", "reason": "no_matching_evidence"}]},
            "asked": {"kind": "cause", "services": ["payment-service"],
                      "window": {"start": "2026-11-28T09:55:00+08:00", "end": "2026-11-28T10:30:00+08:00"},
                      "dimension": {"metric": None, "terms": ["500"]}, "source": "planner"},
            "coverage": {"status": "answered", "covering_claims": ["c1", "c2"], "gap": "", "tried": [],
                         "reasons": ["c1：回答了问题（所问服务在窗口内的直接观察）" + h]},
            "coverage_verdict": "PASS",
            "evidence_retry_count": 0,
        },
    }


def make_example_run(owner, *, hostile: bool = False, session=None) -> DiagnosisRun:
    h = f" {HOSTILE}" if hostile else ""
    session = session or make_session(owner, title=QUESTION[:30])
    created = timezone.now() - timedelta(seconds=5)
    run = DiagnosisRun.objects.create(
        session=session,
        owner=owner,
        question=QUESTION + h,
        status=DiagnosisRun.Status.COMPLETED,
        outcome=DiagnosisRun.Outcome.PASS,
        verdict=DiagnosisRun.Verdict.PASS,
        gatekeeper_severity=DiagnosisRun.GatekeeperSeverity.NONE,
        final_answer=ANSWER + h,
        provider="offline",
        model="offline-rules",
        self_evaluation=_self_evaluation(hostile),
        started_at=created,
        finished_at=created + timedelta(seconds=2),
        duration_ms=2000,
    )
    DiagnosisRun.objects.filter(pk=run.pk).update(created_at=created)
    run.refresh_from_db()
    log_text = ("2026-11-28 10:05:12 payment-service ERROR HikariPool-1 - " + C1_MATCH + h)
    ToolInvocation.objects.create(
        run=run, invocation_id="inv_1", seq=1, tool_name="query_logs", status="success",
        arguments={"service": "payment-service", "level": "ERROR", "keyword": "连接池" + h},
        output={"records": [{"message": "HikariPool-1 - " + C1_MATCH + h}], "total": 214, "truncated": True},
        output_truncated=True,
        retrieval_details={"evidence_refs": [{"raw_path": "/records/0", "text": log_text}]},
        started_at=created, duration_ms=12,
    )
    ToolInvocation.objects.create(
        run=run, invocation_id="inv_2", seq=2, tool_name="query_metrics", status="success",
        arguments={"service": "payment-service"},
        output={"alerts": [{"name": "HighErrorRate"}]},
        retrieval_details={"evidence_refs": [{"raw_path": "/alerts/0", "text": C2_MATCH + " (5xx 比例超过 5%)"}]},
        started_at=created, duration_ms=8,
    )
    ToolInvocation.objects.create(
        run=run, invocation_id="inv_3", seq=3, tool_name="lookup_knowledge", status="failed",
        arguments={"query": "数据库连接池耗尽 500"}, output=None,
        error="知识库暂不可用" + h, started_at=created, duration_ms=3,
    )
    for seq, (node, event) in enumerate(
        [("planner", "start"), ("planner", "finish"), ("executor", "start"), ("executor", "tool"),
         ("executor", "finish"), ("gatekeeper", "start"), ("gatekeeper", "finish"), ("verifier", "start"),
         ("verifier", "finish"), ("composer", "start"), ("composer", "finish")],
        start=1,
    ):
        OrchestrationEvent.objects.create(
            run=run, seq=seq, node=node, event=event, detail={"round": 1, "note": h.strip()} if h else {"round": 1},
            at=created + timedelta(milliseconds=100 * seq),
        )
    return run
