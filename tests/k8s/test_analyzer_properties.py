"""Properties of the analyzer engine over generated cluster states (hypothesis): a healthy state
yields no finding; in a state broken in one or more places, every finding's evidence resolves to
elements of that state (its own kind first), every value its text states is in the text of the
element it comes from, findings come ranked, and the claims built from them pass the Gatekeeper
against the calls that read the state."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import gatekeeper
from diagnosis.k8s_analysis import analyze, state_from_calls
from diagnosis.k8s_analysis.claims import finding_claims
from diagnosis.k8s_analysis.engine import rank_key
from diagnosis.k8s_analysis.rules import load_rules
from tests.k8s.cluster import NS, OBSERVED, calls_of, endpoints, event, healthy, node, pod
from tests.k8s.test_analyzer_rules import CASES

SERVICES = ("cart", "checkout", "frontend", "payment", "ledger")
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def healthy_states(draw: st.DrawFn) -> dict[str, Any]:
    """``cart`` and up to four more services, each with 1–3 ready replicas spread over 1–3 Ready
    nodes, and the healthy company of quotas, HPAs, claims, ingresses, policies and jobs."""
    names = ["cart", *draw(st.lists(st.sampled_from(SERVICES[1:]), max_size=4, unique=True))]
    nodes = [f"node-{c}" for c in "abc"[: draw(st.integers(1, 3))]]
    raw = healthy(*names)
    raw["nodes"] = [node(n) for n in nodes]
    raw["pods"], raw["endpointslices"] = [], []
    for service in names:
        replicas = draw(st.integers(1, 3))
        port = draw(st.sampled_from([8080, 9090, 50051]))
        pods = [pod(service, i, node=draw(st.sampled_from(nodes)),
                    containers=[{"name": "main", "image": f"registry.example.com/shop/{service}:1.0", "ports": [port],
                                 "requests": {"cpu": "100m"}}]) for i in range(replicas)]  # fmt: skip
        raw["pods"] += pods
        raw["endpointslices"].append(endpoints(service, *((p["name"], True) for p in pods)))
        for d in raw["deployments"]:
            if d["name"] == service:
                d.update(replicas=replicas, ready=replicas, available=replicas)
        for s in raw["services"]:
            if s["name"] == service:
                s["ports"][0]["target_port"] = port
    raw["events"] += [event(f"Pod/{p['name']}", "Started", "Started container main", type_="Normal") for p in raw["pods"]]
    if draw(st.booleans()):
        raw["resourcequotas"] = [{"namespace": NS, "name": "quota", "hard": {"pods": "50", "requests.cpu": "20"},
                                  "used": {"pods": str(len(raw["pods"])), "requests.cpu": "1"}, "observed_at": OBSERVED}]  # fmt: skip
    if draw(st.booleans()):
        raw["hpas"] = [{"namespace": NS, "name": "cart", "target": "Deployment/cart", "min_replicas": 1, "max_replicas": 10,
                        "current_replicas": 2, "desired_replicas": 2, "observed_at": OBSERVED}]  # fmt: skip
    if draw(st.booleans()):
        raw["pvcs"] = [{"namespace": NS, "name": "data-cart-0", "phase": "Bound", "volume": "pv-1", "observed_at": OBSERVED}]
        raw["pvs"] = [{"name": "pv-1", "phase": "Bound", "claim": f"{NS}/data-cart-0", "observed_at": OBSERVED}]
    if draw(st.booleans()):
        raw["ingresses"] = [{"namespace": NS, "name": "web", "observed_at": OBSERVED,
                             "paths": [{"host": "shop.example.com", "service": names[-1], "port": 80}]}]  # fmt: skip
    if draw(st.booleans()):
        raw["networkpolicies"] = [{"namespace": NS, "name": "allow", "pod_selector": {}, "policy_types": ["Ingress"],
                                   "ingress": [{"peers": []}], "observed_at": OBSERVED}]  # fmt: skip
    if draw(st.booleans()):
        raw["cronjobs"] = [{"namespace": NS, "name": "report", "schedule": "0 * * * *", "observed_at": OBSERVED}]
        raw["jobs"] = [{"namespace": NS, "name": "report-1", "cronjob": "report", "succeeded": 1, "observed_at": OBSERVED,
                        "conditions": [{"type": "Complete", "status": "True"}]}]  # fmt: skip
    if draw(st.booleans()):
        raw["secrets"] = [{"namespace": NS, "name": "cart-db", "keys": ["password"], "observed_at": OBSERVED}]
        raw["configmaps"] = [{"namespace": NS, "name": "cart-config", "keys": ["MODE"], "observed_at": OBSERVED}]
    return raw


@st.composite
def broken_states(draw: st.DrawFn) -> tuple[dict[str, Any], int]:
    """A healthy state with 1–3 faults of ``CASES`` (and how many): a later fault may undo an
    earlier one (two that rewrite the same pod), so only a single fault is sure to be found."""
    raw = copy.deepcopy(draw(healthy_states()))
    faults = draw(st.lists(st.sampled_from(CASES), min_size=1, max_size=3))
    for _rule, breaks, _blames, _says in faults:
        try:
            breaks(raw)
        except (IndexError, KeyError):
            assume(False)  # this combination removed what the next fault breaks
    return raw, len(faults)


@SETTINGS
@given(healthy_states())
def test_a_healthy_state_yields_no_finding(raw):
    assert analyze(state_from_calls(calls_of(raw))) == []


@SETTINGS
@given(broken_states())
def test_every_finding_rests_on_elements_of_its_state_that_show_what_it_says(broken):
    raw, faults = broken
    state = state_from_calls(calls_of(raw))
    elements = state.by_ref()
    kinds = {rule.id: rule.kind for rule in load_rules()}
    findings = analyze(state)
    assert findings or faults > 1  # every fault of CASES is one a rule finds
    for finding in findings:
        assert all(ref in elements for ref in finding.evidence), finding.evidence
        assert elements[finding.evidence[0]].kind == kinds[finding.rule]
        assert set(finding.stated) <= set(finding.evidence)
        for ref, values in finding.stated.items():
            for value in values:
                assert value in elements[ref].text, (finding.rule, value, elements[ref].text)
    assert [rank_key(f) for f in findings] == sorted(rank_key(f) for f in findings)


@SETTINGS
@given(broken_states())
def test_claims_built_from_findings_pass_the_gatekeeper(broken):
    calls = calls_of(broken[0])
    state = state_from_calls(calls)
    claims = finding_claims(analyze(state), state)
    assume(claims)
    contract = {"answer_version": "executor_evidence_v2", "claims": claims, "hypotheses": [],
                "recommended_actions": [], "missing_info": []}  # fmt: skip
    result = gatekeeper.check(contract, calls)
    assert (result.status, result.failed_rules) == ("pass", []), (result.warnings, result.errors)
    assert all(b.passed for b in result.checked_bindings)
    assert len(result.checked_bindings) == sum(len(c["evidence_bindings"]) for c in claims)
