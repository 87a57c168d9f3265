"""Each analyzer rule on the fault it names (DESIGN §10.6, issue 26): a healthy namespace broken in
one place gives that rule's finding, blaming the object the fault is in, with its evidence."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from diagnosis.k8s_analysis import analyze
from tests.k8s.cluster import NS, OBSERVED, cluster, endpoints, event, healthy, node, pod

CART_POD = pod("cart")["name"]
SCHEDULING = {
    "affinity": "0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes "
                "are available: 3 Preemption is not helpful for scheduling.",
    "taint": "0/3 nodes are available: 3 node(s) had untolerated taint {dedicated: gpu}.",
    "cordon": "0/1 nodes are available: 1 node(s) were unschedulable.",
    "anti": "0/3 nodes are available: 3 node(s) didn't match pod anti-affinity rules.",
    "memory": "0/3 nodes are available: 3 Insufficient memory.",
    "other": "0/3 nodes are available: 3 node(s) had volume node affinity conflict... something new.",
}  # fmt: skip


def pending(raw: dict[str, Any], why: str) -> None:
    raw["pods"][0].update(phase="Pending", ready="0/1", node=None, conditions=[
        {"type": "PodScheduled", "status": "False", "reason": "Unschedulable", "message": SCHEDULING[why],
         "since": "2026-11-28T10:05:00+08:00"}])  # fmt: skip
    raw["events"].append(event(f"Pod/{CART_POD}", "FailedScheduling", SCHEDULING[why]))


def waiting(raw: dict[str, Any], reason: str, message: str, *events: dict[str, Any]) -> None:
    raw["pods"][0].update(phase="Pending", ready="0/1", waiting_reason=reason, waiting_message=message)
    raw["events"].extend(events)


def pull_failure(message: str) -> Callable[[dict[str, Any]], None]:
    image = "registry.example.com/shop/cart:1.0"
    return lambda raw: waiting(raw, "ImagePullBackOff", f'Back-off pulling image "{image}"',
                               event(f"Pod/{CART_POD}", "Failed", f'Failed to pull image "{image}": {message}'))  # fmt: skip


def replica_failure(message: str) -> Callable[[dict[str, Any]], None]:
    def apply(raw: dict[str, Any]) -> None:
        raw["pods"].pop(0)
        raw["deployments"][0].update(ready=0, available=0)
        raw["replicasets"][0].update(ready=0, available=0, conditions=[
            {"type": "ReplicaFailure", "status": "True", "reason": "FailedCreate", "message": message,
             "since": "2026-11-28T10:02:00+08:00"}])  # fmt: skip
        raw["events"].append(event("ReplicaSet/cart-7f9c8d6b5", "FailedCreate", f"Error creating: {message}"))

    return apply


def oom(raw: dict[str, Any]) -> None:
    raw["pods"][0].update(ready="0/1", restarts=4, waiting_reason="CrashLoopBackOff", last_termination={
        "reason": "OOMKilled", "exit_code": 137, "at": "2026-11-28T10:20:00+08:00"})  # fmt: skip


def crash(raw: dict[str, Any]) -> None:
    raw["pods"][0].update(ready="0/1", restarts=7, waiting_reason="CrashLoopBackOff", last_termination={
        "reason": "Error", "exit_code": 1, "at": "2026-11-28T10:20:00+08:00"})  # fmt: skip


def liveness(raw: dict[str, Any]) -> None:
    crash(raw)
    raw["events"].append(event(f"Pod/{CART_POD}", "Unhealthy", 'Liveness probe failed: Get "http://10.8.0.5:8080/healthz": EOF'))


def pull_secret_missing(raw: dict[str, Any]) -> None:
    pull_failure("failed to authorize: 401 Unauthorized")(raw)
    raw["events"].append(event(f"Pod/{CART_POD}", "FailedToRetrieveImagePullSecret",
                               "Unable to retrieve some image pull secrets (shop-registry); attempting to pull the image may not succeed."))


def not_ready_node(raw: dict[str, Any]) -> None:
    raw["nodes"][0].update(ready="False", conditions=[{"type": "Ready", "status": "False", "reason": "KubeletNotReady",
                           "message": "PLEG is not healthy", "since": "2026-11-28T10:01:00+08:00"}])  # fmt: skip


def disk_pressure(raw: dict[str, Any]) -> None:
    raw["nodes"][0]["conditions"].append({"type": "DiskPressure", "status": "True", "reason": "KubeletHasDiskPressure",
                                          "message": "kubelet has disk pressure", "since": "2026-11-28T10:03:00+08:00"})  # fmt: skip
    raw["pods"].append(pod("cart", 4, phase="Failed", ready="0/1", reason="Evicted",
                           message="The node was low on resource: ephemeral-storage."))  # fmt: skip


def selector_typo(raw: dict[str, Any]) -> None:
    raw["services"][0]["selector"] = {"app": "carts"}
    raw["endpointslices"][0]["endpoints"] = []


def scaled_to_zero(raw: dict[str, Any]) -> None:
    raw["pods"].pop(0)
    raw["deployments"][0].update(replicas=0, ready=0, available=0)
    raw["endpointslices"][0]["endpoints"] = []


def wrong_target_port(raw: dict[str, Any]) -> None:
    raw["services"][0]["ports"][0]["target_port"] = 9999


def pvc_bound_elsewhere(raw: dict[str, Any]) -> None:
    raw["pvcs"] = [{"namespace": NS, "name": "data-db-0", "phase": "Pending", "volume": "pv-db", "storage_class": "manual",
                    "observed_at": OBSERVED}]
    raw["pvs"] = [{"name": "pv-db", "phase": "Bound", "claim": "staging/data-db-0", "storage_class": "manual",
                   "observed_at": OBSERVED}]  # fmt: skip


def hpa_at_max(raw: dict[str, Any]) -> None:
    raw["hpas"] = [{"namespace": NS, "name": "cart", "target": "Deployment/cart", "min_replicas": 1, "max_replicas": 3,
                    "current_replicas": 3, "desired_replicas": 3, "observed_at": OBSERVED,
                    "conditions": [{"type": "ScalingLimited", "status": "True", "reason": "TooManyReplicas",
                                    "message": "the desired replica count is more than the maximum replica count",
                                    "since": "2026-11-28T10:10:00+08:00"}]}]  # fmt: skip


def deny_all(raw: dict[str, Any]) -> None:
    raw["networkpolicies"] = [{"namespace": NS, "name": "lockdown", "pod_selector": {"app": "cart"},
                               "policy_types": ["Ingress"], "ingress": [], "observed_at": OBSERVED}]  # fmt: skip


def only_ghosts(raw: dict[str, Any]) -> None:
    raw["networkpolicies"] = [{"namespace": NS, "name": "cart-from-legacy", "pod_selector": {"app": "cart"},
                               "policy_types": ["Ingress"], "observed_at": OBSERVED,
                               "ingress": [{"peers": [{"pod_selector": {"app": "legacy-web"}}], "ports": [8080]}]}]  # fmt: skip


def ingress_to_nowhere(raw: dict[str, Any]) -> None:
    raw["ingresses"] = [{"namespace": NS, "name": "web", "observed_at": OBSERVED,
                         "paths": [{"host": "shop.example.com", "path": "/", "service": "storefront", "port": 80}]}]  # fmt: skip


def evicted(raw: dict[str, Any]) -> None:
    raw["pods"].append(pod("cart", 4, phase="Failed", ready="0/1", reason="Evicted",
                           message="The node was low on resource: memory."))  # fmt: skip


def readiness(raw: dict[str, Any]) -> None:
    raw["pods"][0].update(ready="0/1", conditions=[{"type": "Ready", "status": "False", "reason": "ContainersNotReady",
                          "message": "containers with unready status: [main]", "since": "2026-11-28T10:07:00+08:00"}])  # fmt: skip
    raw["endpointslices"][0]["endpoints"][0]["ready"] = False


def quota_full(raw: dict[str, Any]) -> None:
    raw["resourcequotas"] = [{"namespace": NS, "name": "shop-quota", "hard": {"pods": "2"}, "used": {"pods": "2"},
                              "observed_at": OBSERVED}]  # fmt: skip


def job_failed(raw: dict[str, Any]) -> None:
    raw["jobs"] = [{"namespace": NS, "name": "report-29391000", "cronjob": "report", "failed": 3, "backoff_limit": 2,
                    "observed_at": OBSERVED, "conditions": [{"type": "Failed", "status": "True",
                    "reason": "BackoffLimitExceeded", "message": "Job has reached the specified backoff limit",
                    "since": "2026-11-28T09:10:00+08:00"}]}]  # fmt: skip


def cronjob_suspended(raw: dict[str, Any]) -> None:
    raw["cronjobs"] = [{"namespace": NS, "name": "report", "schedule": "*/5 * * * *", "suspend": True,
                        "observed_at": OBSERVED}]  # fmt: skip


def cordoned(raw: dict[str, Any]) -> None:
    raw["nodes"][0]["unschedulable"] = True


CASES: list[tuple[str, Callable[[dict[str, Any]], None], tuple[str, str, str], list[str]]] = [
    ("pod_unschedulable_node_affinity", lambda r: pending(r, "affinity"),
     ("Deployment", "cart", "spec.template.spec.affinity.nodeAffinity"), ["didn't match Pod's node affinity"]),
    ("pod_unschedulable_taint", lambda r: pending(r, "taint"),
     ("Deployment", "cart", "spec.template.spec.tolerations"), ["untolerated taint"]),
    ("pod_unschedulable_node_cordoned", lambda r: (pending(r, "cordon"), cordoned(r)),
     ("Node", "node-a", "spec.unschedulable"), ["were unschedulable"]),
    ("pod_unschedulable_anti_affinity", lambda r: pending(r, "anti"),
     ("Deployment", "cart", "spec.template.spec.affinity.podAntiAffinity"), ["anti-affinity"]),
    ("pod_unschedulable_insufficient_resources", lambda r: pending(r, "memory"),
     ("Deployment", "cart", "spec.template.spec.containers[].resources.requests"), ["memory"]),
    ("pod_unschedulable", lambda r: pending(r, "other"), ("Deployment", "cart", "spec.template.spec"), []),
    ("pod_secret_not_found",
     lambda r: waiting(r, "CreateContainerConfigError", 'secret "cart-db" not found'),
     ("Deployment", "cart", "spec.template.spec.containers[].env[].valueFrom.secretKeyRef"), ["Secret cart-db"]),
    ("pod_configmap_not_found",
     lambda r: waiting(r, "CreateContainerConfigError", 'configmap "cart-config" not found'),
     ("Deployment", "cart", "spec.template.spec.containers[].env[].valueFrom.configMapKeyRef"), ["cart-config"]),
    ("pod_image_registry_unresolvable",
     pull_failure('dial tcp: lookup registry.example.com on 10.96.0.10:53: no such host'),
     ("Deployment", "cart", "spec.template.spec.containers[].image"), ["registry.example.com", "无法解析"]),
    ("pod_image_not_found",
     pull_failure("rpc error: code = NotFound desc = failed to resolve reference: registry.example.com/shop/cart:1.0: not found"),
     ("Deployment", "cart", "spec.template.spec.containers[].image"), ["registry.example.com/shop/cart:1.0"]),
    ("pod_image_pull_secret_missing", pull_secret_missing,
     ("Deployment", "cart", "spec.template.spec.imagePullSecrets"), ["shop-registry"]),
    ("pod_image_pull_unauthorized", pull_failure("failed to authorize: 401 Unauthorized"),
     ("Deployment", "cart", "spec.template.spec.imagePullSecrets"), ["未授权"]),
    ("pod_image_pull_failed", pull_failure("context deadline exceeded"),
     ("Deployment", "cart", "spec.template.spec.containers[].image"), []),
    ("pod_oomkilled", oom, ("Deployment", "cart", "spec.template.spec.containers[].resources.limits.memory"), ["137"]),
    ("pod_crashloop", crash, ("Deployment", "cart", "spec.template.spec.containers[]"), ["7"]),
    ("pod_liveness_probe_failing", liveness, ("Deployment", "cart", "spec.template.spec.containers[].livenessProbe"),
     ["Liveness probe failed"]),
    ("pod_evicted", evicted, ("Node", "node-a", "status.conditions"), ["low on resource: memory"]),
    ("pod_not_ready", readiness, ("Deployment", "cart", "spec.template.spec.containers[].readinessProbe"), ["0/1"]),
    ("replicaset_exceeded_quota",
     replica_failure('pods "cart-7f9c8d6b5-x" is forbidden: exceeded quota: shop-quota, requested: pods=1, used: pods=2, limited: pods=2'),
     ("ResourceQuota", "shop-quota", "spec.hard"), ["shop-quota"]),
    ("replicaset_missing_serviceaccount",
     replica_failure('pods "cart-7f9c8d6b5-" is forbidden: error looking up service account shop/cart: serviceaccount "cart" not found'),
     ("Deployment", "cart", "spec.template.spec.serviceAccountName"), ["ServiceAccount cart"]),
    ("replicaset_limitrange_violation",
     replica_failure('pods "cart-7f9c8d6b5-x" is forbidden: maximum cpu usage per Container is 2, but limit is 4'),
     ("Deployment", "cart", "spec.template.spec.containers[].resources"), ["LimitRange"]),
    ("replicaset_failed_create", replica_failure('Internal error occurred: failed calling webhook "x"'),
     ("Deployment", "cart", "spec.template"), []),
    ("deployment_scaled_to_zero", scaled_to_zero, ("Deployment", "cart", "spec.replicas"), ["副本数为 0"]),
    ("service_selector_matches_no_pod", selector_typo, ("Service", "cart", "spec.selector"), ["app=carts"]),
    ("service_target_port_mismatch", wrong_target_port, ("Service", "cart", "spec.ports[].targetPort"), ["9999"]),
    ("service_no_ready_endpoints", readiness, ("Service", "cart", "status.endpoints"), []),
    ("node_not_ready", not_ready_node, ("Node", "node-a", "status.conditions[Ready]"), [CART_POD, "KubeletNotReady"]),
    ("node_pressure", disk_pressure, ("Node", "node-a", "status.conditions[DiskPressure]"), ["DiskPressure", "被驱逐"]),
    ("node_cordoned", cordoned, ("Node", "node-a", "spec.unschedulable"), []),
    ("pvc_volume_bound_elsewhere", pvc_bound_elsewhere, ("PersistentVolume", "pv-db", "spec.claimRef"),
     ["staging/data-db-0"]),
    ("hpa_at_max_replicas", hpa_at_max, ("HorizontalPodAutoscaler", "cart", "spec.maxReplicas"), ["最大 3"]),
    ("networkpolicy_denies_all_ingress", deny_all, ("NetworkPolicy", "lockdown", "spec.ingress"), [CART_POD]),
    ("networkpolicy_admits_no_pod", only_ghosts, ("NetworkPolicy", "cart-from-legacy", "spec.ingress[].from"), []),
    ("ingress_backend_service_missing", ingress_to_nowhere,
     ("Ingress", "web", "spec.rules[].http.paths[].backend.service.name"), ["storefront"]),
    ("resourcequota_exhausted", quota_full, ("ResourceQuota", "shop-quota", "spec.hard"), ["pods"]),
    ("job_failed", job_failed, ("CronJob", "report", "spec.jobTemplate"), ["BackoffLimitExceeded"]),
    ("cronjob_suspended", cronjob_suspended, ("CronJob", "report", "spec.suspend"), ["*/5 * * * *"]),
]  # fmt: skip


@pytest.mark.parametrize(("rule", "breaks", "blames", "says"), CASES, ids=[c[0] for c in CASES])
def test_a_fault_gives_its_rules_finding_blaming_where_it_is(rule, breaks, blames, says):
    raw = healthy()
    breaks(raw)
    findings = analyze(cluster(raw))
    found = [f for f in findings if f.rule == rule]
    assert found, [f.rule for f in findings]
    finding = found[0]
    assert (finding.blames.kind, finding.blames.name, finding.blames.field) == blames
    for words in says:
        assert words in finding.text_zh, finding.text_zh
    assert finding.evidence and "未知" not in finding.text_zh


def test_specific_checks_silence_their_generic_one():
    raw = healthy()
    pending(raw, "memory")
    assert "pod_unschedulable" not in {f.rule for f in analyze(cluster(raw))}
    raw = healthy()
    oom(raw)
    assert "pod_crashloop" not in {f.rule for f in analyze(cluster(raw))}


def test_a_selector_mismatch_needs_the_workloads_read_and_none_behind_it():
    raw = healthy()
    scaled_to_zero(raw)  # no pod because the Deployment is at 0: its selector is not the fault
    rules = {f.rule for f in analyze(cluster(raw))}
    assert "service_selector_matches_no_pod" not in rules and "deployment_scaled_to_zero" in rules
    raw = healthy()
    selector_typo(raw)
    without_pods = cluster(raw, kinds=("services", "endpointslices"))  # pods not read: absence unknown
    assert "service_selector_matches_no_pod" not in {f.rule for f in analyze(without_pods)}


def test_a_not_ready_node_lists_its_pods_as_evidence():
    raw = healthy()
    not_ready_node(raw)
    state = cluster(raw)
    (finding,) = [f for f in analyze(state) if f.rule == "node_not_ready"]
    pods = {e.ref for e in state.of("pods")}
    assert pods <= set(finding.evidence)
    assert finding.since is not None and finding.since.isoformat() == "2026-11-28T10:01:00+08:00"


def test_a_secret_named_only_by_an_event_is_found_there():
    raw = healthy()
    waiting(raw, "CreateContainerConfigError", "", event(f"Pod/{CART_POD}", "Failed",
                                                         'Error: secret "cart-db" not found'))  # fmt: skip
    (finding,) = [f for f in analyze(cluster(raw)) if f.rule == "pod_secret_not_found"]
    assert "Secret cart-db" in finding.text_zh and len(finding.evidence) == 2


def test_a_network_policy_that_leaves_out_a_known_caller_blames_its_from_rules():
    raw = healthy("cart", "frontend")
    raw["networkpolicies"] = [{"namespace": NS, "name": "cart-from-checkout", "pod_selector": {"app": "cart"},
                               "policy_types": ["Ingress"], "observed_at": OBSERVED,
                               "ingress": [{"peers": [{"pod_selector": {"app": "checkout"}}]}]}]  # fmt: skip
    findings = analyze(cluster(raw), callers={"cart": ["frontend"]})
    (finding,) = [f for f in findings if f.rule == "networkpolicy_blocks_callers"]
    assert "frontend" in finding.text_zh and finding.blames.name == "cart-from-checkout"
    assert "networkpolicy_blocks_callers" not in {f.rule for f in analyze(cluster(raw))}  # no callers known


def test_a_second_node_keeps_its_pods_apart():
    raw = healthy("cart", "checkout")
    raw["nodes"].append(node("node-b"))
    raw["pods"][1]["node"] = "node-b"
    raw["endpointslices"].append(endpoints("unused"))
    not_ready_node(raw)
    (finding,) = [f for f in analyze(cluster(raw)) if f.rule == "node_not_ready"]
    assert CART_POD in finding.text_zh and raw["pods"][1]["name"] not in finding.text_zh
