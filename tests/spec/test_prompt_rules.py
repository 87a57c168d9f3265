"""Prompt-level SHALLs of spec 000 — "Executor prompt SHALL constrain narrow-scope over-expansion",
"Runbook and skill guidance do not become incident facts", "strict schema output" (one JSON
object) — proven twice: the prompt file states the rule, and a deterministic layer enforces it
(the offline Executor, the Gatekeeper → Verifier → Composer path, the shared Verifier parser)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.conf import settings

from diagnosis.agents.offline import build_provider as build_offline_provider
from diagnosis.agents.scripted import (
    ExecutorStep,
    binding_for,
    claim,
    contract,
    scripted_provider,
    verifier_reply,
)
from diagnosis.prompts_catalog import parse_front_matter
from diagnosis.verification.protocol import FAIL_NOT_JSON, FAIL_TRAILING, parse_verifier_reply
from tests.graph.scripts import KNOWLEDGE, LOGS, METRICS, POOL_CLAIM, ask, verifier_evaluation
from tests.spec.support import RecordingExecutor, stated_as_confirmed

RUNBOOK_TEXT = "临时扩大连接池上限；排查慢查询与连接泄漏"  # the fixture world's runbook, 处理方案


def prompt_body(role: str) -> str:
    raw = (Path(settings.BASE_DIR) / "prompts" / f"{role}.md").read_text(encoding="utf-8")
    return re.sub(r"\s+", " ", parse_front_matter(raw)[1].replace("**", ""))


def offline_run(api_user, question):
    provider = build_offline_provider()
    recorder = RecordingExecutor(provider.executor)
    provider.executor = recorder
    return ask(api_user, provider, question), [json.loads(c) for c in recorder.contents]


# --- Executor narrow scope ---------------------------------------------------------------------
def test_executor_prompt_states_the_narrow_scope_rule():
    body = prompt_body("executor")
    assert "窄范围规则" in body
    rule = body.split("窄范围规则", 1)[1]
    assert "最少" in rule and "通常 1 条" in rule and "最多 2 条" in rule
    assert "observation 或 negative_observation" in rule and "除非当前证据能证明更多" in rule
    assert "不要把无关的根因、处置建议或问题未涉及的话题写成 claim" in rule


@pytest.mark.django_db
@pytest.mark.parametrize(
    "question", ["payment-service 的 HighErrorRate 告警现在是否在触发？", "支付服务现在有告警吗？"]
)
def test_narrow_scope_produces_minimal_observation_claims(world, api_user, question):
    run, contracts = offline_run(api_user, question)
    assert run.status == "completed" and contracts
    for produced in contracts:
        assert 1 <= len(produced["claims"]) <= 2, produced["claims"]
        assert {c["claim_type"] for c in produced["claims"]} <= {"observation", "negative_observation"}
        for c in produced["claims"]:
            assert all(b["tool_name"] != "lookup_knowledge" for b in c["evidence_bindings"])
            assert "连接池" not in c["claim_text"]  # the runbook's topic, not what was asked
    assert "连接池" not in stated_as_confirmed(run.final_answer)


# --- Runbook guidance ----------------------------------------------------------------------------
def test_executor_prompt_states_that_runbook_guidance_is_not_an_incident_fact():
    body = prompt_body("executor")
    assert "runbook" in body and "recommended_actions" in body
    assert "绝不能作为当前事件的已确认事实写进 claims" in body
    assert (
        "缺乏当前证据支持的根因、细节或处置，放入 `hypotheses`、`recommended_actions` 或 `missing_info`"
        in body
    )


@pytest.mark.django_db
def test_runbook_guidance_influences_recommended_actions_but_never_becomes_a_claim(world, api_user):
    run, contracts = offline_run(api_user, "payment-service 10:05 开始大量 500，原因是什么？")
    assert contracts
    assert any(KNOWLEDGE[0] == i.tool_name for i in run.tool_invocations.all())
    for produced in contracts:
        for c in produced["claims"]:
            assert all(b["tool_name"] != "lookup_knowledge" for b in c["evidence_bindings"])
            assert RUNBOOK_TEXT not in c["claim_text"] and "扩大连接池" not in c["claim_text"]
        assert {a.get("basis") for a in produced["recommended_actions"]} <= {"runbook", "evidence"}
    assert "扩大连接池" not in stated_as_confirmed(run.final_answer)


@pytest.mark.django_db
def test_a_claim_resting_only_on_runbook_text_is_never_presented_as_confirmed(world, api_user):
    def content(results, tools):
        logs, _metrics, knowledge = results
        return contract([
            claim("c1", POOL_CLAIM, [binding_for(logs, 1)]),
            claim("c2", f"处理方案：{RUNBOOK_TEXT}", [binding_for(knowledge, 0)]),
        ])  # fmt: skip

    provider = scripted_provider(
        executor=[ExecutorStep(calls=[LOGS, METRICS, KNOWLEDGE], content=content)],
        verifier=[verifier_reply("PASS")],
    )
    run = ask(api_user, provider, question="payment-service 10:05 以后出了什么事？")  # the pool line answers it
    assert verifier_evaluation(run)["gatekeeper_result"]["status"] == "pass"
    assert RUNBOOK_TEXT not in stated_as_confirmed(run.final_answer)


# --- Verifier: one strict JSON object over the verified projection only ----------------------------
def test_verifier_prompt_demands_exactly_one_json_object_and_the_parser_enforces_it():
    body = prompt_body("verifier")
    assert "恰好一个 JSON 对象" in body and "不要代码块" in body and "不要 Markdown" in body
    claims = [{"claim_id": "c1", "claim_text": "x"}]
    reply = json.dumps({"verdict": "PASS", "groundedness_score": 1.0, "claim_checks": []})
    assert parse_verifier_reply(reply, verified_claims=claims, verified_evidence=[], queries={}).ok
    assert (
        parse_verifier_reply(f"```json\n{reply}\n```", verified_claims=claims, verified_evidence=[], queries={}).reason
        == FAIL_NOT_JSON
    )
    assert (
        parse_verifier_reply(f"结果如下：{reply}", verified_claims=claims, verified_evidence=[], queries={}).reason
        == FAIL_NOT_JSON
    )
    assert (
        parse_verifier_reply(f"{reply}\n说明：见上", verified_claims=claims, verified_evidence=[], queries={}).reason
        == FAIL_TRAILING
    )


def test_verifier_prompt_uses_verified_evidence_as_complete_context_and_requests_no_trace_summary():
    body = prompt_body("verifier")
    assert "verified_evidence" in body and "唯一" in body
    assert "tool_trace_summary" not in body
    assert "不要假设存在原始 Executor 文本或完整工具记录，也不要要求提供" in body
