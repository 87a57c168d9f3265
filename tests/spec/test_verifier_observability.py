"""Spec 001 "Verifier SHALL be observable" / 000 "Verifier SHALL output structured JSON" — what the
run persists in ``diagnosis_run.self_evaluation.verifier_evaluation`` on the paths the rest of the
suite does not already pin: a degraded (REJECT) answer and a leak-guard replacement still carry the
prompt audit, and a minimal model reply is persisted in the full claim-level shape."""

from __future__ import annotations

import json

import pytest

from diagnosis.agents.scripted import conclusion_reply, scripted_provider, verifier_reply
from diagnosis.composer.templates import LEAD_REJECT
from diagnosis.graph.nodes.composer import STATUS_LEAK
from diagnosis.verification.verdict import VERIFICATIONS
from tests.graph.scripts import ask, honest_step, verifier_evaluation
from tests.spec.conftest import PROMPT_TEXT_MARKER
from tests.spec.support import claim_checks_reply

pytestmark = pytest.mark.django_db

ROLES = ["planner", "executor", "verifier", "composer"]


def assert_prompt_audit(run) -> None:
    audit = verifier_evaluation(run)["prompt_audit"]
    assert audit["version"] == "spec-1"
    assert [(p["role"], p["name"]) for p in audit["prompts"]] == [(r, f"spec-{r}") for r in ROLES]
    assert all(p["version"].startswith("9.9.") for p in audit["prompts"])
    assert PROMPT_TEXT_MARKER not in json.dumps(run.self_evaluation, ensure_ascii=False)


def test_prompt_audit_available_on_a_degraded_reject_answer(world, api_user, prompts_dir):
    provider = scripted_provider(
        executor=[honest_step()], verifier=[verifier_reply("REJECT", verification={"c1": "contradicted"})]
    )
    run = ask(api_user, provider)
    assert run.outcome == "reject" and run.final_answer.startswith(LEAD_REJECT)
    assert_prompt_audit(run)


def test_prompt_audit_available_when_the_leak_guard_replaces_the_composer_answer(
    world, api_user, prompts_dir
):
    provider = scripted_provider(
        executor=[honest_step()],
        verifier=[verifier_reply("PASS")],
        composer=[conclusion_reply("payment-service 于 09:58 出现 HTTP 502。")],
    )
    run = ask(api_user, provider)
    assert verifier_evaluation(run)["composer_output"]["status"] == STATUS_LEAK
    assert_prompt_audit(run)


def test_claim_level_verifier_output_is_persisted_in_the_strict_shape(world, api_user):
    """The model reply omits critical_fact_count, facts_checked, detail and evidence_refs; the
    persisted evaluation still has every field of the claim-level protocol, with facts_checked
    derived through the fixed mapping and the score computed from the classifications."""
    checks = [
        {"claim_id": "c1", "verification": "direct_observation"},
        {"claim_id": "c2", "verification": "overstated", "is_critical": True},
    ]
    minimal = lambda _input: {"verdict": "LOW_CONFID", "groundedness_score": 0.99, "claim_checks": checks}  # noqa: E731
    run = ask(api_user, scripted_provider(executor=[honest_step()], verifier=[minimal]))
    ve = verifier_evaluation(run)
    for key in (
        "verdict",
        "groundedness_score",
        "critical_fact_count",
        "claim_checks",
        "facts_checked",
        "rationale",
    ):
        assert key in ve, key
    assert ve["verdict"] in ("PASS", "LOW_CONFID", "REJECT")
    assert isinstance(ve["groundedness_score"], float) and 0.0 <= ve["groundedness_score"] <= 1.0
    assert ve["groundedness_score"] == pytest.approx((1.0 + 0.6) / 2)  # not the model's 0.99
    assert ve["model_groundedness_score"] == 0.99
    assert ve["critical_fact_count"] == 2
    for check in ve["claim_checks"]:
        assert {"claim_id", "verification", "detail", "evidence_refs"} <= set(check)
        assert check["verification"] in VERIFICATIONS
    assert [f["verification"] for f in ve["facts_checked"]] == ["direct_evidence", "indirect_support"]
    for fact in ve["facts_checked"]:
        assert {"fact", "is_critical", "verification", "detail", "evidence_refs"} <= set(fact)
    assert ve["facts_checked_source"] == "derived"


def test_verdict_written_to_self_evaluation_is_the_effective_verdict_not_the_model_verdict(world, api_user):
    run = ask(
        api_user,
        scripted_provider(
            executor=[honest_step()],
            verifier=[
                claim_checks_reply(
                    [
                        {"claim_id": "c1", "verification": "direct_observation"},
                        {"claim_id": "c2", "verification": "unsupported"},
                    ]
                )
            ],
        ),
    )
    ve = verifier_evaluation(run)
    assert (ve["model_verdict"], ve["effective_verdict"], ve["verdict"], run.verdict) == (
        "PASS",
        "LOW_CONFID",
        "LOW_CONFID",
        "LOW_CONFID",
    )
