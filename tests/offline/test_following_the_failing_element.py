"""What was done to the failing element before it failed (issue 32 item 1, ``agents/offline/thread``):
the identifiers several failing lines share — never a field's key, a number, a service's name or
what the healthy baseline names too — are followed back, and an INFO line naming one hours before
the failure is a candidate cause tied to that element, whatever its words."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from diagnosis.agents.offline.changes import change_refs
from diagnosis.agents.offline.refs import Ref
from diagnosis.agents.offline.thread import (
    MAX_THREAD_READS,
    THREAD_KIND,
    THREAD_LEAD,
    distinctive_tokens,
    thread_tokens,
)

SLOW = "slow SQL sql_id={sql} elapsed {s}s (TABLE ACCESS FULL T_CLAIM_POLICY_IDX) module=ah-claims"
MERGED = "member {m} MEMBER_MERGED (merged into M0000412877 at 03:04) store=SZ-{store}"


def test_the_table_every_slow_statement_scans_is_followed_back():
    failing = [SLOW.format(sql=f"q{i}", s=8 + i) for i in range(3)]
    assert "t_claim_policy_idx" in thread_tokens(failing, names=["ah-claims"])


def test_an_identifier_only_one_failing_line_names_is_an_accident_of_that_line():
    failing = [MERGED.format(m=f"M03862982{i:02d}", store=100 + i) for i in range(4)]
    found = thread_tokens(failing)
    assert "m0000412877" in found
    assert not any(t.startswith("m03862982") for t in found)


def test_a_fields_key_a_number_and_a_service_name_are_never_followed():
    failing = [f"order mch_id=19000{i} failed after 3.012s calling pay-core.v2 (rp_pay)" for i in range(3)]
    found = thread_tokens(failing, names=["pay-core.v2"])
    assert "mch_id" not in found and "3.012" not in found and "pay-core.v2" not in found


def test_what_the_healthy_baseline_names_too_is_no_failing_element():
    failing = [SLOW.format(sql="q1", s=9), SLOW.format(sql="q2", s=10)]
    healthy = ["scan of T_CLAIM_POLICY_IDX took 12ms module=ah-claims"]
    assert "t_claim_policy_idx" not in thread_tokens(failing, healthy)


@given(st.lists(st.sampled_from([SLOW.format(sql="q", s=9), MERGED.format(m="M1", store=1), "plain words only"]),
                min_size=1, max_size=8))
def test_at_most_two_identifiers_are_followed_each_shared_by_the_failing_lines(failing):
    found = thread_tokens(failing)
    assert len(found) <= MAX_THREAD_READS
    distinct = list(dict.fromkeys(failing))
    need = 2 if len(distinct) >= 2 else 1
    assert all(sum(t in distinctive_tokens(line) for line in distinct) >= need for t in found)


ONSET = datetime(2026, 12, 22, 7, 25, tzinfo=UTC)


def line(at: datetime, message: str, service: str, path: str, level: str = "INFO") -> Ref:
    element = {"timestamp": at.isoformat(), "service": service, "level": level, "message": message}
    return Ref("inv_t", "query_logs", 1, path, message, "log", element, service, level)


def test_an_action_on_the_element_hours_before_the_failure_is_a_candidate_cause_whatever_its_words():
    stats = line(ONSET - timedelta(hours=5, minutes=19), "DBMS_STATS gathered CLAIMS.T_CLAIM_POLICY_IDX num_rows=0",
                 "ah-core-db", "/records/0")
    failing = line(ONSET, "report intake failed: policy lookup timeout", "ah-claims", "/records/1", "ERROR")
    kinds = change_refs([stats], start=ONSET - timedelta(hours=1), end=ONSET + timedelta(hours=1), services=["ah-claims"],
                        anomalies=[failing], threaded={("inv_t", "/records/0")})
    assert kinds == [(THREAD_KIND, stats)]
    # the same line, not followed from the failing element, is no related change
    assert change_refs([stats], start=ONSET - timedelta(hours=1), end=ONSET + timedelta(hours=1),
                       services=["ah-claims"], anomalies=[failing]) == []


def test_an_action_on_the_element_before_the_thread_lead_is_not_followed():
    old = line(ONSET - THREAD_LEAD - timedelta(hours=1), "DBMS_STATS gathered CLAIMS.T_CLAIM_POLICY_IDX", "ah-core-db",
               "/records/0")
    failing = line(ONSET, "report intake failed", "ah-claims", "/records/1", "ERROR")
    assert change_refs([old], start=ONSET - timedelta(hours=1), end=ONSET + timedelta(hours=1), services=["ah-claims"],
                       anomalies=[failing], threaded={("inv_t", "/records/0")}) == []
