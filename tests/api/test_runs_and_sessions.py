"""GET /api/runs[/{id}] and /api/sessions[/{id}]: the caller's own (staff: all); others' ids are 404."""

from __future__ import annotations

import uuid

import pytest

from tests.admin.example_run import C1_MATCH, make_example_run
from tests.api.conftest import error_code
from tests.factories import make_run, make_session

pytestmark = pytest.mark.django_db


def test_run_detail_is_the_full_audit_view(as_api_user, api_user):
    run = make_example_run(api_user)
    response = as_api_user.get(f"/api/runs/{run.pk}")
    assert response.status_code == 200
    body = response.json()
    assert body["run_id"] == str(run.pk) and body["verdict"] == "PASS" and body["outcome"] == "pass"
    assert body["gatekeeper_severity"] == "none" and body["provider"] == "offline"
    verifier = body["self_evaluation"]["verifier_evaluation"]
    assert verifier["claim_checks"][0]["claim_id"] == "c1"
    assert verifier["gatekeeper_result"]["checked_bindings"][0]["matched_text"] == C1_MATCH
    invocations = body["tool_invocations"]
    assert [i["invocation_id"] for i in invocations] == ["inv_1", "inv_2", "inv_3"]
    first = invocations[0]
    assert first["arguments"]["service"] == "payment-service" and first["status"] == "success"
    assert first["evidence_refs"][0]["raw_path"] == "/records/0" and first["output_truncated"] is True
    assert invocations[2]["status"] == "failed" and invocations[2]["error"]
    events = body["events"]
    assert [e["seq"] for e in events] == list(range(1, 12))
    assert events[0]["node"] == "planner" and events[0]["elapsed_ms"] >= 0


def test_another_users_run_and_session_are_404(as_outsider, api_user):
    run = make_example_run(api_user)
    for path in (f"/api/runs/{run.pk}", f"/api/sessions/{run.session_id}"):
        response = as_outsider.get(path)
        assert response.status_code == 404, path
        assert error_code(response) == "not_found"


def test_unknown_and_malformed_ids_are_404_json(as_api_user):
    assert as_api_user.get(f"/api/runs/{uuid.uuid4()}").status_code == 404
    response = as_api_user.get("/api/runs/not-a-uuid")
    assert response.status_code == 404
    assert error_code(response) == "not_found"


def test_lists_show_only_the_callers_rows_paginated(as_api_user, api_user, outsider):
    mine = [make_run(api_user, question=f"问题 {i}") for i in range(3)]
    make_run(outsider, question="别人的问题")
    body = as_api_user.get("/api/runs", {"page_size": 2}).json()
    assert body["count"] == 3 and len(body["results"]) == 2 and body["next"]
    assert {r["run_id"] for r in body["results"]} <= {str(r.pk) for r in mine}
    sessions = as_api_user.get("/api/sessions").json()
    assert sessions["count"] == 3
    assert all(s["run_count"] == 1 for s in sessions["results"])


def test_staff_see_everyones_runs_and_sessions(as_staff, api_user, outsider):
    run = make_run(outsider)
    make_run(api_user)
    assert as_staff.get("/api/runs").json()["count"] == 2
    assert as_staff.get("/api/sessions").json()["count"] == 2
    assert as_staff.get(f"/api/runs/{run.pk}").status_code == 200
    assert as_staff.get(f"/api/sessions/{run.session_id}").status_code == 200


def test_session_detail_lists_its_runs_in_order(as_api_user, api_user):
    session = make_session(api_user)
    first = make_run(api_user, session=session, question="第一个问题")
    second = make_run(api_user, session=session, question="第二个问题")
    body = as_api_user.get(f"/api/sessions/{session.pk}").json()
    assert body["session_id"] == str(session.pk) and body["run_count"] == 2
    assert [r["run_id"] for r in body["runs"]] == [str(first.pk), str(second.pk)]
    assert body["runs"][0]["links"]["run"].endswith(f"/api/runs/{first.pk}")


def test_hostile_text_comes_back_as_json_data(as_api_user, api_user):
    run = make_example_run(api_user, hostile=True)
    response = as_api_user.get(f"/api/runs/{run.pk}")
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert "<script>alert(1)</script>" in body["answer"]  # data, not markup: JSON clients escape on display
    assert "<script>alert(1)</script>" in body["tool_invocations"][2]["error"]
