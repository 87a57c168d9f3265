"""The composer node (issue 24 item 2; spec 001 "composer output written to self_evaluation";
issue 4 item 6): the model writes the conclusion, each sentence citing its claims; a sentence the
guard refuses is dropped and recorded; with none left the deterministic conclusion is used;
re-ask on a blank or unparseable reply; the answer model is persisted beside the text."""

from __future__ import annotations

import pytest

from diagnosis.agents.base import AgentError
from diagnosis.agents.scripted import scripted_provider, verifier_reply
from diagnosis.composer.compose import render_material
from diagnosis.composer.conclusion import REASON_RAW, REASON_UNKNOWN_CLAIM
from diagnosis.composer.templates import H_PASS_CONCLUSION
from tests.graph.scripts import RAW_MARKER, ask, honest_step, verifier_evaluation

pytestmark = pytest.mark.django_db


def run_with_composer(api_user, replies):
    provider = scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")], composer=replies)
    return provider, ask(api_user, provider)


def conclusion(*sentences):
    return {"conclusion": [{"text": text, "claims": list(claims)} for text, claims in sentences]}


def test_model_conclusion_with_cited_material_leads_the_answer(world, api_user):
    sentence = "10:05:12 起 payment-service 数据库连接池耗尽（waiting=37），HighErrorRate 于 10:06 触发，数值 12.5%。"
    _, run = run_with_composer(api_user, [conclusion((sentence, ("c1", "c2")))])
    assert run.final_answer.splitlines()[:2] == [H_PASS_CONCLUSION, sentence]
    co = verifier_evaluation(run)["composer_output"]
    assert (co["source"], co["status"]) == ("model", "ok")
    assert co["answer"]["conclusion"] == [{"text": sentence, "claims": ["c1", "c2"]}]


def test_a_leaking_sentence_is_dropped_and_recorded_the_others_kept(world, api_user):
    good = "10:05:12 起 payment-service 数据库连接池耗尽（waiting=37）。"
    bad = "payment-service 从 09:58 开始 HTTP 502，waiting=73。"
    _, run = run_with_composer(api_user, [conclusion((good, ("c1",)), (bad, ("c1",)))])
    co = verifier_evaluation(run)["composer_output"]
    assert (co["source"], co["status"]) == ("model", "partial")
    assert good in run.final_answer and bad not in run.final_answer
    [dropped] = co["dropped_sentences"]
    assert dropped["text"] == bad and {"09:58", "502", "73"} <= set(dropped["reason"].split(": ")[1].split("、"))


def test_every_sentence_dropped_means_the_deterministic_conclusion(world, api_user):
    provider, run = run_with_composer(api_user, [conclusion(("订单服务 也受影响，连接池耗尽。", ("c1",)))])
    co = verifier_evaluation(run)["composer_output"]
    assert (co["source"], co["status"]) == ("template", "leak_guard_replaced")
    assert run.final_answer == render_material(provider.composer.materials[0])


def test_raw_executor_json_or_unknown_claims_are_refused(world, api_user):
    raw = '{"answer_version": "executor_evidence_v2", "claims": []}'
    _, run = run_with_composer(api_user, [conclusion((raw, ("c1",)), ("payment-service 异常。", ("c42",)))])
    reasons = [d["reason"] for d in verifier_evaluation(run)["composer_output"]["dropped_sentences"]]
    assert reasons[0] in (REASON_RAW,) or reasons[0].startswith("names")
    assert reasons[1] == REASON_UNKNOWN_CLAIM
    assert run.final_answer.startswith(H_PASS_CONCLUSION) and "{" not in run.final_answer


def test_blank_composer_reply_is_reasked_then_used(world, api_user):
    sentence = "10:05:12 起 payment-service 连接池耗尽。"
    provider, run = run_with_composer(api_user, ['{"conclusion": "  "}', conclusion((sentence, ("c1",)))])
    assert run.final_answer.splitlines()[1] == sentence
    assert run.events.filter(node="composer", event="retry").count() == 1
    assert verifier_evaluation(run)["composer_output"]["attempts"] == 2


def test_an_old_style_answer_reply_is_not_a_conclusion(world, api_user):
    provider, run = run_with_composer(api_user, [{"answer": "结论：连接池耗尽。"}, {"answer": "结论：连接池耗尽。"}])
    co = verifier_evaluation(run)["composer_output"]
    assert (co["source"], co["status"]) == ("template", "composer_failed")
    assert run.final_answer == render_material(provider.composer.materials[0])


def test_composer_failure_after_retries_uses_the_deterministic_conclusion(world, api_user):
    provider, run = run_with_composer(api_user, ["not json", AgentError("timeout", reason="timeout")])
    co = verifier_evaluation(run)["composer_output"]
    assert (co["source"], co["status"], co["reason"]) == ("template", "composer_failed", "timeout")
    assert run.outcome == "pass"  # the verdict stands; only the wording is deterministic
    assert run.final_answer == render_material(provider.composer.materials[0])


def test_non_retryable_composer_failure_is_not_reasked(world, api_user):
    provider, run = run_with_composer(api_user, [AgentError("bad", retryable=False, reason="http_400")])
    assert len(provider.composer.materials) == 1
    assert verifier_evaluation(run)["composer_output"]["status"] == "composer_failed"


def test_composer_never_sees_raw_executor_material(world, api_user):
    provider, _ = run_with_composer(api_user, [])
    dumped = provider.composer.materials[0].model_dump_json()
    assert RAW_MARKER not in dumped  # missing_info is executor material, never composer material
    assert "user_facing_answer" not in dumped and "answer_version" not in dumped
