"""Every line of a model-composed answer must be made of its own section's material
(diagnosis/composer/structure.py): an unsupported claim never appears as confirmed, a REJECT
answer never gains a possible cause, even when every token of the line exists in the material."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from diagnosis.agents.base import ComposerMaterial
from diagnosis.composer import templates as T
from diagnosis.composer.leak_guard import REASON_UNTRACEABLE_LINE, check_answer
from diagnosis.composer.structure import content_units, coverage, untraceable_lines

CONFIRMED = "10:05:12 起 payment-service 数据库连接池耗尽（active=50, waiting=37）"
UNSUPPORTED = "HighErrorRate 于 10:06 触发，数值 12.5%"
HYPOTHESIS = "慢查询或连接泄漏占满了连接池"
LOW = ComposerMaterial(
    question="payment-service 为什么报 500？",
    route="low_confid",
    verdict="LOW_CONFID",
    confirmed=[{"claim_id": "c1", "text": CONFIRMED, "evidence": [
        {"invocation_id": "inv_1", "tool_name": "query_logs", "raw_path": "/records/0",
         "matched_text": "HikariPool-1 - Connection is not available (active=50, idle=0, waiting=37)"}]}],
    directions=[HYPOTHESIS],
    gaps=[T.UNSUPPORTED_CLAIM_GAP.format(text=UNSUPPORTED)],
    next_steps=["使用 query_metrics 补充查询：payment-service 告警"],
)
PASS = LOW.model_copy(update={"route": "pass", "verdict": "PASS", "gaps": []})
REJECT = LOW.model_copy(update={"route": "reject", "verdict": "REJECT", "directions": []})
SERVICES = [["payment-service", "支付服务"]]


def test_the_template_rendering_of_any_route_passes_the_structure_check():
    for material in (LOW, PASS, REJECT):
        assert untraceable_lines(T.render(material), material) == []


def test_an_unsupported_claim_under_the_confirmed_heading_is_refused_though_its_tokens_are_in_the_material():
    answer = f"{T.H_CONFIRMED}\n- {CONFIRMED}\n- {UNSUPPORTED}\n{T.H_GAPS}\n- {LOW.gaps[0]}"
    result = check_answer(answer, LOW, service_names=SERVICES)
    assert not result.ok and result.reason == REASON_UNTRACEABLE_LINE
    assert any(UNSUPPORTED[:20] in line for line in result.leaked)


def test_the_same_claim_under_the_gaps_heading_is_fine():
    answer = f"{T.LEAD_LOW_CONFID}\n{T.H_CONFIRMED}\n- {CONFIRMED}\n{T.H_GAPS}\n- {LOW.gaps[0]}"
    assert check_answer(answer, LOW, service_names=SERVICES).ok


def test_a_hypothesis_stated_as_a_conclusion_in_a_pass_answer_is_refused():
    answer = f"{T.H_PASS_CONCLUSION}\n- {CONFIRMED}\n- {HYPOTHESIS}"
    assert untraceable_lines(answer, PASS) == [f"- {HYPOTHESIS}"]


def test_a_reject_answer_cannot_add_a_directions_section_or_a_preamble_cause():
    assert untraceable_lines(f"{T.LEAD_REJECT}\n{T.H_DIRECTIONS}\n- {HYPOTHESIS}", LOW.model_copy(update={"route": "reject"}))
    assert untraceable_lines(f"可能的情况：{HYPOTHESIS}。", REJECT) == [f"可能的情况：{HYPOTHESIS}。"]


def test_low_confid_prose_before_any_heading_is_refused():
    assert untraceable_lines(f"{CONFIRMED}；{UNSUPPORTED}。", LOW)


def test_a_chinese_alias_may_restate_a_service_named_in_the_material():
    answer = f"{T.H_PASS_CONCLUSION}\n- 10:05:12 起支付服务数据库连接池耗尽（active=50, waiting=37）"
    assert check_answer(answer, PASS, service_names=SERVICES).ok


def test_coverage_counts_bigrams_and_ascii_tokens():
    assert content_units("连接池 waiting=37") == {"连接", "接池", "waiting=37"}
    assert coverage("连接池耗尽", ["数据库连接池耗尽"]) == 1.0
    assert coverage("根因是慢查询", ["数据库连接池耗尽"]) == 0.0


@given(st.sampled_from([CONFIRMED, HYPOTHESIS, LOW.gaps[0]]), st.sampled_from(["", "。", "；", "  "]))
def test_each_item_under_its_own_heading_always_passes(item, tail):
    heading = {CONFIRMED: T.H_CONFIRMED, HYPOTHESIS: T.H_DIRECTIONS, LOW.gaps[0]: T.H_GAPS}[item]
    assert untraceable_lines(f"{T.LEAD_LOW_CONFID}\n{heading}\n- {item}{tail}", LOW) == []


@pytest.mark.parametrize(
    ("item", "wrong_heading"),
    [(HYPOTHESIS, T.H_CONFIRMED), (LOW.gaps[0], T.H_CONFIRMED), (CONFIRMED, T.H_DIRECTIONS)],
)
def test_an_item_moved_to_another_section_is_refused(item, wrong_heading):
    assert untraceable_lines(f"{wrong_heading}\n- {item}", LOW)
