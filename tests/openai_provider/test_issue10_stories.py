"""Issue 10's stories through the real openai client and the fake server, on the story bundle: the
model may be content with a grounded but off-question answer, or advise from an unrelated runbook —
the deterministic layers decide (coverage verdict, advice fit)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.fake_llm.server import RecordedRequest, Reply
from tests.offline.story_world import load_story_world
from tests.openai_provider.graph_helpers import ask, assert_completed_in_chinese, verifier_evaluation
from tests.openai_provider.scripts import (
    claim,
    composer_reply,
    find_ref,
    plan_reply,
    tool_calls_reply,
    verdict_reply,
)

pytestmark = pytest.mark.django_db

EARLY = {"start": "2026-12-01T10:00:00+08:00", "end": "2026-12-01T11:00:00+08:00"}
WIDE = {"start": "2026-12-01T09:00:00+08:00", "end": "2026-12-01T11:00:00+08:00"}
MORNING = {"start": "2026-12-01T05:00:00+08:00", "end": "2026-12-01T11:00:00+08:00"}


@pytest.fixture
def graph(openai_settings, fake_llm, db):
    load_story_world()
    return fake_llm


def asked(kind: str, service: str, window: dict[str, str], terms: list[str]) -> dict[str, Any]:
    return {"kind": kind, "services": [service], "window": window, "dimension": {"metric": None, "terms": terms}, "source": "planner"}


def body(claims: list[dict[str, Any]], actions: list[dict[str, Any]] | None = None, hypotheses=None) -> Reply:
    return Reply(content=json.dumps({
        "answer_version": "executor_evidence_v2", "claims": claims, "hypotheses": hypotheses or [],
        "recommended_actions": actions or [], "missing_info": [],
    }, ensure_ascii=False))


def p99_only(request: RecordedRequest) -> Reply:
    msg, ref = find_ref(request, "query_metrics", "InventoryLatencyP99")
    return body(
        [claim("c1", "inventory-service 告警 InventoryLatencyP99 于 10:40 触发，值 870ms", msg, ref, "InventoryLatencyP99")],
        actions=[{"action": "调大 indices.recovery.max_bytes_per_sec 加快分片恢复。", "priority": "high", "basis": "runbook"}],
    )


def pool_and_p99(request: RecordedRequest) -> Reply:
    pool_msg, pool_ref = find_ref(request, "query_logs", "redis-inv")
    p99_msg, p99_ref = find_ref(request, "query_metrics", "InventoryLatencyP99")
    return body([
        claim("c1", "inventory-service 告警 InventoryLatencyP99 于 10:40 触发，值 870ms", p99_msg, p99_ref, "InventoryLatencyP99"),
        claim("c2", "09:40:40 inventory-service 的 Redis 连接池用量 198/200", pool_msg, pool_ref, "redis-inv connection pool usage 198/200"),
    ], actions=[{"action": "临时调大 Redis 连接池 maxTotal，并排查慢命令（SLOWLOG GET）。", "priority": "high", "basis": "runbook"},
                {"action": "扩容 Redis 连接池", "priority": "medium", "basis": "evidence", "claim_ids": ["c2"]}])


def test_redis_pool_story_is_low_confid_until_the_gap_round_confirms_198_of_200(graph, api_user):
    graph.script("planner", plan_reply(asked=asked("quantity", "inventory-service", EARLY, ["Redis", "连接池"]), steps=[
        {"tool": "query_metrics", "arguments": {"service": "inventory-service", **EARLY}, "purpose": "告警"},
        {"tool": "lookup_knowledge", "arguments": {"query": "Redis 连接池 分片恢复"}, "purpose": "手册"},
    ]))
    graph.script("executor", tool_calls_reply(
        ("query_metrics", {"service": "inventory-service", **EARLY}),
        ("lookup_knowledge", {"query": "Redis 连接池 分片恢复"}),
    ), p99_only)
    graph.script("verifier", verdict_reply("PASS", [("c1", "direct_observation")]))
    graph.script("planner", plan_reply("EVIDENCE_GAP_ONLY", [
        {"tool": "query_logs", "arguments": {"service": "inventory-service", "keyword": "redis", **WIDE}, "purpose": "Redis 连接池"},
    ], asked=None))
    graph.script("executor", tool_calls_reply(("query_logs", {"service": "inventory-service", "keyword": "redis", **WIDE})), pool_and_p99)
    graph.script("verifier", verdict_reply("PASS", [("c1", "direct_observation"), ("c2", "direct_observation")]))
    graph.script("composer", composer_reply("09:40:40 inventory-service 的 Redis 连接池用量 198/200。"))
    run = ask(api_user, "inventory-service 的 Redis 连接池用了多少？")

    assert_completed_in_chinese(run, outcome="pass")
    ve = verifier_evaluation(run)
    first = ve["round_history"][0]
    assert (first["effective_verdict"], first["coverage"]["status"]) == ("LOW_CONFID", "unanswered")
    gap_request = json.loads(graph.requests_for("planner")[1].user_message())
    assert any(g["claim_id"] is None and "Redis 连接池用量" in g["gap"] for g in gap_request["evidence_gaps"])
    assert ve["coverage"]["covering_claims"] == ["c2"]
    # Advice: the Redis runbook fits now, the evidence action cites the confirmed c2.
    assert ve["composer_output"]["dropped_actions"] == []
    composer_material = json.loads(graph.requests_for("composer")[0].user_message())
    assert any("maxTotal" in s for s in composer_material["next_steps"]) and "扩容 Redis 连接池" in composer_material["next_steps"]
    assert "redis-inv connection pool usage 198/200" in json.dumps(composer_material, ensure_ascii=False)


def test_healthy_edge_node_gets_no_remediation_even_when_the_model_advises(graph, api_user):
    graph.script("planner", plan_reply(asked=asked("existence", "edge-node", MORNING, ["5xx"]), steps=[
        {"tool": "query_metrics", "arguments": {"service": "edge-node", **MORNING}, "purpose": "告警与 5xx"},
        {"tool": "lookup_knowledge", "arguments": {"query": "证书过期"}, "purpose": "手册"},
    ]))

    def healthy(request: RecordedRequest) -> Reply:
        msg, ref = find_ref(request, "query_metrics", "edge_5xx_rate")
        return body(
            [claim("c1", "edge-node 的 edge_5xx_rate 最大 0.3%，未超过阈值 5%", msg, ref, "edge_5xx_rate edge-node")],
            actions=[{"action": "对端证书过期：联系合作方续期证书。", "priority": "high", "basis": "runbook"}],
        )

    graph.script("executor", tool_calls_reply(
        ("query_metrics", {"service": "edge-node", **MORNING}), ("lookup_knowledge", {"query": "证书过期"}),
    ), healthy)
    graph.script("verifier", verdict_reply("PASS", [("c1", "direct_observation")]))
    graph.script("composer", composer_reply("edge-node 的 edge_5xx_rate 最大 0.3%，未超过阈值 5%。"))
    run = ask(api_user, "边缘节点今天上午有没有 5xx 或者告警？")

    assert_completed_in_chinese(run, outcome="pass")
    ve = verifier_evaluation(run)
    assert ve["composer_output"]["dropped_actions"] == [
        {"action": "对端证书过期：联系合作方续期证书。", "basis": "runbook", "reason": "no_anomaly"}
    ]
    material = json.loads(graph.requests_for("composer")[0].user_message())
    assert "续期" not in json.dumps(material, ensure_ascii=False)
    assert any("未发现 5xx 超阈值或正在触发的告警" in s for s in material["next_steps"])
