"""An alert-listing question (哪些告警 / 有什么告警 / 还有哪些没有恢复 / firing) is answered with the
alerts: one claim per alert when they fit the claim budget, else one claim per service listing its
alerts, each alert bound to its own evidence — never log lines.

Regression for the evaluate finding "现在还有哪些告警没有恢复？ confirms payment-service log lines
and one alert; HighErrorRate, UpstreamErrorRate, CertificateExpiringSoon missing" — on other
names than the demo's."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from contracts.plan import ServiceInfo
from diagnosis.agents.offline.checks import DIRECT, check_claim
from diagnosis.agents.offline.claims import UNLISTED_ALERTS, build_contract
from diagnosis.reading.entities import analyse
from diagnosis.reading.time_expressions import resolve_window
from tests.offline.evidence import alert, assert_grounded, log_call, metrics_call, record

SH = ZoneInfo("Asia/Shanghai")
NOW = datetime(2027, 3, 15, 16, 0, tzinfo=SH)
SERVICES = [
    ServiceInfo(name="billing-service", aliases=["账单服务"]),
    ServiceInfo(name="edge-proxy", aliases=["边缘网关"]),
    ServiceInfo(name="catalog-service", aliases=["商品目录"]),
]
T = "2027-03-15T15:{:02d}:00+08:00"


def contract_for(question: str, *calls):
    contract = build_contract(
        facts=analyse(question, SERVICES),
        window=resolve_window(question, NOW),
        history=list(calls),
        services=SERVICES,
    )
    assert_grounded(contract, list(calls))
    return contract


def alerts_cited(contract) -> list[str]:
    return [b["raw_path"] for c in contract["claims"] for b in c["evidence_bindings"]]


NOISY_LOGS = log_call(
    [record(T.format(m), "charge failed: bank timed out", service="billing-service") for m in range(40, 59)]
)


def three_firing_one_resolved():
    return metrics_call(
        [
            alert("ChargeErrorRatio", service="billing-service", starts_at=T.format(51), value="9.3%"),
            alert(
                "CatalogSyncStale",
                service="catalog-service",
                severity="warning",
                starts_at="2027-03-14T20:00:00+08:00",
                value="6h",
            ),
            alert(
                "BillingHeapPressure",
                service="billing-service",
                state="resolved",
                starts_at=T.format(10),
                ends_at=T.format(20),
                value="88%",
            ),
            alert(
                "ProxyUpstream5xx",
                service="edge-proxy",
                severity="warning",
                starts_at=T.format(53),
                value="4.4%",
            ),
        ]
    )


def test_still_firing_alerts_are_listed_one_claim_each_and_no_log_lines():
    contract = contract_for("现在还有哪些告警没有恢复？", NOISY_LOGS, three_firing_one_resolved())
    texts = [c["claim_text"] for c in contract["claims"]]
    assert len(texts) == 3
    for name in ("ChargeErrorRatio", "CatalogSyncStale", "ProxyUpstream5xx"):
        assert sum(name in t for t in texts) == 1
    assert not any("BillingHeapPressure" in t for t in texts)  # resolved
    assert all(b["tool_name"] == "query_metrics" for c in contract["claims"] for b in c["evidence_bindings"])


def test_an_alert_that_started_on_an_earlier_day_is_dated():
    texts = [
        c["claim_text"]
        for c in contract_for("现在还有哪些告警没有恢复？", three_firing_one_resolved())["claims"]
    ]
    stale = next(t for t in texts if "CatalogSyncStale" in t)
    assert "2027-03-14 20:00" in stale
    charge = next(t for t in texts if "ChargeErrorRatio" in t)
    assert "开始于 15:51" in charge and "2027-03-15" not in charge


def test_a_listing_without_unresolved_words_lists_resolved_alerts_too():
    texts = [
        c["claim_text"] for c in contract_for("今天下午有什么告警", three_firing_one_resolved())["claims"]
    ]
    assert any("BillingHeapPressure" in t and "已恢复" in t for t in texts)


def many_alerts():
    names = [("billing-service", f"BillingCheck{i}Failed") for i in range(5)] + [
        ("edge-proxy", "ProxyUpstream5xx"),
        ("edge-proxy", "ProxyTlsHandshakeErrors"),
    ]
    return metrics_call(
        [
            alert(name, service=svc, starts_at=T.format(30 + i), value=f"{i + 1}.5%")
            for i, (svc, name) in enumerate(names)
        ]
    )


def test_more_alerts_than_claims_are_grouped_per_service_each_with_its_binding():
    metrics = many_alerts()
    contract = contract_for("现在还有哪些告警没有恢复？", metrics)
    assert len(contract["claims"]) == 2
    billing, proxy = contract["claims"]
    assert billing["claim_text"].startswith("billing-service 正在触发（firing）的告警：")
    assert len(billing["evidence_bindings"]) == 5 and len(proxy["evidence_bindings"]) == 2
    assert len(set(alerts_cited(contract))) == 7
    refs = {r["raw_path"]: r["text"] for r in metrics.evidence_refs}
    for claim in contract["claims"]:
        evidence = [refs[b["raw_path"]] for b in claim["evidence_bindings"]]
        assert check_claim(claim["claim_text"], evidence).verification == DIRECT


def test_a_narrow_listing_about_one_service_lists_every_one_of_its_alerts():
    contract = contract_for("账单服务现在有哪些告警？", many_alerts())
    texts = " ".join(c["claim_text"] for c in contract["claims"])
    assert all(f"BillingCheck{i}Failed" in texts for i in range(5))  # issue 24: every item, not two
    assert "ProxyUpstream5xx" not in texts


def test_a_listing_of_many_alerts_lists_every_one_grouped_by_service():
    names = [(f"svc-{i}-service", f"Check{i}Failed") for i in range(7)]
    metrics = metrics_call(
        [alert(n, service=s, starts_at=T.format(30 + i)) for i, (s, n) in enumerate(names)]
    )
    contract = contract_for("现在还有哪些告警没有恢复？", metrics)
    texts = " ".join(c["claim_text"] for c in contract["claims"])
    assert all(name in texts for _, name in names)
    assert UNLISTED_ALERTS not in contract["missing_info"]


def test_a_listing_beyond_what_an_answer_can_hold_says_so():
    names = [(f"svc-{i % 20}-service", f"Check{i}Failed") for i in range(80)]
    metrics = metrics_call(
        [alert(n, service=s, starts_at=T.format(10 + i % 40)) for i, (s, n) in enumerate(names)]
    )
    contract = contract_for("现在还有哪些告警没有恢复？", metrics)
    assert UNLISTED_ALERTS in contract["missing_info"]


def test_named_alerts_narrow_the_list():
    contract = contract_for(
        "ChargeErrorRatio 和 ProxyUpstream5xx 告警还在触发吗", three_firing_one_resolved()
    )
    texts = " ".join(c["claim_text"] for c in contract["claims"])
    assert "ChargeErrorRatio" in texts and "ProxyUpstream5xx" in texts and "CatalogSyncStale" not in texts
