"""A Kubernetes API server that only answers discovery, on 127.0.0.1 — enough for
``kubectl apply --dry-run=client --validate=false`` to map every manifest's kind to a resource
offline (kubectl asks the server which kinds exist even for a client-side dry run). Every object
lookup is a 404 (nothing exists yet: "created (dry run)"); every request is recorded, so a test
can show kubectl wrote nothing."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

VERBS = ["create", "delete", "get", "list", "patch", "update", "watch"]
# The kinds deploy/k8s/ uses (and Namespace, which kubectl may ask about), by group version.
RESOURCES: dict[str, list[tuple[str, str]]] = {
    "v1": [("configmaps", "ConfigMap"), ("secrets", "Secret"), ("services", "Service"), ("pods", "Pod")],
    "apps/v1": [("deployments", "Deployment")],
    "batch/v1": [("jobs", "Job")],
}


def _resource_list(group_version: str) -> dict[str, Any]:
    return {
        "kind": "APIResourceList",
        "apiVersion": "v1",
        "groupVersion": group_version,
        "resources": [
            {"name": name, "singularName": kind.lower(), "namespaced": True, "kind": kind, "verbs": VERBS}
            for name, kind in RESOURCES[group_version]
        ] + ([{"name": "namespaces", "singularName": "namespace", "namespaced": False, "kind": "Namespace", "verbs": VERBS}]
             if group_version == "v1" else []),
    }


def _group_list() -> dict[str, Any]:
    groups = []
    for group_version in RESOURCES:
        if "/" not in group_version:
            continue
        group, version = group_version.split("/")
        entry = {"groupVersion": group_version, "version": version}
        groups.append({"name": group, "versions": [entry], "preferredVersion": entry})
    return {"kind": "APIGroupList", "apiVersion": "v1", "groups": groups}


def _routes() -> dict[str, dict[str, Any]]:
    routes = {
        "/api": {"kind": "APIVersions", "versions": ["v1"],
                 "serverAddressByClientCIDRs": [{"clientCIDR": "0.0.0.0/0", "serverAddress": "127.0.0.1"}]},
        "/apis": _group_list(),
        "/version": {"major": "1", "minor": "32", "gitVersion": "v1.32.0"},
    }
    for group_version in RESOURCES:
        prefix = "/api/" if "/" not in group_version else "/apis/"
        routes[prefix + group_version] = _resource_list(group_version)
    return routes


@dataclass
class FakeKubeApi:
    url: str
    requests: list[tuple[str, str]] = field(default_factory=list)

    def kubeconfig(self, path: Path) -> Path:
        path.write_text(json.dumps({
            "apiVersion": "v1",
            "kind": "Config",
            "clusters": [{"name": "fake", "cluster": {"server": self.url}}],
            "contexts": [{"name": "fake", "context": {"cluster": "fake", "user": "fake", "namespace": "default"}}],
            "current-context": "fake",
            "users": [{"name": "fake", "user": {}}],
        }))
        return path


@contextmanager
def fake_kube_api() -> Iterator[FakeKubeApi]:
    routes = _routes()
    state = FakeKubeApi(url="")

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:  # quiet
            pass

        def _send(self, status: int, body: dict[str, Any]) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _answer(self) -> None:
            path = self.path.split("?", 1)[0]
            state.requests.append((self.command, path))
            if self.command == "GET" and path in routes:
                self._send(200, routes[path])
                return
            self._send(404, {"kind": "Status", "apiVersion": "v1", "status": "Failure", "reason": "NotFound",
                             "message": f"{path} not found", "code": 404})

        do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _answer  # noqa: N815

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    state.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True, name="fake-kube-api")
    thread.start()
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
