"""A cause question whose story names one service and whose asking clause another (锦华苑好几个业主在 App
上反馈物业费涨了三成多，计费那边是怎么回事？) is answered only when the service the asking clause names shows
trouble: another incident of the story's service (the App's own latency) beside "the billing service logged
nothing" is no answer to what went wrong with billing."""

from __future__ import annotations

from contracts.asked import Asked, AskedDimension, AskedWindow
from contracts.coverage import ANSWERED
from diagnosis.verification.coverage import check_coverage
from tests.projection import claim_checks as typed_checks

WINDOW = AskedWindow(start="2027-01-26T15:30:00+08:00", end="2027-01-26T16:30:00+08:00")
QUESTION = "锦华苑好几个业主在 App 上反馈今年的物业费一下子涨了三成多，计费那边是怎么回事？"
CATALOG = [["aj-owner-app", "App", "业主 App"], ["aj-billing", "计费", "物业费"]]
APP_SLOW = "2027-01-26 15:36:00 aj-owner-app ERROR redis aj-redis-app GET session failed: Command timed out after 2000 ms"
APP_CHANGE = "2027-01-26 15:00:20 aj-owner-app INFO config changed: key=app.home.banner old=a new=b"
BILLING_QUIET = "query_logs level>=WARN service=aj-billing 2027-01-26 15:30–16:30 → 0 条记录"
BILLING_RATE = "2027-01-26 15:40:00 aj-billing ERROR fee rate for 锦华苑 3.50 rejected: above cap"


def item(cid, text, claim_type="observation"):
    return ({"claim_id": cid, "claim_type": claim_type, "claim_text": text},
            {"claim_id": cid, "source_invocation_id": "inv_1", "tool_name": "query_logs", "raw_path": f"/r/{cid}",
             "matched_text": text})


def cover(*items):
    asked = Asked(kind="cause", services=["aj-owner-app", "aj-billing"], window=WINDOW,
                  dimension=AskedDimension(terms=[]))
    return check_coverage(
        asked=asked, question=QUESTION, claims=[c for c, _ in items], verified_evidence=[e for _, e in items],
        claim_checks=typed_checks([{"claim_id": c["claim_id"], "verification": "direct_observation", "is_critical": True}
                                   for c, _ in items]),
        catalog=CATALOG, why=True,
    )


def test_the_story_s_service_failing_beside_nothing_on_the_asked_service_is_no_answer():
    coverage = cover(item("c1", APP_SLOW), item("c2", APP_CHANGE, "timeline"),
                     item("c3", BILLING_QUIET, "negative_observation"))
    assert coverage.status != ANSWERED


def test_trouble_on_the_service_the_asking_clause_names_answers_it():
    coverage = cover(item("c1", APP_SLOW), item("c2", BILLING_RATE), item("c3", APP_CHANGE, "timeline"))
    assert coverage.status == ANSWERED
