"""Spec 001 "ChatService SHALL route based on Verifier verdict" — the evidence-retry decision is
ceiling + valid critical gap + retry count, never a groundedness threshold (the 000 rule
"LOW_CONFID score<0.5 → one additional round" is superseded); LOW_CONFID answers keep confirmed
information, possible directions and evidence gaps apart."""

from __future__ import annotations

import pytest

from contracts import reasons as R
from diagnosis.agents.scripted import ExecutorStep, scripted_provider, verifier_reply
from diagnosis.composer.templates import H_CONFIRMED, H_DIRECTIONS, H_GAPS, H_NEXT_STEPS
from tests.graph.scripts import KNOWLEDGE, ask, honest, honest_step, nodes_started, verifier_evaluation

pytestmark = pytest.mark.django_db

GAP_C2 = {
    "claim_id": "c2",
    "gap": "缺少告警触发时间的直接证据",
    "is_critical": True,
    "suggested_tool": "query_metrics",
    "suggested_query": "HighErrorRate",
}


def round_two():
    return ExecutorStep(calls=[KNOWLEDGE], content=lambda results, tools: honest(tools.history()[:2]))


def test_low_confid_with_full_groundedness_still_qualifies_for_evidence_retry(world, api_user):
    """Every claim direct (groundedness 1.0 — no 000-style "score < 0.5" trigger), yet the model
    says LOW_CONFID with a valid critical gap, ceiling PASS, retry count 0: one gap-only round."""
    provider = scripted_provider(
        executor=[honest_step(), round_two()],
        verifier=[verifier_reply("LOW_CONFID", gaps=[GAP_C2]), verifier_reply("PASS")],
    )
    run = ask(api_user, provider)
    assert verifier_evaluation(run)["round_history"][0]["groundedness_score"] == 1.0
    assert run.evidence_retry_count == 1
    assert nodes_started(run).count("planner") == 2
    assert provider.planner.requests[1].mode == "EVIDENCE_GAP_ONLY"
    assert (
        run.events.get(node="verifier", event="route", detail__round=1).detail["reason"] == R.EVIDENCE_RETRY
    )


def test_low_confid_with_zero_groundedness_and_no_valid_critical_gap_does_not_retry(world, api_user):
    """Groundedness 0.0 (the old rule would retry) but the only gap is not critical: no retry."""
    provider = scripted_provider(
        executor=[honest_step(), round_two()],
        verifier=[
            verifier_reply("LOW_CONFID", verification="unsupported", gaps=[{**GAP_C2, "is_critical": False}])
        ],
    )
    run = ask(api_user, provider)
    ve = verifier_evaluation(run)
    assert ve["groundedness_score"] == 0.0
    assert (run.outcome, run.evidence_retry_count) == ("low_confid", 0)
    assert nodes_started(run).count("planner") == 1
    assert ve["route"] == R.LOW_CONFID_NO_RETRY


@pytest.mark.parametrize(
    "bad_gap", [{"suggested_tool": "get_current_time"}, {"claim_id": "c9"}, {"claim_id": None}]
)
def test_low_confid_with_an_invalid_gap_does_not_qualify_for_evidence_retry(world, api_user, bad_gap):
    provider = scripted_provider(
        executor=[honest_step(), round_two()],
        verifier=[
            verifier_reply("LOW_CONFID", verification={"c2": "unsupported"}, gaps=[{**GAP_C2, **bad_gap}])
        ],
    )
    run = ask(api_user, provider)
    assert (run.outcome, run.evidence_retry_count) == ("low_confid", 0)
    assert len(provider.executor.requests) == 1


def test_low_confid_answer_distinguishes_confirmed_information_possible_directions_and_evidence_gaps(
    world, api_user
):
    provider = scripted_provider(
        executor=[honest_step()],
        verifier=[
            verifier_reply(
                "LOW_CONFID", verification={"c2": "unsupported"}, gaps=[{**GAP_C2, "is_critical": False}]
            )
        ],
    )
    run = ask(api_user, provider)
    lines = run.final_answer.splitlines()
    assert lines[0].startswith("部分确认：")
    order = [lines.index(h) for h in (H_CONFIRMED, H_DIRECTIONS, H_GAPS, H_NEXT_STEPS)]
    assert order == sorted(order)
    confirmed = lines[order[0] + 1 : order[1]]
    directions = lines[order[1] + 1 : order[2]]
    gaps = lines[order[2] + 1 : order[3]]
    assert any("数据库连接池耗尽" in line for line in confirmed)
    assert not any("HighErrorRate" in line for line in confirmed)
    assert any("慢查询或连接泄漏" in line for line in directions)  # the hypothesis, unverified
    assert any(GAP_C2["gap"] in line for line in gaps) and any("HighErrorRate" in line for line in gaps)
