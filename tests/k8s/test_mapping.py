"""The pure mapping from Kubernetes API JSON to the §10.2 shape, on the recorded namespace and on
the corner cases of the API (events.k8s.io series, init containers, absent status fields)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contracts.k8s import K8S_KIND_MODELS, service_from_pod_name
from diagnosis.evidence.bundle import K8sState
from diagnosis.evidence.k8s_objects import deployment_of_replicaset, service_of_pod
from diagnosis.tools.backends.kube_mapping import (
    K8S_MAPPERS,
    MappingError,
    deployment_from_api,
    event_from_api,
    items_of,
    pod_from_api,
)
from tests.k8s.state import K8S_STATE, recording

OBSERVED = datetime(2026, 11, 28, 2, 30, tzinfo=UTC)


def mapped_state() -> K8sState:
    return K8sState(
        pods=[pod_from_api(i, observed_at=OBSERVED) for i in items_of(recording("pods"), "pods")],
        events=[event_from_api(i) for i in items_of(recording("events"), "events")],
        deployments=[deployment_from_api(i, observed_at=OBSERVED) for i in items_of(recording("deployments"), "deployments")],
        **{kind: [K8S_MAPPERS[kind](i, observed_at=OBSERVED) for i in items_of(recording(kind), kind)]
           for kind in K8S_KIND_MODELS},
    )  # fmt: skip


def test_the_recorded_namespace_maps_to_the_hand_written_state():
    """Recordings and bundle were written independently: the mapping must agree field by field."""
    expected = K8sState.model_validate(K8S_STATE)
    got = mapped_state()
    by_name = {p.name: p for p in got.pods}
    for pod in expected.pods:
        assert by_name[pod.name] == pod
    assert {(e.object, e.reason): e for e in got.events} == {
        (e.object, e.reason): e.model_copy(update={"namespace": "boutique"}) for e in expected.events
    }
    assert {d.name: d for d in got.deployments} == {d.name: d for d in expected.deployments}


@pytest.mark.parametrize("kind", list(K8S_KIND_MODELS))
def test_each_recorded_kind_maps_to_the_hand_written_state(kind):
    expected, got = K8sState.model_validate(K8S_STATE), mapped_state()
    assert getattr(got, kind), kind  # the recording has items of the kind
    assert getattr(got, kind) == getattr(expected, kind)


def test_a_pod_keeps_what_the_analyzers_read():
    pods = {p.service: p for p in mapped_state().pods}
    ad = pods["adservice"]
    assert (ad.owner, ad.service_account, ad.labels["app"]) == ("ReplicaSet/adservice-6c9f7b8d5", "adservice", "adservice")
    assert ad.waiting_message.startswith("Back-off pulling image")
    assert [(c.type, c.status) for c in ad.conditions] == [("Ready", "False"), ("ContainersReady", "False")]
    assert ad.containers[0].requests == {"cpu": "200m", "memory": "64Mi"}
    (scheduled,) = pods["loadgenerator"].conditions
    assert (scheduled.type, scheduled.reason) == ("PodScheduled", "Unschedulable")
    assert "Insufficient cpu" in scheduled.message


def test_a_pod_names_the_secrets_configmaps_and_claims_it_references_never_their_values():
    item = {
        "metadata": {"name": "api-7f9c8d6b5-abcde", "namespace": "shop",
                     "ownerReferences": [{"kind": "ReplicaSet", "name": "api-7f9c8d6b5", "controller": True}]},
        "spec": {
            "containers": [{"name": "api", "image": "shop/api:2", "ports": [{"containerPort": 8080, "name": "http"}],
                            "env": [{"name": "DB_PASSWORD", "valueFrom": {"secretKeyRef": {"name": "db-auth", "key": "pw"}}},
                                    {"name": "MODE", "value": "plain-env-value-77"}],
                            "envFrom": [{"configMapRef": {"name": "api-config"}}]}],
            "volumes": [{"name": "data", "persistentVolumeClaim": {"claimName": "api-data"}},
                        {"name": "tls", "secret": {"secretName": "api-tls"}}],
            "imagePullSecrets": [{"name": "registry-pull"}],
            "nodeSelector": {"disktype": "ssd"},
        },
        "status": {"phase": "Pending", "containerStatuses": [{"name": "api", "state": {"waiting": {
            "reason": "CreateContainerConfigError", "message": 'secret "db-auth" not found'}}}]},
    }  # fmt: skip
    pod = pod_from_api(item, observed_at=OBSERVED)
    assert (pod.secrets, pod.configmaps, pod.claims, pod.image_pull_secrets) == (
        ["db-auth", "api-tls"], ["api-config"], ["api-data"], ["registry-pull"])
    assert (pod.containers[0].ports, pod.node_selector, pod.waiting_message) == (
        [8080], {"disktype": "ssd"}, 'secret "db-auth" not found')
    assert "plain-env-value-77" not in pod.model_dump_json()  # env values are not kept either


def test_an_image_pull_backoff_pod_has_its_waiting_reason_and_no_restarts():
    pod = next(p for p in mapped_state().pods if p.service == "adservice")
    assert (pod.phase, pod.ready, pod.restarts, pod.waiting_reason) == ("Pending", "0/1", 0, "ImagePullBackOff")
    assert pod.last_termination is None


def test_an_oomkilled_container_gives_reason_exit_code_and_finish_time():
    pod = next(p for p in mapped_state().pods if p.service == "cartservice")
    assert pod.last_termination is not None
    assert (pod.last_termination.reason, pod.last_termination.exit_code) == ("OOMKilled", 137)
    assert pod.last_termination.at == datetime(2026, 11, 28, 2, 24, 51, tzinfo=UTC)
    assert (pod.restarts, pod.waiting_reason) == (5, "CrashLoopBackOff")


def test_an_unscheduled_pod_has_no_node_and_counts_its_declared_containers():
    pod = next(p for p in mapped_state().pods if p.service == "loadgenerator")
    assert (pod.phase, pod.ready, pod.node) == ("Pending", "0/1", None)


def test_an_events_k8s_io_event_takes_count_and_times_from_series_and_event_time():
    event = next(e for e in mapped_state().events if e.reason == "FailedScheduling")
    assert event.count == 9
    assert event.first_seen == datetime(2026, 11, 28, 2, 10, 5, 412790, tzinfo=UTC)
    assert event.last_seen == datetime(2026, 11, 28, 2, 28, 40, 118843, tzinfo=UTC)
    assert event.object == "Pod/loadgenerator-6f7b9d8c4-t5r8v"


def test_a_deployment_carries_revision_change_cause_image_and_conditions():
    deployment = next(d for d in mapped_state().deployments if d.name == "adservice")
    assert (deployment.revision, deployment.ready, deployment.available) == (7, 0, 0)
    assert deployment.image.endswith("/adservice:v0.10.2")
    assert deployment.change_cause.startswith("kubectl set image deployment/adservice")
    assert deployment.changed_at == datetime(2026, 11, 28, 2, 1, 30, tzinfo=UTC)
    assert [(c.type, c.status, c.reason) for c in deployment.conditions] == [
        ("Available", "False", "MinimumReplicasUnavailable"),
        ("Progressing", "True", "ReplicaSetUpdated"),
    ]


def test_init_container_waiting_and_restarts_count():
    item = {
        "metadata": {"name": "api-7f9c8d6b5-abcde", "namespace": "shop", "labels": {"app": "api"}},
        "spec": {"containers": [{"name": "a"}, {"name": "b"}]},
        "status": {
            "phase": "Pending",
            "initContainerStatuses": [
                {"name": "migrate", "ready": False, "restartCount": 3, "state": {"waiting": {"reason": "CrashLoopBackOff"}},
                 "lastState": {"terminated": {"reason": "Error", "exitCode": 1, "finishedAt": "2026-11-28T02:00:00Z"}}}
            ],
        },
    }
    pod = pod_from_api(item, observed_at=OBSERVED)
    assert (pod.ready, pod.restarts, pod.waiting_reason, pod.service) == ("0/2", 3, "CrashLoopBackOff", "api")
    assert pod.last_termination is not None and pod.last_termination.exit_code == 1


def test_absent_replica_counts_are_zero_and_absent_spec_replicas_is_one():
    item = {"metadata": {"name": "web", "namespace": "shop", "creationTimestamp": "2026-11-28T01:00:00Z"},
            "spec": {"template": {"spec": {"containers": [{"image": "web:1"}]}}}, "status": {}}
    deployment = deployment_from_api(item, observed_at=OBSERVED)
    assert (deployment.replicas, deployment.ready, deployment.available, deployment.revision) == (1, 0, 0, None)
    assert deployment.changed_at == datetime(2026, 11, 28, 1, 0, tzinfo=UTC)


def test_an_object_without_a_name_or_a_time_is_a_mapping_error():
    with pytest.raises(MappingError, match="metadata.name"):
        pod_from_api({"metadata": {}}, observed_at=OBSERVED)
    with pytest.raises(MappingError, match="no time"):
        event_from_api({"metadata": {"name": "e"}, "reason": "X"})
    with pytest.raises(MappingError, match="items"):
        items_of({"kind": "Status", "message": "forbidden"}, "pods")


def test_service_of_pod_prefers_the_owner_then_the_app_label():
    owners = [{"kind": "ReplicaSet", "name": "adservice-6c9f7b8d5"}]
    assert service_of_pod("adservice-6c9f7b8d5-q7m2x", owners=owners, labels={"pod-template-hash": "6c9f7b8d5"}) == "adservice"
    assert service_of_pod("redis-cart-0", owners=[{"kind": "StatefulSet", "name": "redis-cart"}]) == "redis-cart"
    assert service_of_pod("debug-shell", labels={"app": "toolbox"}) == "toolbox"
    assert service_of_pod("debug-shell") == "debug-shell"


_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8)
_SAFE = "bcdfghjklmnpqrstvwxz2456789"


@given(
    words=st.lists(_WORD, min_size=1, max_size=3),
    template_hash=st.text(alphabet=_SAFE, min_size=6, max_size=10),
    suffix=st.text(alphabet=_SAFE, min_size=5, max_size=5),
)
def test_a_deployment_pod_name_strips_back_to_the_deployment(words, template_hash, suffix):
    deployment = "-".join(words)
    replicaset = f"{deployment}-{template_hash}"
    assert service_from_pod_name(f"{replicaset}-{suffix}") == deployment
    assert deployment_of_replicaset(replicaset, template_hash) == deployment
