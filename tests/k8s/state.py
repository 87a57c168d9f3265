"""The Online-Boutique-like namespace of the query_k8s tests, twice: as recorded API responses
(``recordings/boutique/*.json``, ``kubectl get -o json`` of pods, events, deployments) and as a
hand-written evidence bundle of the same state, observed at the reference time 10:30 (+08:00).

- adservice: rolled out revision 7 at 10:01:30 with an image tag that does not exist →
  ImagePullBackOff, 0/1 ready, the deployment unavailable;
- cartservice: OOMKilled (exit 137) at 10:24:51, 5 restarts, CrashLoopBackOff;
- emailservice: its ReplicaSet cannot create pods — serviceaccount "emailservice" not found;
- loadgenerator: Pending, FailedScheduling (Insufficient cpu), an events.k8s.io-style event;
- frontend, checkoutservice: healthy (checkoutservice restarted once yesterday).
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

K8S_STATE: dict[str, Any] = {
    "pods": [
        {"namespace": NAMESPACE, "name": "adservice-6c9f7b8d5-q7m2x", "service": "adservice", "phase": "Pending",
         "ready": "0/1", "restarts": 0, "last_termination": None, "waiting_reason": "ImagePullBackOff",
         "node": "gke-boutique-pool-1-3f2a", "observed_at": OBSERVED},
        {"namespace": NAMESPACE, "name": "cartservice-7d4b9c6f58-k2p9z", "service": "cartservice", "phase": "Running",
         "ready": "0/1", "restarts": 5,
         "last_termination": {"reason": "OOMKilled", "exit_code": 137, "at": "2026-11-28T10:24:51+08:00"},
         "waiting_reason": "CrashLoopBackOff", "node": "gke-boutique-pool-1-8c4d", "observed_at": OBSERVED},
        {"namespace": NAMESPACE, "name": "frontend-5b8c7d9f4-h6w2n", "service": "frontend", "phase": "Running",
         "ready": "1/1", "restarts": 0, "last_termination": None, "waiting_reason": None,
         "node": "gke-boutique-pool-1-3f2a", "observed_at": OBSERVED},
        {"namespace": NAMESPACE, "name": "loadgenerator-6f7b9d8c4-t5r8v", "service": "loadgenerator",
         "phase": "Pending", "ready": "0/1", "restarts": 0, "last_termination": None, "waiting_reason": None,
         "node": None, "observed_at": OBSERVED},
        {"namespace": NAMESPACE, "name": "checkoutservice-8d6c5b7f9-w4x8b", "service": "checkoutservice",
         "phase": "Running", "ready": "1/1", "restarts": 1,
         "last_termination": {"reason": "Error", "exit_code": 2, "at": "2026-11-27T16:00:33+08:00"},
         "waiting_reason": None, "node": "gke-boutique-pool-1-8c4d", "observed_at": OBSERVED},
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
         "conditions": [_available(False), _progressing("adservice-6c9f7b8d5", False)], "observed_at": OBSERVED},
        {"namespace": NAMESPACE, "name": "cartservice", "service": "cartservice", "replicas": 1, "ready": 0,
         "available": 0, "image": f"{REG}/cartservice:v0.10.1", "revision": 3,
         "changed_at": "2026-11-28T09:12:30+08:00", "change_cause": "",
         "conditions": [_available(False), _progressing("cartservice-7d4b9c6f58", True)], "observed_at": OBSERVED},
        {"namespace": NAMESPACE, "name": "checkoutservice", "service": "checkoutservice", "replicas": 1, "ready": 1,
         "available": 1, "image": f"{REG}/checkoutservice:v0.10.1", "revision": 2,
         "changed_at": "2026-11-27T16:00:40+08:00", "change_cause": "",
         "conditions": [_available(True), _progressing("checkoutservice-8d6c5b7f9", True)], "observed_at": OBSERVED},
        {"namespace": NAMESPACE, "name": "emailservice", "service": "emailservice", "replicas": 1, "ready": 0,
         "available": 0, "image": f"{REG}/emailservice:v0.10.1", "revision": 2,
         "changed_at": "2026-11-28T09:58:02+08:00",
         "change_cause": "helm upgrade boutique ./charts/boutique --set emailservice.serviceAccount.create=false",
         "conditions": [_available(False),
                        {"type": "ReplicaFailure", "status": "True", "reason": "FailedCreate", "message": SA_MESSAGE},
                        _progressing("emailservice-7c9d8b5f6", False)], "observed_at": OBSERVED},
        {"namespace": NAMESPACE, "name": "frontend", "service": "frontend", "replicas": 1, "ready": 1,
         "available": 1, "image": f"{REG}/frontend:v0.10.1", "revision": 4,
         "changed_at": "2026-11-27T16:00:31+08:00", "change_cause": "",
         "conditions": [_available(True), _progressing("frontend-5b8c7d9f4", True)], "observed_at": OBSERVED},
        {"namespace": NAMESPACE, "name": "loadgenerator", "service": "loadgenerator", "replicas": 1, "ready": 0,
         "available": 0, "image": f"{REG}/loadgenerator:v0.10.1", "revision": 1,
         "changed_at": "2026-11-28T10:10:05+08:00", "change_cause": "",
         "conditions": [_available(False), _progressing("loadgenerator-6f7b9d8c4", False)], "observed_at": OBSERVED},
    ],
}

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
