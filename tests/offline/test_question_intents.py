"""What a question wants back: a figure (多少/使用率/峰值), an extreme (最慢/最高 or 最低), a list of
alerts (哪些告警/还有哪些没有恢复) or the services showing a symptom (哪个服务在报错)."""

from __future__ import annotations

import pytest

from contracts.plan import ServiceInfo
from diagnosis.reading.entities import analyse

CATALOG = [
    ServiceInfo(name="billing-service", aliases=["账单服务", "计费系统"]),
    ServiceInfo(name="ledger-service", aliases=["账本服务"]),
]


@pytest.mark.parametrize(
    ("question", "quantity"),
    [
        ("计费系统下午内存用到多少了？", True),
        ("账本服务凌晨三点磁盘使用率多少", True),
        ("账单服务 p95 峰值是多少", True),
        ("账本服务慢查询最慢有多慢？", True),
        ("账单服务重启了几次", True),
        ("账单服务几点开始报错的", False),  # 几点 asks for a time
        ("账单服务报了十几分钟 500，这是啥原因？", False),  # 十几分钟 is a duration, not a question
        ("账单服务几十个请求超时了，为什么？", False),  # 几十 is an approximate figure
        ("账单服务今天重启了十几次吗", False),
        ("账单服务今天早上是不是报过警？好几个同事说付不了款。", False),  # 好几个: several, no question
        ("账单服务怎么把账单几乎全算成了零？", False),  # 几乎: almost
        ("账单服务刚才有几个 Pod 在重启？", True),
        ("账单服务有没有超时？", False),
        ("账单服务为什么报错", False),
    ],
)
def test_a_question_asking_for_a_figure_is_recognised(question, quantity):
    assert analyse(question, CATALOG).quantity is quantity


@pytest.mark.parametrize(
    ("question", "extreme"),
    [
        ("账本服务慢查询最慢有多慢？", "max"),
        ("账单服务内存峰值多少", "max"),
        ("哪个接口耗时最长", "max"),
        ("账本服务 p95 最低到多少", "min"),
        ("账本服务慢查询有多慢", ""),
    ],
)
def test_a_superlative_is_recognised_with_its_direction(question, extreme):
    assert analyse(question, CATALOG).extreme == extreme


@pytest.mark.parametrize(
    ("question", "listing", "unresolved"),
    [
        ("现在还有哪些告警没有恢复？", "alerts", True),
        ("还有哪些没恢复", "alerts", True),
        ("账单服务今天有什么告警", "alerts", False),
        ("账单服务现在有哪些告警？", "alerts", True),
        ("列出所有 firing 的告警", "alerts", True),
        ("哪个服务在报错？", "services", False),
        ("哪些系统延迟高", "services", False),
        ("账单服务现在有告警吗？", "", True),  # a confirmation, not a list
        ("账单服务为什么报错", "", False),
    ],
)
def test_a_listing_question_is_recognised(question, listing, unresolved):
    facts = analyse(question, CATALOG)
    assert (facts.listing, facts.unresolved) == (listing, unresolved)


def test_a_which_service_question_naming_a_service_is_not_a_service_listing():
    assert analyse("账单服务的哪个模块在报错", CATALOG).listing == ""


def test_alert_names_in_the_question_are_kept():
    assert analyse("ChargeErrorRatio 和 ProxyUpstream5xx 还在触发吗", CATALOG).alert_names == (
        "ChargeErrorRatio",
        "ProxyUpstream5xx",
    )


@pytest.mark.parametrize("question", ["眼下还亮着的告警都列一下。", "把现在还亮着的报警列下", "账单服务还红着的告警有哪些"])
def test_colloquial_alert_listings_ask_for_the_firing_alerts(question):
    facts = analyse(question, CATALOG)
    assert facts.listing == "alerts" and facts.unresolved, facts


@pytest.mark.parametrize(
    "question",
    ["账单服务那边咋了？", "账单服务出啥毛病了？", "账本服务今天早上啥情况？", "账单服务是不是出毛病了？"],
)
def test_everyday_ways_of_asking_what_is_wrong_ask_for_a_cause(question):
    assert analyse(question, CATALOG).cause


def test_asking_everything_that_changed_is_a_listing():
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from diagnosis.reading.asking import derive_asked

    now = datetime(2026, 12, 7, 12, 30, tzinfo=ZoneInfo("Asia/Shanghai"))
    for question in ("账单服务十点到十一点之间都动过什么？", "账本服务上午都改了些什么？", "账单服务凌晨都动过啥？"):
        assert derive_asked(question=question, now=now, tz="Asia/Shanghai", services=CATALOG).kind == "listing"
    assert derive_asked(question="账单服务都是什么原因报错？", now=now, tz="Asia/Shanghai", services=CATALOG).kind == "cause"


@pytest.mark.parametrize(
    "question",
    [
        "下午开始账单服务写入特别慢，告警到现在都没恢复，账单服务怎么了？",
        "账本服务一直报错，告警还在触发，为什么？",
        "账单服务的告警一直没恢复，是什么原因？",
    ],
)
def test_an_alert_state_told_beside_a_why_is_the_story_not_a_listing(question):
    """告警到现在都没恢复 in a clause that asks nothing, and a why in another: the asker tells what
    they saw and asks the cause — a list of the firing alerts would answer another question."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from diagnosis.reading.asking import derive_asked

    assert analyse(question, CATALOG).listing == ""
    now = datetime(2026, 12, 7, 18, 30, tzinfo=ZoneInfo("Asia/Shanghai"))
    assert derive_asked(question=question, now=now, tz="Asia/Shanghai", services=CATALOG).kind == "cause"


@pytest.mark.parametrize(
    "question",
    ["账单服务报错了，现在还有哪些告警没恢复？", "账单服务一直报错，告警还有哪些没恢复", "有哪些告警还没恢复，为什么？"],
)
def test_an_alert_listing_asked_in_its_own_clause_stays_a_listing(question):
    assert analyse(question, CATALOG).listing == "alerts"


def test_an_alert_told_beside_a_why_is_marked_told_and_one_asked_about_is_not():
    facts = analyse("下午开始账单服务写入特别慢，告警到现在都没恢复，账单服务怎么了？", CATALOG)
    assert facts.alert_told and facts.listing == ""
    assert not analyse("账单服务写入特别慢，现在有告警吗？", CATALOG).alert_told
