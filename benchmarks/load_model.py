"""The fake model of the load harness: the real fake OpenAI-compatible server
(tests/fake_llm/server.py) answering a whole, valid conversation for the demo incident — planner →
executor (two tool calls, then an evidence contract bound to what the tools returned in *this*
run) → verifier (PASS over the verified evidence) → composer (restating the confirmed claims) —
to any number of interleaved runs, each reply after a fixed latency.

The replies are standing scripts (``FakeLLMServer.script_always``): each one is built from the
request it answers, so concurrent runs never take each other's replies. Every run asks about
the demo's payment-service incident (11-28 10:05, connection pool exhausted); whatever the
question, the conversation is the same, as a scripted model's would be.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter

from tests.fake_llm.server import FakeLLMServer, RecordedRequest, Reply
from tests.openai_provider.scripts import (
    claim,
    contract,
    find_ref,
    plan_reply,
    standard_tool_calls,
    verdict_reply,
)

QUESTION = "payment-service 10:05 开始大量 500，原因是什么？"
POOL_LOG = "HikariPool-1 - Connection is not available, request timed out after 3000ms (active=50"
POOL_EXCERPT = "Connection is not available, request timed out after 3000ms (active=50, idle=0"
ALERT = "HighErrorRate"
ALERT_EXCERPT = "5xx 比例超过 5%，当前 12.5%"  # the alert's summary: what says the errors are the asked 500s
CLAIMS = (
    ("c1", "payment-service 数据库连接池 HikariPool-1 耗尽（active=50, idle=0），获取连接 3000ms 超时"),
    ("c2", "payment-service 告警 HighErrorRate 于 10:06 触发，数值 12.5%"),
)


def executor_reply(request: RecordedRequest) -> Reply:
    """First turn: call the two tools. Second turn (tool results present): the contract."""
    if not request.tool_messages():
        return standard_tool_calls()
    log_msg, log_ref = find_ref(request, "query_logs", POOL_LOG)
    alert_msg, alert_ref = find_ref(request, "query_metrics", ALERT)
    body = contract(
        [
            claim(CLAIMS[0][0], CLAIMS[0][1], log_msg, log_ref, POOL_EXCERPT),
            claim(CLAIMS[1][0], CLAIMS[1][1], alert_msg, alert_ref, ALERT_EXCERPT),
        ]
    )
    return Reply(content=json.dumps(body, ensure_ascii=False))


def composer_reply(request: RecordedRequest) -> Reply:
    """The conclusion (issue 24's contract): one sentence per confirmed statement, citing it."""
    material = json.loads(request.user_message())
    sentences = [{"text": item["text"], "claims": [item["claim_id"]]} for item in material["confirmed"]]
    return Reply(content=json.dumps({"conclusion": sentences}, ensure_ascii=False))


def _delayed(script, latency_s: float):
    def reply(request: RecordedRequest) -> Reply:
        built = script(request) if callable(script) else script
        return dataclasses.replace(built, delay_s=latency_s)

    return reply


def demo_model_start(latency_s: float) -> FakeLLMServer:
    """A started fake model serving the demo conversation, ``latency_s`` per call."""
    server = FakeLLMServer().start()
    verifier = verdict_reply("PASS", [(claim_id, "direct_observation") for claim_id, _ in CLAIMS])
    for role, script in (
        ("planner", plan_reply()),
        ("executor", executor_reply),
        ("verifier", verifier),
        ("composer", composer_reply),
    ):
        server.script_always(role, _delayed(script, latency_s))
    return server


def calls_by_role(server: FakeLLMServer, *, after: int = 0) -> dict[str, int]:
    """Model calls per role, leaving out the first ``after`` (the harness's warm-up ask)."""
    return dict(Counter(r.role for r in server.requests[after:]))


def model_env(server: FakeLLMServer) -> dict[str, str]:
    """Environment for the app under test: LLM_PROVIDER=openai against ``server``."""
    return {
        "LLM_PROVIDER": "openai",
        "OPENAI_BASE_URL": server.base_url,
        "OPENAI_API_KEY": "sk-load-fake-key",
        "LLM_MODEL": "fake-model",
        "LLM_TIMEOUT_S": "30",
        "LLM_MAX_RETRIES": "1",
        "LLM_JSON_MODE": "true",
    }
