"""Coverage checks what was asked, not only who and when (issue 24 item 1; DESIGN §10.1): the asked
code or exception must be named, a "why" needs a confirmed cause or trigger beside the symptom, a
change listing needs change lines, an alert listing every item, and a window the data does not
cover (or the future) is never answered — it is told which span the data covers."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from hypothesis import given
from hypothesis import strategies as st

from contracts.asked import Asked, AskedDimension, AskedWindow
from contracts.coverage import ANSWERED, PARTIAL, UNANSWERED
from diagnosis.verification.coverage import check_coverage, coverage_gap
from tests.projection import claim_checks as typed_checks

SH = ZoneInfo("Asia/Shanghai")
CATALOG = [["payment-service", "支付服务"], ["order-service", "订单服务"]]
WINDOW = AskedWindow(start="2026-11-28T09:55:00+08:00", end="2026-11-28T10:30:00+08:00")
HTTP500 = "2026-11-28 10:05:13 payment-service ERROR POST /api/pay -> HTTP 500 Internal Server Error"
POOL = "2026-11-28 10:05:12 payment-service ERROR HikariPool-1 - Connection is not available, request timed out after 3000ms"
SLOW = "2026-11-28 10:01:38 payment-service WARN slow query took 8421ms"
JOB = "2026-11-28 10:00:00 payment-service INFO scheduled job settlement-reconcile started"
DATA = (datetime(2026, 11, 27, 6, 0, tzinfo=SH), datetime(2026, 11, 28, 10, 30, tzinfo=SH))
NOW = datetime(2026, 11, 28, 10, 30, tzinfo=SH)


def item(cid, text, *, claim_type="observation", tool="query_logs"):
    return ({"claim_id": cid, "claim_type": claim_type, "claim_text": text},
            {"claim_id": cid, "source_invocation_id": "inv_1", "tool_name": tool, "raw_path": f"/records/{cid}",
             "matched_text": text})


def cover(asked, *items, question="payment-service 为什么 500？", **kw):
    return check_coverage(
        asked=asked, question=question, claims=[c for c, _ in items], verified_evidence=[e for _, e in items],
        claim_checks=typed_checks([{"claim_id": c["claim_id"], "verification": "direct_observation", "is_critical": True}
                      for c, _ in items]),
        catalog=CATALOG, **kw,
    )


def asked(kind="cause", terms=(), window=WINDOW, services=("payment-service",)):
    return Asked(kind=kind, services=list(services), window=window, dimension=AskedDimension(terms=list(terms)))


def test_a_claim_that_does_not_name_the_asked_code_does_not_cover():
    result = cover(asked("existence", ["401"]), item("c1", POOL))
    assert result.status == UNANSWERED and "401" in " ".join(result.reasons)


def test_a_negative_observation_naming_the_asked_code_covers_an_existence_question():
    query = "payment-service 没有含「401」的日志：query_logs keyword=401 service=payment-service 2026-11-28 09:55–10:30 → 0 条记录"
    result = cover(asked("existence", ["401"]), item("c1", query, claim_type="negative_observation"))
    assert result.status == ANSWERED


def test_a_why_answered_with_the_symptom_alone_is_partial_with_the_cause_named_as_missing():
    result = cover(asked(terms=["500"]), item("c1", HTTP500), why=True, asked_symptoms=["http_5xx"])
    assert result.status == PARTIAL and result.gap.startswith("原因未能确认")


def test_a_why_is_answered_with_a_mechanism_a_change_or_something_that_went_wrong_before():
    for extra in (item("c2", POOL), item("c2", JOB, claim_type="timeline"), item("c2", SLOW)):
        result = cover(asked(terms=["500"]), item("c1", HTTP500), extra, why=True, asked_symptoms=["http_5xx"])
        assert result.status == ANSWERED, extra


def test_a_change_listing_is_not_answered_by_error_lines():
    question = "payment-service 今天上午有哪些变更？"
    assert cover(asked("listing"), item("c1", POOL), question=question, changes=True).status == UNANSWERED
    job = item("c1", JOB, claim_type="timeline")
    assert cover(asked("listing"), job, question=question, changes=True).status == ANSWERED


def test_an_alert_listing_that_leaves_items_out_is_partial_and_says_which():
    alert = "HighErrorRate payment-service critical firing since 2026-11-28 10:06 value 12.5%"
    result = cover(asked("existence"), item("c1", alert, tool="query_metrics"),
                   listing_universe=["HighErrorRate", "HighLatencyP99", "DBConnectionPoolExhausted"])
    assert result.status == PARTIAL
    assert result.gap == "只列出了 3 项中的 1 项（缺少 HighLatencyP99、DBConnectionPoolExhausted）"


def test_a_window_the_data_does_not_cover_is_unanswered_with_the_span_and_no_retry():
    november_first = AskedWindow(start="2026-11-01T18:00:00+08:00", end="2026-11-02T00:00:00+08:00")
    result = cover(asked("existence", window=november_first), item("c1", POOL), data_span=DATA, now=NOW)
    assert result.status == UNANSWERED and result.covering_claims == []
    assert result.gap == "所问的时间 11-01 18:00–11-02 00:00 没有可用的证据：已加载的证据只覆盖 2026-11-27 06:00 至 2026-11-28 10:30"
    assert coverage_gap(result) is None


def test_the_future_is_unanswered_and_said_to_be_the_future():
    tomorrow = AskedWindow(start="2026-11-29T00:00:00+08:00", end="2026-11-30T00:00:00+08:00")
    result = cover(asked("existence", window=tomorrow), item("c1", POOL), data_span=DATA, now=NOW)
    assert result.status == UNANSWERED and "无法预测未来" in result.gap and "2026-11-28 10:30" in result.gap


@given(days=st.integers(min_value=1, max_value=400), hours=st.integers(min_value=1, max_value=48))
def test_no_window_wholly_outside_the_data_is_ever_answered(days, hours):
    start = DATA[0] - timedelta(days=days)
    window = AskedWindow(start=start.isoformat(), end=min(start + timedelta(hours=hours), DATA[0]).isoformat())
    result = cover(asked("existence", window=window), item("c1", POOL), item("c2", HTTP500), data_span=DATA, now=NOW)
    assert result.status == UNANSWERED
