"""Masking through the real openai client and the fake server (issue 14 item 1): no canary value
reaches the model on any path, honest runs still PASS because excerpts are unmasked before the
Gatekeeper, an invented placeholder is an excerpt mismatch, and the audit keeps only counts."""

from __future__ import annotations

import json

import pytest

from diagnosis.evidence.loader import evidence_bundle_load
from tests.fake_llm.server import RecordedRequest, Reply
from tests.openai_provider.dataset import BUNDLE, WINDOW
from tests.openai_provider.graph_helpers import ask, assert_completed_in_chinese, verifier_evaluation
from tests.openai_provider.scripts import (
    claim,
    composer_reply,
    contract,
    find_ref,
    plan_reply,
    standard_tool_calls,
    verdict_reply,
)

pytestmark = pytest.mark.django_db

CANARIES = {
    "PHONE": "13912345678",
    "EMAIL": "li.lei@shop-example.cn",
    "IP": "10.20.30.40",
    "ID": "u77001",
    "SECRET": "sk-canary0123456789ABCDEF",
}
LEAKY_LOG = (
    f"payment for user_id={CANARIES['ID']} phone {CANARIES['PHONE']} email {CANARIES['EMAIL']} failed: "
    f"upstream {CANARIES['IP']}:8443 refused (key {CANARIES['SECRET']})"
)
QUESTION = f"用户 {CANARIES['PHONE']} 反馈 payment-service 10:05 开始支付失败，出了什么事？"


@pytest.fixture
def leaky_world(db):
    bundle = json.loads(json.dumps(BUNDLE))
    bundle["name"] = "masking-test"
    bundle["logs"].append(
        {"timestamp": "2026-11-28T10:05:20+08:00", "service": "payment-service", "level": "ERROR",
         "instance": "pay-1", "message": LEAKY_LOG, "trace_id": "t3"}
    )  # fmt: skip
    evidence_bundle_load(data=bundle, source_name="masking-test")


def refused_contract(excerpt_ip: str):
    def build(request: RecordedRequest) -> Reply:
        message, ref = find_ref(request, "query_logs", "refused")
        assert CANARIES["IP"] not in ref["text"] and "<IP_1>" in ref["text"]  # what the model was shown
        body = contract(
            [claim("c1", "10:05:20 起 payment-service 调用上游 <IP_1>:8443 被拒绝", message, ref,
                   f"failed: upstream {excerpt_ip}:8443 refused")]
        )  # fmt: skip
        return Reply(content=json.dumps(body, ensure_ascii=False))

    return build


def _script(server, excerpt_ip: str) -> None:
    server.script("planner", plan_reply(asked=None))  # what was asked: derived from the question
    server.script("executor", standard_tool_calls(), refused_contract(excerpt_ip))


def _assert_no_canary_sent(server) -> None:
    assert server.requests, "the run made model requests"
    for request in server.requests:
        for kind, value in CANARIES.items():
            assert value.encode() not in request.raw, f"{kind} canary reached the {request.role} request"


def test_no_canary_reaches_any_model_request_and_the_honest_run_still_passes(openai_settings, fake_llm, leaky_world, api_user):
    _script(fake_llm, "<IP_1>")
    fake_llm.script("verifier", verdict_reply("PASS", [("c1", "direct_observation")]))
    fake_llm.script("composer", composer_reply("10:05:20 起 payment-service 调用上游 <IP_1>:8443 被拒绝。"))
    run = ask(api_user, QUESTION)

    assert_completed_in_chinese(run, outcome="pass")
    assert fake_llm.roles() == ["planner", "executor", "executor", "verifier", "composer"]
    _assert_no_canary_sent(fake_llm)
    # The Gatekeeper matched the unmasked excerpt against the real evidence text.
    evidence = verifier_evaluation(run)["verified_evidence"]
    assert evidence[0]["matched_text"] == f"failed: upstream {CANARIES['IP']}:8443 refused"
    # The user sees real values; the audit keeps counts per type, never the map.
    assert f"{CANARIES['IP']}:8443" in run.final_answer and "<IP_" not in run.final_answer
    masking = verifier_evaluation(run)["masking"]
    assert masking["enabled"] is True and masking["entities"] == {"ID": 1, "IP": 1, "PHONE": 1, "EMAIL": 1, "SECRET": 1}
    stored = json.dumps(run.self_evaluation, ensure_ascii=False)
    assert "<PHONE_1>" not in stored and CANARIES["SECRET"] not in stored


def test_the_verifier_and_composer_requests_carry_placeholders_not_values(openai_settings, fake_llm, leaky_world, api_user):
    _script(fake_llm, "<IP_1>")
    fake_llm.script("verifier", verdict_reply("PASS", [("c1", "direct_observation")]))
    fake_llm.script("composer", composer_reply("上游 <IP_1>:8443 拒绝连接。"))
    ask(api_user, QUESTION)
    verifier_payload = fake_llm.requests_for("verifier")[0].user_message()
    assert "<IP_1>:8443" in verifier_payload
    assert "<PHONE_1>" in fake_llm.requests_for("planner")[0].user_message()  # the question itself


def test_an_invented_placeholder_is_an_excerpt_mismatch(openai_settings, fake_llm, leaky_world, api_user):
    _script(fake_llm, "<IP_9>")  # never issued: stays a placeholder, matches no evidence
    run = ask(api_user, QUESTION)
    assert_completed_in_chinese(run, outcome="fallback", fallback_reason=run.fallback_reason)
    gatekeeper = verifier_evaluation(run)["gatekeeper_result"]
    assert gatekeeper["severity"] == "reject"
    assert "evidence.excerpt_mismatch" in gatekeeper["checked_bindings"][0]["failed_rules"]
    assert fake_llm.requests_for("verifier") == []


def test_with_masking_off_the_values_do_reach_the_model(openai_settings, fake_llm, leaky_world, api_user):
    """The control: the assertions above can fail — without masking the canaries are sent."""
    openai_settings.MASKING = False
    fake_llm.script("planner", plan_reply())
    fake_llm.script("executor", standard_tool_calls(), Reply(content="{}"))
    fake_llm.script("executor", Reply(content="{}"))
    run = ask(api_user, QUESTION)
    assert any(CANARIES["IP"].encode() in r.raw for r in fake_llm.requests)
    assert verifier_evaluation(run)["masking"] == {"enabled": False, "entities": {}}


def test_offline_runs_send_nothing_and_record_masking_as_not_needed(leaky_world, api_user, settings):
    settings.LLM_PROVIDER = "offline"
    run = ask(api_user, QUESTION)
    assert verifier_evaluation(run)["masking"] == {"enabled": False, "entities": {}}
    assert WINDOW  # the shared incident window is what the planner scripts above use


def test_the_admin_run_page_shows_the_entity_counts(openai_settings, fake_llm, leaky_world, api_user, client, reviewer):
    _script(fake_llm, "<IP_1>")
    fake_llm.script("verifier", verdict_reply("PASS", [("c1", "direct_observation")]))
    fake_llm.script("composer", composer_reply("上游 <IP_1>:8443 拒绝连接。"))
    run = ask(api_user, QUESTION)
    client.force_login(reviewer)
    html = client.get(f"/admin/diagnosis/diagnosisrun/{run.pk}/change/").content.decode()
    assert "已脱敏：EMAIL 1，ID 1，IP 1，PHONE 1，SECRET 1" in html
