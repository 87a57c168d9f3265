"""The fully-right check (issue 11 item 7) is data-driven from a question's expectations: a right
answer passes; one missing the asked fact, the cause, or naming another incident fails. Pure."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from diagnosis.composer import templates as T
from evaluation.fully_right import fully_right, without_gaps
from evaluation.scenario import Observation
from evaluation.world_figures import question_judge, world_figures
from evaluation.worlds import ticketing
from evaluation.worlds.spec import HEALTHY, Peak, WorldQuestion, fact

TLS = next(q for q in ticketing.QUESTIONS if q.name == "ticketing_tls_cause")
LINE = ("send sms failed provider=dxcloud host=sms.dxcloud-partner.cn:443: javax.net.ssl.SSLHandshakeException: "
        "PKIX path validation failed (caused by java.security.cert.CertificateExpiredException: NotAfter: Mon Nov 30 16:00:00 CST 2026)")


def claim(text: str, excerpt: str = "") -> dict:
    return {"claim_id": "c1", "text": text, "evidence": [{"matched_text": excerpt or text}]}


def answer(*, confirmed: str, directions: str = "", gaps: str = "", suggestions: str = "") -> str:
    parts = [T.H_PASS_CONCLUSION, f"- {confirmed}"]
    if directions:
        parts += [T.H_DIRECTIONS, f"- {directions}"]
    if suggestions:
        parts += [T.H_SUGGESTIONS, f"- {suggestions}"]
    if gaps:
        parts += [T.H_GAPS, f"- {gaps}"]
    return "\n".join(parts)


def test_a_right_answer_is_fully_right():
    text = answer(confirmed=f"ts-notification-service 16:00 起短信发送失败：「{LINE}」")
    verdict = fully_right(TLS, answer=text, confirmed=[claim("短信发送失败", LINE)])
    assert verdict.ok and verdict.reasons() == []


def test_an_answer_without_the_cause_is_not_fully_right():
    line = "send sms failed: javax.net.ssl.SSLHandshakeException: Remote host terminated the handshake"
    verdict = fully_right(TLS, answer=answer(confirmed=line), confirmed=[claim(line)])
    assert not verdict.ok
    assert verdict.cause_missing and not verdict.asked_missing and not verdict.misattributed


def test_an_answer_naming_another_incident_is_misattributed():
    text = answer(confirmed=LINE, directions="也可能是银行网关 429 Too Many Requests 限流")
    verdict = fully_right(TLS, answer=text, confirmed=[claim(LINE)])
    assert verdict.misattributed == ("Too Many Requests",) and not verdict.ok


def test_an_unrelated_runbook_remedy_is_misattributed():
    text = answer(confirmed=LINE, suggestions="处理手册《数据库连接池耗尽处理手册》：「临时调大 maximumPoolSize。」")
    assert fully_right(TLS, answer=text, confirmed=[claim(LINE)]).misattributed == ("maximumPoolSize",)


def test_the_asked_fact_must_be_confirmed_not_only_guessed():
    text = answer(confirmed="ts-notification-service 有 ERROR 日志", directions=LINE)
    verdict = fully_right(TLS, answer=text, confirmed=[claim("ts-notification-service 有 ERROR 日志")])
    assert verdict.asked_missing == ("SSLHandshakeException",)
    assert not verdict.cause_missing  # a cause stated as a hypothesis counts


def test_a_cause_named_only_as_an_evidence_gap_does_not_count():
    text = answer(confirmed="SSLHandshakeException", gaps="未能确认是否 CertificateExpiredException / 证书过期")
    verdict = fully_right(TLS, answer=text, confirmed=[claim("SSLHandshakeException")])
    assert verdict.cause_missing


def test_without_gaps_keeps_every_section_but_the_gaps():
    text = answer(confirmed="A", directions="B", gaps="C", suggestions="D")
    kept = without_gaps(text)
    assert "A" in kept and "B" in kept and "D" in kept and "- C" not in kept and T.H_GAPS not in kept


def test_facts_match_across_width_and_case():
    question = WorldQuestion("q", "?", "quantity", asked_facts=(fact("14 次/分钟"),), peak=Peak("s", "m", 14))
    assert fully_right(question, answer=answer(confirmed="峰值 １４  次/分钟"), confirmed=None).ok


def test_a_fact_holds_with_any_of_its_spellings():
    question = WorldQuestion("q", "?", "existence", asked_facts=(HEALTHY,), forbidden=("Deadlock",))
    for spelling in HEALTHY.spellings:
        assert fully_right(question, answer=answer(confirmed=f"5xx 最高 0.2%，{spelling}"), confirmed=None).ok


def test_every_asked_fact_of_a_listing_is_needed():
    listing = next(q for q in ticketing.QUESTIONS if q.name == "ticketing_alert_listing")
    three = "、".join(ticketing.FIRING[:3])
    verdict = fully_right(listing, answer=answer(confirmed=three), confirmed=[claim(three)])
    assert verdict.asked_missing == (ticketing.FIRING[3],)


@given(prefix=st.text(max_size=40), suffix=st.text(max_size=40), word=st.sampled_from(TLS.forbidden))
def test_an_answer_containing_a_forbidden_word_is_never_fully_right(prefix, suffix, word):
    text = answer(confirmed=LINE + prefix + word + suffix)
    assert not fully_right(TLS, answer=text, confirmed=[claim(LINE)]).ok


@given(text=st.text(max_size=200))
def test_an_answer_without_the_asked_fact_is_never_fully_right(text):
    cleaned = text.replace("SSLHandshakeException", "").casefold()
    if "sslhandshakeexception" in cleaned:
        return
    assert not fully_right(TLS, answer=cleaned, confirmed=[claim(cleaned)]).ok


# --- The per-world figures ---------------------------------------------------------------------------
def observation(name: str, final_answer: str, confirmed: list[dict], *, outcome: str = "pass", asked: str = "cause") -> Observation:
    ve = {
        "asked": {"kind": asked},
        "coverage": {"status": "answered"},
        "prompt_audit": {"version": "v", "prompts": [{"role": r} for r in ("planner", "executor", "verifier", "composer")]},
        "gatekeeper_result": {"checked_bindings": [{"claim_id": "c1", "passed": True}]},
        "verified_executor_output": {"claims": [{"claim_id": "c1"}]},
        "claim_checks": [{"claim_id": "c1", "verification": "direct_observation"}],
    }
    return Observation(name=name, status="completed", outcome=outcome, fallback_reason="", verdict="PASS", evidence_retry_count=0,
                       final_answer=final_answer, verifier_evaluation=ve, confirmed_material=confirmed, planner_calls=1,
                       verifier_calls=1, composer_calls=1, nodes_started=[], tool_statuses=[], elapsed_ms=10.0, queries=5)


def test_the_figures_count_fully_right_pass_unanswered_and_route_from_the_runs():
    right = question_judge(TLS, "ticketing", observation(TLS.name, answer(confirmed=LINE), [claim(LINE)]))
    no_cause_line = "send sms failed: SSLHandshakeException"
    no_cause = question_judge(TLS, "ticketing", observation(TLS.name, answer(confirmed=no_cause_line), [claim(no_cause_line)]))
    unanswered = question_judge(TLS, "ticketing", observation(TLS.name, answer(confirmed="短信发送失败"), [claim("短信发送失败")]))
    low = question_judge(TLS, "ticketing", observation(TLS.name, answer(confirmed=LINE), [claim(LINE)], outcome="low_confid", asked="existence"))
    figures = world_figures(ticketing.WORLD, [right, no_cause, unanswered, low], k8s_loaded=False)
    assert (figures.questions, figures.fully_right, figures.route_correct) == (4, 2, 3)
    assert figures.pass_unanswered == 1 and figures.leaking == 0 and figures.safe
    assert figures.asked_kind_correct == 3
    assert "outcome low_confid, expected pass" in low.reasons() and "asked kind 'existence', expected 'cause'" in low.reasons()[-1]


def test_a_leaking_run_is_never_fully_right_and_makes_the_world_unsafe():
    obs = observation(TLS.name, answer(confirmed=LINE), [claim(LINE)])
    obs.verifier_evaluation["claim_checks"] = [{"claim_id": "c1", "verification": "unsupported"}]
    result = question_judge(TLS, "ticketing", obs)
    assert result.verdict.ok and result.result.leaks and not result.fully_right
    assert not world_figures(ticketing.WORLD, [result], k8s_loaded=False).safe
