"""The offline Planner: services, window and symptoms of the question → tool calls; in
EVIDENCE_GAP_ONLY mode, calls for the given gaps only."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from hypothesis import given, settings
from hypothesis import strategies as st

from contracts.plan import PlannerRequest, ServiceInfo
from diagnosis.agents.base import AgentContext
from diagnosis.agents.offline import build_provider
from diagnosis.agents.offline.planning import MAX_K8S_STEPS
from diagnosis.reading.conversation import resolve

SH = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 11, 28, 10, 30, tzinfo=SH)
SERVICES = [
    ServiceInfo(
        name="payment-service",
        aliases=["支付服务", "支付"],
        description="支付（Java），HikariCP 连接池，MySQL pay_db",
    ),
    ServiceInfo(
        name="order-service", aliases=["订单服务"], description="下单与报表导出，容器 memory limit 2Gi"
    ),
]


def plan(question: str, **extra):
    reading = resolve(question=question, now=NOW, tz="Asia/Shanghai", services=SERVICES, context=extra.get("context"))
    request = PlannerRequest(
        question=question, now=NOW, now_source="reference_time", services=SERVICES, reading=reading, **extra
    )
    return build_provider().planner.plan(request, AgentContext(run_id="r"))


def test_a_cause_question_reads_error_logs_metrics_and_runbooks_for_the_named_service():
    p = plan("payment-service 10:05 开始大量 500，原因是什么？")
    assert p.mode == "NORMAL"
    logs, metrics, knowledge = p.steps
    window = {"start": "2026-11-28T09:55:00+08:00", "end": "2026-11-28T10:30:00+08:00"}
    assert logs.tool == "query_logs" and logs.arguments == {
        "service": "payment-service",
        "level": "ERROR",
        **window,
        "limit": 50,
    }
    assert metrics.tool == "query_metrics" and metrics.arguments == {"service": "payment-service", **window}
    assert knowledge.tool == "lookup_knowledge"
    query = knowledge.arguments["query"]
    assert (
        "500" in query and "HikariCP" in query and "连接池" in query
    )  # symptoms + the service's description


def test_an_alias_plans_for_the_canonical_service():
    p = plan("支付服务半小时前开始超时")
    assert {s.arguments.get("service") for s in p.steps if s.tool != "lookup_knowledge"} == {
        "payment-service"
    }
    assert any(s.arguments.get("keyword") == "timeout" for s in p.steps)
    assert all(
        s.arguments.get("start") == "2026-11-28T09:50:00+08:00"
        for s in p.steps
        if s.tool != "lookup_knowledge"
    )


def test_no_service_named_plans_broad_reads_instead_of_failing():
    p = plan("最近哪个服务在报错？")
    tools = [s.tool for s in p.steps]
    assert tools == ["query_logs", "query_metrics", "lookup_knowledge"]
    assert "service" not in p.steps[0].arguments and p.steps[0].arguments["level"] == "ERROR"


def test_an_alert_confirmation_reads_alerts_only():
    p = plan("支付服务现在有告警吗？")
    assert [s.tool for s in p.steps] == ["query_metrics", "lookup_knowledge"]


def test_an_alert_the_story_tells_beside_a_why_still_reads_the_services_error_logs():
    """告警到现在还在响 tells the alert; 到底怎么回事 asks why: the failing lines (an x509 the courier
    API answers) are where the answer is, not the alert alone."""
    p = plan("早上七点多开始好多支付单下不了，支付服务的告警到现在还在响，到底怎么回事？")
    logs = [s for s in p.steps if s.tool == "query_logs"]
    assert logs and logs[0].arguments["service"] == "payment-service" and logs[0].arguments["level"] in ("WARN", "ERROR")


def test_an_unknown_service_is_still_queried_so_the_gap_is_recorded():
    p = plan("refund-service 有报错吗")
    assert p.steps[0].arguments["service"] == "refund-service"


def test_restart_questions_read_warn_logs_and_an_oom_keyword_over_the_named_evening():
    p = plan("订单服务昨晚为什么一直重启？")
    logs = [s for s in p.steps if s.tool == "query_logs"]
    assert logs[0].arguments["level"] == "WARN" and logs[1].arguments["keyword"] == "oom"
    assert logs[0].arguments["start"] == "2026-11-27T18:00:00+08:00"


_pieces = st.lists(
    st.sampled_from(
        [
            "payment-service",
            "支付服务",
            "订单服务",
            "refund-service",
            "10:05",
            "半小时前",
            "昨晚",
            "500",
            "超时",
            "慢",
            "重启",
            "OOM",
            "磁盘",
            "CPU",
            "告警",
            "连接池",
            "原因是什么",
            "有没有",
            "吗",
        ]
    ),
    min_size=0,
    max_size=8,
)


@settings(max_examples=150, deadline=None)
@given(pieces=_pieces)
def test_every_plan_is_bounded_and_uses_known_tools(pieces):
    p = plan(" ".join(pieces))
    k8s = [s for s in p.steps if s.tool == "query_k8s"]  # Kubernetes state: beside the ≤ 6 other steps
    assert 1 <= len(p.steps) - len(k8s) <= 6 and len(k8s) <= 3
    assert {s.tool for s in p.steps} <= {"query_logs", "query_metrics", "lookup_knowledge", "query_k8s"}
    for step in p.steps:
        if "start" in step.arguments:
            assert step.arguments["start"] < step.arguments["end"]


GAPS = [
    {
        "claim_id": "c1",
        "gap": "c1 缺少直接证据",
        "is_critical": True,
        "suggested_tool": "query_logs",
        "suggested_query": "payment-service 连接池 超时 10:05 前后",
    },
    {
        "claim_id": "c2",
        "gap": "告警数值未核实",
        "is_critical": True,
        "suggested_tool": "query_metrics",
        "suggested_query": "payment-service HighErrorRate",
    },
]


def test_gap_only_mode_plans_only_for_the_given_gaps():
    question = "payment-service 10:05 开始大量 500，原因是什么？"
    first = plan(question)
    p = plan(question, mode="EVIDENCE_GAP_ONLY", round=2, evidence_gaps=GAPS)
    assert p.mode == "EVIDENCE_GAP_ONLY"
    assert [s.tool for s in p.steps] == ["query_logs", "query_metrics"]
    logs, metrics = p.steps
    assert logs.arguments["service"] == "payment-service" and logs.arguments["keyword"] == "pool"
    assert metrics.arguments["alert_name"] == "HighErrorRate"
    # widened, so neither call repeats (dedups) a round-1 call
    assert logs.arguments["start"] < first.steps[0].arguments["start"]
    assert all(s.arguments != f.arguments for s in p.steps for f in first.steps)
    assert "c1" in logs.purpose and "c2" in metrics.purpose


def test_gap_only_mode_infers_a_tool_when_the_gap_names_none():
    p = plan(
        "订单服务昨晚为什么重启",
        mode="EVIDENCE_GAP_ONLY",
        round=2,
        evidence_gaps=[
            {
                "claim_id": "c3",
                "gap": "缺少处理手册依据",
                "is_critical": True,
                "suggested_tool": "shell",
                "suggested_query": "OOMKilled 处理手册",
            }
        ],
    )
    assert [s.tool for s in p.steps] == ["lookup_knowledge"]
    assert "OOMKilled" in p.steps[0].arguments["query"]


@settings(max_examples=300, deadline=None)
@given(question=st.text(max_size=200))
def test_any_text_gets_a_valid_bounded_plan(question):
    p = plan(question)
    # Kubernetes reads are planned beside (not instead of) the ≤ 6 log/metric/runbook steps.
    planned = [s for s in p.steps if s.tool != "query_k8s"]
    assert 1 <= len(planned) <= 6 and planned[-1].tool == "lookup_knowledge"
    assert len(p.steps) - len(planned) <= MAX_K8S_STEPS
    assert planned[-1].arguments["query"].strip()
