"""project(): the verified-only payload (DESIGN §5.3; spec 001 "only passed bindings are
available", "verified evidence preserves precise references")."""

from __future__ import annotations

import json

import pytest

import gatekeeper
from gatekeeper import VerifiedProjection
from tests.gatekeeper.builders import (
    C1_EXCERPT,
    C2_EXCERPT,
    DROP,
    alert_binding,
    binding,
    claim,
    contract,
    example_contract,
    example_invocations,
)


def _project(data, invocations=None) -> tuple[gatekeeper.GatekeeperResult, VerifiedProjection]:
    result = gatekeeper.check(data, example_invocations() if invocations is None else invocations)
    return result, gatekeeper.project(data, result)


def test_valid_contract_projects_every_claim_with_its_verified_evidence():
    _, projection = _project(example_contract())
    assert projection.verdict_ceiling == "PASS"
    assert [item.model_dump() for item in projection.verified_evidence] == [
        {
            "claim_id": "c1",
            "source_invocation_id": "inv_1",
            "tool_name": "query_logs",
            "raw_path": "/records/0",
            "matched_text": C1_EXCERPT,
        },
        {
            "claim_id": "c2",
            "source_invocation_id": "inv_2",
            "tool_name": "query_metrics",
            "raw_path": "/alerts/0",
            "matched_text": C2_EXCERPT,
        },
    ]
    output = projection.verified_executor_output.model_dump(exclude_none=True)
    assert list(output) == ["answer_version", "claims", "hypotheses", "recommended_actions", "missing_info"]
    assert output["claims"][0] == {
        "claim_id": "c1",
        "claim_type": "observation",
        "claim_text": example_contract()["claims"][0]["claim_text"],
        "support_level": "direct",
        "evidence_bindings": [
            {
                "source_type": "log",
                "tool_name": "query_logs",
                "source_invocation_id": "inv_1",
                "raw_path": "/records/0",
                "evidence_excerpt": C1_EXCERPT,
            }
        ],
    }


def test_mixed_passed_and_failed_bindings_keep_only_passed_material():
    data = contract(
        claim("c1", binding(), binding(raw_path="/records/1", evidence_excerpt="HTTP 502")),  # second fails
        claim("c2", alert_binding(source_invocation_id="inv_9")),  # only binding fails
        claim("c3", alert_binding(raw_path=DROP)),  # only binding low_confid
    )
    result, projection = _project(data)
    assert [b.passed for b in result.checked_bindings] == [True, False, False, False]
    claims = projection.verified_executor_output.model_dump(exclude_none=True)["claims"]
    assert [c["claim_id"] for c in claims] == ["c1"]
    assert len(claims[0]["evidence_bindings"]) == 1
    assert [e.raw_path for e in projection.verified_evidence] == ["/records/0"]
    assert projection.verdict_ceiling == "REJECT"
    serialised = projection.model_dump_json()
    assert "HTTP 502" not in serialised and "inv_9" not in serialised


def test_low_confidence_projection_has_low_confid_ceiling_and_passed_bindings():
    data = contract(claim("c1", binding()), claim("c2", alert_binding(raw_path=DROP)))
    _, projection = _project(data)
    assert projection.verdict_ceiling == "LOW_CONFID"
    assert [c["claim_id"] for c in projection.verified_executor_output.model_dump(exclude_none=True)["claims"]] == ["c1"]


@pytest.mark.parametrize("given", ["payment-service 挂了", "[]", {"claims": []}, None])
def test_invalid_contract_projects_to_nothing_with_reject_ceiling(given):
    result, projection = _project(given)
    assert result.status == "fail"
    assert projection.verdict_ceiling == "REJECT"
    assert projection.verified_evidence == []
    assert projection.verified_executor_output.model_dump(exclude_none=True) == {
        "answer_version": "executor_evidence_v2",
        "claims": [],
        "hypotheses": [],
        "recommended_actions": [],
        "missing_info": [],
    }


def test_hypotheses_actions_and_missing_info_are_copied_through_known_fields_only():
    data = example_contract()
    data["hypotheses"][0]["confidence"] = "very high"
    data["claims"][0]["evidence_bindings"][0]["chunk_id"] = "chunk-9"
    data["claims"][0]["internal_note"] = "raw executor reasoning"
    _, projection = _project(data)
    output = projection.verified_executor_output.model_dump(exclude_none=True)
    assert output["hypotheses"] == [
        {
            "hypothesis_id": "h1",
            "text": "慢查询或连接泄漏导致连接池被占满",
            "rationale": "连接池耗尽的常见原因（手册）",
        }
    ]
    assert output["recommended_actions"] == [
        {"action": "临时扩大连接池上限并排查慢查询", "priority": "high", "basis": "runbook"}
    ]
    assert output["missing_info"] == [{"item": "数据库慢查询日志", "reason": "本次未查询"}]
    serialised = json.dumps(output, ensure_ascii=False)
    assert (
        "very high" not in serialised
        and "chunk-9" not in serialised
        and "raw executor reasoning" not in serialised
    )


def test_source_id_is_kept_when_present():
    data = contract(claim("c1", binding(source_id="log-0")))
    _, projection = _project(data)
    assert projection.verified_executor_output.model_dump(exclude_none=True)["claims"][0]["evidence_bindings"][0]["source_id"] == "log-0"


def test_a_result_for_another_contract_cannot_smuggle_material_in():
    checked_for = example_contract()
    result = gatekeeper.check(checked_for, example_invocations())
    other = example_contract()
    other["claims"][0]["evidence_bindings"][0]["raw_path"] = "/records/1"
    other["claims"][1]["evidence_bindings"][0]["tool_name"] = "query_logs"
    projection = gatekeeper.project(other, result)
    assert projection.verified_executor_output.model_dump(exclude_none=True)["claims"] == []
    assert projection.verified_evidence == []


def test_projection_accepts_json_string_contracts():
    data = json.dumps(example_contract(), ensure_ascii=False)
    _, projection = _project(data)
    assert len(projection.verified_evidence) == 2


def test_projection_is_json_serialisable_and_stable():
    _, first = _project(example_contract())
    _, second = _project(example_contract())
    assert first.model_dump_json() == second.model_dump_json()
