"""End to end over the demo bundle with the offline provider, through the real graph
(``diagnosis_run_execute``), on phrasings the agents have never seen: answerable questions reach
PASS or LOW_CONFID with confirmed facts naming the right service and numbers; a question about a
service without data never passes and the answer states the gap."""

from __future__ import annotations

import pytest

from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import DiagnosisRun
from tests.offline.running import ask, confirmed_lines, section_lines

RUNBOOKS = DEMO_BUNDLE_PATH.parent / "runbooks"

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(db):
    evidence_bundle_load(data=DEMO_BUNDLE_PATH.read_bytes(), source_name="demo_bundle.json")


@pytest.mark.parametrize(
    ("question", "service", "facts"),
    [
        (
            "支付服务十点零五分以后大量 HTTP 500，根因是什么？",
            "payment-service",
            ["HTTP 500", "waiting=37", "12.5%"],
        ),
        ("payment 半小时前开始报错了，帮忙看下", "payment-service", ["active=50"]),
        ("订单系统昨天晚上 9 点多反复重启是为什么", "order-service", ["OOMKilled", "exitCode=137"]),
        ("库存那边今天早上 p99 延迟很高，怎么回事", "inventory-service", ["slow query took"]),
        ("搜索服务凌晨两点左右磁盘是不是写满了", "search-service", ["No space left on device"]),
        ("网关昨天下午两点多一堆 504，什么情况", "api-gateway", ["upstream timed out"]),
    ],
)
def test_an_unseen_answerable_question_gets_grounded_confirmed_facts(
    demo, api_user, question, service, facts
):
    run = ask(api_user, question)
    assert run.outcome in (DiagnosisRun.Outcome.PASS, DiagnosisRun.Outcome.LOW_CONFID), run.final_answer
    confirmed = "\n".join(confirmed_lines(run.final_answer))
    assert service in confirmed, run.final_answer
    for fact in facts:
        assert fact in confirmed, (fact, run.final_answer)
    evaluation = run.self_evaluation["verifier_evaluation"]
    assert evaluation["gatekeeper_result"]["status"] == "pass"
    assert all(c["verification"] != "contradicted" for c in evaluation["claim_checks"])


@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("退款服务有没有告警？", "退款服务"),
        ("refund-service 10:05 开始报 500 了吗", "refund-service"),
        ("风控服务 10 点以后有没有告警？", "风控服务"),  # jieba splits 风控: found anyway
    ],
)
def test_a_service_without_data_never_passes_and_the_answer_states_the_gap(demo, api_user, question, named):
    run = ask(api_user, question)
    assert run.outcome != DiagnosisRun.Outcome.PASS, run.final_answer
    assert confirmed_lines(run.final_answer) == []
    assert named in run.final_answer and "证据缺口" in run.final_answer


def test_a_known_service_with_nothing_wrong_passes_on_its_empty_reads(demo, api_user):
    """Issue 24 "healthy": not "no data" but a negative observation bound to the /query element."""
    run = ask(api_user, "用户中心最近一小时有报错吗？")
    assert run.outcome == DiagnosisRun.Outcome.PASS, run.final_answer
    assert "user-service 在所问时间内没有查到" in run.final_answer and "→ 0 条记录" in run.final_answer


# --- The evaluate findings, fixed (issue 4 item 5) -------------------------------------------------
def answered(run: DiagnosisRun) -> str:
    assert run.outcome in (DiagnosisRun.Outcome.PASS, DiagnosisRun.Outcome.LOW_CONFID), run.final_answer
    return "\n".join(confirmed_lines(run.final_answer))


@pytest.mark.parametrize(
    ("question", "figures"),
    [
        (
            "订单系统昨晚内存用到多少了？",
            ["memory_usage", "最大值 2046MiB", "超过阈值 1843MiB", "HighMemoryUsage", "91%"],
        ),
        ("搜索服务今天凌晨两点磁盘使用率多少？", ["disk_usage", "超过阈值 90%", "DiskSpace"]),
    ],
)
def test_a_how_much_question_confirms_the_figure_of_the_asked_dimension(demo, api_user, question, figures):
    confirmed = answered(ask(api_user, question))
    for figure in figures:
        assert figure in confirmed, (figure, confirmed)


def test_the_slowest_query_is_the_one_confirmed(demo, api_user):
    confirmed = answered(ask(api_user, "库存服务今天上午慢查询最慢有多慢？"))
    slow_lines = [line for line in confirmed.splitlines() if "slow query took" in line]
    assert slow_lines and all("4870ms" in line and "2310ms" not in line for line in slow_lines), confirmed


def test_still_firing_alerts_are_all_listed_and_no_log_line_is(demo, api_user):
    confirmed = answered(ask(api_user, "现在还有哪些告警没有恢复？"))
    for name in (
        "DBConnectionPoolHighUsage",
        "HighLatencyP99",
        "DBConnectionPoolExhausted",
        "HighErrorRate",
        "UpstreamErrorRate",
        "CertificateExpiringSoon",
    ):
        assert name in confirmed, (name, confirmed)
    assert "MySQLSlowQueries" not in confirmed  # resolved at 09:38
    assert "日志" not in confirmed


def test_which_service_is_erroring_names_each_erroring_service(demo, api_user):
    confirmed = answered(ask(api_user, "哪个服务在报错？"))
    for service in ("payment-service", "api-gateway", "order-service"):
        assert service in confirmed, (service, confirmed)


def _markdown_free(path) -> str:
    return path.read_text(encoding="utf-8").replace("`", "").replace("**", "")


@pytest.mark.parametrize(
    ("question", "runbook"),
    [
        ("支付服务昨天下午 4 点 40 左右是不是有超时？", "gateway-504.md"),
        ("库存服务今天上午慢查询最慢有多慢？", "slow-query-latency.md"),
    ],
)
def test_the_advice_comes_from_the_runbook_of_the_confirmed_symptom(demo, api_user, question, runbook):
    run = ask(api_user, question)
    lines = section_lines(run.final_answer, "建议")
    # Runbook advice is shown as the runbook's words: "处理手册《…》：「…」" (issue 10 item 4).
    assert lines and all(line.startswith("- 处理手册《") and line.endswith("」") for line in lines), lines
    advice = [line.split("「", 1)[1][:-1] for line in lines]
    expected, pool = _markdown_free(RUNBOOKS / runbook), _markdown_free(RUNBOOKS / "db-connection-pool.md")
    for action in advice:
        assert action in expected and action not in pool, (action, run.final_answer)
