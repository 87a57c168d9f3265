"""The bundle's ``k8s`` section (DESIGN §10.2): loaded into the K8s tables, idempotent, rejected
whole with the offending element named."""

from __future__ import annotations

import copy

import pytest

from diagnosis.evidence.bundle import BundleError
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import K8sDeployment, K8sEvent, K8sPod
from tests.evidence.builders import table_counts
from tests.k8s.state import boutique_bundle

pytestmark = pytest.mark.django_db


def test_the_k8s_section_loads_every_reading_and_reports_counts():
    report = evidence_bundle_load(data=boutique_bundle())
    counts = report.counts
    assert (counts.k8s_pods.created, counts.k8s_events.created, counts.k8s_deployments.created) == (5, 7, 6)
    cart = K8sPod.objects.get(name="cartservice-7d4b9c6f58-k2p9z")
    assert (cart.termination_reason, cart.termination_exit_code, cart.restarts) == ("OOMKilled", 137, 5)
    assert K8sDeployment.objects.get(name="adservice").revision == 7


def test_loading_the_k8s_section_twice_adds_nothing():
    evidence_bundle_load(data=boutique_bundle())
    before = table_counts()
    report = evidence_bundle_load(data=boutique_bundle())
    assert table_counts() == before
    assert report.counts.k8s_pods.skipped == 5 and report.counts.written == 0


def test_events_take_the_namespace_of_the_object_they_name():
    bundle = boutique_bundle()
    bundle["k8s"]["deployments"].append(
        dict(bundle["k8s"]["deployments"][0], namespace="ads", name="adserver", service="adserver")
    )
    bundle["k8s"]["events"].append(
        {"type": "Warning", "reason": "FailedCreate", "object": "ReplicaSet/adserver-6c9f7b8d5", "message": "x",
         "count": 1, "first_seen": "2026-11-28T10:00:00+08:00", "last_seen": "2026-11-28T10:00:00+08:00"}
    )
    evidence_bundle_load(data=bundle)
    assert K8sEvent.objects.get(object="ReplicaSet/adserver-6c9f7b8d5").namespace == "ads"
    assert K8sEvent.objects.get(object="ReplicaSet/emailservice-7c9d8b5f6").namespace == "boutique"


def test_a_pod_without_service_gets_the_deployment_name_from_its_own_name():
    bundle = boutique_bundle()
    del bundle["k8s"]["pods"][0]["service"]
    evidence_bundle_load(data=bundle)
    assert K8sPod.objects.get(name="adservice-6c9f7b8d5-q7m2x").service == "adservice"


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda b: b["k8s"]["pods"][1].update(ready="zero"), "k8s.pods[1].ready: String should match pattern"),
        (lambda b: b["k8s"]["pods"][0].update(observed_at="2026-11-28T10:30:00"), "k8s.pods[0].observed_at: timestamp"),
        (lambda b: b["k8s"]["events"][2].update(last_seen="2026-11-28T09:00:00+08:00"), "k8s.events[2].last_seen: is before first_seen"),
        (lambda b: b["k8s"]["deployments"][0].update(replicaz=1), "k8s.deployments[0].replicaz: unknown key (did you mean 'replicas'?)"),
        (lambda b: b.update(k8s=[]), "k8s: must be an object, not a list"),
        (lambda b: b["k8s"].update(pods={}), "k8s.pods: must be a list, not an object"),
    ],
)
def test_a_bad_k8s_element_rejects_the_whole_bundle_naming_it(mutate, message):
    bundle = copy.deepcopy(boutique_bundle())
    mutate(bundle)
    before = table_counts()
    with pytest.raises(BundleError) as caught:
        evidence_bundle_load(data=bundle)
    assert message in caught.value.message, caught.value.message
    assert table_counts() == before


def test_a_reading_without_the_new_fields_keeps_the_identity_it_had_before_them():
    """Rows loaded before DESIGN §10.6 added fields to pods and deployments are still recognised:
    a field at its default is not part of the fingerprint."""
    from contracts.k8s import K8sPod as PodIn
    from diagnosis.evidence.loader import _digest, _instants, k8s_fingerprint

    before = ("namespace", "name", "service", "phase", "ready", "restarts", "last_termination", "waiting_reason",
              "node", "observed_at")  # fmt: skip
    raw = {k: v for k, v in boutique_bundle()["k8s"]["pods"][1].items() if k in before}
    pod = PodIn.model_validate(raw)
    assert k8s_fingerprint("pod", pod) == _digest("k8s-pod", _instants(pod.model_dump(mode="python", include=set(before))))
    detailed = PodIn.model_validate(boutique_bundle()["k8s"]["pods"][1])
    assert k8s_fingerprint("pod", detailed) != k8s_fingerprint("pod", pod)  # a set field is part of it


def test_the_other_kinds_load_once_and_read_back_as_they_were():
    report = evidence_bundle_load(data=boutique_bundle())
    again = evidence_bundle_load(data=boutique_bundle())
    assert report.counts.k8s_objects.created == again.counts.k8s_objects.skipped > 0
    assert again.counts.k8s_objects.created == 0
    pod = K8sPod.objects.get(name="loadgenerator-6f7b9d8c4-t5r8v")
    assert pod.details["conditions"][0]["reason"] == "Unschedulable"
