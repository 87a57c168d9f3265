"""A service the data does not have is recognised however jieba segments its name, and a
question naming only such services gets no claims about other services — just the gap.

Regression for the evaluate finding "风控服务 10 点以后有没有告警？ PASSes with payment-service
facts": jieba splits 风控 into 风/控, and the old rule wanted a ≥2-character last word."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contracts.plan import ServiceInfo
from diagnosis.models import DiagnosisRun
from diagnosis.reading.entities import find_services
from diagnosis.reading.text import words
from tests.offline.ledger_world import load_ledger_world
from tests.offline.running import ask, confirmed_lines, plan_and_execute

CATALOG = [
    ServiceInfo(name="billing-service", aliases=["账单服务", "计费系统"]),
    ServiceInfo(name="ledger-service", aliases=["账本服务", "账本"]),
]


def names(question: str) -> list[tuple[str, bool]]:
    return [(m.name, m.known) for m in find_services(question, CATALOG)]


def test_jieba_splits_the_names_this_is_about():
    # The premise: segmentation cannot be trusted to keep an unknown name whole.
    assert words("风控服务")[:2] == ["风", "控"]
    assert words("看下风控服务")[:3] == ["看", "下风", "控"]


@pytest.mark.parametrize(
    ("question", "unknown"),
    [
        ("风控服务 10 点以后有没有告警？", ["风控服务"]),
        ("看下风控服务有没有报错", ["风控服务"]),
        ("查一下反作弊服务今天有没有超时", ["反作弊服务"]),
        ("那个清结算系统是不是挂了", ["清结算系统"]),
        ("帮我看看营销平台现在的告警", ["营销平台"]),
        ("十点零五分推荐应用开始报错", ["推荐应用"]),
        ("10点以后画像集群有告警吗", ["画像集群"]),
        ("退款服务和风控服务都在报错吗", ["退款服务", "风控服务"]),
        ("risk-svc 有报错吗", ["risk-svc"]),
        ("antifraud-system 挂了吗", ["antifraud-system"]),
        ("riskctl 平台有告警吗", ["riskctl"]),
    ],
)
def test_an_unknown_service_is_found_whatever_jieba_makes_of_it(question, unknown):
    assert names(question) == [(u, False) for u in unknown]


@pytest.mark.parametrize(
    "question",
    [
        "哪个服务在报错？",
        "所有下游服务都慢吗",
        "整个系统是不是挂了",
        "数据库服务器 CPU 高吗",
        "监控系统有告警吗",
        "操作系统日志里有 OOM 吗",
        "redis 集群延迟高吗",
        "微服务架构下怎么排查",
    ],
)
def test_generic_or_infrastructure_words_before_a_suffix_are_not_services(question):
    assert names(question) == []


def test_a_known_alias_ending_in_a_suffix_stays_known_and_a_neighbour_is_unknown():
    assert names("计费系统昨晚内存用到多少了？") == [("billing-service", True)]
    assert names("账单服务和风控服务有告警吗") == [("billing-service", True), ("风控服务", False)]


_han = st.text(alphabet="风控营销画像推荐清结算反作弊积分券", min_size=2, max_size=4)


@settings(max_examples=100, deadline=None)
@given(
    name=_han,
    lead=st.sampled_from(["", "看下", "查一下", "今天", "10点以后", "为什么", "帮我看看"]),
    suffix=st.sampled_from(["服务", "系统", "平台", "应用"]),
)
def test_any_han_name_after_a_lead_in_is_an_unknown_service(name, lead, suffix):
    assert names(f"{lead}{name}{suffix}有没有报错") == [(name + suffix, False)]


# --- End to end on another world than the demo ----------------------------------------------------
@pytest.fixture
def ledger(db):
    load_ledger_world()


@pytest.mark.django_db
@pytest.mark.parametrize("question", ["风险控制服务下午有没有告警？", "看下风控系统 15 点以后有没有报错"])
def test_a_question_about_an_unknown_service_gets_no_claims_about_other_services(ledger, api_user, question):
    _, plan, contract = plan_and_execute(api_user, question)
    assert contract["claims"] == []
    assert contract["hypotheses"] == [] and contract["recommended_actions"] == []
    unknown = names(question)[0][0]
    assert any(unknown in m["item"] for m in contract["missing_info"])
    # every evidence read was about the named service, never a broad read of all services
    assert all(s.arguments.get("service") == unknown for s in plan.steps if s.tool != "lookup_knowledge")


@pytest.mark.django_db
def test_the_graph_never_passes_a_question_about_an_unknown_service(ledger, api_user):
    run = ask(api_user, "风控服务 15 点以后有没有告警？")
    assert run.outcome != DiagnosisRun.Outcome.PASS
    assert confirmed_lines(run.final_answer) == []
    assert "风控服务" in run.final_answer and "证据缺口" in run.final_answer
