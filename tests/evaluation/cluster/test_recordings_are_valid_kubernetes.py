"""Every recording's objects are what ``kubectl get <kind> -A -o json`` returns from a real API server:
List wrappers, items with their apiVersion and kind, names and namespaces where they belong, and
references that hold together — pods on nodes that exist, owned by controllers that exist, Services'
EndpointSlices pointing at pods that exist with their IPs, volumes bound to the claims that name them.
A recording that is wrong about itself would grade answers against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter

import pytest

from diagnosis.evidence.bundle import bundle_parse
from evaluation.cluster.bundle import mapped_kinds, recording_bundle
from evaluation.cluster.generate import recordings
from evaluation.cluster.spec import API_KINDS, CLUSTER_SCOPED, KINDS

RECORDINGS = recordings()
EACH = pytest.mark.parametrize("recording", RECORDINGS, ids=[r.name for r in RECORDINGS])
RFC3339 = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?Z$")
DNS_LABEL = re.compile(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?$")
DNS_SUBDOMAIN = re.compile(r"^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$")


def at(value: str) -> dt.datetime:
    return dt.datetime.fromisoformat(value.replace("Z", "+00:00"))


def index(recording, kind):
    return {(i["metadata"].get("namespace"), i["metadata"]["name"]): i for i in recording.items(kind)}


@EACH
def test_every_kind_is_a_kubectl_list_of_items_with_their_api_version_and_kind(recording):
    assert set(recording.objects) == set(KINDS)
    for kind, listing in recording.objects.items():
        assert (listing["apiVersion"], listing["kind"], listing["metadata"]) == ("v1", "List", {"resourceVersion": ""})
        api_version, item_kind = API_KINDS[kind]
        for item in listing["items"]:
            meta = item["metadata"]
            assert (item["apiVersion"], item["kind"]) == (api_version, item_kind)
            assert DNS_SUBDOMAIN.match(meta["name"]) and len(meta["name"]) <= 253, meta["name"]
            assert ("namespace" in meta) == (kind not in CLUSTER_SCOPED), (kind, meta["name"])
            assert RFC3339.match(meta["creationTimestamp"]) and meta["resourceVersion"].isdigit() and meta["uid"]
        keys = [(i["metadata"].get("namespace"), i["metadata"]["name"]) for i in listing["items"]]
        assert keys == sorted(keys, key=lambda k: (k[0] or "", k[1])), f"{kind} not in the API server's order"
        assert len(set(keys)) == len(keys), f"duplicate {kind}"


@EACH
def test_uids_are_unique_across_the_cluster(recording):
    uids = Counter(i["metadata"]["uid"] for kind in KINDS for i in recording.items(kind))
    assert [uid for uid, n in uids.items() if n > 1] == []


@EACH
def test_pods_run_on_nodes_that_exist_and_belong_to_controllers_that_exist(recording):
    nodes = {i["metadata"]["name"] for i in recording.items("nodes")}
    owners = {kind: index(recording, kind) for kind in ("replicasets", "statefulsets", "daemonsets", "jobs")}
    live_ips = Counter()
    for pod in recording.items("pods"):
        meta, spec, status = pod["metadata"], pod["spec"], pod["status"]
        assert DNS_LABEL.match(meta["name"]) or DNS_SUBDOMAIN.match(meta["name"])
        if "nodeName" in spec:
            assert spec["nodeName"] in nodes
            assert status["hostIP"] in {a["address"] for n in recording.items("nodes") if n["metadata"]["name"] == spec["nodeName"]
                                        for a in n["status"]["addresses"]}
        else:
            assert status["phase"] == "Pending"
            [scheduled] = [c for c in status["conditions"] if c["type"] == "PodScheduled"]
            assert scheduled["status"] == "False" and scheduled["reason"] == "Unschedulable" and scheduled["message"]
        [ref] = meta["ownerReferences"]
        if ref["kind"] == "Node":
            assert ref["name"] in nodes
        else:
            kind = {"ReplicaSet": "replicasets", "StatefulSet": "statefulsets", "DaemonSet": "daemonsets", "Job": "jobs"}[ref["kind"]]
            owner = owners[kind][(meta["namespace"], ref["name"])]
            assert owner["metadata"]["uid"] == ref["uid"]
            selector = owner["spec"]["selector"]["matchLabels"]
            assert all(meta["labels"].get(k) == v for k, v in selector.items()), (meta["name"], selector)
        assert [c["name"] for c in spec["containers"]] == [s["name"] for s in status.get("containerStatuses", [])] or \
            "containerStatuses" not in status
        if status.get("podIP") and status["phase"] not in ("Succeeded", "Failed") and not spec.get("hostNetwork"):
            live_ips[status["podIP"]] += 1
    host_network = {a["address"] for n in recording.items("nodes") for a in n["status"]["addresses"]}
    assert [ip for ip, n in live_ips.items() if n > 1 and ip not in host_network] == []


@EACH
def test_replicasets_belong_to_deployments_and_carry_their_template_hash(recording):
    deployments = index(recording, "deployments")
    for rs in recording.items("replicasets"):
        meta = rs["metadata"]
        [ref] = meta["ownerReferences"]
        deployment = deployments[(meta["namespace"], ref["name"])]
        assert ref["uid"] == deployment["metadata"]["uid"]
        template_hash = meta["labels"]["pod-template-hash"]
        assert meta["name"] == f"{ref['name']}-{template_hash}"
        assert rs["spec"]["template"]["metadata"]["labels"]["pod-template-hash"] == template_hash
    for deployment in recording.items("deployments"):
        selector = deployment["spec"]["selector"]["matchLabels"]
        labels = deployment["spec"]["template"]["metadata"]["labels"]
        assert all(labels.get(k) == v for k, v in selector.items())
        types = [c["type"] for c in deployment["status"]["conditions"]]
        assert types[:2] == ["Available", "Progressing"]


@EACH
def test_endpointslices_point_at_pods_that_exist_with_their_ip_and_node(recording):
    pods = index(recording, "pods")
    services = index(recording, "services")
    for eps in recording.items("endpointslices"):
        meta = eps["metadata"]
        service = services[(meta["namespace"], meta["labels"]["kubernetes.io/service-name"])]
        [ref] = meta["ownerReferences"]
        assert (ref["kind"], ref["uid"]) == ("Service", service["metadata"]["uid"])
        assert eps["addressType"] == "IPv4"
        selector = service["spec"]["selector"]
        for endpoint in eps["endpoints"] or []:
            target = endpoint["targetRef"]
            pod = pods[(target["namespace"], target["name"])]
            assert target["uid"] == pod["metadata"]["uid"]
            assert endpoint["addresses"] == [pod["status"]["podIP"]] and endpoint["nodeName"] == pod["spec"]["nodeName"]
            assert all(pod["metadata"]["labels"].get(k) == v for k, v in selector.items())
            ready = next(c["status"] for c in pod["status"]["conditions"] if c["type"] == "Ready") == "True"
            assert endpoint["conditions"]["ready"] == ready


@EACH
def test_volumes_and_claims_name_each_other(recording):
    claims = index(recording, "pvcs")
    volumes = index(recording, "pvs")
    nodes = {i["metadata"]["name"] for i in recording.items("nodes")}
    for pv in recording.items("pvs"):
        [term] = pv["spec"]["nodeAffinity"]["required"]["nodeSelectorTerms"]
        assert term["matchExpressions"][0]["values"][0] in nodes
        phase = pv["status"]["phase"]
        if phase == "Available":
            assert "claimRef" not in pv["spec"]
            continue
        ref = pv["spec"]["claimRef"]
        claim = claims[(ref["namespace"], ref["name"])]
        if phase == "Bound":
            assert ref["uid"] == claim["metadata"]["uid"] and claim["spec"]["volumeName"] == pv["metadata"]["name"]
        else:  # Released: the claim it names was deleted; a claim of that name now is another object
            assert phase == "Released" and ref["uid"] != claim["metadata"]["uid"]
    for pvc in recording.items("pvcs"):
        if pvc["status"]["phase"] == "Bound":
            assert volumes[(None, pvc["spec"]["volumeName"])]["status"]["phase"] == "Bound"


@EACH
def test_secrets_and_configmaps_carry_names_and_keys_but_no_values(recording):
    for kind in ("secrets", "configmaps"):
        for item in recording.items(kind):
            assert item["data"] and all(value == "" for value in item["data"].values())


@EACH
def test_events_are_core_v1_events_with_their_times(recording):
    for event in recording.items("events"):
        involved = event["involvedObject"]
        assert involved["kind"] and involved["name"] and event["reason"] and event["type"] in ("Normal", "Warning")
        if event["eventTime"] is None:  # a legacy recorder's event
            assert RFC3339.match(event["firstTimestamp"]) and RFC3339.match(event["lastTimestamp"])
            assert event["firstTimestamp"] <= event["lastTimestamp"] and event["count"] >= 1
            assert event["source"]["component"]
        else:  # events.k8s.io (the scheduler's), as core/v1 shows it
            assert event["reportingComponent"] == "default-scheduler" and event["firstTimestamp"] is None
            assert RFC3339.match(event["eventTime"])
            if "series" in event:
                assert event["series"]["count"] >= 2 and event["series"]["lastObservedTime"] >= event["eventTime"]


@EACH
def test_objects_are_read_at_the_reference_time_and_events_were_updated_within_the_hour(recording):
    observed = recording.observed_at
    assert observed == recording.reference_time
    now = dt.datetime.fromisoformat(observed)
    for event in recording.items("events"):
        first = event["firstTimestamp"] or event["eventTime"]
        last = (event.get("series") or {}).get("lastObservedTime") or event["lastTimestamp"] or event["eventTime"]
        assert now - dt.timedelta(hours=1) <= at(last) <= now and at(first) <= at(last), event["message"]
    for log in recording.logs:
        written = dt.datetime.fromisoformat(log["timestamp"])
        assert written.utcoffset() is not None and written <= now


@EACH
def test_the_bundle_of_a_recording_validates_with_the_kinds_the_mapping_knows(recording):
    bundle = recording_bundle(recording)
    parsed = bundle_parse(bundle)
    assert set(bundle["k8s"]) == set(mapped_kinds()) & set(recording.objects)
    assert {"pods", "events", "deployments", "nodes"} <= set(bundle["k8s"])
    assert len(parsed.k8s.pods) == len(recording.items("pods"))
    assert len(parsed.k8s.events) == len(recording.items("events"))
    assert len(parsed.logs) == len(recording.logs) > 500
