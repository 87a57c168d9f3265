"""Spec 000 "Executor SHALL output an evidence-attribution contract" — "Evidence bindings support
multiple tool types" and "Precise evidence binding contains invocation path and excerpt", over
real persisted invocations of the three evidence-bearing tools."""

from __future__ import annotations

import pytest

from diagnosis.agents.scripted import (
    ExecutorStep,
    binding_for,
    claim,
    contract,
    scripted_provider,
    verifier_reply,
)
from diagnosis.models import ToolInvocation
from tests.graph.scripts import KNOWLEDGE, LOGS, METRICS, POOL_CLAIM, ask, verifier_evaluation

pytestmark = pytest.mark.django_db


def test_evidence_bindings_support_multiple_tool_types(world, api_user):
    """A log, a metric and a knowledge binding — singular id + raw_path + excerpt, no chunk_id —
    all pass; raw_path resolves against each invocation's own retrieval_details.evidence_refs."""

    def content(results, tools):
        logs, metrics, knowledge = results
        bindings = [binding_for(logs, 1), binding_for(metrics, 0), binding_for(knowledge, 0)]
        assert all("chunk_id" not in b for b in bindings)
        return contract([claim("c1", POOL_CLAIM, bindings)])

    provider = scripted_provider(
        executor=[ExecutorStep(calls=[LOGS, METRICS, KNOWLEDGE], content=content)],
        verifier=[verifier_reply("PASS")],
    )
    run = ask(api_user, provider)
    gk = verifier_evaluation(run)["gatekeeper_result"]
    assert (gk["status"], gk["severity"], gk["failed_rules"]) == ("pass", "none", [])
    checked = [
        (b["tool_name"], b["source_invocation_id"], b["raw_path"], b["passed"])
        for b in gk["checked_bindings"]
    ]
    assert checked == [
        ("query_logs", "inv_1", "/records/1", True),
        ("query_metrics", "inv_2", "/alerts/0", True),
        ("lookup_knowledge", "inv_3", "/hits/0", True),
    ]
    for tool_name, invocation_id, raw_path, _ in checked:
        row = ToolInvocation.objects.get(run=run, invocation_id=invocation_id)
        assert row.tool_name == tool_name
        assert raw_path in {r["raw_path"] for r in row.retrieval_details["evidence_refs"]}


def test_a_raw_path_of_another_invocation_is_not_resolved_against_this_one(world, api_user):
    """/hits/0 is a real path — of the knowledge call, not of the logs call the binding cites."""

    def content(results, tools):
        logs, _metrics, knowledge = results
        crossed = binding_for(logs, 0, raw_path="/hits/0", excerpt=knowledge.evidence_refs[0]["text"])
        return contract([claim("c1", POOL_CLAIM, [binding_for(logs, 1), crossed])])

    provider = scripted_provider(
        executor=[ExecutorStep(calls=[LOGS, METRICS, KNOWLEDGE], content=content)],
        verifier=[verifier_reply("PASS")],
    )
    run = ask(api_user, provider)
    gk = verifier_evaluation(run)["gatekeeper_result"]
    assert gk["severity"] == "reject" and "evidence.raw_path" in gk["failed_rules"]
    assert run.outcome == "fallback" and provider.verifier.inputs == []
