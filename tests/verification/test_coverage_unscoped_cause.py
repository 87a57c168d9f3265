"""A cause question that names no service is answered only by evidence of the symptom it describes
(issue 32 item 5): with no asked service, "any service will do" must not let another incident that
happened to fail in the same window answer it."""

from __future__ import annotations

from contracts.asked import Asked, AskedDimension, AskedWindow
from contracts.coverage import ANSWERED
from diagnosis.verification.coverage import check_coverage
from tests.projection import claim_checks as typed_checks

WINDOW = AskedWindow(start="2026-11-28T09:55:00+08:00", end="2026-11-28T10:30:00+08:00")
OTHER = "2026-11-28 10:05:12 mail-service ERROR e-ticket mail bounced dsn=5.7.1 550 SPF check failed"
SLOW = "2026-11-28 10:06:00 order-service WARN request took 8421ms, slow response from pricing"
CHANGE = "2026-11-28 10:00:00 pricing-service INFO config changed: key=quote.timeout old=1 new=9"


def item(cid, text, claim_type="observation"):
    return ({"claim_id": cid, "claim_type": claim_type, "claim_text": text},
            {"claim_id": cid, "source_invocation_id": "inv_1", "tool_name": "query_logs", "raw_path": f"/r/{cid}",
             "matched_text": text})


def cover(*items, symptoms=()):
    asked = Asked(kind="cause", services=[], window=WINDOW, dimension=AskedDimension(terms=[]))
    return check_coverage(
        asked=asked, question="十点以后用户说下单特别慢，怎么回事？", claims=[c for c, _ in items],
        verified_evidence=[e for _, e in items],
        claim_checks=typed_checks([{"claim_id": c["claim_id"], "verification": "direct_observation", "is_critical": True}
                      for c, _ in items]),
        why=True, asked_symptoms=list(symptoms),
    )


def test_an_unscoped_cause_question_is_not_answered_by_another_failure_in_the_window():
    assert cover(item("c1", OTHER), item("c2", CHANGE, "timeline"), symptoms=["latency"]).status != ANSWERED


def test_an_unscoped_cause_question_without_a_read_symptom_is_not_answered_by_any_failure():
    assert cover(item("c1", OTHER), item("c2", CHANGE, "timeline")).status != ANSWERED


def test_an_unscoped_cause_question_is_answered_by_its_symptom_with_a_cause():
    assert cover(item("c1", SLOW), item("c2", CHANGE, "timeline"), symptoms=["latency"]).status == ANSWERED
