"""Property tests of the coverage check inside the verdict arithmetic: an unrelated grounded claim
can never raise a run's verdict; removing the only covering claim always lowers PASS to LOW_CONFID."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from contracts.asked import Asked, AskedDimension, AskedWindow
from diagnosis.verification.coverage import check_coverage
from diagnosis.verification.verdict import VERDICTS, effective_verdict, rule_verdict, verdict_rank
from tests.projection import claim_checks as typed_checks

CATALOG = [["inventory-service", "库存服务"], ["payment-service", "支付服务"], ["search-service", "搜索服务"]]
WINDOW = AskedWindow(start="2026-11-28T09:00:00+08:00", end="2026-11-28T10:30:00+08:00")
ASKED = st.sampled_from(
    [
        Asked(kind="quantity", services=["inventory-service"], window=WINDOW, dimension=AskedDimension(terms=["Redis", "连接池"])),
        Asked(kind="cause", services=["payment-service"], window=WINDOW),
        Asked(kind="existence", services=["inventory-service"], window=WINDOW),
        Asked(kind="listing", services=[], window=WINDOW),
        Asked(kind="cause", services=["payment-service", "inventory-service"], window=WINDOW),
    ]
)
VERIFICATIONS = ("direct_observation", "reasonable_inference", "overstated", "unsupported", "external_unknown", "contradicted")


@st.composite
def claims(draw, service=None, verifications=VERIFICATIONS):
    service = service or draw(st.sampled_from([n[0] for n in CATALOG]))
    hour = draw(st.sampled_from(["08:10:00", "09:12:40", "10:05:12", "11:40:00"]))
    what = draw(st.sampled_from(["redis-inv connection pool usage 198/200", "redis pool almost full", "ERROR boom", "p99 870ms"]))
    tool = draw(st.sampled_from(["query_logs", "query_metrics", "lookup_knowledge"]))
    claim_type = draw(st.sampled_from(["observation", "negative_observation", "timeline"]))
    text = f"{service} 出现日志：{what}"
    return {
        "claim_type": claim_type,
        "claim_text": text,
        "matched_text": f"2026-11-28 {hour} {service} {what}",
        "tool": tool,
        "verification": draw(st.sampled_from(verifications)),
        "is_critical": draw(st.booleans()),
    }


def run_verdict(asked, items, *, model="PASS", ceiling="PASS"):
    claims_, evidence, checks = [], [], []
    for i, item in enumerate(items, 1):
        cid = f"c{i}"
        claims_.append({"claim_id": cid, "claim_type": item["claim_type"], "claim_text": item["claim_text"]})
        evidence.append({"claim_id": cid, "source_invocation_id": "inv_1", "tool_name": item["tool"], "raw_path": "/r/0", "matched_text": item["matched_text"]})
        checks.append({"claim_id": cid, "verification": item["verification"], "is_critical": item["is_critical"]})
    coverage = check_coverage(asked=asked, question="q", claims=claims_, claim_checks=typed_checks(checks), verified_evidence=evidence, catalog=CATALOG)
    verdict = effective_verdict(model_verdict=model, rule_verdict=rule_verdict(typed_checks(checks)), ceiling=ceiling, coverage=coverage.verdict)
    return verdict, coverage


def unrelated(asked):
    """A grounded (critical, directly observed) claim about a service nobody asked about."""
    other = next(n[0] for n in CATALOG if n[0] not in asked.services and n[0] != "inventory-service")
    return {
        "claim_type": "observation",
        "claim_text": f"{other} 出现 ERROR 日志：boom 12 次",
        "matched_text": f"2026-11-28 10:05:12 {other} ERROR boom",
        "tool": "query_logs",
        "verification": "direct_observation",
        "is_critical": True,
    }


@given(asked=ASKED, items=st.lists(claims(), max_size=5), model=st.sampled_from(VERDICTS), ceiling=st.sampled_from(VERDICTS), at=st.integers(0, 5))
def test_adding_an_unrelated_grounded_claim_never_raises_the_verdict(asked, items, model, ceiling, at):
    if not asked.services:  # with no target service every service is related: nothing is unrelated
        return
    before, _ = run_verdict(asked, items, model=model, ceiling=ceiling)
    grown = [*items[:at], unrelated(asked), *items[at:]]
    after, _ = run_verdict(asked, grown, model=model, ceiling=ceiling)
    assert verdict_rank(after) <= verdict_rank(before)


def covering(asked):
    """A claim that answers ``asked``: its first target (or any service), in the window, with the
    dimension and a figure."""
    service = (asked.services or ["search-service"])[0]
    return {
        "claim_type": "observation",
        "claim_text": f"{service} 出现 WARN 日志：redis-inv connection pool usage 198/200",
        "matched_text": f"2026-11-28 09:12:40 {service} WARN redis-inv connection pool usage 198/200",
        "tool": "query_logs",
        "verification": "direct_observation",
        "is_critical": True,
    }


GROUNDED = ("direct_observation", "reasonable_inference")


@given(
    asked=ASKED.filter(lambda a: len(a.services) <= 1),
    items=st.lists(claims(verifications=GROUNDED), max_size=4),
    at=st.integers(0, 4),
)
def test_removing_the_only_covering_claim_lowers_pass_to_low_confid(asked, items, at):
    # Keep the other claims only where they do not cover themselves (so ours is the only one).
    others = [i for i in items if not run_verdict(asked, [i])[1].covering_claims]
    full = [*others[:at], covering(asked), *others[at:]]
    verdict, coverage = run_verdict(asked, full)
    assert (verdict, coverage.covering_claims) == ("PASS", [f"c{min(at, len(others)) + 1}"])
    after, after_coverage = run_verdict(asked, others)
    assert after == "LOW_CONFID"
    assert after_coverage.status != "answered"


@given(items=st.lists(claims(service="inventory-service"), min_size=1, max_size=4))
def test_a_pass_always_has_a_covering_claim(items):
    asked = Asked(kind="quantity", services=["inventory-service"], window=WINDOW, dimension=AskedDimension(terms=["Redis", "连接池"]))
    verdict, coverage = run_verdict(asked, items)
    if verdict == "PASS":
        assert coverage.status == "answered" and coverage.covering_claims
