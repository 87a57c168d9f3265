"""A fake Kubernetes API server on 127.0.0.1 serving recorded ``kubectl get -o json`` responses,
and a kubeconfig pointing at it (the official client reads it like any other)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.backends.fakes import Canned, FakeAPI
from tests.k8s.state import NAMESPACE, recording

TOKEN = "fake-k8s-token-s3cr3t-0123456789"
KINDS = ("pods", "events", "deployments")


def path_of(kind: str, namespace: str | None = NAMESPACE) -> str:
    prefix = "/apis/apps/v1" if kind == "deployments" else "/api/v1"
    return f"{prefix}/namespaces/{namespace}/{kind}" if namespace else f"{prefix}/{kind}"


def serve_recordings(api: FakeAPI, namespace: str = NAMESPACE) -> None:
    """The namespaced list endpoints, and the all-namespaces ones (the same items)."""
    for kind in KINDS:
        canned = Canned(payload=recording(kind, namespace))
        api.serve(path_of(kind, namespace), canned)
        api.serve(path_of(kind, None), canned)


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
