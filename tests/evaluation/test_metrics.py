"""The pure judging functions of ``evaluation.metrics``: leak detection finds injected
leaks (the leak metric can fail), expectations, audit rules and the summary figures."""

from __future__ import annotations

import dataclasses

from contracts import reasons as R
from contracts.composer import ComposerMaterial
from diagnosis.composer.compose import render_material as render
from diagnosis.composer.templates import render_fallback
from evaluation import checks as C
from evaluation.metrics import (
    audit_problems,
    confirmed_section,
    find_leaks,
    judge,
    render_table,
    summarize,
    summary_json,
    valid_claim_ids,
)
from evaluation.scenario import (
    HONEST,
    LOW_CONFID,
    PASS,
    REQUIRED_ROUTES,
    ROUTE_RETRY,
    Observation,
    Scenario,
    fallback,
)

PROMPT_AUDIT = {"version": "t", "prompts": [{"role": r} for r in ("planner", "executor", "verifier", "composer")]}
GOOD = "10:05:12 起 payment-service 连接池耗尽（waiting=37）"
FAKE = "waiting=73"


def confirmed_item(cid: str, text: str, matched: str = "") -> dict:
    return {"claim_id": cid, "text": text, "verification": "direct_observation",
            "evidence": [{"invocation_id": "inv_1", "raw_path": "/records/0", "matched_text": matched or text}]}


def gatekeeper_result(**passed: bool) -> dict:
    return {"status": "pass", "severity": "none",
            "checked_bindings": [{"claim_id": cid, "passed": ok} for cid, ok in passed.items()]}


def make_obs(**overrides) -> Observation:
    """A PASS run confirming c1 (GOOD), fully audited; ``overrides`` change one thing."""
    confirmed = [confirmed_item("c1", GOOD)]
    material = ComposerMaterial(question="q", route="pass", verdict="PASS", confirmed=confirmed)
    base = dict(
        name="t", status="completed", outcome=PASS, fallback_reason="", verdict="PASS", evidence_retry_count=0,
        final_answer=render(material),
        verifier_evaluation={
            "prompt_audit": PROMPT_AUDIT, "gatekeeper_result": gatekeeper_result(c1=True),
            "verified_executor_output": {"claims": [{"claim_id": "c1"}]},
            "claim_checks": [{"claim_id": "c1", "verification": "direct_observation"}],
            "model_verdict": "PASS", "effective_verdict": "PASS", "verdict": "PASS",
            "coverage": {"status": "answered", "covering_claims": ["c1"]},  # a PASS answers its question
        },
        confirmed_material=confirmed, planner_calls=1, verifier_calls=1, composer_calls=1,
        nodes_started=["planner", "executor", "gatekeeper", "verifier", "composer"], tool_statuses=["success"],
        elapsed_ms=10.0, queries=50,
    )
    base.update(overrides)
    return Observation(**base)


def fallback_obs(reason: str = R.GATEKEEPER_REJECT, **overrides) -> Observation:
    ve = {"prompt_audit": PROMPT_AUDIT, "model_verdict": None, "effective_verdict": None, "verdict": None,
          "failure_reason": reason}
    fields = dict(outcome="fallback", fallback_reason=reason, verdict="", final_answer=render_fallback(reason),
                  verifier_evaluation=ve, confirmed_material=None, composer_calls=0)
    return make_obs(**{**fields, **overrides})


# --- leak detection -------------------------------------------------------------------------
def test_a_clean_run_has_no_leak():
    assert find_leaks([FAKE, "refund-service"], make_obs()) == []


def test_an_injected_fabricated_value_in_the_confirmed_answer_is_a_leak():
    obs = make_obs(final_answer=render(ComposerMaterial(
        question="q", route="pass", verdict="PASS", confirmed=[confirmed_item("c1", GOOD.replace("37", "73"))])))
    leaks = find_leaks([FAKE], obs)
    assert leaks and "confirmed part of the answer" in leaks[0]


def test_a_fabricated_value_in_the_material_confirmed_list_is_a_leak():
    obs = make_obs(confirmed_material=[confirmed_item("c1", GOOD, matched=f"HikariPool {FAKE}")])
    assert any("composer material" in leak for leak in find_leaks([FAKE], obs))


