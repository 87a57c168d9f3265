"""One Chinese label table for every enum value shown to people (issue 27 item 5): every value of
every enum the product defines has a label in ``diagnosis.vocabulary``; the models' choices are
that table (so the admin says the same words); stage labels and numbers read as Chinese prose."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contracts import reasons as R
from contracts.asked import ASKED_KINDS
from contracts.nodes import END, NODES
from contracts.verdict import ClaimVerification, FactClass, Severity, Verdict
from contracts.verdict import Status as GateStatus
from diagnosis import vocabulary as V
from diagnosis.alerts.models import AlertGroupRun
from diagnosis.composer import advice
from diagnosis.models import DiagnosisRun, DiagnosisSession, EvidenceScope, ToolInvocation
from diagnosis.tools.registry import TOOLS
from tests.web.page_text import CJK

ENUMS = {
    "verification": list(ClaimVerification),
    "fact_class": list(FactClass),
    "verdict": list(Verdict),
    "gatekeeper_severity": list(Severity),
    "gatekeeper_status": list(GateStatus),
    "drop_reason": [advice.NO_MATCHING_EVIDENCE, advice.NO_CONFIRMED_CLAIM, advice.NO_RUNBOOK_SECTION, advice.NO_ANOMALY,
                    advice.UNKNOWN_BASIS],
    "run_status": DiagnosisRun.Status.values,
    "outcome": DiagnosisRun.Outcome.values,
    "invocation_status": ToolInvocation.Status.values,
    "session_origin": DiagnosisSession.Origin.values,
    "scope_kind": EvidenceScope.Kind.values,
    "fallback_reason": [*R.FALLBACK_REASONS, *R.RUN_FAILURE_REASONS],
    "node": [*NODES, END, "graph"],
    "event": ["start", "finish", "retry", "route", "error", "tool"],
    "tool": list(TOOLS),
    "asked_kind": list(ASKED_KINDS),
    "asked_source": ["planner", "followup"],
    "coverage_status": ["answered", "partial", "unanswered"],
    "priority": ["high", "medium", "low"],
    "timeline_kind": ["change", "onset", "peak", "recovery"],
    "alert_status": AlertGroupRun.Status.values,
}


@pytest.mark.parametrize("table", sorted(ENUMS))
def test_every_value_has_a_chinese_label(table):
    labels = V.TABLES[table]
    missing = [value for value in ENUMS[table] if not CJK.search(labels.get(str(value), ""))]
    assert missing == []


@pytest.mark.parametrize(
    ("choices", "table"),
    [
        (DiagnosisRun.Status.choices, V.RUN_STATUS),
        (DiagnosisRun.Outcome.choices, V.OUTCOME),
        (DiagnosisRun.GatekeeperSeverity.choices, V.GATEKEEPER_SEVERITY),
        (ToolInvocation.Status.choices, V.INVOCATION_STATUS),
        (DiagnosisSession.Origin.choices, V.SESSION_ORIGIN),
        (EvidenceScope.Kind.choices, V.SCOPE_KIND),
    ],
)
def test_model_choices_say_what_the_table_says(choices, table):
    assert all(label == table[value] for value, label in choices)


def test_stage_labels_are_chinese_for_tools_statuses_and_routes():
    assert V.stage_label("composer", "route", {"target": "end"}) == "撰写回答 · 路由 → 结束"
    assert V.stage_label("executor", "tool", {"tool_name": "query_logs", "status": "no_hit"}) == (
        "调用工具取证 · 工具调用 日志查询（无命中）"
    )
    assert V.stage_label("planner", "start", {}) == "规划取证 · 开始"
    assert V.stage_label("mystery", "odd", None) == "mystery · odd"  # unknown values shown as they are


@pytest.mark.parametrize(
    ("value", "shown"),
    [(0.9333333333333332, "0.93"), (1.0, "1"), (0.5, "0.5"), (12, "12"), (True, "True"), (None, ""), ("x", "x")],
)
def test_numbers_are_rounded_for_people(value, shown):
    assert V.number(value) == shown


@given(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False))
def test_a_rounded_number_is_within_half_a_hundredth(value):
    shown = V.number(value)
    assert abs(float(shown) - value) <= 0.005 + 1e-9
    assert len(shown.partition(".")[2]) <= 2
