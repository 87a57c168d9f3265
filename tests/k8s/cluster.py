"""Cluster states for the analyzer tests, built the way query_k8s builds its answers: a bundle-shaped
``k8s`` dict → per kind the tool's own selection, joins, elements and refs (``select_elements``,
``refs``) → one ``query_k8s`` call per kind (``inv_1`` …) → ``state_from_calls``. No database."""

from __future__ import annotations

import copy
from datetime import datetime, timedelta
from typing import Any

from diagnosis.evidence.bundle import K8sState
from diagnosis.k8s_analysis import ClusterState, state_from_calls
from diagnosis.tools import k8s
from diagnosis.tools.backends import K8sQuery

OBSERVED = "2026-11-28T10:30:00+08:00"
END = datetime.fromisoformat(OBSERVED)
QUERY = K8sQuery(start=END - timedelta(hours=2), end=END)


def calls_of(raw: dict[str, Any], kinds: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
    """The query_k8s calls that read ``raw`` (every kind it has, or ``kinds``)."""
    state = K8sState.model_validate(raw)
    calls = []
    for kind in kinds or tuple(k for k in k8s.KINDS if raw.get(k)):
        elements = k8s.select_elements(kind, lambda name, query: list(getattr(state, name)), QUERY)
        output = {kind: elements, "kind": kind, "total": len(elements), "truncated": False}
        status = "success" if elements else "no_hit"
        calls.append({"invocation_id": f"inv_{len(calls) + 1}", "tool_name": "query_k8s", "status": status,
                      "output": output, "evidence_refs": k8s.refs(output)})  # fmt: skip
    return calls


def cluster(raw: dict[str, Any], kinds: tuple[str, ...] | None = None) -> ClusterState:
    return state_from_calls(calls_of(raw, kinds))


# --- A small healthy namespace to break in one place per test ---------------------------------------
NS = "shop"


def pod(service: str, index: int = 0, **over: Any) -> dict[str, Any]:
    data = {
        "namespace": NS, "name": f"{service}-7f9c8d6b5-{'bcdfg'[index]}x2kq", "service": service, "phase": "Running",
        "ready": "1/1", "restarts": 0, "node": "node-a", "observed_at": OBSERVED, "owner": f"ReplicaSet/{service}-7f9c8d6b5",
        "labels": {"app": service, "pod-template-hash": "7f9c8d6b5"}, "created_at": "2026-11-28T08:00:00+08:00",
        "containers": [{"name": "main", "image": f"registry.example.com/shop/{service}:1.0", "ports": [8080],
                        "requests": {"cpu": "100m", "memory": "128Mi"}}],
        "service_account": service,
    }  # fmt: skip
    data.update(over)
    return data


def deployment(service: str, **over: Any) -> dict[str, Any]:
    data = {
        "namespace": NS, "name": service, "service": service, "replicas": 1, "ready": 1, "available": 1,
        "image": f"registry.example.com/shop/{service}:1.0", "revision": 1, "changed_at": "2026-11-28T08:00:00+08:00",
        "conditions": [{"type": "Available", "status": "True", "reason": "MinimumReplicasAvailable"}],
        "observed_at": OBSERVED, "selector": {"app": service},
    }  # fmt: skip
    data.update(over)
    return data


def service(name: str, *, target: int | str = 8080, selector: dict[str, str] | None = None) -> dict[str, Any]:
    return {"namespace": NS, "name": name, "selector": {"app": name} if selector is None else selector,
            "ports": [{"name": "http", "port": 80, "target_port": target}], "observed_at": OBSERVED}  # fmt: skip


def endpoints(service_name: str, *pods: tuple[str, bool]) -> dict[str, Any]:
    return {"namespace": NS, "name": f"{service_name}-abcde", "service": service_name, "observed_at": OBSERVED,
            "ports": [{"name": "http", "port": 8080}],
            "endpoints": [{"addresses": [f"10.0.0.{i + 2}"], "pod": p, "ready": r} for i, (p, r) in enumerate(pods)]}  # fmt: skip


def node(name: str = "node-a", **over: Any) -> dict[str, Any]:
    data = {"name": name, "ready": "True", "observed_at": OBSERVED,
            "conditions": [{"type": "Ready", "status": "True", "reason": "KubeletReady",
                            "since": "2026-11-20T08:00:00+08:00"}],
            "allocatable": {"cpu": "4", "memory": "8Gi", "pods": "110"}}  # fmt: skip
    data.update(over)
    return data


def event(obj: str, reason: str, message: str, *, type_: str = "Warning", first: str = "2026-11-28T10:05:00+08:00") -> dict[str, Any]:
    return {"namespace": NS, "type": type_, "reason": reason, "object": obj, "message": message, "count": 3,
            "first_seen": first, "last_seen": "2026-11-28T10:25:00+08:00"}  # fmt: skip


def healthy(*services: str) -> dict[str, Any]:
    """Each service with its Deployment, ReplicaSet, one ready pod and a ready endpoint, on a Ready node."""
    names = services or ("cart", "checkout")
    pods = [pod(s) for s in names]
    return copy.deepcopy({
        "nodes": [node()],
        "pods": pods,
        "deployments": [deployment(s) for s in names],
        "replicasets": [{"namespace": NS, "name": f"{s}-7f9c8d6b5", "deployment": s, "replicas": 1, "ready": 1,
                         "available": 1, "observed_at": OBSERVED} for s in names],
        "services": [service(s) for s in names],
        "endpointslices": [endpoints(s, (p["name"], True)) for s, p in zip(names, pods, strict=True)],
        "events": [event(f"Pod/{pods[0]['name']}", "Pulled", "Container image already present", type_="Normal")],
    })  # fmt: skip
