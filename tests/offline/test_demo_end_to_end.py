"""End to end over the demo bundle with the offline provider, through the real graph
(``diagnosis_run_execute``), on phrasings the agents have never seen: answerable questions reach
PASS or LOW_CONFID with confirmed facts naming the right service and numbers; a question about a
service without data never passes and the answer states the gap."""

from __future__ import annotations

import re

import pytest

from diagnosis.agents.offline import build_provider
from diagnosis.composer.templates import H_CONFIRMED, H_PASS_CONCLUSION
from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import DiagnosisRun
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute

pytestmark = pytest.mark.django_db

HEADERS = re.compile(r"^(结论|可能的方向|建议|确认的信息|证据缺口|下一步建议|已确认的事实)")


@pytest.fixture
def demo(db):
    evidence_bundle_load(data=DEMO_BUNDLE_PATH.read_bytes(), source_name="demo_bundle.json")


def ask(owner, question: str) -> DiagnosisRun:
    run = diagnosis_run_create(owner=owner, question=question)
    diagnosis_run_execute(run_id=run.pk, provider=build_provider())
    run.refresh_from_db()
    assert run.status == DiagnosisRun.Status.COMPLETED, run.error
    return run


def confirmed_lines(answer: str) -> list[str]:
    lines, inside = [], False
    for line in answer.splitlines():
        if line in (H_PASS_CONCLUSION, H_CONFIRMED):
            inside = True
        elif HEADERS.match(line):
            inside = False
        elif inside and line.startswith("- ") and "暂无" not in line:
            lines.append(line)
    return lines


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
        ("用户中心最近一小时有报错吗？", "user-service"),
    ],
)
def test_a_service_without_data_never_passes_and_the_answer_states_the_gap(demo, api_user, question, named):
    run = ask(api_user, question)
    assert run.outcome != DiagnosisRun.Outcome.PASS, run.final_answer
    assert confirmed_lines(run.final_answer) == []
    assert named in run.final_answer and "证据缺口" in run.final_answer
