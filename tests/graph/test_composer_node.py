"""The composer node: model answer, re-ask, template fallback and the leak guard, as persisted
(spec 001 "composer output written to self_evaluation"; issue 4 item 6)."""

from __future__ import annotations

import pytest

from diagnosis.agents.base import AgentError
from diagnosis.agents.scripted import scripted_provider, verifier_reply
from diagnosis.composer.leak_guard import REASON_LEAKED_TOKENS, REASON_RAW_CONTRACT
from diagnosis.composer.templates import H_PASS_CONCLUSION, render
from tests.graph.scripts import RAW_MARKER, ask, honest_step, verifier_evaluation

pytestmark = pytest.mark.django_db


def run_with_composer(api_user, replies):
    provider = scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")], composer=replies)
    return provider, ask(api_user, provider)


def test_model_answer_with_allowed_material_is_used(world, api_user):
    answer = "结论：10:05:12 起 payment-service 数据库连接池耗尽（waiting=37），HighErrorRate 于 10:06 触发，数值 12.5%。"
    _, run = run_with_composer(api_user, [{"answer": answer}])
    assert run.final_answer == answer
    assert verifier_evaluation(run)["composer_output"]["source"] == "model"


def test_leaked_number_is_replaced_by_template_and_recorded(world, api_user):
    provider, run = run_with_composer(api_user, [{"answer": "payment-service 从 09:58 开始 HTTP 502，waiting=73。"}])
    assert run.final_answer == render(provider.composer.materials[0])
    co = verifier_evaluation(run)["composer_output"]
    assert (co["source"], co["status"], co["reason"]) == ("template", "leak_guard_replaced", REASON_LEAKED_TOKENS)
    assert {"09:58", "502", "73"} <= set(co["leaked"])


def test_leaked_service_name_is_replaced(world, api_user):
    _, run = run_with_composer(api_user, [{"answer": "订单服务 也受影响，连接池耗尽。"}])
    assert verifier_evaluation(run)["composer_output"]["leaked"] == ["订单服务"]


def test_raw_executor_json_as_answer_is_replaced(world, api_user):
    _, run = run_with_composer(api_user, [{"answer": '{"answer_version": "executor_evidence_v2", "claims": []}'}])
    co = verifier_evaluation(run)["composer_output"]
    assert co["reason"] == REASON_RAW_CONTRACT
    assert run.final_answer.startswith(H_PASS_CONCLUSION)


def test_blank_composer_reply_is_reasked_then_used(world, api_user):
    provider, run = run_with_composer(api_user, ['{"answer": "  "}', {"answer": "连接池耗尽。"}])
    assert run.final_answer == "连接池耗尽。"
    assert run.events.filter(node="composer", event="retry").count() == 1
    assert verifier_evaluation(run)["composer_output"]["attempts"] == 2


def test_composer_failure_after_retries_uses_template(world, api_user):
    provider, run = run_with_composer(api_user, ["not json", AgentError("timeout", reason="timeout")])
    co = verifier_evaluation(run)["composer_output"]
    assert (co["source"], co["status"], co["reason"]) == ("template", "composer_failed", "timeout")
    assert run.outcome == "pass"  # the verdict stands; only the wording is the template
    assert run.final_answer == render(provider.composer.materials[0])


def test_non_retryable_composer_failure_is_not_reasked(world, api_user):
    provider, run = run_with_composer(api_user, [AgentError("bad", retryable=False, reason="http_400")])
    assert len(provider.composer.materials) == 1
    assert verifier_evaluation(run)["composer_output"]["status"] == "composer_failed"


def test_composer_never_sees_raw_executor_material(world, api_user):
    provider, _ = run_with_composer(api_user, [])
    dumped = provider.composer.materials[0].model_dump_json()
    assert RAW_MARKER not in dumped  # missing_info is executor material, never composer material
    assert "user_facing_answer" not in dumped and "answer_version" not in dumped
