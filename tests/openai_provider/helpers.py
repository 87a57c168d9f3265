from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from contracts.composer import ComposerMaterial
from contracts.plan import ExecutorRequest, Plan, PlannerRequest, PlanStep
from tests.openai_provider.dataset import WINDOW

NOW = datetime(2026, 11, 28, 10, 30, tzinfo=ZoneInfo("Asia/Shanghai"))
QUESTION = "payment-service 10:05 开始大量 500，原因是什么？"


def planner_request(**overrides) -> PlannerRequest:
    return PlannerRequest(question=QUESTION, now=NOW, now_source="reference_time", **overrides)


def executor_request(**overrides) -> ExecutorRequest:
    plan = Plan(goal="定位原因", steps=[PlanStep(tool="query_logs", arguments={"service": "payment-service", **WINDOW})])
    return ExecutorRequest(question=QUESTION, plan=plan, now=NOW, **overrides)


def composer_material() -> ComposerMaterial:
    return ComposerMaterial(
        question=QUESTION,
        route="pass",
        verdict="PASS",
        confirmed=[{"claim_id": "c1", "text": "10:05:12 起连接池耗尽",
                    "evidence": [{"invocation_id": "inv_1", "matched_text": "request timed out after 3000ms"}]}],
        directions=["慢查询导致连接池被占满"],
        next_steps=["排查慢查询"],
    )


CANONICAL_VERIFIER_INPUT = (
    '{"diagnosis_context":{"question":"payment-service 为什么 500？","round":1},'
    '"verified_executor_output":{"answer_version":"executor_evidence_v2","claims":[]},'
    '"verified_evidence":[{"claim_id":"c1","source_invocation_id":"inv_1","tool_name":"query_logs",'
    '"raw_path":"/records/0","matched_text":"request timed out after 3000ms  (active=50)\\u00a0…"}],'
    '"gatekeeper_audit":{"status":"pass","severity":"none"},"verdict_ceiling":"PASS"}'
)
