""" "Which service …?" covers each service that shows the asked symptom: the executor reads every
service the all-service read did not show (a service logging its failures at WARN, or drowned by
a noisier one), and the answer has one claim per service.

Regression for the evaluate finding "哪个服务在报错？ — the all-service error read returns the
newest lines, all payment-service; api-gateway never shows" — on other names than the demo's."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from contracts.plan import ServiceInfo
from diagnosis.agents.offline.claims import build_contract
from diagnosis.agents.offline.followups import MAX_SERVICE_SWEEP, services_to_sweep
from diagnosis.agents.offline.refs import collect_refs
from diagnosis.agents.offline.selection import Focus
from diagnosis.models import DiagnosisRun, ToolInvocation
from diagnosis.reading.entities import analyse
from diagnosis.reading.time_expressions import resolve_window
from tests.offline.evidence import alert, assert_grounded, log_call, metrics_call, record
from tests.offline.ledger_world import PROXY_502, load_ledger_world
from tests.offline.running import ask, confirmed_lines, plan_and_execute

SH = ZoneInfo("Asia/Shanghai")
NOW = datetime(2027, 3, 15, 16, 0, tzinfo=SH)
SERVICES = [
    ServiceInfo(name=name, aliases=[])
    for name in ("billing-service", "catalog-service", "edge-proxy", "ledger-service", "search-api")
]
T = "2027-03-15T15:{:02d}:{:02d}+08:00"
QUESTION = "哪个服务在报错？"


def calls():
    errors = log_call(
        [
            record(
                T.format(50 + i // 6, i % 6 * 10), "charge failed: bank timed out", service="billing-service"
            )
            for i in range(30)
        ]
    )
    proxy = log_call(
        [record(T.format(52, s), PROXY_502, service="edge-proxy", level="WARN") for s in (5, 35)], "inv_5"
    )
    slow = log_call(
        [record(T.format(40, 0), "slow sql took 2875ms: UPDATE t", service="ledger-service", level="WARN")],
        "inv_6",
    )
    metrics = metrics_call(
        [
            alert("ChargeErrorRatio", service="billing-service", starts_at=T.format(51, 0), value="9.3%"),
            alert(
                "ProxyUpstream5xx",
                service="edge-proxy",
                severity="warning",
                starts_at=T.format(53, 0),
                value="4.4%",
            ),
            alert(
                "CatalogSyncStale",
                service="catalog-service",
                severity="warning",
                starts_at=T.format(0, 0),
                value="6h",
            ),
        ]
    )
    return [errors, metrics, proxy, slow]


def test_each_erroring_service_gets_one_claim():
    history = calls()
    contract = build_contract(
        facts=analyse(QUESTION, SERVICES),
        window=resolve_window(QUESTION, NOW),
        history=history,
        services=SERVICES,
    )
    assert_grounded(contract, history)
    names = {s.name for s in SERVICES}
    log_services = [
        next(word for word in c["claim_text"].split() if word in names)
        for c in contract["claims"]
        if c["evidence_bindings"][0]["tool_name"] == "query_logs"
    ]
    assert sorted(log_services) == ["billing-service", "edge-proxy"]  # a slow line is no error
    texts = " ".join(c["claim_text"] for c in contract["claims"])
    assert "CatalogSyncStale" not in texts  # firing, but not about errors
    assert len(contract["claims"]) <= 5


def test_services_without_a_matching_line_are_swept_those_with_a_matching_alert_first():
    errors, metrics, *_ = calls()
    refs = collect_refs([errors, metrics], SERVICES)
    swept = services_to_sweep(refs, Focus.of(analyse(QUESTION, SERVICES)), [s.name for s in SERVICES])
    assert "billing-service" not in swept  # already shown erroring
    assert swept[0] == "edge-proxy"  # its ProxyUpstream5xx is about errors
    assert set(swept) == {"edge-proxy", "catalog-service", "ledger-service", "search-api"}


def test_the_sweep_is_bounded():
    catalog = [f"svc-{i:02d}-service" for i in range(20)]
    assert len(services_to_sweep([], Focus.of(analyse(QUESTION, [])), catalog)) == MAX_SERVICE_SWEEP


# --- On a loaded world, through the real tools -----------------------------------------------------
@pytest.fixture
def ledger(db):
    load_ledger_world()


@pytest.mark.django_db
def test_the_executor_reads_the_other_services_and_finds_the_one_logging_at_warn(ledger, api_user):
    run, _, contract = plan_and_execute(api_user, QUESTION)
    swept = ToolInvocation.objects.filter(run=run, tool_name="query_logs", arguments__level="WARN")
    assert "edge-proxy" in {i.arguments.get("service") for i in swept}
    texts = " ".join(c["claim_text"] for c in contract["claims"])
    assert "billing-service" in texts and "edge-proxy" in texts and "502" in texts


@pytest.mark.django_db
def test_the_answer_names_every_erroring_service(ledger, api_user):
    run = ask(api_user, QUESTION)
    assert run.outcome in (DiagnosisRun.Outcome.PASS, DiagnosisRun.Outcome.LOW_CONFID)
    confirmed = "\n".join(confirmed_lines(run.final_answer))
    assert "billing-service" in confirmed and "edge-proxy" in confirmed
