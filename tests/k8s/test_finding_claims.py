"""Findings as claims against what query_k8s really stored (DESIGN §10.6): the boutique namespace
read kind by kind through the tool, analysed, its findings turned into claims — and those claims
pass ``gatekeeper.check`` against the run's invocations, every binding on the element it names."""

from __future__ import annotations

import pytest

import gatekeeper
from contracts.pointer import resolve_pointer
from contracts.tools import K8S_KINDS
from diagnosis.k8s_analysis import analyze, state_from_calls
from diagnosis.k8s_analysis.claims import excerpt_for, finding_claims
from diagnosis.models import ToolInvocation
from diagnosis.tools.service import tool_invocation_execute, tool_invocation_facts

pytestmark = pytest.mark.django_db


@pytest.fixture
def survey(run, boutique):
    """Every kind of the boutique namespace read once, as the survey of phase 2 will."""
    for kind in K8S_KINDS:
        arguments = {"kind": kind, "namespace": "boutique", "limit": 50}
        assert tool_invocation_execute(run=run, round_no=1, tool_name="query_k8s", arguments=arguments).status in (
            ToolInvocation.Status.SUCCESS, ToolInvocation.Status.NO_HIT)  # fmt: skip
    return list(ToolInvocation.objects.filter(run=run).order_by("seq"))


def test_the_boutique_faults_are_found_and_ranked(survey):
    findings = analyze(state_from_calls(survey))
    critical = [(f.rule, f.blames.kind, f.blames.name) for f in findings if f.severity == "critical"]
    assert critical == [
        ("replicaset_missing_serviceaccount", "Deployment", "emailservice"),  # since 09:58:02
        ("pod_image_not_found", "Deployment", "adservice"),  # 10:01:33, the first failed pull
        ("pod_unschedulable_insufficient_resources", "Deployment", "loadgenerator"),  # 10:10:05
        ("node_not_ready", "Node", "gke-boutique-pool-1-b71e"),  # 10:12:40
        ("pod_oomkilled", "Deployment", "cartservice"),  # 10:24:51
        ("pvc_volume_bound_elsewhere", "PersistentVolume", "pv-postgres-data"),  # observed 10:30
        ("service_selector_matches_no_pod", "Service", "paymentservice"),
    ]
    assert all(f.severity == "warning" for f in findings[len(critical):])


def test_claims_from_findings_pass_the_gatekeeper_against_the_stored_invocations(run, survey):
    state = state_from_calls(survey)
    claims = finding_claims(analyze(state), state)
    contract = {"answer_version": "executor_evidence_v2", "claims": claims, "hypotheses": [],
                "recommended_actions": [], "missing_info": []}  # fmt: skip
    result = gatekeeper.check(contract, tool_invocation_facts(run))
    assert (result.status, result.severity, result.failed_rules) == ("pass", "none", [])
    assert len(result.checked_bindings) == sum(len(c["evidence_bindings"]) for c in claims) > len(claims)
    outputs = {inv.invocation_id: inv.output for inv in survey}
    for claim in claims:
        for binding in claim["evidence_bindings"]:
            element = resolve_pointer(outputs[binding["source_invocation_id"]], binding["raw_path"])
            assert element  # bound to the exact element of the stored output


def test_a_claim_states_its_finding_and_quotes_what_it_rests_on(survey):
    state = state_from_calls(survey)
    findings = analyze(state)
    claims = finding_claims(findings, state)
    by_rule = {f.rule: c for f, c in zip(findings, claims, strict=True)}
    sa = by_rule["replicaset_missing_serviceaccount"]
    assert sa["claim_text"].startswith("ReplicaSet emailservice-7c9d8b5f6（Deployment emailservice）无法创建 Pod")
    (binding,) = sa["evidence_bindings"]
    assert binding["tool_name"] == "query_k8s" and binding["raw_path"].startswith("/replicasets/")
    assert 'serviceaccount "emailservice" not found' in binding["evidence_excerpt"]
    pvc = by_rule["pvc_volume_bound_elsewhere"]
    assert [b["raw_path"].split("/")[1] for b in pvc["evidence_bindings"]] == ["pvcs", "pvs"]
    assert "绑定到 staging/data-postgres-0" in pvc["evidence_bindings"][1]["evidence_excerpt"]


def test_an_excerpt_is_whole_clauses_of_the_text_in_order():
    text = "Node n1：Ready=False（KubeletNotReady，自 2026-11-28 10:01:00），Pod 3 个，观测于 2026-11-28 10:30:00，Ready：PLEG is not healthy"
    assert excerpt_for(text, ["PLEG is not healthy"]) == "Node n1 … Ready：PLEG is not healthy"
    assert excerpt_for(text, ["KubeletNotReady"]) == "Node n1：Ready=False（KubeletNotReady，自 2026-11-28 10:01:00）"
    assert excerpt_for(text, ["nowhere"]) == "Node n1"
    assert excerpt_for(text, ["3 个", "观测于"]) == "Node n1 … Pod 3 个，观测于 2026-11-28 10:30:00"
