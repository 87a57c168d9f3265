"""Spec 000 "User-facing verifier outputs SHALL follow Composer-safe protocols" and "Verifier
low-confidence output SHALL not present unsupported claims as confirmed" — whatever a model
Composer writes, the answer the user gets keeps unsupported claims out of the confirmed part,
takes its evidence gaps only from the Verifier, and never passes raw Executor material through."""

from __future__ import annotations

import pytest

from diagnosis.agents.scripted import conclusion_reply, scripted_provider, verifier_reply
from diagnosis.composer.compose import render_material as render
from tests.graph.scripts import ALERT_CLAIM, POOL_CLAIM, RAW_MARKER, ask, honest_step, verifier_evaluation
from tests.spec.support import stated_as_confirmed

pytestmark = pytest.mark.django_db

GAP_C2 = {
    "claim_id": "c2",
    "gap": "缺少告警数值的直接证据",
    "is_critical": False,
    "suggested_tool": "query_metrics",
    "suggested_query": "HighErrorRate",
}


def low_confid_provider(composer):
    return scripted_provider(
        executor=[honest_step()],
        verifier=[verifier_reply("LOW_CONFID", verification={"c2": "unsupported"}, gaps=[GAP_C2])],
        composer=composer,
    )


def test_low_confid_uses_composer_safe_uncertainty_output(world, api_user):
    provider = low_confid_provider([])  # the composer renders the fixed template
    run = ask(api_user, provider)
    assert run.final_answer == render(provider.composer.materials[0])
    assert run.final_answer.startswith("部分确认：")
    stated = stated_as_confirmed(run.final_answer)
    assert POOL_CLAIM in stated and "HighErrorRate" not in stated


def test_low_confid_evidence_gaps_come_only_from_verifier_identified_gaps(world, api_user):
    """The Executor's own missing_info (which carries RAW_MARKER) is not a Verifier gap: it never
    reaches the material or the answer; the Verifier's gap and its unsupported claim do."""
    provider = low_confid_provider([])
    run = ask(api_user, provider)
    material = provider.composer.materials[0]
    assert GAP_C2["gap"] in material.gaps
    assert all(RAW_MARKER not in gap for gap in material.gaps)
    assert GAP_C2["gap"] in run.final_answer and RAW_MARKER not in run.final_answer


@pytest.mark.parametrize(
    ("answer", "claims"),
    [
        (f"{POOL_CLAIM}；{ALERT_CLAIM}。", ("c1",)),
        (f"{POOL_CLAIM}；{ALERT_CLAIM}。", ("c1", "c2")),
    ],
    ids=["citing_the_confirmed_claim_only", "citing_the_unsupported_claim"],
)
def test_low_confid_model_answer_cannot_present_an_unsupported_claim_as_confirmed(world, api_user, answer, claims):
    run = ask(api_user, low_confid_provider([conclusion_reply(answer, claims)]))
    assert run.outcome == "low_confid"
    assert "HighErrorRate" not in stated_as_confirmed(run.final_answer)
    assert "HighErrorRate" not in run.final_answer.splitlines()[0]
    assert verifier_evaluation(run)["composer_output"]["source"] == "template"


def test_pass_uses_composer_safe_output_without_raw_executor_json(world, api_user):
    provider = scripted_provider(
        executor=[honest_step()],
        verifier=[verifier_reply("PASS")],
        composer=[conclusion_reply('{"claims": [], "answer_version": "executor_evidence_v2"}')],
    )
    run = ask(api_user, provider)
    assert run.outcome == "pass"
    assert run.final_answer == render(provider.composer.materials[0])
    assert "{" not in run.final_answer and RAW_MARKER not in run.final_answer


def test_reject_model_answer_cannot_add_a_possible_cause_outside_the_material(world, api_user):
    """REJECT material has no directions; a model conclusion that adds one anyway (here the
    Executor's unverified hypothesis, reworded without a cause marker word) is not bounded output:
    a REJECT has no conclusion at all."""
    hypothesis = "慢查询或连接泄漏占满了连接池"
    provider = scripted_provider(
        executor=[honest_step()],
        verifier=[verifier_reply("REJECT", verification={"c2": "contradicted"})],
        composer=[conclusion_reply(f"可能的情况：{hypothesis}。")],
    )
    run = ask(api_user, provider)
    assert run.outcome == "reject"
    assert provider.composer.materials[0].directions == []
    assert hypothesis not in run.final_answer
