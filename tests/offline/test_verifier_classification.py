"""The offline Verifier: each verified claim is classified by comparing its concrete facts with
its verified evidence; the reply is one protocol-valid JSON object."""

from __future__ import annotations

import json

import pytest

from contracts.gatekeeper import GatekeeperResult
from diagnosis.agents.base import AgentContext, AgentError
from diagnosis.agents.offline import build_provider
from diagnosis.agents.offline.checks import check_claim
from diagnosis.verification.protocol import parse_verifier_reply
from diagnosis.verification.verifier_input import build_verifier_input
from tests.projection import verified_evidence, verified_output

POOL = (
    "2026-11-28 10:05:12 payment-service ERROR HikariPool-1 - Connection is not available, request timed out after "
    "3000ms (active=50, idle=0, waiting=37)"
)
HTTP500 = "2026-11-28 10:05:13 payment-service ERROR POST /api/pay -> HTTP 500 Internal Server Error"
ALERT = "HighErrorRate payment-service critical firing since 2026-11-28 10:06 value 12.5% (5xx 比例超过 5%)"
OOM = (
    "2026-11-27 21:31:40 order-service ERROR Container order-service in pod order-service-5c6b7d9f4-q8zvm terminated: "
    "reason=OOMKilled exitCode=137 restartCount=1 (memory limit 2Gi)"
)


@pytest.mark.parametrize(
    ("claim", "evidence", "expected"),
    [
        # direct: every number, code, service, identifier and gloss is in the evidence
        (
            "10:05:12 起 payment-service 出现 HikariPool 连接获取超时（active=50, idle=0, waiting=37）",
            POOL,
            "direct_observation",
        ),
        ("10:05:13 payment-service 返回 HTTP 500", HTTP500, "direct_observation"),
        ("payment-service 的告警 HighErrorRate 于 10:06 触发，数值 12.5%", ALERT, "direct_observation"),
        (
            "21:31:40 order-service 容器被 OOMKilled（exitCode=137，memory limit 2Gi）",
            OOM,
            "direct_observation",
        ),
        # inference: the numbers hold, the wording interprets ("耗尽", "导致")
        (
            "10:05:12 起 payment-service 数据库连接池耗尽（active=50, waiting=37）",
            POOL,
            "reasonable_inference",
        ),
        ("连接池等待（waiting=37）导致 payment-service 请求超时", POOL, "reasonable_inference"),
        # overstated: a generalisation the line does not carry
        ("10:05:12 起 payment-service 所有请求全部失败（active=50, waiting=37）", POOL, "overstated"),
        ("payment-service 持续返回 HTTP 500", HTTP500, "overstated"),
        # contradicted: another value of the same kind
        ("payment-service 返回 HTTP 502", HTTP500, "contradicted"),
        ("payment-service 连接池 waiting=73", POOL, "contradicted"),
        ("order-service 在 10:05:12 出现 HikariPool 超时", POOL, "contradicted"),
        ("payment-service 的告警 HighErrorRate 数值 15.5%", ALERT, "contradicted"),
        # unsupported: nothing of substance found, or a fabricated detail without a rival value
        ("Redis 集群发生主从切换", POOL, "unsupported"),
        ("payment-service 出现 NullPointerException", POOL, "contradicted"),
        ("payment-service 返回错误码 ERR_DB_TIMEOUT", POOL, "contradicted"),
        ("payment-service 出现 SlowQueryStorm", POOL, "unsupported"),
        ("数据库连接池耗尽", "", "unsupported"),
    ],
)
def test_claims_are_classified_against_their_evidence(claim, evidence, expected):
    result = check_claim(claim, [evidence] if evidence else [])
    assert result.verification == expected, result.detail
    assert result.detail  # Chinese explanation of what matched / did not


def test_detail_names_the_conflicting_values():
    detail = check_claim("payment-service 连接池 waiting=73", [POOL]).detail
    assert "waiting=73" in detail and "waiting=37" in detail


def _claim(
    claim_id: str, text: str, raw_path: str = "/records/0", inv: str = "inv_1", tool: str = "query_logs"
):
    return {
        "claim_id": claim_id,
        "claim_type": "observation",
        "claim_text": text,
        "support_level": "direct",
        "evidence_bindings": [
            {
                "source_type": "log",
                "tool_name": tool,
                "source_invocation_id": inv,
                "raw_path": raw_path,
                "evidence_excerpt": "x",
            }
        ],
    }


def _input(
    claims,
    evidence,
    *,
    question="payment-service 10:05 开始大量 500，原因是什么？",
    ceiling="PASS",
    missing=(),
):
    return build_verifier_input(
        question=question,
        round_no=1,
        mode="NORMAL",
        reference_time="2026-11-28T10:30:00+08:00",
        timezone="Asia/Shanghai",
        verified_output=verified_output({
            "answer_version": "executor_evidence_v2",
            "claims": claims,
            "hypotheses": [],
            "recommended_actions": [],
            "missing_info": list(missing),
        }),
        verified_evidence=verified_evidence(evidence),
        gatekeeper_result=GatekeeperResult(status="pass", severity="none", rule_set_version="test", rules=[]),
        verdict_ceiling=ceiling,
    )


