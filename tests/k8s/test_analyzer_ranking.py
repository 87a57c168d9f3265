"""How findings are ranked (DESIGN §10.6, issue 26): critical before warning, then the earlier onset,
then the larger blast radius — how many other workloads depend on the blamed object."""

from __future__ import annotations

from diagnosis.k8s_analysis import analyze
from tests.k8s.cluster import NS, OBSERVED, cluster, event, healthy, node, pod


def typo(raw, index):
    raw["services"][index]["selector"] = {"app": f"{raw['services'][index]['name']}-v2"}
    raw["endpointslices"][index]["endpoints"] = []


def test_critical_comes_before_an_earlier_warning():
    raw = healthy()
    raw["nodes"][0]["unschedulable"] = True  # warning, observed at 10:30
    raw["hpas"] = [{"namespace": NS, "name": "cart", "target": "Deployment/cart", "max_replicas": 2,
                    "current_replicas": 2, "observed_at": OBSERVED, "conditions": [
                        {"type": "ScalingLimited", "status": "True", "since": "2026-11-28T08:00:00+08:00"}]}]  # fmt: skip
    raw["pods"][0].update(ready="0/1", restarts=3, waiting_reason="CrashLoopBackOff",
                          last_termination={"reason": "OOMKilled", "exit_code": 137, "at": "2026-11-28T10:20:00+08:00"})  # fmt: skip
    assert [f.rule for f in analyze(cluster(raw))][:1] == ["pod_oomkilled"]


def test_the_earlier_onset_comes_first_among_equals():
    raw = healthy()
    for index, at in ((0, "2026-11-28T10:20:00+08:00"), (1, "2026-11-28T10:05:00+08:00")):
        raw["pods"][index].update(ready="0/1", restarts=2, waiting_reason="CrashLoopBackOff",
                                  last_termination={"reason": "OOMKilled", "exit_code": 137, "at": at})  # fmt: skip
    findings = [f for f in analyze(cluster(raw)) if f.rule == "pod_oomkilled"]
    assert [f.blames.name for f in findings] == ["checkout", "cart"]


def test_a_larger_blast_radius_comes_first_when_onset_and_severity_agree():
    raw = healthy("cart", "checkout", "frontend", "payment")
    typo(raw, 0)
    typo(raw, 1)
    raw["ingresses"] = [{"namespace": NS, "name": "web", "observed_at": OBSERVED,
                         "paths": [{"host": "shop.example.com", "service": "frontend", "port": 80}]}]  # fmt: skip
    plain = [f for f in analyze(cluster(raw)) if f.rule == "service_selector_matches_no_pod"]
    assert [(f.blames.name, f.blast_radius) for f in plain] == [("cart", 0), ("checkout", 0)]
    called = analyze(cluster(raw), callers={"checkout": ["frontend", "payment"], "cart": ["frontend"]})
    ranked = [(f.blames.name, f.blast_radius) for f in called if f.rule == "service_selector_matches_no_pod"]
    assert ranked == [("checkout", 2), ("cart", 1)]


def test_a_nodes_blast_radius_counts_the_workloads_of_its_pods():
    raw = healthy("cart", "checkout")
    raw["nodes"].append(node("node-b"))
    raw["pods"].append(pod("cart", 1))
    raw["nodes"][0].update(ready="False", conditions=[{"type": "Ready", "status": "False", "reason": "KubeletNotReady",
                           "since": "2026-11-28T10:01:00+08:00"}])  # fmt: skip
    raw["events"].append(event("Node/node-a", "NodeNotReady", "Node node-a status is now: NodeNotReady"))
    (finding,) = [f for f in analyze(cluster(raw)) if f.rule == "node_not_ready"]
    assert finding.blast_radius == 2  # cart (two pods) and checkout
