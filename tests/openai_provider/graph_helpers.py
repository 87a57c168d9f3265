"""Driving the whole graph through the real openai client against the fake server."""

from __future__ import annotations

import json
import re
from typing import Any

from diagnosis.models import DiagnosisRun, OrchestrationEvent
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute
from tests.fake_llm.server import FakeLLMServer
from tests.openai_provider.dataset import HTTP500_LOG
from tests.openai_provider.helpers import QUESTION

CJK = re.compile(r"[\u4e00-\u9fff]")


def ask(owner, question: str = QUESTION) -> DiagnosisRun:
    run = diagnosis_run_create(owner=owner, question=question)
    diagnosis_run_execute(run_id=run.pk)
    run.refresh_from_db()
    return run


def verifier_evaluation(run: DiagnosisRun) -> dict[str, Any]:
    return (run.self_evaluation or {}).get("verifier_evaluation", {})


def retry_reasons(run: DiagnosisRun, node: str) -> list[str]:
    return [e.detail.get("reason", "") for e in OrchestrationEvent.objects.filter(run=run, node=node, event="retry")]


def assert_completed_in_chinese(run: DiagnosisRun, *, outcome: str, fallback_reason: str = "") -> None:
    assert run.status == DiagnosisRun.Status.COMPLETED, (run.status, run.error)
    assert run.outcome == outcome, (run.outcome, run.fallback_reason, verifier_evaluation(run).get("verifier_errors"))
    assert run.fallback_reason == fallback_reason
    assert CJK.search(run.final_answer), run.final_answer
    assert run.provider == "openai" and run.model == "fake-model"
    if fallback_reason:
        assert verifier_evaluation(run)["failure_reason"] == fallback_reason
        assert verifier_evaluation(run)["model_verdict"] is None
    assert verifier_evaluation(run)["prompt_audit"]["prompts"]


def assert_wire_contract(server: FakeLLMServer) -> None:
    """Headers on every request; the Verifier sees only the verified projection."""
    for request in server.requests:
        assert request.headers.get("x-prompt-name") in {"planner", "executor", "verifier", "composer"}
        assert request.headers.get("x-prompt-version")
    executor_contents = [
        m["content"] for r in server.requests_for("executor") for m in r.messages if m["role"] == "assistant" and m.get("content")
    ]
    for request in server.requests_for("verifier"):
        user = request.user_message()
        payload = json.loads(user)
        assert set(payload) <= {
            "diagnosis_context", "verified_executor_output", "verified_evidence", "gatekeeper_audit",
            "verdict_ceiling", "retry_context",
        }
        assert [m["role"] for m in request.messages] == ["system", "user"]
        assert HTTP500_LOG not in user  # tool output no claim was bound to
        assert "tool_trace" not in user and "evidence_refs_omitted" not in user and '"summary"' not in user
        for content in executor_contents:
            assert content not in user


def verifier_bodies_identical(server: FakeLLMServer) -> bool:
    bodies = [r.raw for r in server.requests_for("verifier")]
    return len(set(bodies)) == 1
