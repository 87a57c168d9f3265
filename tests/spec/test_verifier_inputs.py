"""Spec 001 "Verifier SHALL consume explicit verification inputs" and 000 "Verifier input hook
SHALL only perform narrow compatibility backfill", through the whole graph: what the Verifier
receives is built from the Gatekeeper projection of *this* run — never from Planner or Executor
reasoning, raw Executor text, unreferenced tool output, prompt text, graph state or the
conversation's earlier runs (the "MessagesModelHook" of 000 is not a source of business input)."""

from __future__ import annotations

import json

import pytest

from contracts import reasons as R
from contracts.plan import Plan, PlanStep
from diagnosis.agents.scripted import (
    ExecutorStep,
    binding_for,
    claim,
    contract,
    scripted_provider,
    verifier_reply,
)
from diagnosis.models import ToolInvocation
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute
from diagnosis.verification.verifier_input import PAYLOAD_KEYS
from tests.graph.scripts import (
    ALERT_CLAIM,
    KNOWLEDGE,
    LOGS,
    METRICS,
    POOL_CLAIM,
    ask,
    honest_step,
    step,
    verifier_evaluation,
)
from tests.spec.conftest import PROMPT_TEXT_MARKER

pytestmark = pytest.mark.django_db

MARKERS = {
    "planner_goal": "PLANNER-GOAL-MARKER",
    "planner_purpose": "PLANNER-PURPOSE-MARKER",
    "executor_reasoning": "EXECUTOR-REASONING-MARKER",
    "executor_claim_note": "EXECUTOR-CLAIM-NOTE-MARKER",
    "failed_claim": "FAILED-CLAIM-MARKER",
}


def test_verifier_remains_isolated_from_intermediate_and_raw_material(world, api_user, prompts_dir):
    plan = Plan(
        goal=MARKERS["planner_goal"], steps=[PlanStep(tool="query_logs", purpose=MARKERS["planner_purpose"])]
    )

    def content(logs, metrics):
        c1 = claim("c1", POOL_CLAIM, [binding_for(logs, 1)]) | {"thought": MARKERS["executor_claim_note"]}
        imprecise = binding_for(metrics, 0)
        del imprecise["raw_path"]
        c2 = claim("c2", f"{ALERT_CLAIM} {MARKERS['failed_claim']}", [imprecise])
        return contract([c1, c2]) | {"reasoning": MARKERS["executor_reasoning"]}

    provider = scripted_provider(
        planner=[plan], executor=[step(content)], verifier=[verifier_reply("LOW_CONFID")]
    )
    run = ask(api_user, provider)
    sent = provider.verifier.inputs[0]
    payload = json.loads(sent)
    assert set(payload) == set(PAYLOAD_KEYS) - {"retry_context"}
    for name, marker in MARKERS.items():
        assert marker not in sent, name
    assert PROMPT_TEXT_MARKER not in sent
    # unreferenced tool output: the unbound HTTP 500 line, the unbound metric series, the failed binding's alert
    for absent in ("Internal Server Error", "http_5xx_rate", "HighErrorRate"):
        assert absent not in sent
    # no graph state beyond the diagnosis context
    assert set(payload["diagnosis_context"]) == {
        "original_query",
        "round",
        "mode",
        "reference_time",
        "timezone",
    }
    for absent in (
        str(run.pk),
        "route_trace",
        "round_history",
        "executor_output_parse_status",
        "tool_trace_summary",
    ):
        assert absent not in sent
    # what it does carry is exactly the passed binding's precise reference and matched text
    assert payload["verified_evidence"] == [{
        "claim_id": "c1", "source_invocation_id": "inv_1", "tool_name": "query_logs", "raw_path": "/records/1",
        "matched_text": ToolInvocation.objects.get(run=run, invocation_id="inv_1").retrieval_details["evidence_refs"][1]["text"],
    }]  # fmt: skip


def test_verifier_input_is_not_assembled_from_conversation_history(world, api_user):
    first = diagnosis_run_create(
        owner=api_user, question="FIRST-QUESTION-MARKER payment-service 为什么 500？"
    )
    diagnosis_run_execute(
        run_id=first.pk,
        provider=scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")]),
    )
    first.refresh_from_db()
    second = diagnosis_run_create(
        owner=api_user, question="payment-service 现在还报错吗？", session=first.session
    )
    provider = scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")])
    diagnosis_run_execute(run_id=second.pk, provider=provider)
    sent = provider.verifier.inputs[0]
    assert "FIRST-QUESTION-MARKER" not in sent
    assert first.final_answer.splitlines()[0] not in sent
    assert json.loads(sent)["diagnosis_context"]["original_query"] == "payment-service 现在还报错吗？"


