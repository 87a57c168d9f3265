"""A question that tells a symptom in its own words and then asks, yes or no, whether something is
wrong ("…一直打不开，是不是出问题了？") asks for the cause; a yes/no about an observable (告警, 超时)
or about a change with no symptom told ("改过配置，有没有出什么问题？") stays a yes/no."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from contracts.plan import ServiceInfo
from diagnosis.reading.asking import derive_asked, tells_trouble

NOW = datetime(2026, 11, 28, 10, 30, tzinfo=ZoneInfo("Asia/Shanghai"))
SERVICES = [ServiceInfo(name="payment-service", aliases=["支付服务", "支付"]),
            ServiceInfo(name="coupon-service", aliases=["优惠券服务"])]


def kind(question: str) -> str:
    return derive_asked(question=question, now=NOW, tz="Asia/Shanghai", services=SERVICES).kind


@pytest.mark.parametrize(
    "question",
    [
        "上午十点以后券一张都领不到，优惠券服务是不是出问题了？",
        "支付页面一直不动，点了没反应，支付服务是不是扛不住了？",
        "支付服务是不是出问题了？好多用户说付不了款。",
        "早上好多商户投诉到账晚了半天，支付服务是漏了吗？",
    ],
)
def test_a_yes_no_after_a_told_symptom_asks_for_the_cause(question):
    assert kind(question) == "cause"


@pytest.mark.parametrize(
    "question",
    [
        "优惠券服务下午两点改过发券配置，有没有出什么问题？",
        "支付服务上午出过超时没？",
        "支付服务今天上午报过警没？九点半刚改过配置，心里有点没底。",
        "支付服务中午挂之前，有没有报过磁盘快满的告警？",
    ],
)
def test_a_yes_no_about_an_observable_or_a_change_stays_a_yes_no(question):
    assert kind(question) == "existence"


def test_a_list_named_in_the_story_does_not_make_a_why_question_a_listing():
    assert kind("用户说付完款订单列表里也找不到刚付的单，支付服务怎么回事？") == "cause"
    # 怎么了 asks what went wrong as 为什么 does, beside a list the story names
    assert kind("今晚好多老师反映学生明明交了作业，订单列表里却显示未付，支付服务这边到底怎么了？") == "cause"
    assert kind("支付服务有哪些告警列表里的告警还在触发？") != "cause"


def test_trouble_is_told_outside_the_asking_clause_only():
    assert tells_trouble("券一张都领不到，优惠券服务是不是出问题了？")
    assert not tells_trouble("优惠券服务是不是领不到券？")  # the symptom is what is asked, not told
    assert not tells_trouble("优惠券服务改过配置，有没有出什么问题？")
