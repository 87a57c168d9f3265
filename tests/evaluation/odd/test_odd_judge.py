"""The odd questions' judge (issue 24 item 4): a PASS on garbage, a PASS missing a listed item or
naming another incident is a false PASS; a clarification of garbage is strictly right. Pure."""

from __future__ import annotations

from diagnosis.composer import templates as T
from evaluation.odd import ODD_QUESTIONS, odd_judge
from evaluation.scenario import CLARIFY, LOW_CONFID, PASS
from evaluation.worlds import WORLDS

ODD = {q.name: q for q in ODD_QUESTIONS}
GARBAGE = ODD["odd_garbage_keyboard"]
LISTING = ODD["odd_listing_payment_alerts"]
FUTURE = ODD["odd_future_monday"]


def passed(*lines: str) -> str:
    return "\n".join([T.H_PASS_CONCLUSION, *(f"- {line}" for line in lines)])


def test_a_pass_on_garbage_is_a_false_pass():
    verdict = odd_judge(GARBAGE, outcome=PASS, answer=passed("payment-service HikariPool-1 耗尽"), confirmed=[], leaked=False)
    assert verdict.false_pass and not verdict.strictly_right


def test_a_clarification_of_garbage_is_strictly_right():
    verdict = odd_judge(GARBAGE, outcome=CLARIFY, answer="没看懂要排查什么：请说明服务、现象和时间。", confirmed=None,
                        leaked=False)
    assert verdict.strictly_right and not verdict.false_pass


def test_a_listing_pass_missing_an_item_is_a_false_pass():
    two = passed("DBConnectionPoolExhausted 正在触发", "HighErrorRate 正在触发")
    verdict = odd_judge(LISTING, outcome=PASS, answer=two, confirmed=[], leaked=False)
    assert verdict.false_pass
    assert set(verdict.asked_missing) == {"DBConnectionPoolHighUsage", "HighLatencyP99"}


def test_a_listing_pass_with_every_item_is_strictly_right():
    four = passed("DBConnectionPoolHighUsage", "HighLatencyP99", "DBConnectionPoolExhausted", "HighErrorRate")
    assert odd_judge(LISTING, outcome=PASS, answer=four, confirmed=[], leaked=False).strictly_right


def test_a_future_question_answered_low_confid_must_say_it_is_the_future():
    silent = odd_judge(FUTURE, outcome=LOW_CONFID, answer="证据缺口\n- 没有找到", confirmed=None, leaked=False)
    said = odd_judge(FUTURE, outcome=LOW_CONFID, answer="问的是未来，证据只覆盖到 11-28 10:30", confirmed=None, leaked=False)
    assert not silent.strictly_right and not silent.false_pass
    assert said.strictly_right


def test_naming_another_incident_is_never_strictly_right_whatever_the_outcome():
    verdict = odd_judge(FUTURE, outcome=LOW_CONFID, answer="未来无法预测；Lock wait timeout", confirmed=None, leaked=False)
    assert not verdict.strictly_right and verdict.forbidden_named == ("Lock wait timeout",)


def test_a_leaking_run_is_never_strictly_right():
    ok = "没看懂要排查什么：请说明服务、现象和时间。"
    assert not odd_judge(GARBAGE, outcome=CLARIFY, answer=ok, confirmed=None, leaked=True).strictly_right


def test_the_set_has_at_least_thirty_questions_on_the_demo_and_two_worlds_with_unique_names():
    assert len(ODD_QUESTIONS) >= 30
    assert len(ODD) == len(ODD_QUESTIONS)
    worlds = {q.world for q in ODD_QUESTIONS}
    assert "" in worlds and len(worlds - {""}) >= 2 and worlds - {""} <= set(WORLDS)
    oddities = {q.oddity for q in ODD_QUESTIONS}
    assert len(oddities) >= 11
