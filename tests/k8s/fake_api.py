"""A fake Kubernetes API server on 127.0.0.1 serving recorded ``kubectl get -o json`` responses,
and a kubeconfig pointing at it (the official client reads it like any other)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.backends.fakes import Canned, FakeAPI, Recorded
from tests.k8s.state import NAMESPACE, recording

TOKEN = "fake-k8s-token-s3cr3t-0123456789"
KINDS = ("pods", "events", "deployments", "nodes", "services", "endpointslices", "replicasets", "statefulsets",
         "daemonsets", "jobs", "cronjobs", "pvcs", "pvs", "resourcequotas", "limitranges", "hpas", "ingresses",
         "networkpolicies", "secrets", "configmaps")  # fmt: skip
#: query_k8s kind → (API prefix, resource) of its list endpoint.
ENDPOINTS = {
    "pods": ("/api/v1", "pods"), "events": ("/api/v1", "events"), "deployments": ("/apis/apps/v1", "deployments"),
    "nodes": ("/api/v1", "nodes"), "services": ("/api/v1", "services"),
    "endpointslices": ("/apis/discovery.k8s.io/v1", "endpointslices"),
    "replicasets": ("/apis/apps/v1", "replicasets"), "statefulsets": ("/apis/apps/v1", "statefulsets"),
    "daemonsets": ("/apis/apps/v1", "daemonsets"), "jobs": ("/apis/batch/v1", "jobs"),
    "cronjobs": ("/apis/batch/v1", "cronjobs"), "pvcs": ("/api/v1", "persistentvolumeclaims"),
    "pvs": ("/api/v1", "persistentvolumes"), "resourcequotas": ("/api/v1", "resourcequotas"),
    "limitranges": ("/api/v1", "limitranges"),
    "hpas": ("/apis/autoscaling/v2", "horizontalpodautoscalers"),
    "ingresses": ("/apis/networking.k8s.io/v1", "ingresses"),
    "networkpolicies": ("/apis/networking.k8s.io/v1", "networkpolicies"),
    "secrets": ("/api/v1", "secrets"), "configmaps": ("/api/v1", "configmaps"),
}  # fmt: skip
CLUSTER_WIDE = ("nodes", "pvs")
PAGE = 2  # items per page the fake serves: every recorded list of more than two is read with `continue`


def path_of(kind: str, namespace: str | None = NAMESPACE) -> str:
    prefix, resource = ENDPOINTS[kind]
    if kind in CLUSTER_WIDE or not namespace:
        return f"{prefix}/{resource}"
    return f"{prefix}/namespaces/{namespace}/{resource}"


def paged(payload: dict[str, Any], page: int = PAGE):
    """A route serving ``payload``'s items ``page`` at a time (and at most the request's ``limit``),
    with ``metadata.continue`` tokens, as the API server chunks a list."""

    def route(request: Recorded) -> Canned:
        start = int(request.params.get("continue", "0").removeprefix("tok-") or 0)
        size = min(page, int(request.params.get("limit") or page))
        items = payload["items"][start : start + size]
        more = start + size < len(payload["items"])
        metadata = {"resourceVersion": "48211600", **({"continue": f"tok-{start + size}"} if more else {})}
        return Canned(payload={**payload, "metadata": metadata, "items": items})

    return route


def serve_recordings(api: FakeAPI, namespace: str = NAMESPACE) -> None:
    """The namespaced list endpoints, and the all-namespaces ones (the same items), paged."""
    for kind in KINDS:
        route = paged(recording(kind, namespace))
        api.serve(path_of(kind, namespace), route)
        api.serve(path_of(kind, None), route)


def write_kubeconfig(directory: Path, server: str, *, token: str = TOKEN) -> Path:
    config: dict[str, Any] = {
        "apiVersion": "v1",
        "kind": "Config",
        "clusters": [{"name": "fake", "cluster": {"server": server}}],
        "users": [{"name": "tester", "user": {"token": token}}],
        "contexts": [{"name": "fake", "context": {"cluster": "fake", "user": "tester", "namespace": NAMESPACE}}],
        "current-context": "fake",
    }
    path = directory / "kubeconfig"
    path.write_text(json.dumps(config), encoding="utf-8")  # JSON is YAML
    return path
