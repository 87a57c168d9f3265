"""The answer a user reads (issue 24 item 2, DESIGN §10.5): conclusion first, each quoted line once,
no invocation ids or raw paths; LOW_CONFID says in its first line what is known and what is
missing; REJECT is bounded (no conclusion, no directions, no cause); fallbacks unchanged."""

from __future__ import annotations

import pytest

from contracts import reasons as R
from contracts.asked import Asked
from diagnosis.composer import answer as A
from diagnosis.composer import templates as T
from diagnosis.composer.compose import render_material
from diagnosis.composer.material import build_material
from tests.composer.builders import ASKED, ELEMENTS, EVIDENCE, GAP, OUTPUT, checks
from tests.projection import verified_evidence, verified_output


def material(verdict, claim_checks, gaps=()):
    return build_material(question="payment-service 为什么 500？", verdict=verdict, claim_checks=claim_checks,
                          evidence_gaps=list(gaps), verified_output=verified_output(OUTPUT), verified_evidence=verified_evidence(EVIDENCE),
                          asked=Asked.model_validate(ASKED), elements=ELEMENTS)


def test_a_pass_answer_leads_with_a_conclusion_sentence_citing_the_failure():
    text = render_material(material("PASS", checks(c1="direct_observation", c2="direct_observation")))
    lines = text.splitlines()
    assert lines[0] == A.H_CONCLUSION
    assert lines[1].startswith("payment-service 自 10:05:12 起出现异常")
    assert "「HighErrorRate」" in lines[1]
    assert A.H_KEY_EVIDENCE in lines


def test_a_pass_answer_shows_no_invocation_id_or_raw_path_and_each_line_once():
    text = render_material(material("PASS", checks(c1="direct_observation", c2="direct_observation")))
    assert "inv_1" not in text and "/records/0" not in text and "依据：" not in text
    assert text.count("waiting=37") == 1


def test_low_confid_first_line_says_what_is_known_and_what_is_missing():
    m = material("LOW_CONFID", checks(c1="direct_observation", c2="reasonable_inference", c3="unsupported"), [GAP])
    first, *rest = render_material(m).splitlines()
    assert first.startswith("部分确认：payment-service 自 10:05:12 起出现异常")
    assert "仍缺：缺少慢查询日志" in first
    for heading in (A.H_CONFIRMED, A.H_DIRECTIONS, A.H_GAPS, A.H_NEXT_STEPS):
        assert heading in rest
    confirmed = "\n".join(rest).split(A.H_CONFIRMED)[1].split(A.H_DIRECTIONS)[0]
    assert "根因是慢查询" not in confirmed and "HighErrorRate 于" not in confirmed


def test_low_confid_with_nothing_found_states_the_gap():
    text = render_material(build_material(question="q", verdict="LOW_CONFID", claim_checks=[], evidence_gaps=[],
                                          verified_output=verified_output({"claims": []}), verified_evidence=verified_evidence([])))
    assert text.startswith("部分确认：" + A.KNOWN_NOTHING)
    assert A.NONE_CONFIRMED in text and A.NONE_GAPS in text and A.DEFAULT_NEXT_STEP in text


def test_reject_is_bounded_without_conclusion_directions_or_cause():
    text = render_material(material("REJECT", checks(c1="direct_observation", c3="direct_observation",
                                                     c4="contradicted"), [GAP]))
    assert text.startswith(A.LEAD_REJECT)
    assert A.H_REJECT_FACTS in text and A.H_GAPS in text and A.H_NEXT_STEPS in text
    assert A.H_DIRECTIONS not in text and A.H_CONCLUSION not in text
    assert "根因是慢查询" not in text


@pytest.mark.parametrize("reason", R.FALLBACK_REASONS)
def test_every_fallback_reason_has_a_chinese_message(reason):
    text = T.render_fallback(reason)
    assert text.startswith(T.FALLBACK_HEAD)
    assert T.FALLBACK_MESSAGES[reason][0] in text and T.FALLBACK_MESSAGES[reason][1] in text
    assert "原因：" in text and "下一步：" in text
    assert "{" not in text and "Traceback" not in text


def test_unknown_fallback_reason_uses_internal_error_text():
    assert T.render_fallback("nope") == T.render_fallback(R.INTERNAL_ERROR)


def test_the_clarification_names_the_loaded_services_and_asks_for_service_symptom_and_time():
    text = T.render_clarify(["payment-service", "order-service"])
    assert text.startswith("没看懂要排查什么：请说明服务、现象和时间")
    assert "payment-service、order-service" in text