def test_leak_matching_ignores_width_case_and_spacing():
    obs = make_obs(final_answer="结论（已验证）\n- 连接池 ＷＡＩＴＩＮＧ＝７３")
    assert find_leaks(["waiting=73"], obs)


def test_a_fabricated_value_stated_only_as_a_gap_is_not_a_leak():
    material = ComposerMaterial(question="q", route="low_confid", verdict="LOW_CONFID",
                                confirmed=[confirmed_item("c1", GOOD)],
                                gaps=[f"以下说法缺少直接证据，未作为结论：{FAKE}"])
    obs = make_obs(outcome=LOW_CONFID, verdict="LOW_CONFID", final_answer=render(material))
    assert FAKE in obs.final_answer
    assert FAKE not in confirmed_section(obs.final_answer)
    assert find_leaks([FAKE], obs) == []


def test_free_text_answer_counts_as_confirmed_as_a_whole():
    obs = make_obs(final_answer=f"根因已查明：{FAKE}。")
    assert confirmed_section(obs.final_answer) == obs.final_answer
    assert find_leaks([FAKE], obs)


def test_a_claim_that_failed_the_gatekeeper_reaching_confirmed_is_a_leak():
    ve = dict(make_obs().verifier_evaluation, gatekeeper_result=gatekeeper_result(c1=False))
    leaks = find_leaks([], make_obs(verifier_evaluation=ve))
    assert any("passed no Gatekeeper binding" in leak for leak in leaks)


def test_a_claim_outside_the_verified_projection_reaching_confirmed_is_a_leak():
    ve = dict(make_obs().verifier_evaluation, verified_executor_output={"claims": []})
    assert any("not in the verified projection" in leak for leak in find_leaks([], make_obs(verifier_evaluation=ve)))


def test_an_unsupported_claim_reaching_confirmed_is_a_leak():
    ve = dict(make_obs().verifier_evaluation, claim_checks=[{"claim_id": "c1", "verification": "unsupported"}])
    assert any("judged 'unsupported'" in leak for leak in find_leaks([], make_obs(verifier_evaluation=ve)))


def test_an_inference_is_confirmable_on_pass_but_not_on_low_confid():
    ve = dict(make_obs().verifier_evaluation, claim_checks=[{"claim_id": "c1", "verification": "reasonable_inference"}])
    assert find_leaks([], make_obs(verifier_evaluation=ve)) == []
    assert find_leaks([], make_obs(verifier_evaluation=ve, outcome=LOW_CONFID))


def test_a_fallback_answer_other_than_the_template_is_a_leak():
    assert find_leaks([], fallback_obs()) == []
    assert find_leaks([], fallback_obs(final_answer="执行器说：根因是 DNS 故障"))


def test_the_leak_rate_can_fail():
    scenario = Scenario(name="adv", question="q", expected=frozenset({PASS}), fabricated=(FAKE,))
    clean = judge(scenario, make_obs())
    leaking = judge(dataclasses.replace(scenario, name="adv2"),
                    make_obs(confirmed_material=[confirmed_item("c1", f"{GOOD} {FAKE}")]))
    summary = summarize([clean, leaking], require_coverage=False)
    assert summary.leak_rate == 0.5
    assert summary.leaking == ["adv2"] and summary.failed == ["adv2"]
    assert not summary.ok
    assert "LEAK" in render_table(summary, [clean, leaking]) and "RESULT: FAILED" in render_table(summary, [clean, leaking])


# --- audit --------------------------------------------------------------------------------
def test_a_fallback_with_a_verdict_is_an_audit_problem():
    obs = fallback_obs()
    obs.verifier_evaluation["model_verdict"] = "PASS"
    assert any("persisted a verdict" in p for p in audit_problems(obs))


def test_a_missing_prompt_audit_is_an_audit_problem():
    ve = dict(make_obs().verifier_evaluation, prompt_audit=None)
    assert audit_problems(make_obs(verifier_evaluation=ve)) == ["prompt_audit missing or incomplete"]


def test_a_failed_run_is_an_audit_problem():
    assert audit_problems(make_obs(status="failed", error="boom"))


# --- expectations -------------------------------------------------------------------------
def test_an_unexpected_outcome_is_a_route_mismatch():
    result = judge(Scenario(name="s", question="q", expected=frozenset({fallback(R.GATEKEEPER_REJECT)})), make_obs())
    assert not result.route_ok and result.counts_as_failure
    assert result.failures[0].startswith("outcome pass, expected fallback:gatekeeper_reject")


