"""The Online-Boutique-like namespace of the query_k8s tests, twice: as recorded API responses
(``recordings/boutique/*.json``, ``kubectl get -o json`` of pods, events, deployments) and as a
hand-written evidence bundle of the same state, observed at the reference time 10:30 (+08:00).

- adservice: rolled out revision 7 at 10:01:30 with an image tag that does not exist →
  ImagePullBackOff, 0/1 ready, the deployment unavailable;
- cartservice: OOMKilled (exit 137) at 10:24:51, 5 restarts, CrashLoopBackOff;
- emailservice: its ReplicaSet cannot create pods — serviceaccount "emailservice" not found;
- loadgenerator: Pending, FailedScheduling (Insufficient cpu), an events.k8s.io-style event;
- frontend, checkoutservice: healthy (checkoutservice restarted once yesterday).

The kinds of DESIGN §10.6 (``recordings/boutique/<kind>.json``, and ``K8S_STATE`` by hand):

- nodes: 3f2a and 8c4d Ready; b71e Unknown since 10:12:40 (kubelet stopped posting, unreachable taints);
- services with their EndpointSlices: adservice and cartservice have only a not-ready endpoint,
  emailservice none (no pod), paymentservice's selector ``app=paymentservice-v2`` matches no pod;
- replicasets (emailservice's FailedCreate), the redis-cart statefulset, the fluent-bit daemonset
  (2 of 3 ready), the db-migrate cronjob and its failed job (BackoffLimitExceeded);
- PVC data-postgres-0 Pending: its volume pv-postgres-data is bound to staging/data-postgres-0;
- a quota with room, a limit range, the frontend HPA (1 of 1–5), an ingress, two network policies;
- Secrets and ConfigMaps whose values (``SECRET_VALUES``) must never appear anywhere.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

RECORDINGS = Path(__file__).parent / "recordings"
NAMESPACE = "boutique"
REG = "us-central1-docker.pkg.dev/google-samples/microservices-demo"
OBSERVED = "2026-11-28T10:30:00+08:00"
REFERENCE_TIME = OBSERVED


def recording(kind: str, namespace: str = NAMESPACE) -> dict[str, Any]:
    return json.loads((RECORDINGS / namespace / f"{kind}.json").read_text(encoding="utf-8"))


def _available(ok: bool) -> dict[str, str]:
    if ok:
        return {"type": "Available", "status": "True", "reason": "MinimumReplicasAvailable",
                "message": "Deployment has minimum availability."}
    return {"type": "Available", "status": "False", "reason": "MinimumReplicasUnavailable",
            "message": "Deployment does not have minimum availability."}


def _progressing(rs: str, done: bool) -> dict[str, str]:
    if done:
        return {"type": "Progressing", "status": "True", "reason": "NewReplicaSetAvailable",
                "message": f'ReplicaSet "{rs}" has successfully progressed.'}
    return {"type": "Progressing", "status": "True", "reason": "ReplicaSetUpdated",
            "message": f'ReplicaSet "{rs}" is progressing.'}


SA_MESSAGE = (
    'pods "emailservice-7c9d8b5f6-" is forbidden: error looking up service account boutique/emailservice: '
    'serviceaccount "emailservice" not found'
)
PULL_FAILED = (
    f'Failed to pull image "{REG}/adservice:v0.10.2": rpc error: code = NotFound desc = failed to pull and unpack '
    f'image "{REG}/adservice:v0.10.2": failed to resolve reference "{REG}/adservice:v0.10.2": '
    f"{REG}/adservice:v0.10.2: not found"
)
SCHEDULING = (
    "0/3 nodes are available: 3 Insufficient cpu. preemption: 0/3 nodes are available: "
    "3 No preemption victims found for incoming pod.."
)
CHANGE_CAUSE = f"kubectl set image deployment/adservice server={REG}/adservice:v0.10.2 --record=true"
#: Every value of the recorded Secrets and ConfigMaps (base64 as served, and decoded where text).
SECRET_VALUES = (
    "c3VwZXJzZWNyZXQtcmVkaXMtOTc0MQ==", "supersecret-redis-9741", "Y2FydA==",
    "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUJ4ZWtrZXlTRUNSRVQ=", "LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0tClBSSVZBVEVLRVk5NzQx",
    "checkout-v2=on;config-value-8352", "config-value-8352", "MIIconfigvalue8352",
)  # fmt: skip
NOT_READY = "containers with unready status: [server]"


def _server(service: str, version: str) -> dict[str, Any]:
    return {"name": "server", "image": f"{REG}/{service}:{version}", "requests": {"memory": "64Mi", "cpu": "200m"},
            "limits": {"memory": "128Mi", "cpu": "300m"}}  # fmt: skip


def _details(service: str, rs_hash: str, created: str, **more: Any) -> dict[str, Any]:
    """The DESIGN §10.6 fields of a pod of Deployment ``service``."""
    return {"owner": f"ReplicaSet/{service}-{rs_hash}", "labels": {"app": service, "pod-template-hash": rs_hash},
            "service_account": service, "created_at": created, **more}  # fmt: skip


def _unready(since: str) -> list[dict[str, Any]]:
    return [{"type": t, "status": "False", "reason": "ContainersNotReady", "message": NOT_READY, "since": since}
            for t in ("Ready", "ContainersReady")]  # fmt: skip

def _node(name: str, *, ready: str = "True", reason: str = "KubeletReady",
          message: str = "kubelet is posting ready status", since: str = "2026-11-20T11:01:00+08:00",
          taints: list[dict[str, str]] | None = None) -> dict[str, Any]:
    calm = {"MemoryPressure": ("KubeletHasSufficientMemory", "kubelet has sufficient memory available"),
            "DiskPressure": ("KubeletHasNoDiskPressure", "kubelet has no disk pressure"),
            "PIDPressure": ("KubeletHasSufficientPID", "kubelet has sufficient PID available")}
    conditions = [{"type": t, "status": "False", "reason": r, "message": m, "since": "2026-11-20T11:00:00+08:00"}
                  for t, (r, m) in calm.items()]
    conditions.append({"type": "Ready", "status": ready, "reason": reason, "message": message, "since": since})
    return {"name": name, "ready": ready, "conditions": conditions, "taints": taints or [], "unschedulable": False,
            "allocatable": {"cpu": "940m", "memory": "2883Mi", "pods": "110"},
            "labels": {"kubernetes.io/hostname": name, "cloud.google.com/gke-nodepool": "pool-1",
                       "topology.kubernetes.io/zone": "us-central1-a"}, "observed_at": OBSERVED}


def _service(name: str, port: int, target: int, *, port_name: str = "grpc",
             selector: dict[str, str] | None = None) -> dict[str, Any]:
    return {"namespace": NAMESPACE, "name": name, "type": "ClusterIP", "cluster_ip": "10.12.0.10",  # as recorded
            "selector": selector or {"app": name},
            "ports": [{"name": port_name, "port": port, "target_port": target, "protocol": "TCP"}],
            "observed_at": OBSERVED}


def _slice(service: str, suffix: str, port: int, *endpoints: tuple[str, str, bool, str],
           port_name: str = "grpc") -> dict[str, Any]:
    return {"namespace": NAMESPACE, "name": f"{service}-{suffix}", "service": service,
            "ports": [{"name": port_name, "port": port, "protocol": "TCP"}], "observed_at": OBSERVED,
            "endpoints": [{"addresses": [a], "pod": p, "ready": r, "node": n} for a, p, r, n in endpoints]}


K8S_STATE: dict[str, Any] = {
    "pods": [
        {"namespace": NAMESPACE, "name": "adservice-6c9f7b8d5-q7m2x", "service": "adservice", "phase": "Pending",
         "ready": "0/1", "restarts": 0, "last_termination": None, "waiting_reason": "ImagePullBackOff",
         "node": "gke-boutique-pool-1-3f2a", "observed_at": OBSERVED,
         **_details("adservice", "6c9f7b8d5", "2026-11-28T10:01:30+08:00", containers=[_server("adservice", "v0.10.2")],
                    conditions=_unready("2026-11-28T10:01:31+08:00"),
                    waiting_message=f'Back-off pulling image "{REG}/adservice:v0.10.2"')},
        {"namespace": NAMESPACE, "name": "cartservice-7d4b9c6f58-k2p9z", "service": "cartservice", "phase": "Running",
         "ready": "0/1", "restarts": 5,
         "last_termination": {"reason": "OOMKilled", "exit_code": 137, "at": "2026-11-28T10:24:51+08:00"},
         "waiting_reason": "CrashLoopBackOff", "node": "gke-boutique-pool-1-8c4d", "observed_at": OBSERVED,
         **_details("cartservice", "7d4b9c6f58", "2026-11-28T09:12:04+08:00",
                    containers=[_server("cartservice", "v0.10.1")], conditions=_unready("2026-11-28T10:24:52+08:00"),
                    waiting_message="back-off 2m40s restarting failed container=server "
                                    "pod=cartservice-7d4b9c6f58-k2p9z_boutique(a1f3c0de-0002)")},
        {"namespace": NAMESPACE, "name": "frontend-5b8c7d9f4-h6w2n", "service": "frontend", "phase": "Running",
         "ready": "1/1", "restarts": 0, "last_termination": None, "waiting_reason": None,
         "node": "gke-boutique-pool-1-3f2a", "observed_at": OBSERVED,
         **_details("frontend", "5b8c7d9f4", "2026-11-27T16:00:11+08:00", containers=[_server("frontend", "v0.10.1")])},
        {"namespace": NAMESPACE, "name": "loadgenerator-6f7b9d8c4-t5r8v", "service": "loadgenerator",
         "phase": "Pending", "ready": "0/1", "restarts": 0, "last_termination": None, "waiting_reason": None,
         "node": None, "observed_at": OBSERVED,
         **_details("loadgenerator", "6f7b9d8c4", "2026-11-28T10:10:05+08:00",
                    containers=[{"name": "main", "image": f"{REG}/loadgenerator:v0.10.1",
                                 "requests": {"cpu": "2", "memory": "256Mi"}}],
                    conditions=[{"type": "PodScheduled", "status": "False", "reason": "Unschedulable",
                                 "message": SCHEDULING, "since": "2026-11-28T10:10:05+08:00"}])},
        {"namespace": NAMESPACE, "name": "checkoutservice-8d6c5b7f9-w4x8b", "service": "checkoutservice",
         "phase": "Running", "ready": "1/1", "restarts": 1,
         "last_termination": {"reason": "Error", "exit_code": 2, "at": "2026-11-27T16:00:33+08:00"},
         "waiting_reason": None, "node": "gke-boutique-pool-1-8c4d", "observed_at": OBSERVED,
         **_details("checkoutservice", "8d6c5b7f9", "2026-11-27T16:00:11+08:00",
                    containers=[_server("checkoutservice", "v0.10.1")])},
    ],
    "events": [
        {"type": "Normal", "reason": "ScalingReplicaSet", "object": "Deployment/adservice",
         "message": "Scaled up replica set adservice-6c9f7b8d5 to 1 from 0", "count": 1,
         "first_seen": "2026-11-28T10:01:30+08:00", "last_seen": "2026-11-28T10:01:30+08:00"},
        {"type": "Warning", "reason": "Failed", "object": "Pod/adservice-6c9f7b8d5-q7m2x", "message": PULL_FAILED,
         "count": 6, "first_seen": "2026-11-28T10:01:33+08:00", "last_seen": "2026-11-28T10:27:10+08:00"},
        {"type": "Normal", "reason": "BackOff", "object": "Pod/adservice-6c9f7b8d5-q7m2x",
         "message": f'Back-off pulling image "{REG}/adservice:v0.10.2"', "count": 112,
         "first_seen": "2026-11-28T10:01:35+08:00", "last_seen": "2026-11-28T10:29:58+08:00"},
        {"type": "Warning", "reason": "BackOff", "object": "Pod/cartservice-7d4b9c6f58-k2p9z",
         "message": "Back-off restarting failed container server in pod cartservice-7d4b9c6f58-k2p9z_boutique"
                    "(a1f3c0de-0002-4c11-9d1e-000000000202)",
         "count": 23, "first_seen": "2026-11-28T10:05:40+08:00", "last_seen": "2026-11-28T10:28:12+08:00"},
        {"type": "Warning", "reason": "FailedScheduling", "object": "Pod/loadgenerator-6f7b9d8c4-t5r8v",
         "message": SCHEDULING, "count": 9, "first_seen": "2026-11-28T10:10:05.412790+08:00",
         "last_seen": "2026-11-28T10:28:40.118843+08:00"},
        {"type": "Warning", "reason": "FailedCreate", "object": "ReplicaSet/emailservice-7c9d8b5f6",
         "message": f"Error creating: {SA_MESSAGE}", "count": 14,
         "first_seen": "2026-11-28T09:58:02+08:00", "last_seen": "2026-11-28T10:25:47+08:00"},
        {"type": "Normal", "reason": "Pulled", "object": "Pod/frontend-5b8c7d9f4-h6w2n",
         "message": f'Container image "{REG}/frontend:v0.10.1" already present on machine', "count": 1,
         "first_seen": "2026-11-27T16:00:19+08:00", "last_seen": "2026-11-27T16:00:19+08:00"},
    ],
    "deployments": [
        {"namespace": NAMESPACE, "name": "adservice", "service": "adservice", "replicas": 1, "ready": 0,
         "available": 0, "image": f"{REG}/adservice:v0.10.2", "revision": 7,
         "changed_at": "2026-11-28T10:01:30+08:00", "change_cause": CHANGE_CAUSE,
         "conditions": [_available(False), _progressing("adservice-6c9f7b8d5", False)], "observed_at": OBSERVED,
         "selector": {"app": "adservice"}},
        {"namespace": NAMESPACE, "name": "cartservice", "service": "cartservice", "replicas": 1, "ready": 0,
         "available": 0, "image": f"{REG}/cartservice:v0.10.1", "revision": 3,
         "changed_at": "2026-11-28T09:12:30+08:00", "change_cause": "",
         "conditions": [_available(False), _progressing("cartservice-7d4b9c6f58", True)], "observed_at": OBSERVED,
         "selector": {"app": "cartservice"}},
        {"namespace": NAMESPACE, "name": "checkoutservice", "service": "checkoutservice", "replicas": 1, "ready": 1,
         "available": 1, "image": f"{REG}/checkoutservice:v0.10.1", "revision": 2,
         "changed_at": "2026-11-27T16:00:40+08:00", "change_cause": "",
         "conditions": [_available(True), _progressing("checkoutservice-8d6c5b7f9", True)], "observed_at": OBSERVED,
         "selector": {"app": "checkoutservice"}},
        {"namespace": NAMESPACE, "name": "emailservice", "service": "emailservice", "replicas": 1, "ready": 0,
         "available": 0, "image": f"{REG}/emailservice:v0.10.1", "revision": 2,
         "changed_at": "2026-11-28T09:58:02+08:00",
         "change_cause": "helm upgrade boutique ./charts/boutique --set emailservice.serviceAccount.create=false",
         "conditions": [_available(False),
                        {"type": "ReplicaFailure", "status": "True", "reason": "FailedCreate", "message": SA_MESSAGE},
                        _progressing("emailservice-7c9d8b5f6", False)], "observed_at": OBSERVED,
         "selector": {"app": "emailservice"}},
        {"namespace": NAMESPACE, "name": "frontend", "service": "frontend", "replicas": 1, "ready": 1,
         "available": 1, "image": f"{REG}/frontend:v0.10.1", "revision": 4,
         "changed_at": "2026-11-27T16:00:31+08:00", "change_cause": "",
         "conditions": [_available(True), _progressing("frontend-5b8c7d9f4", True)], "observed_at": OBSERVED,
         "selector": {"app": "frontend"}},
        {"namespace": NAMESPACE, "name": "loadgenerator", "service": "loadgenerator", "replicas": 1, "ready": 0,
         "available": 0, "image": f"{REG}/loadgenerator:v0.10.1", "revision": 1,
         "changed_at": "2026-11-28T10:10:05+08:00", "change_cause": "",
         "conditions": [_available(False), _progressing("loadgenerator-6f7b9d8c4", False)], "observed_at": OBSERVED,
         "selector": {"app": "loadgenerator"}},
    ],
    "nodes": [
        _node("gke-boutique-pool-1-3f2a"),
        _node("gke-boutique-pool-1-8c4d"),
        _node("gke-boutique-pool-1-b71e", ready="Unknown", reason="NodeStatusUnknown",
              message="Kubelet stopped posting node status.", since="2026-11-28T10:12:40+08:00",
              taints=[{"key": "node.kubernetes.io/unreachable", "effect": "NoExecute"},
                      {"key": "node.kubernetes.io/unreachable", "effect": "NoSchedule"}]),
    ],
    "services": [
        _service("adservice", 9555, 9555), _service("cartservice", 7070, 7070),
        _service("checkoutservice", 5050, 5050), _service("emailservice", 5000, 8080),
        _service("frontend", 80, 8080, port_name="http"),
        _service("paymentservice", 50051, 50051, selector={"app": "paymentservice-v2"}),
    ],
    "endpointslices": [
        _slice("adservice", "x7k2p", 9555, ("10.8.0.21", "adservice-6c9f7b8d5-q7m2x", False, "gke-boutique-pool-1-3f2a")),
        _slice("cartservice", "m4n8q", 7070,
               ("10.8.1.14", "cartservice-7d4b9c6f58-k2p9z", False, "gke-boutique-pool-1-8c4d")),
        _slice("checkoutservice", "r2t6w", 5050,
               ("10.8.1.9", "checkoutservice-8d6c5b7f9-w4x8b", True, "gke-boutique-pool-1-8c4d")),
        _slice("emailservice", "b5c9d", 8080),
        _slice("frontend", "h3j7k", 8080, ("10.8.0.7", "frontend-5b8c7d9f4-h6w2n", True, "gke-boutique-pool-1-3f2a"),
               port_name="http"),
        _slice("paymentservice", "p8v4z", 50051),
    ],
    "replicasets": [
        {"namespace": NAMESPACE, "name": "emailservice-7c9d8b5f6", "deployment": "emailservice", "replicas": 1,
         "ready": 0, "available": 0, "created_at": "2026-11-28T09:58:02+08:00", "observed_at": OBSERVED,
         "conditions": [{"type": "ReplicaFailure", "status": "True", "reason": "FailedCreate", "message": SA_MESSAGE,
                         "since": "2026-11-28T09:58:02+08:00"}]},
        {"namespace": NAMESPACE, "name": "adservice-6c9f7b8d5", "deployment": "adservice", "replicas": 1, "ready": 0,
         "available": 0, "created_at": "2026-11-28T10:01:30+08:00", "observed_at": OBSERVED},
        {"namespace": NAMESPACE, "name": "frontend-5b8c7d9f4", "deployment": "frontend", "replicas": 1, "ready": 1,
         "available": 1, "created_at": "2026-11-27T16:00:11+08:00", "observed_at": OBSERVED},
    ],
    "statefulsets": [
        {"namespace": NAMESPACE, "name": "redis-cart", "replicas": 1, "ready": 1,
         "current_revision": "redis-cart-6d5f8b7c9", "update_revision": "redis-cart-6d5f8b7c9",
         "service_name": "redis-cart", "selector": {"app": "redis-cart"}, "observed_at": OBSERVED},
    ],
    "daemonsets": [
        {"namespace": NAMESPACE, "name": "fluent-bit", "desired": 3, "current": 3, "ready": 2, "available": 2,
         "misscheduled": 0, "selector": {"app": "fluent-bit"}, "observed_at": OBSERVED},
    ],
    "jobs": [
        {"namespace": NAMESPACE, "name": "db-migrate-29391000", "cronjob": "db-migrate", "active": 0, "succeeded": 0,
         "failed": 7, "backoff_limit": 6, "started_at": "2026-11-28T09:00:00+08:00", "observed_at": OBSERVED,
         "conditions": [{"type": "Failed", "status": "True", "reason": "BackoffLimitExceeded",
                         "message": "Job has reached the specified backoff limit",
                         "since": "2026-11-28T09:14:12+08:00"}]},
    ],
    "cronjobs": [
        {"namespace": NAMESPACE, "name": "db-migrate", "schedule": "0 * * * *", "suspend": False, "active": 1,
         "last_schedule": "2026-11-28T10:00:00+08:00", "last_successful": "2026-11-28T08:00:05+08:00",
         "observed_at": OBSERVED},
    ],
    "pvcs": [
        {"namespace": NAMESPACE, "name": "redis-data-redis-cart-0", "phase": "Bound",
         "volume": "pvc-7f3a9c2e-5b1d-4e8f-a6c0-2d9b8e7f1a34", "storage_class": "standard-rwo", "requested": "1Gi",
         "access_modes": ["ReadWriteOnce"], "observed_at": OBSERVED},
        {"namespace": NAMESPACE, "name": "data-postgres-0", "phase": "Pending", "volume": "pv-postgres-data",
         "storage_class": "manual", "requested": "5Gi", "access_modes": ["ReadWriteOnce"], "observed_at": OBSERVED},
    ],
    "pvs": [
        {"name": "pvc-7f3a9c2e-5b1d-4e8f-a6c0-2d9b8e7f1a34", "phase": "Bound",
         "claim": "boutique/redis-data-redis-cart-0", "storage_class": "standard-rwo", "capacity": "1Gi",
         "reclaim_policy": "Delete", "observed_at": OBSERVED},
        {"name": "pv-postgres-data", "phase": "Bound", "claim": "staging/data-postgres-0", "storage_class": "manual",
         "capacity": "5Gi", "reclaim_policy": "Retain", "observed_at": OBSERVED},
    ],
    "resourcequotas": [
        {"namespace": NAMESPACE, "name": "boutique-quota",
         "hard": {"pods": "20", "requests.cpu": "4", "requests.memory": "4Gi"},
         "used": {"pods": "5", "requests.cpu": "2800m", "requests.memory": "512Mi"}, "observed_at": OBSERVED},
    ],
    "limitranges": [
        {"namespace": NAMESPACE, "name": "boutique-limits", "observed_at": OBSERVED,
         "limits": [{"type": "Container", "max": {"cpu": "2", "memory": "1Gi"},
                     "default": {"cpu": "300m", "memory": "128Mi"},
                     "default_request": {"cpu": "100m", "memory": "64Mi"}}]},
    ],
    "hpas": [
        {"namespace": NAMESPACE, "name": "frontend", "target": "Deployment/frontend", "min_replicas": 1,
         "max_replicas": 5, "current_replicas": 1, "desired_replicas": 1, "observed_at": OBSERVED,
         "conditions": [
             {"type": "AbleToScale", "status": "True", "reason": "ReadyForNewScale",
              "message": "recommended size matches current size", "since": "2026-11-20T11:05:00+08:00"},
             {"type": "ScalingActive", "status": "True", "reason": "ValidMetricFound",
              "message": "the HPA was able to successfully calculate a replica count from cpu resource utilization "
                         "(percentage of request)", "since": "2026-11-20T11:05:00+08:00"},
             {"type": "ScalingLimited", "status": "False", "reason": "DesiredWithinRange",
              "message": "the desired count is within the acceptable range", "since": "2026-11-20T11:05:00+08:00"},
         ]},
    ],
    "ingresses": [
        {"namespace": NAMESPACE, "name": "frontend-ingress", "ingress_class": "gce", "observed_at": OBSERVED,
         "paths": [{"host": "shop.example.com", "path": "/", "service": "frontend", "port": 80}]},
    ],
    "networkpolicies": [
        {"namespace": NAMESPACE, "name": "redis-cart-from-cartservice", "pod_selector": {"app": "redis-cart"},
         "policy_types": ["Ingress"], "observed_at": OBSERVED,
         "ingress": [{"peers": [{"pod_selector": {"app": "cartservice"}}], "ports": [6379]}]},
        {"namespace": NAMESPACE, "name": "frontend-from-anywhere", "pod_selector": {"app": "frontend"},
         "policy_types": ["Ingress"], "observed_at": OBSERVED, "ingress": [{"peers": [], "ports": [8080]}]},
    ],
    "secrets": [
        {"namespace": NAMESPACE, "name": "cart-redis-auth", "type": "Opaque", "keys": ["password", "username"],
         "observed_at": OBSERVED},
        {"namespace": NAMESPACE, "name": "boutique-tls", "type": "kubernetes.io/tls", "keys": ["tls.crt", "tls.key"],
         "owners": ["Certificate/boutique-cert"], "observed_at": OBSERVED},
    ],
    "configmaps": [
        {"namespace": NAMESPACE, "name": "frontend-config", "keys": ["CURRENCY", "FEATURE_FLAGS"],
         "observed_at": OBSERVED},
        {"namespace": NAMESPACE, "name": "kube-root-ca.crt", "keys": ["ca.crt"], "observed_at": OBSERVED},
    ],
}  # fmt: skip

SERVICES = [
    {"name": "adservice", "aliases": ["广告服务"], "description": "Online Boutique 广告服务（Java，gRPC）"},
    {"name": "cartservice", "aliases": ["购物车服务"], "description": "购物车（C#，Redis）"},
    {"name": "emailservice", "aliases": ["邮件服务"], "description": "订单确认邮件（Python）"},
    {"name": "frontend", "aliases": ["前端"], "description": "Web 前端（Go）"},
    {"name": "checkoutservice", "aliases": ["结算服务"], "description": "结算（Go）"},
    {"name": "loadgenerator", "aliases": ["压测"], "description": "Locust 压测流量"},
]


def boutique_bundle(**overrides: Any) -> dict[str, Any]:
    bundle: dict[str, Any] = {
        "bundle_version": 1,
        "name": "boutique-k8s",
        "reference_time": REFERENCE_TIME,
        "services": SERVICES,
        "k8s": copy.deepcopy(K8S_STATE),
    }
    bundle.update(overrides)
    return bundle
