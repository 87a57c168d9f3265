"""Fixed Chinese templates (spec "REJECT produces bounded output", "User-facing Chat answers SHALL
remain readable Chinese", fallback messages)."""

from __future__ import annotations

import pytest

from diagnosis.composer import templates as T
from diagnosis.composer.leak_guard import ROOT_CAUSE_MARKERS, check_answer
from diagnosis.composer.material import build_material
from diagnosis.graph import reasons as R
from tests.composer.builders import EVIDENCE, GAP, OUTPUT, checks


def material(verdict, claim_checks, gaps=()):
    return build_material(question="payment-service 为什么 500？", verdict=verdict, claim_checks=claim_checks,
                          evidence_gaps=list(gaps), verified_executor_output=OUTPUT, verified_evidence=EVIDENCE)


def test_pass_template_sections():
    text = T.render(material("PASS", checks(c1="direct_observation", c2="direct_observation")))
    assert text.startswith(T.H_PASS_CONCLUSION)
    assert T.H_DIRECTIONS in text and T.H_SUGGESTIONS in text
    assert "10:05:12 payment-service 连接池耗尽" in text
    assert "依据：inv_1 /records/0" in text


def test_low_confid_template_distinguishes_confirmed_directions_and_gaps():
    text = T.render(material("LOW_CONFID", checks(c1="direct_observation", c2="reasonable_inference", c3="unsupported"), [GAP]))
    for heading in (T.H_CONFIRMED, T.H_DIRECTIONS, T.H_GAPS, T.H_NEXT_STEPS):
        assert heading in text
    confirmed = text.split(T.H_CONFIRMED)[1].split(T.H_DIRECTIONS)[0]
    assert "根因是慢查询" not in confirmed and "HighErrorRate 于" not in confirmed


def test_low_confid_with_nothing_found_states_the_gap():
    text = T.render(build_material(question="q", verdict="LOW_CONFID", claim_checks=[], evidence_gaps=[],
                                   verified_executor_output={"claims": []}, verified_evidence=[]))
    assert T.NONE_CONFIRMED in text and T.NONE_GAPS in text and T.DEFAULT_NEXT_STEP in text


def test_reject_produces_bounded_output_without_root_cause():
    text = T.render(material("REJECT", checks(c1="direct_observation", c3="direct_observation", c4="contradicted"), [GAP]))
    assert text.startswith(T.LEAD_REJECT)
    assert T.H_REJECT_FACTS in text and T.H_GAPS in text and T.H_NEXT_STEPS in text
    assert T.H_DIRECTIONS not in text and T.H_PASS_CONCLUSION not in text
    assert "根因是慢查询" not in text
    assert not any(marker in text for marker in ROOT_CAUSE_MARKERS)


@pytest.mark.parametrize("reason", R.FALLBACK_REASONS)
def test_every_fallback_reason_has_a_chinese_message(reason):
    text = T.render_fallback(reason)
    assert text.startswith(T.FALLBACK_HEAD)
    assert T.FALLBACK_MESSAGES[reason][0] in text and T.FALLBACK_MESSAGES[reason][1] in text
    assert "原因：" in text and "下一步：" in text
    assert "{" not in text and "Traceback" not in text


def test_unknown_fallback_reason_uses_internal_error_text():
    assert T.render_fallback("nope") == T.render_fallback(R.INTERNAL_ERROR)


@pytest.mark.parametrize("verdict", ["PASS", "LOW_CONFID", "REJECT"])
def test_rendered_template_always_passes_the_leak_guard(verdict):
    m = material(verdict, checks(c1="direct_observation", c2="reasonable_inference", c3="unsupported", c4="contradicted"), [GAP])
    services = [["payment-service", "支付服务"], ["order-service", "订单服务"]]
    assert check_answer(T.render(m), m, service_names=services).ok
