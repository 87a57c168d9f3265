"""What the asker saw (issue 32 item 1, ``reading.told``): a message a question quotes after 提示 /
报 / 显示 / App 说 is read in every service's lines by its pieces, and the line that says most of
it — whichever service wrote it, whatever the incident is called — is quoted as where the reported
failure shows. A points-mall world of its own (not the demo or an evaluation world)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contracts.elements import HitElement
from diagnosis.agents.offline.refs import Origin
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import ToolInvocation
from diagnosis.reading.spelling import fold
from diagnosis.reading.told import (
    MAX_CODES,
    MAX_KEYWORDS,
    MAX_MESSAGES,
    bridged_codes,
    story_runs,
    told_keywords,
    told_match,
    told_messages,
    told_overlap,
)
from tests.offline.running import gatekeeper_result, plan_and_execute

# ---- reading the message out of the question -------------------------------------------------


def test_the_words_after_a_prompt_verb_are_the_message_to_the_clause_end():
    assert told_messages("积分商城下单一直提示积分余额不足，怎么回事？") == ("积分余额不足",)
    assert told_messages("用户下单报权限校验超时了，订单服务咋了") == ("权限校验超时",)


def test_a_message_in_quotes_is_taken_whatever_verb_precedes_it_without_its_closing_particle():
    assert told_messages("刷新后页面是“网络开小差了”，看下网关") == ("网络开小差",)


def test_an_app_saying_a_message_is_a_message_too():
    assert told_messages("支付完 App 说订单不存在，支付回调是不是有问题？") == ("订单不存在",)


def test_report_and_display_inside_other_words_quote_nothing():
    # 报警 / 报表 / 报销 are no 报; 显示的 describes, it does not quote
    assert told_messages("订单服务报警了，原因是什么？") == ()
    assert told_messages("财务报表导出很慢，为什么？") == ()
    assert told_messages("显示的数据不对劲，排查一下") == ()


def test_report_inside_a_word_of_the_question_quotes_nothing():
    # 预报接口, 报错或者告警, 日报, 上报服务: jieba keeps 报 inside a word — no screen said anything
    assert told_messages("今天早上八点多公众预报接口大量超时，接口这边怎么回事？") == ()
    assert told_messages("储物柜服务今天有没有报错或者告警？") == ()
    assert told_messages("今天的路径还原完整率日报掉到了 93%，路径还原这边出什么事了？") == ()
    assert told_messages("上午追溯码往国家平台传一直被打回来，追溯码上报服务这是咋回事？") == ()


def test_a_word_ending_in_report_still_quotes_the_code_or_the_quote_after_it():
    assert told_messages("好多宽带用户拨号拨不上，光猫上报 691，宽带认证这边怎么了？") == ("691",)
    assert told_messages("下单报权限校验超时了") == ("权限校验超时",)


def test_a_filler_question_word_before_the_message_is_not_part_of_it():
    assert told_messages("闸机老是不让会员进，提示什么反潜回，门禁这是怎么了？") == ("反潜回",)


def test_a_message_too_short_to_search_for_is_none():
    assert told_messages("一直提示错误，为什么？") == ()


@given(st.lists(st.sampled_from(["提示积分不足", "报权限校验超时", "显示“库存锁定失败”", "返回502", "弹出会话已过期"]),
                min_size=1, max_size=6))
def test_at_most_two_messages_are_read_each_taken_from_the_question(parts):
    question = "，".join(parts) + "，怎么回事？"
    messages = told_messages(question)
    assert len(messages) <= MAX_MESSAGES
    assert all(m in question for m in messages)


# ---- how a line says it ------------------------------------------------------------------------

MESSAGES = ["积分余额不足", "权限校验超时", "库存锁定失败", "502", "会话已过期请重新登录"]


@given(st.lists(st.sampled_from(MESSAGES), min_size=1, max_size=5))
def test_the_keywords_are_bounded_pieces_of_the_messages(messages):
    keywords = told_keywords(messages)
    assert 0 < len(keywords) <= MAX_KEYWORDS
    assert all(any(k in m for m in messages) for k in keywords)


@given(st.sampled_from(MESSAGES), st.text(alphabet="abc xyz:=_-0123", max_size=30),
       st.text(alphabet="abc xyz:=_-0123", max_size=30))
def test_a_line_holding_the_message_says_it_and_the_match_is_in_both(message, before, after):
    text = f"{before} {message} {after}"
    assert told_overlap(message, text) > 0
    match = told_match(message, text)
    assert match and match in message and fold(match) in fold(text)


@given(st.sampled_from(MESSAGES), st.text(alphabet="订单支付成功已完成 abc=_-", max_size=40))
def test_a_line_sharing_less_than_three_characters_of_it_does_not_say_it(message, text):
    # the alphabet shares at most one character with any message: never three in a row
    assert told_overlap(message, text) == 0 and told_match(message, text) == ""


def test_a_longer_message_needs_four_shared_characters_and_a_code_the_whole_token():
    assert told_overlap("会话已过期请重新登录", "token 已过期 refreshed") == 0  # 3 of a 10-character run
    assert told_overlap("会话已过期请重新登录", "session 会话已过期 uid=7") == 5
    assert told_overlap("返回502", "upstream 5021 bytes") == 0
    assert told_overlap("返回502", "upstream returned 502 in 3ms") == 3


# ---- the runbooks translate the message into the code a service logs --------------------------------


def hit(title: str, text: str, heading: str | None = None) -> HitElement:
    return HitElement(document_title=title, heading_path=title if heading is None else heading, text=text)


def test_a_runbook_whose_title_says_the_message_names_in_its_opening_the_codes_it_is_for():
    opening = hit("反潜回拒绝处理手册", "适用于 dl-access 某门店入口 ANTI_PASSBACK 拒绝增多。")
    assert bridged_codes("反潜回", [opening]) == ("ANTI_PASSBACK",)


def test_the_codes_a_runbooks_causes_name_are_not_the_message():
    causes = hit("反潜回拒绝处理手册", "- 出口闸机被设为 FREE_PASS 常开放行。", heading="反潜回拒绝处理手册 / 常见原因")
    assert bridged_codes("反潜回", [causes]) == ()


def test_a_runbook_whose_title_does_not_say_the_message_bridges_nothing():
    other = hit("约课失败处理手册", "适用于 dl-booking 约课失败、SEAT_LOCK_FAILED 增多。")
    assert bridged_codes("反潜回", [other]) == ()


def test_lower_case_words_and_plain_capitals_are_no_codes():
    opening = hit("积分不足拒绝处理手册", "适用于 pm-ledger 的 API 扣减被拒（积分不足），见 ledger_reject 指标。")
    assert bridged_codes("积分不足", [opening]) == ()


@given(st.lists(st.from_regex(r"[A-Z]{2,6}(_[A-Z0-9]{1,5}){1,2}", fullmatch=True), min_size=0, max_size=8),
       st.sampled_from(["积分余额不足", "反潜回", "限制约课"]))
def test_bridged_codes_are_bounded_codes_of_the_runbooks_text(codes, message):
    opening = hit(f"{message}处理手册", "适用于 " + "、".join(codes) + " 增多。")
    bridged = bridged_codes(message, [opening])
    assert bridged == tuple(dict.fromkeys(codes))[:MAX_CODES]


def test_the_story_runs_are_the_long_runs_told_before_the_asking_clause():
    question = "今天早上一堆会员说自己被限制约课了，说是爽约三次，可他们昨天明明去上课了，约课系统怎么回事？"
    assert story_runs(question) == ("今天早上一堆会员说自己被限制约课了", "说是爽约三次", "可他们昨天明明去上课了")
    assert story_runs("约课系统怎么回事？") == ()  # the asking clause alone tells no story


# ---- end to end: the line is found in the service that wrote it ----------------------------------

DAY = "2027-05-20"


def _at(clock: str) -> str:
    return f"{DAY}T{clock}+08:00"


def _log(clock: str, service: str, level: str, message: str) -> dict[str, Any]:
    return {"timestamp": _at(clock), "service": service, "level": level, "instance": f"{service}-0",
            "message": message, "trace_id": "", "attributes": {}}  # fmt: skip


BUNDLE: dict[str, Any] = {
    "bundle_version": 1,
    "name": "points-mall",
    "reference_time": _at("15:00:00"),
    "services": [
        {"name": "pm-order", "aliases": ["积分商城下单", "下单服务"], "description": "积分商城下单（Java），调用 pm-ledger 扣积分"},
        {"name": "pm-ledger", "aliases": ["积分账本"], "description": "积分账本：余额、冻结、扣减"},
        {"name": "pm-search", "aliases": ["商品搜索"], "description": "商品搜索"},
    ],  # fmt: skip
    "logs": [
        *[_log(f"14:{m:02d}:10", "pm-order", "INFO", f"order PO-{m} created sku=SKU-{m} points=1200") for m in range(0, 60, 7)],
        *[_log(f"14:{m:02d}:12", "pm-order", "WARN", f"order PO-{m} rejected by ledger code=LEDGER_REJECT")
          for m in range(20, 58, 4)],
        *[_log(f"14:{m:02d}:11", "pm-ledger", "WARN",
               f"deduct refused user=U{m} need=1200 avail=0: 积分余额不足 (frozen snapshot of batch EXP-1231)")
          for m in range(20, 58, 4)],
        *[_log(f"14:{m:02d}:40", "pm-search", "INFO", f"query took {m} ms") for m in range(0, 60, 10)],
    ],  # fmt: skip
    "alerts": [],
    "metrics": [],
    "documents": [],
}


@pytest.fixture
def mall(db):
    evidence_bundle_load(data=BUNDLE, source_name="points-mall")


def _claims(contract) -> list[str]:
    return [c["claim_text"] for c in contract["claims"]]


def test_the_message_the_asker_saw_is_quoted_from_the_service_that_wrote_it(api_user, mall):
    run, _, contract = plan_and_execute(api_user, "今天下午积分商城下单一直提示积分余额不足，下单服务怎么回事？")
    told = ToolInvocation.objects.filter(run=run, retrieval_details__origin=Origin.TOLD).order_by("seq")
    # the runbooks by the message, then every service's lines
    assert [(t.tool_name, "service" in t.arguments) for t in told] == [("lookup_knowledge", False), ("query_logs", False)]
    said = [c for c in _claims(contract) if "所述的「积分余额不足」" in c]
    assert said and said[0].startswith("pm-ledger 在 14:20:11 记录了一条 WARN 日志"), _claims(contract)
    assert gatekeeper_result(run, contract).failed_rules == []  # bound to what the told read returned


def test_a_question_quoting_nothing_reads_no_lines_for_it_without_a_runbook_naming_its_words(api_user, mall):
    run, _, _ = plan_and_execute(api_user, "今天下午积分商城下单失败很多，下单服务怎么回事？")
    told = ToolInvocation.objects.filter(run=run, retrieval_details__origin=Origin.TOLD)
    assert [t.tool_name for t in told] == ["lookup_knowledge"]  # the story's words looked up; no runbook says them


def test_a_message_no_line_says_adds_no_claim(api_user, mall):
    _, _, contract = plan_and_execute(api_user, "今天下午积分商城下单一直提示库存锁定失败，下单服务怎么回事？")
    assert not any("所述的" in c for c in _claims(contract))


def test_a_message_told_of_a_service_with_no_data_is_not_read_in_the_others_lines(api_user, mall):
    run, _, contract = plan_and_execute(api_user, "今天下午积分兑换服务一直提示积分余额不足，怎么回事？")
    assert not ToolInvocation.objects.filter(run=run, retrieval_details__origin=Origin.TOLD).exists()
    assert not any("所述的" in c for c in _claims(contract))


CARD_RUNBOOK = """# 会员卡冻结拒绝处理手册

