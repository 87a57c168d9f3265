"""Evidence refs → Executor V2 claims (offline executor, pure part): excerpts are verbatim spans
the Gatekeeper accepts, and every number a claim states is in what it cites."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gatekeeper
from contracts.plan import ServiceInfo
from diagnosis.agents.offline.claims import build_contract, excerpt_of
from diagnosis.reading.entities import analyse
from diagnosis.reading.time_expressions import resolve_window
from tests.offline.evidence import alert, assert_grounded, knowledge_call, log_call, metrics_call, record

SH = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 11, 28, 10, 30, tzinfo=SH)
SERVICES = [
    ServiceInfo(name="payment-service", aliases=["支付服务"]),
    ServiceInfo(name="order-service", aliases=["订单服务"]),
]
POOL = "HikariPool-1 - Connection is not available, request timed out after 3000ms (active=50, idle=0, waiting=37)"
HTTP500 = "POST /api/pay -> HTTP 500 Internal Server Error"

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def contract_for(question: str, *calls):
    return build_contract(
        facts=analyse(question, SERVICES),
        window=resolve_window(question, NOW),
        history=list(calls),
        services=SERVICES,
    )


def test_an_answerable_question_gets_claims_that_quote_their_evidence():
    calls = [
        log_call([record("2026-11-28T10:05:13+08:00", HTTP500), record("2026-11-28T10:05:12+08:00", POOL)]),
        metrics_call(
            [
                alert(
                    "HighErrorRate",
                    starts_at="2026-11-28T10:06:00+08:00",
                    value="12.5%",
                    summary="5xx 比例超过 5%",
                )
            ]
        ),
    ]
    contract = contract_for("payment-service 10:05 开始大量 500，原因是什么？", *calls)
    texts = [c["claim_text"] for c in contract["claims"]]
    assert any("waiting=37" in t and "10:05:12" in t for t in texts)
    assert any("HighErrorRate" in t and "12.5%" in t for t in texts)
    assert "diagnosis_summary" not in contract and "user_facing_answer" not in contract
    assert_grounded(contract, calls)


def test_repeated_lines_are_one_claim_citing_first_and_last():
    calls = [
        log_call(
            [record(f"2026-11-28T10:{m:02d}:00+08:00", POOL.replace("37", str(30 + m))) for m in (20, 12, 5)]
        )
    ]
    claims = contract_for("payment-service 报错原因是什么", *calls)["claims"]
    assert len(claims) == 1
    assert [b["raw_path"] for b in claims[0]["evidence_bindings"]] == ["/records/2", "/records/0"]
    assert claims[0]["claim_text"].startswith("payment-service 自 10:05:00 起反复记录 ERROR 日志")
    assert_grounded(
        {
            "answer_version": "executor_evidence_v2",
            "claims": claims,
            "hypotheses": [],
            "recommended_actions": [],
            "missing_info": [],
        },
        calls,
    )


def test_runbook_text_becomes_hypotheses_and_actions_never_claims():
    runbook = [
        {
            "document_title": "数据库连接池耗尽处理手册",
            "source": "rb.md",
            "heading_path": "数据库连接池耗尽处理手册 / 常见原因",
            "text": "- **慢查询占住连接**：报表全表扫描 8 秒\n- **连接泄漏**：未关闭连接",
            "score": 3.0,
        },
        {
            "document_title": "数据库连接池耗尽处理手册",
            "source": "rb.md",
            "heading_path": "数据库连接池耗尽处理手册 / 处理方案",
            "text": "1. **止血**：\n   - 暂停批处理任务并发\n   - 临时扩大连接池 50 → 80",
            "score": 2.0,
        },
    ]
    calls = [log_call([record("2026-11-28T10:05:12+08:00", POOL)]), knowledge_call(runbook)]
    contract = contract_for("payment-service 为什么报错", *calls)
    assert [h["text"] for h in contract["hypotheses"]] == ["慢查询占住连接", "连接泄漏"]
    assert all("手册" in h["rationale"] for h in contract["hypotheses"])
    assert [a["action"] for a in contract["recommended_actions"]] == [
        "暂停批处理任务并发",
        "临时扩大连接池 50 → 80",
    ]
    assert {a["basis"] for a in contract["recommended_actions"]} == {"runbook"}
    for claim in contract["claims"]:
        assert all(b["tool_name"] != "lookup_knowledge" for b in claim["evidence_bindings"])
        assert "慢查询" not in claim["claim_text"] and "扩大连接池" not in claim["claim_text"]


def test_a_service_without_data_yields_no_claims_and_states_the_gap():
    calls = [
        log_call([], service="refund-service"),
        log_call([record("2026-11-28T10:05:12+08:00", POOL)], "inv_4"),
    ]
    contract = contract_for("refund-service 现在有报错吗？", *calls)
    assert contract["claims"] == []
    assert any("refund-service" in m["item"] for m in contract["missing_info"])


def test_failed_and_deduped_calls_go_to_missing_info():
    from contracts.tools import ToolCallResult

    failed = ToolCallResult(
        "inv_1", "query_metrics", 1, "failed", {"service": "payment-service"}, None, [], error="backend down"
    )
    deduped = ToolCallResult(
        "inv_2", "query_logs", 1, "deduped", {"service": "payment-service"}, {}, [], deduped_from="inv_0"
    )
    contract = contract_for("payment-service 有报错吗", failed, deduped)
    reasons = " ".join(m["reason"] for m in contract["missing_info"])
    assert "调用失败" in reasons and "backend down" in reasons and "inv_0" in reasons


def test_a_narrow_question_gets_at_most_two_observation_claims():
    calls = [
        log_call([record(f"2026-11-28T10:{m:02d}:13+08:00", f"{HTTP500} #{m}") for m in range(5, 25)]),
        metrics_call(
            [
                alert(n, starts_at="2026-11-28T10:06:00+08:00", value="12.5%")
                for n in ("HighErrorRate", "PoolExhausted", "HighLatency")
            ]
        ),
    ]
    contract = contract_for("payment-service 现在有 500 吗？", *calls)
    assert 1 <= len(contract["claims"]) <= 2
    assert {c["claim_type"] for c in contract["claims"]} <= {"observation", "negative_observation"}


def test_a_question_about_alerts_lists_every_alert_however_narrow():
    """Issue 24: "支付服务现在有告警吗？" PASSed listing 2 of 4 firing alerts."""
    calls = [metrics_call([alert(n, starts_at="2026-11-28T10:06:00+08:00", value="12.5%")
                           for n in ("HighErrorRate", "PoolExhausted", "HighLatency")])]
    contract = contract_for("payment-service 现在有告警吗？", *calls)
    texts = " ".join(c["claim_text"] for c in contract["claims"])
    assert all(n in texts for n in ("HighErrorRate", "PoolExhausted", "HighLatency"))
    assert all(b["tool_name"] == "query_metrics" for c in contract["claims"] for b in c["evidence_bindings"])
    assert contract["hypotheses"] == []


def test_excerpt_of_a_long_or_multiline_text_is_a_token_safe_prefix():
    text = "2026-11-28 10:05:12 order-service ERROR java.lang.OutOfMemoryError: Java heap space\n\tat x.y(Z.java:1)"
    assert excerpt_of(text) == text.split("\n")[0]
    long_text = "x" * 30 + " " + "12.5" * 200
    cut = excerpt_of(long_text, limit=100)
    assert gatekeeper.excerpt_supported(cut, long_text).supported


# --- Properties ----------------------------------------------------------------------------------
_ascii_word = st.text(
    alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=10
)
_token = st.one_of(
    _ascii_word,
    st.integers(0, 100000).map(str),
    st.floats(0, 1000, allow_nan=False).map(lambda f: f"{f:.2f}"),
    st.builds(lambda k, v: f"{k}={v}", _ascii_word, st.integers(0, 999)),
    st.builds(lambda c: f"HTTP {c}", st.sampled_from([500, 502, 503, 504, 404])),
    st.sampled_from(
        [
            "连接池",
            "超时",
            "内存",
            "重启",
            "磁盘",
            "支付失败",
            "（",
            "）",
            ",",
            ":",
            "...",
            "…",
            "->",
            "/api/pay",
            "timed out",
            "OOMKilled",
            "slow query",
            "\n\tat a.b(C.java:1)",
            "12.5%",
            "3000ms",
            "2Gi",
        ]
    ),
    st.text(
        st.characters(categories=("L", "N", "P", "S", "Zs"), exclude_characters="\x00"),
        min_size=1,
        max_size=12,
    ),
)
_message = st.lists(_token, min_size=1, max_size=40).map(" ".join).filter(lambda m: m.strip())
_record = st.builds(
    lambda minute, second, message, service, level: record(
        f"2026-11-28T10:{minute:02d}:{second:02d}+08:00", message, service=service, level=level
    ),
    st.integers(0, 29),
    st.integers(0, 59),
    _message,
    st.sampled_from(["payment-service", "order-service"]),
    st.sampled_from(["ERROR", "WARN", "INFO", "FATAL"]),
)
_alert = st.builds(
    lambda name, minute, state, value, summary, service: alert(
        name,
        service=service,
        state=state,
        starts_at=f"2026-11-28T10:{minute:02d}:00+08:00",
        value=value,
        summary=summary,
        ends_at=None if state == "firing" else "2026-11-28T10:29:00+08:00",
    ),
    st.one_of(
        st.from_regex(r"[A-Z][a-z]{2,6}[A-Z][a-zA-Z]{2,8}", fullmatch=True),
        st.sampled_from(["HighMemoryPressure", "DiskAlmostFull", "SlowLatencyP95", "ErrorBudgetBurn"]),
    ),
    st.integers(0, 29),
    st.sampled_from(["firing", "resolved"]),
    st.one_of(st.just(""), _message),
    st.one_of(st.just(""), _message),
    st.sampled_from(["payment-service", "order-service"]),
)


def _series_entry(name, service, unit, values, threshold, crossed):
    lo, hi = min(values), max(values)
    return {
        "name": name,
        "service": service,
        "unit": unit,
        "labels": {},
        "threshold": threshold,
        "point_count": len(values),
        "first_at": "2026-11-28T10:00:00+08:00",
        "last_at": "2026-11-28T10:29:00+08:00",
        "min": lo,
        "max": hi,
        "avg": sum(values) / len(values),
        "last": values[-1],
        "peak_at": "2026-11-28T10:12:00+08:00",
        "crossed_at": "2026-11-28T10:06:00+08:00" if crossed else None,
    }


_series = st.builds(
    _series_entry,
    st.one_of(
        st.from_regex(r"[a-z]{2,6}(_[a-z0-9]{1,5}){1,3}", fullmatch=True),
        st.sampled_from(
            ["memory_rss_mib", "disk_used_ratio", "p95_latency_ms", "error_5xx_rate", "cpu_busy"]
        ),
    ),
    st.sampled_from(["payment-service", "order-service"]),
    st.sampled_from(["%", "ms", "", "Mi", "qps"]),
    st.lists(st.floats(0, 5000, allow_nan=False), min_size=1, max_size=8),
    st.one_of(st.none(), st.floats(0, 1000, allow_nan=False)),
    st.booleans(),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    records=st.lists(_record, max_size=15),
    alerts=st.lists(_alert, max_size=8),
    series=st.lists(_series, max_size=3),
    question=st.sampled_from(
        [
            "payment-service 10:00 开始报错，原因是什么？",
            "支付服务现在有告警吗？",
            "payment-service 延迟高吗",
            "订单服务 CPU 怎么样",
            "订单服务有没有超时",
            "哪个服务在报错？",
            "payment-service 为什么一直重启",
            "最近磁盘满了吗",
            "支付服务内存用到多少了？",
            "payment-service 最慢的请求有多慢",
            "订单服务 p95 延迟最低是多少",
            "现在还有哪些告警没有恢复？",
            "payment-service 有哪些告警",
            "哪些服务延迟高？",
        ]
    ),
)
def test_every_generated_claim_is_grounded_in_its_cited_refs(records, alerts, series, question):
    calls = [log_call(records), metrics_call(alerts, series)]
    contract = contract_for(question, *calls)
    assert len(contract["claims"]) <= 5
    assert_grounded(contract, calls)


def test_keep_claim_ids_reuses_ids_by_first_evidence_and_numbers_new_claims_freshly():
    from diagnosis.agents.offline.claims import keep_claim_ids

    def claim(cid, inv, path):
        return {"claim_id": cid, "evidence_bindings": [{"source_invocation_id": inv, "raw_path": path}]}

    previous = [claim("c1", "inv_1", "/records/0"), claim("c2", "inv_2", "/alerts/0")]
    now = [
        claim("c1", "inv_5", "/records/3"),
        claim("c2", "inv_1", "/records/0"),
        claim("c3", "inv_2", "/alerts/0"),
    ]
    assert [c["claim_id"] for c in keep_claim_ids(now, previous)] == ["c3", "c1", "c2"]


def test_a_device_line_is_no_disk_line_a_full_device_is():
    from diagnosis.agents.offline.refs import gloss

    assert "磁盘" not in gloss("device PDA-JX03-1737 reported battery 2%, marked low-battery")
    assert "磁盘空间" in gloss("write failed: java.io.IOException: No space left on device")