def _evidence(claim_id, text, raw_path="/records/0", inv="inv_1", tool="query_logs"):
    return {
        "claim_id": claim_id,
        "source_invocation_id": inv,
        "tool_name": tool,
        "raw_path": raw_path,
        "matched_text": text,
    }


def verify(verifier_input):
    reply = build_provider().verifier.verify(verifier_input.text, AgentContext(run_id="r"))
    parsed = parse_verifier_reply(
        reply,
        verified_claims=verifier_input.payload["verified_executor_output"]["claims"],
        verified_evidence=verifier_input.payload["verified_evidence"],
        queries={},
    )
    assert parsed.ok, (parsed.reason, parsed.errors, reply)
    return json.loads(reply), parsed.output


def test_grounded_claims_pass_with_refs_to_their_verified_evidence():
    claims = [
        _claim(
            "c1", "10:05:12 起 payment-service 出现 HikariPool 连接获取超时（active=50, idle=0, waiting=37）"
        ),
        _claim(
            "c2",
            "payment-service 告警 HighErrorRate 于 10:06 触发，值 12.5%",
            "/alerts/0",
            "inv_2",
            "query_metrics",
        ),
    ]
    evidence = [_evidence("c1", POOL), _evidence("c2", ALERT, "/alerts/0", "inv_2", "query_metrics")]
    raw, output = verify(_input(claims, evidence))
    assert raw["verdict"] == "PASS" and raw["groundedness_score"] == 1.0 and raw["critical_fact_count"] == 2
    assert [c["verification"] for c in raw["claim_checks"]] == ["direct_observation", "direct_observation"]
    assert output.dropped_evidence_refs == []
    assert raw["claim_checks"][1]["evidence_refs"] == [
        {
            "claim_id": "c2",
            "source_invocation_id": "inv_2",
            "tool_name": "query_metrics",
            "raw_path": "/alerts/0",
        }
    ]


def test_a_contradicted_critical_claim_rejects():
    raw, _ = verify(_input([_claim("c1", "payment-service 返回 HTTP 502")], [_evidence("c1", HTTP500)]))
    assert raw["verdict"] == "REJECT" and raw["groundedness_score"] == 0.0


def test_an_unsupported_critical_claim_is_low_confid_with_a_gap_naming_a_tool():
    raw, _ = verify(
        _input([_claim("c1", "payment-service 出现 SlowQueryStorm")], [_evidence("c1", POOL)])
    )
    assert raw["verdict"] == "LOW_CONFID"
    gap = raw["evidence_gaps"][0]
    assert gap["claim_id"] == "c1" and gap["is_critical"] and gap["suggested_tool"] == "query_logs"
    assert "payment-service" in gap["suggested_query"]


def test_a_claim_about_another_service_is_not_critical():
    claims = [
        _claim("c1", "10:05:13 payment-service 返回 HTTP 500"),
        _claim("c2", "21:31:40 order-service 容器被 OOMKilled", "/records/1"),
    ]
    raw, _ = verify(_input(claims, [_evidence("c1", HTTP500), _evidence("c2", OOM, "/records/1")]))
    assert [c["is_critical"] for c in raw["claim_checks"]] == [True, False]


def test_the_ceiling_caps_the_verdict():
    raw, _ = verify(
        _input(
            [_claim("c1", "10:05:13 payment-service 返回 HTTP 500")],
            [_evidence("c1", HTTP500)],
            ceiling="LOW_CONFID",
        )
    )
    assert raw["verdict"] == "LOW_CONFID"


def test_no_claims_gives_low_confid_and_the_executors_missing_info_is_not_verifier_material():
    """Spec 001: the Verifier reads claims and their verified evidence only — the Executor's
    missing_info is not in its input (issue 10 item 5); the unanswered question is named by the
    coverage check instead."""
    missing = [
        {
            "item": "refund-service 的日志、告警与指标",
            "reason": "已加载的数据中没有名为 refund-service 的服务",
        }
    ]
    payload = _input([], [], question="refund-service 有报错吗？", missing=missing)
    assert "missing_info" not in payload.payload["verified_executor_output"]
    raw, _ = verify(payload)
    assert raw["verdict"] == "LOW_CONFID" and raw["claim_checks"] == []
    assert raw["evidence_gaps"] == []


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "not json",
        "[]",
        '{"verified_evidence": []}',
        '{"diagnosis_context": {}, '
        '"verified_executor_output": {"claims": 3}, "verified_evidence": [], "verdict_ceiling": "PASS"}',
    ],
)
def test_malformed_verifier_input_is_a_non_retryable_agent_error(bad):
    with pytest.raises(AgentError) as caught:
        build_provider().verifier.verify(bad, AgentContext(run_id="r"))
    assert caught.value.retryable is False and caught.value.reason == "verifier_input_invalid"


def test_the_verifier_is_deterministic():
    verifier_input = _input(
        [_claim("c1", "10:05:13 payment-service 返回 HTTP 500")], [_evidence("c1", HTTP500)]
    )
    verifier = build_provider().verifier
    assert verifier.verify(verifier_input.text, AgentContext(run_id="a")) == verifier.verify(
        verifier_input.text, AgentContext(run_id="b")
    )
