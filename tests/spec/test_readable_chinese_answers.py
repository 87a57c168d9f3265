"""Spec 000 "User-facing Chat answers SHALL remain readable Chinese": the executor_evidence_v2
contract is machine material — available (as its verified projection) to whoever inspects the run,
never the normal user answer."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from diagnosis.agents.scripted import scripted_provider, verifier_reply
from tests.graph.scripts import POOL_CLAIM, RAW_MARKER, ask, honest_step

pytestmark = pytest.mark.django_db


def is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def test_v2_machine_contract_is_rendered_as_readable_chinese_on_pass(world, api_user):
    run = ask(api_user, scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")]))
    assert run.outcome == "pass"
    assert not is_json(run.final_answer)
    for machine in (
        "answer_version",
        "executor_evidence_v2",
        "evidence_bindings",
        "claim_id",
        "support_level",
    ):
        assert machine not in run.final_answer
    assert POOL_CLAIM in run.final_answer and RAW_MARKER not in run.final_answer
    assert sum("\u4e00" <= ch <= "\u9fff" for ch in run.final_answer) > 20


def test_machine_contract_remains_available_for_trace_inspection(world, api_user):
    run = ask(api_user, scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")]))
    client = APIClient()
    client.force_authenticate(api_user)
    body = client.get(f"/api/runs/{run.pk}").json()
    contract = body["self_evaluation"]["verifier_evaluation"]["verified_executor_output"]
    assert contract["answer_version"] == "executor_evidence_v2"
    assert [c["claim_id"] for c in contract["claims"]] == ["c1", "c2"]
    assert contract["claims"][0]["evidence_bindings"][0]["raw_path"] == "/records/1"
    # the normal answer is the verifier-routed Chinese text, not the JSON
    assert body["answer"] == run.final_answer and not is_json(body["answer"])
