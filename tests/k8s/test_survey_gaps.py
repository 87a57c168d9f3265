"""The survey says what it could not read: a kind whose read failed (a 403, a timeout) is a gap line
naming the kind and the Chinese error, and a kind cut at its limit is a gap line too. Pure."""

from __future__ import annotations

from contracts.tools import ToolCallResult
from diagnosis.agents.offline.k8s_claims import k8s_missing
from diagnosis.agents.offline.survey import ORIGIN, survey_claims, survey_kinds, survey_missing, survey_steps


def call(kind: str, status: str, *, error: str = "", output: object = None, n: int = 1) -> ToolCallResult:
    return ToolCallResult(invocation_id=f"inv_{n}", tool_name="query_k8s", round=1, status=status,
                          arguments={"kind": kind}, output=output, evidence_refs=[], error=error, origin=ORIGIN)  # fmt: skip


def test_a_forbidden_or_timed_out_kind_is_named_as_what_could_not_be_read():
    history = [call("networkpolicies", "failed", error="Kubernetes API 拒绝读取 networkpolicies（403 Forbidden）", n=1),
               call("nodes", "failed", error="Kubernetes API 超时（timeout）", n=2)]  # fmt: skip
    gaps = k8s_missing(history)
    assert [g["item"] for g in gaps] == ["全部服务 的 Kubernetes networkpolicies（inv_1）", "全部服务 的 Kubernetes nodes（inv_2）"]
    assert "403" in gaps[0]["reason"] and "超时" in gaps[1]["reason"]


def test_a_kind_read_only_in_part_is_a_gap_and_nothing_read_gives_no_claims():
    cut = call("events", "success", output={"kind": "events", "events": [], "total": 340, "truncated": True})
    [gap] = survey_missing([cut])
    assert "events" in gap["item"] and "340" in gap["reason"]
    failed = [call(kind, "failed", error="403", n=i) for i, kind in enumerate(survey_kinds(), start=1)]
    assert survey_claims(failed, [], excerpt=lambda text: text) == ([], "")


def test_the_survey_reads_the_error_lines_first_then_the_kinds_the_rules_judge_within_a_round():
    steps = survey_steps({"start": "2026-11-28T10:00:00+08:00", "end": "2026-11-28T10:30:00+08:00"})
    assert steps[0][0] == "query_logs" and steps[0][1]["level"] == "ERROR"
    kinds = [arguments["kind"] for tool, arguments in steps[1:]]
    assert {"pods", "events", "nodes", "services", "networkpolicies", "pvcs", "pvs"} <= set(kinds)
    assert "secrets" not in kinds and len(steps) <= 20
