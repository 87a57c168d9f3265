"""A recording reaches the evidence through the product's own mapping: the loader asks the mapping
for every kind it can map (and the bundle takes), so a kind the mapping learns is loaded with no
change to the evaluation. Pure."""

from __future__ import annotations

from contracts.k8s import K8sPod
from diagnosis.evidence import bundle as evidence_bundle
from diagnosis.tools.backends import kube_mapping
from evaluation.cluster import bundle as cluster_bundle
from evaluation.cluster.generate import recording_get

RECORDING = recording_get("hotel-node-not-ready")


def test_every_kind_of_the_recording_is_mapped_by_the_products_mapping():
    section = cluster_bundle.k8s_section(RECORDING)
    assert set(section) == set(RECORDING.objects)
    pods = {p["name"]: p for p in section["pods"]}
    assert len(pods) == len(RECORDING.items("pods"))
    pending = [p for p in pods.values() if p["phase"] == "Pending"]
    assert pending and all(p["node"] is None and p["observed_at"] == RECORDING.observed_at for p in pending)
    assert {e["reason"] for e in section["events"]} >= {"NodeNotReady", "TaintManagerEviction", "FailedScheduling"}


def test_a_kind_the_mapping_and_the_bundle_learn_is_loaded_without_a_change_here(monkeypatch):
    def as_pod(item, *, observed_at):
        return K8sPod(namespace="-", name=item["metadata"]["name"], phase="Lease", ready="0/0", observed_at=observed_at)

    leases = {"kind": "LeaseList", "items": [{"metadata": {"name": "kube-scheduler"}}, {"metadata": {"name": "kube-controller-manager"}}]}
    monkeypatch.setitem(RECORDING.objects, "leases", leases)
    monkeypatch.setitem(kube_mapping.API_MAPPERS, "leases", as_pod)
    monkeypatch.setattr(cluster_bundle, "K8S_SECTION_MODELS", {**evidence_bundle.K8S_SECTION_MODELS, "leases": K8sPod})
    section = cluster_bundle.k8s_section(RECORDING)
    assert [n["name"] for n in section["leases"]] == ["kube-scheduler", "kube-controller-manager"]


def test_a_kind_the_bundle_does_not_take_stays_in_the_recording_only(monkeypatch):
    monkeypatch.setitem(kube_mapping.API_MAPPERS, "leases", lambda item, *, observed_at: None)
    assert "leases" not in cluster_bundle.k8s_section(RECORDING)
    assert "leases" not in cluster_bundle.mapped_kinds()


def test_the_bundle_carries_the_logs_the_services_and_the_reference_time():
    bundle = cluster_bundle.recording_bundle(RECORDING)
    assert bundle["name"] == "cluster-hotel-node-not-ready" and bundle["reference_time"] == RECORDING.reference_time
    assert bundle["logs"] == [dict(log) for log in RECORDING.logs]
    assert {s["name"] for s in bundle["services"]} >= {"frontend", "mongodb-geo", "coredns", "ingress-nginx-controller"}