def test_key_facts_are_required_in_confirmed_material_on_pass():
    scenario = Scenario(name="h", question="q", expected=frozenset({PASS, LOW_CONFID}), kind=HONEST,
                        key_facts=("payment-service", "waiting=37"))
    assert judge(scenario, make_obs()).matched
    missing = judge(dataclasses.replace(scenario, key_facts=("12.5%",)), make_obs())
    # A PASS without what the question asked is also counted as PASS-but-unanswered (issue 10).
    assert missing.failures == [
        "key facts missing from confirmed material: ['12.5%']",
        "UNANSWERED: PASS without the asked facts ['12.5%']",
    ]
    assert missing.pass_unanswered and missing.counts_as_failure


def test_a_known_issue_mismatch_is_reported_but_does_not_fail_the_suite():
    scenario = Scenario(name="k", question="q", expected=frozenset({LOW_CONFID}), kind=HONEST, known_issue="x" * 50)
    result = judge(scenario, make_obs())
    assert not result.matched and not result.counts_as_failure
    summary = summarize([result], require_coverage=False)
    assert summary.known_issues == ["k"] and summary.ok and summary.route_judged == 0


def test_an_unexpected_retry_is_a_mismatch():
    scenario = Scenario(name="s", question="q", expected=frozenset({PASS}))
    result = judge(scenario, make_obs(evidence_retry_count=1))
    assert result.failures == ["evidence retry happened (expected none)"]


def test_gap_mentions_are_required_when_not_passing():
    scenario = Scenario(name="n", question="q", expected=frozenset({LOW_CONFID}), kind=HONEST,
                        gap_mentions=("退款服务",), no_confirmed=True)
    obs = make_obs(outcome=LOW_CONFID, final_answer="证据缺口\n- 其他", confirmed_material=[])
    assert judge(scenario, obs).failures == ["gap not stated in the answer: ['退款服务']"]


def test_scenario_checks_report_their_reason():
    scenario = Scenario(name="s", question="q", expected=frozenset({PASS}),
                        checks=(C.verifier_calls(0), C.composer_status("leak_guard_replaced")))
    failures = judge(scenario, make_obs()).failures
    assert failures == ["verifier called 1×, expected 0×", "composer_output.status None, expected 'leak_guard_replaced'"]


def test_honest_claims_count_valid_bindings_and_confirmation():
    ve = dict(make_obs().verifier_evaluation, gatekeeper_result=gatekeeper_result(c1=True, c2=True, c3=False))
    assert valid_claim_ids(ve["gatekeeper_result"]) == ["c1", "c2"]
    scenario = Scenario(name="h", question="q", expected=frozenset({PASS}), kind=HONEST, honest_claims="all")
    result = judge(scenario, make_obs(verifier_evaluation=ve))
    assert (result.honest_claims_valid, result.honest_claims_confirmed) == (2, 1)


# --- summary --------------------------------------------------------------------------------
def test_coverage_lists_every_required_route_and_the_missing_ones():
    scenario = Scenario(name="s", question="q", expected=frozenset({PASS}), expect_retry=None)
    summary = summarize([judge(scenario, make_obs(evidence_retry_count=1))])
    assert list(summary.coverage) == list(REQUIRED_ROUTES)
    assert summary.coverage[ROUTE_RETRY] == 1
    assert len(summary.missing_routes) == len(REQUIRED_ROUTES) - 1 and not summary.ok


def test_summary_figures_and_json():
    scenario = Scenario(name="s", question="q", expected=frozenset({PASS}))
    results = [judge(scenario, make_obs(elapsed_ms=ms, queries=q)) for ms, q in ((10, 40), (30, 60), (20, 50))]
    summary = summarize(results, require_coverage=False)
    assert (summary.mean_ms, summary.p50_ms, summary.max_ms) == (20, 20, 30)
    assert (summary.mean_queries, summary.max_queries) == (50, 60)
    assert summary.route_accuracy == 1.0 and summary.leak_rate == 0.0
    payload = summary_json(summary, results)
    assert payload["ok"] is True and payload["metrics"]["p50_ms"] == 20 and len(payload["scenarios"]) == 3
