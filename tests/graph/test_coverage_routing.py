"""An unanswered question is a critical gap: it qualifies for the one EVIDENCE_GAP_ONLY round (and
only under the same conditions as any other gap), and round 2's planner gets it."""

from __future__ import annotations

import pytest

from contracts import reasons as R
from contracts.gatekeeper import VerifiedOutput
from contracts.nodes import COMPOSER, PLANNER
from contracts.verifier import EvidenceGap
from diagnosis.graph.routing import Route, apply_route, route_after_verifier
from tests.graph.test_routing import completed

COVERAGE_GAP = EvidenceGap(
    claim_id=None, gap="没有找到直接回答『Redis 连接池用量』的证据", is_critical=True,
    suggested_tool="query_logs", suggested_query="inventory-service Redis 连接池",
)


def with_coverage_gap(effective="LOW_CONFID", gap=COVERAGE_GAP, **overrides):
    s = completed(effective, **overrides)
    s.current.coverage_gap = gap
    return s


def test_a_coverage_gap_alone_qualifies_for_the_gap_round():
    assert route_after_verifier(with_coverage_gap()) == Route(PLANNER, R.EVIDENCE_RETRY)


@pytest.mark.parametrize(
    "overrides",
    [{"ceiling": "LOW_CONFID"}, {"retry_count": 1}, {"round_no": 2}],
)
def test_a_coverage_gap_obeys_the_same_bounds_as_any_gap(overrides):
    assert route_after_verifier(with_coverage_gap(**overrides)) == Route(COMPOSER, R.LOW_CONFID_NO_RETRY)


def test_a_coverage_gap_without_any_verified_claim_does_not_qualify():
    s = with_coverage_gap()
    s.current.verified_output = VerifiedOutput()
    assert route_after_verifier(s) == Route(COMPOSER, R.LOW_CONFID_NO_RETRY)


def test_a_coverage_gap_without_an_evidence_tool_does_not_qualify():
    s = with_coverage_gap(gap=COVERAGE_GAP.model_copy(update={"suggested_tool": "get_current_time"}))
    assert route_after_verifier(s) == Route(COMPOSER, R.LOW_CONFID_NO_RETRY)


def test_round_two_planner_gets_the_coverage_gap():
    s = with_coverage_gap()
    apply_route(s, Route(PLANNER, R.EVIDENCE_RETRY))
    assert s.retry_context is not None and s.retry_context.evidence_gaps == [COVERAGE_GAP]
    assert s.current.coverage_gap is None and s.current.coverage is None  # per-round state was cleared