适用于 pm-order 下单被 CARD_FROZEN 拒绝增多。

## 常见原因

- 风控批量冻结（RISK_BATCH_HOLD）。

## 处理方案

- 核对冻结批次后解冻。
"""


@pytest.fixture
def mall_with_runbook(db):
    frozen = [_log(f"14:{m:02d}:15", "pm-order", "WARN", f"order PO-{m} refused CARD_FROZEN member=M{m} batch=RB-77")
              for m in range(30, 58, 5)]
    data = {**BUNDLE, "logs": [*BUNDLE["logs"], *frozen],
            "documents": [{"title": "会员卡冻结拒绝处理手册", "source": "runbooks/card-frozen.md", "content": CARD_RUNBOOK}]}
    evidence_bundle_load(data=data, source_name="points-mall")


def test_a_message_the_lines_say_only_as_a_code_is_shown_through_the_runbook_that_names_it(api_user, mall_with_runbook):
    run, _, contract = plan_and_execute(api_user, "今天下午积分商城下单一直提示会员卡冻结，下单服务怎么回事？")
    said = [c for c in contract["claims"] if "所述「会员卡冻结」" in c["claim_text"]]
    assert said, _claims(contract)
    claim = said[0]
    assert claim["claim_text"].startswith("pm-order 在 14:30:15 记录了一条 WARN 日志，写有「CARD_FROZEN」（处理手册《会员卡冻结拒绝处理手册》")
    tools = [b["tool_name"] for b in claim["evidence_bindings"]]
    assert tools == ["query_logs", "lookup_knowledge"]  # the line, and the runbook that says what it is
    assert "RISK_BATCH_HOLD" not in "".join(c["claim_text"] for c in said)  # a cause the runbook names is no message
    assert gatekeeper_result(run, contract).failed_rules == []


def test_a_story_whose_words_a_runbook_title_says_is_read_by_that_runbooks_codes_alone(api_user, mall_with_runbook):
    """No screen is quoted (no 提示): the story's words 会员卡冻结 are the runbook's title, whose
    opening names CARD_FROZEN — that code alone is read, and the line is shown through the runbook."""
    run, _, contract = plan_and_execute(api_user, "今天下午好多会员的会员卡冻结了下不了单，下单服务怎么回事？")
    read = ToolInvocation.objects.get(run=run, retrieval_details__origin=Origin.TOLD, tool_name="query_logs")
    assert read.arguments["any_keyword"] == "CARD_FROZEN"
    said = [c for c in _claims(contract) if "写有「CARD_FROZEN」（处理手册《会员卡冻结拒绝处理手册》所说的所述「会员卡冻结」）" in c]
    assert said, _claims(contract)
    assert gatekeeper_result(run, contract).failed_rules == []


def test_a_story_no_runbook_title_says_reads_nothing_more(api_user, mall_with_runbook):
    run, _, _ = plan_and_execute(api_user, "今天下午好多会员下单失败了，下单服务怎么回事？")
    assert not ToolInvocation.objects.filter(run=run, retrieval_details__origin=Origin.TOLD, tool_name="query_logs").exists()
