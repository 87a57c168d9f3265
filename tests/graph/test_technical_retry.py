"""Technical retries inside the Verifier node (spec 001 "technical retry occurs")."""

from __future__ import annotations

import hashlib
import json

import pytest

from diagnosis.agents.base import AgentError
from diagnosis.agents.scripted import scripted_provider, verifier_reply
from diagnosis.models import ToolInvocation
from tests.graph.scripts import ask, honest_step, nodes_started, verifier_evaluation

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "first",
    [
        "我认为这是 PASS",  # prose: protocol failure
        '```json\n{"verdict": "PASS"}\n```',  # code fence: protocol failure
        '{"verdict": "PASS", "groundedness_score": 2, "claim_checks": []}',  # schema failure
        AgentError("timeout", retryable=True, reason="timeout"),
    ],
)
def test_technical_retry_sends_byte_identical_input_and_reruns_no_tools(world, api_user, first):
    provider = scripted_provider(executor=[honest_step()], verifier=[first, verifier_reply("PASS")])
    run = ask(api_user, provider)
    assert run.outcome == "pass"
    first_input, second_input = provider.verifier.inputs
    assert first_input.encode("utf-8") == second_input.encode("utf-8")
    # Executor, Gatekeeper and tools ran once.
    assert ToolInvocation.objects.filter(run=run).count() == 2
    assert len(provider.executor.requests) == 1
    assert nodes_started(run) == ["planner", "executor", "gatekeeper", "verifier", "composer"]
    retries = list(run.events.filter(node="verifier", event="retry"))
    assert len(retries) == 1 and retries[0].detail["attempt"] == 2
    ve = verifier_evaluation(run)
    assert ve["verifier_attempts"] == 2 and len(ve["verifier_errors"]) == 1
    assert ve["verifier_input_sha256"] == hashlib.sha256(first_input.encode("utf-8")).hexdigest()


def test_non_retryable_verifier_failure_is_not_reasked(world, api_user):
    provider = scripted_provider(executor=[honest_step()], verifier=[AgentError("bad request", retryable=False, reason="http_400")])
    run = ask(api_user, provider)
    assert len(provider.verifier.inputs) == 1
    assert run.events.filter(node="verifier", event="retry").count() == 0


def test_verifier_input_excludes_raw_executor_text_and_trace_summary(world, api_user):
    provider = scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")])
    ask(api_user, provider)
    sent = provider.verifier.inputs[0]
    payload = json.loads(sent)
    assert set(payload) == {"diagnosis_context", "verified_executor_output", "verified_evidence", "gatekeeper_audit", "verdict_ceiling"}
    for absent in ("tool_trace_summary", "executor_final_answer", "user_facing_answer", "steps", "SECRET PROMPT", "purpose"):
        assert absent not in sent
    # the output of the calls is not passed through: only the matched text of passed bindings
    assert "http_5xx_rate" not in sent


def test_only_passed_bindings_are_available_to_verifier(world, api_user):
    from diagnosis.agents.scripted import binding_for, claim, contract
    from tests.graph.scripts import ALERT_CLAIM, POOL_CLAIM, step

    def content(logs, metrics):
        weak = binding_for(metrics, 1)  # the metric series: precise but bound without raw_path below
        del weak["raw_path"]
        return contract([claim("c1", POOL_CLAIM, [binding_for(logs, 1), weak]), claim("c2", ALERT_CLAIM, [weak])])

    provider = scripted_provider(executor=[step(content)], verifier=[verifier_reply("LOW_CONFID")])
    run = ask(api_user, provider)
    payload = json.loads(provider.verifier.inputs[0])
    claims = payload["verified_executor_output"]["claims"]
    assert [c["claim_id"] for c in claims] == ["c1"]
    assert [b["raw_path"] for b in claims[0]["evidence_bindings"]] == ["/records/1"]
    assert [(e["claim_id"], e["raw_path"]) for e in payload["verified_evidence"]] == [("c1", "/records/1")]
    assert payload["gatekeeper_audit"]["bindings"] == {"total": 3, "passed": 1, "failed": 2}
    assert verifier_evaluation(run)["verified_executor_output"]["claims"] == claims