def test_verified_evidence_is_traceable_to_current_run_gatekeeper_validation(world, api_user):
    provider = scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")])
    run = ask(api_user, provider)
    ve = verifier_evaluation(run)
    passed = {
        (b["claim_id"], b["source_invocation_id"], b["tool_name"], b["raw_path"]): b["matched_text"]
        for b in ve["gatekeeper_result"]["checked_bindings"] if b["passed"]
    }  # fmt: skip
    rows = {i.invocation_id: i for i in ToolInvocation.objects.filter(run=run)}
    sent = json.loads(provider.verifier.inputs[0])["verified_evidence"]
    assert sent == ve["verified_evidence"] and len(sent) == 2
    for item in sent:
        key = (item["claim_id"], item["source_invocation_id"], item["tool_name"], item["raw_path"])
        assert passed[key] == item["matched_text"]
        row = rows[item["source_invocation_id"]]
        assert row.tool_name == item["tool_name"]
        ref = next(r for r in row.retrieval_details["evidence_refs"] if r["raw_path"] == item["raw_path"])
        assert item["matched_text"] in ref["text"]


def test_invocation_rule_rejects_an_invocation_id_of_another_run(world, api_user):
    """inv_3 exists — in an earlier run of the same session; for this run it is fabricated."""
    earlier = ask(
        api_user, scripted_provider(executor=[ExecutorStep(calls=[LOGS, METRICS, KNOWLEDGE], content="x")])
    )
    knowledge = ToolInvocation.objects.get(run=earlier, invocation_id="inv_3")
    ref = knowledge.retrieval_details["evidence_refs"][0]

    def content(logs, metrics):
        borrowed = {
            "source_type": "knowledge",
            "tool_name": "lookup_knowledge",
            "source_invocation_id": "inv_3",
            "raw_path": ref["raw_path"],
            "evidence_excerpt": ref["text"],
        }
        return contract(
            [
                claim("c1", POOL_CLAIM, [binding_for(logs, 1)]),
                claim("c2", "手册建议扩大连接池上限", [borrowed]),
            ]
        )

    provider = scripted_provider(executor=[step(content)], verifier=[verifier_reply("PASS")])
    run = diagnosis_run_create(
        owner=api_user, question="payment-service 为什么 500？", session=earlier.session
    )
    diagnosis_run_execute(run_id=run.pk, provider=provider)
    run.refresh_from_db()
    assert (run.outcome, run.fallback_reason) == ("fallback", R.GATEKEEPER_REJECT)
    assert "evidence.invocation_ref" in verifier_evaluation(run)["gatekeeper_result"]["failed_rules"]
    assert provider.verifier.inputs == []


#: A question the pool line alone answers (no code it must name, no cause it must give): what is
#: tested is the binding's backfill, not coverage (issue 24).
POOL_ONLY_QUESTION = "payment-service 10:05 以后出了什么事？"


def test_unique_invocation_candidate_is_backfilled_with_a_warning_before_verification(world, api_user):
    def content(logs, metrics):
        unnamed = binding_for(logs, 1)
        del unnamed["source_invocation_id"]
        return contract([claim("c1", POOL_CLAIM, [unnamed])])

    provider = scripted_provider(executor=[step(content)], verifier=[verifier_reply("PASS")])
    run = ask(api_user, provider, question=POOL_ONLY_QUESTION)
    gk = verifier_evaluation(run)["gatekeeper_result"]
    assert gk["status"] == "warn" and gk["severity"] == "none"
    assert gk["checked_bindings"][0]["backfilled"] is True
    assert any("auto-backfilled" in w and "inv_1" in w for w in gk["warnings"])
    sent = json.loads(provider.verifier.inputs[0])
    assert sent["verified_evidence"][0]["source_invocation_id"] == "inv_1"
    assert run.outcome == "pass"


def test_raw_path_is_never_backfilled(world, api_user):
    """A single query_logs invocation, a binding with its id but no raw_path: the path is not
    synthesised (even though the excerpt occurs in exactly one ref), the binding does not pass,
    and the Verifier is never asked."""

    def content(logs, metrics):
        pathless = binding_for(logs, 1)
        del pathless["raw_path"]
        return contract([claim("c1", POOL_CLAIM, [pathless])])

    provider = scripted_provider(executor=[step(content)], verifier=[verifier_reply("PASS")])
    run = ask(api_user, provider)
    checked = verifier_evaluation(run)["gatekeeper_result"]["checked_bindings"][0]
    assert (checked["raw_path"], checked["passed"], checked["failed_rules"]) == (
        None,
        False,
        ["evidence.raw_path_missing"],
    )
    assert (run.outcome, run.fallback_reason) == ("fallback", R.GATEKEEPER_NO_PASSED_BINDING)
    assert provider.verifier.inputs == []
