"""deploy/k8s/ passes ``kubectl apply --dry-run=client`` offline (a discovery-only fake API server on
127.0.0.1: kubectl maps kinds through discovery even for a client dry run) and the Kubernetes 1.32
schemas in strict mode (kubernetes-validate: unknown fields refused); both refuse a broken copy.
The manifests keep what docs/OPERATIONS.md promises: probes, one beat, non-root pods with
requests and limits, the production settings in the ConfigMap and the secrets out of the repo."""

from __future__ import annotations

import copy
import os
import shutil
import subprocess
from pathlib import Path

import kubernetes_validate
import pytest
import yaml

from superbiz.secret_key import key_problem
from tests.deploy.artefacts import K8S, K8S_EXAMPLES, container, manifest, manifests, pod_spec, tool
from tests.deploy.fake_kube_api import fake_kube_api
from tests.settings.production_env import documented_production_env

KUBERNETES_VERSION = "1.32.0"
WORKLOADS = [("Deployment", "superbiz-web"), ("Deployment", "superbiz-worker"), ("Deployment", "superbiz-beat"),
             ("Job", "superbiz-migrate")]
SECRET_KEYS = {"SECRET_KEY", "DATABASE_URL"}  # of the documented production block: in the Secret


def _kubectl_dry_run(kubectl: str, tmp_path: Path, *paths: Path) -> tuple[subprocess.CompletedProcess[str], list]:
    with fake_kube_api() as api:
        env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "KUBECONFIG": str(api.kubeconfig(tmp_path / "kubeconfig"))}
        args = [a for path in paths for a in ("-f", str(path))]
        result = subprocess.run(
            [kubectl, "apply", "--dry-run=client", "--validate=false", *args],
            capture_output=True, text=True, timeout=60, env=env,
        )
    return result, api.requests


def test_kubectl_client_dry_run_applies_every_manifest_and_writes_nothing(tmp_path):
    kubectl = tool("kubectl", "kubernetes-client")
    result, requests = _kubectl_dry_run(kubectl, tmp_path, K8S, K8S_EXAMPLES)
    assert result.returncode == 0, result.stderr
    created = sorted(line.removesuffix(" created (dry run)") for line in result.stdout.splitlines())
    expected = sorted(
        f"{m['kind'].lower()}{'.apps' if m['kind'] == 'Deployment' else '.batch' if m['kind'] == 'Job' else ''}"
        f"/{m['metadata']['name']}"
        for m in manifests(K8S) + manifests(K8S_EXAMPLES)
    )
    assert created == expected, result.stdout
    assert {method for method, _ in requests} == {"GET"}, "a dry run must not write to the API server"


def test_kubectl_client_dry_run_refuses_a_broken_manifest(tmp_path):
    kubectl = tool("kubectl", "kubernetes-client")
    broken = tmp_path / "broken"
    shutil.copytree(K8S, broken, ignore=shutil.ignore_patterns("example"))
    (broken / "web.yaml").write_text((K8S / "web.yaml").read_text().replace("kind: Deployment", "kind: Deploymnet"))
    result, _ = _kubectl_dry_run(kubectl, tmp_path, broken)
    assert result.returncode != 0 and "Deploymnet" in result.stderr, result.stderr


@pytest.mark.parametrize("document", manifests(K8S) + manifests(K8S_EXAMPLES), ids=lambda m: f"{m['kind']}-{m['metadata']['name']}")
def test_every_manifest_matches_the_kubernetes_schema_strictly(document):
    kubernetes_validate.validate(document, KUBERNETES_VERSION, strict=True)


def test_the_strict_schema_refuses_a_misspelt_field():
    web = copy.deepcopy(manifest("Deployment", "superbiz-web"))
    web["spec"]["template"]["spec"]["containers"][0]["readinesProbe"] = web["spec"]["template"]["spec"]["containers"][0].pop("readinessProbe")
    with pytest.raises(kubernetes_validate.ValidationError, match="readinesProbe"):
        kubernetes_validate.validate(web, KUBERNETES_VERSION, strict=True)


def _probe(spec: dict, kind: str) -> tuple[str, dict[str, str]]:
    get = spec[kind]["httpGet"]
    return get["path"], {h["name"]: h["value"] for h in get.get("httpHeaders", [])}


def test_the_web_is_ready_on_readyz_and_alive_on_healthz_with_the_configured_host():
    web = container(manifest("Deployment", "superbiz-web"), "web")
    config = manifest("ConfigMap", "superbiz-config")["data"]
    assert _probe(web, "readinessProbe")[0] == "/readyz"
    assert _probe(web, "livenessProbe")[0] == "/healthz"
    assert _probe(web, "startupProbe")[0] == "/healthz"
    for kind in ("readinessProbe", "livenessProbe", "startupProbe"):
        headers = _probe(web, kind)[1]
        assert headers["Host"] in config["ALLOWED_HOSTS"].split(","), kind
        assert (f"HTTP_{'X-Forwarded-Proto'.upper().replace('-', '_')},{headers['X-Forwarded-Proto']}"
                == config["SECURE_PROXY_SSL_HEADER"]), kind


def test_beat_is_one_replica_recreated_never_a_cronjob():
    beat = manifest("Deployment", "superbiz-beat")
    assert beat["spec"]["replicas"] == 1 and beat["spec"]["strategy"] == {"type": "Recreate"}
    assert not [m for m in manifests(K8S) if m["kind"] == "CronJob"]


@pytest.mark.parametrize(("kind", "name"), WORKLOADS)
def test_every_pod_runs_as_non_root_with_requests_limits_and_the_shared_settings(kind, name):
    spec = pod_spec(manifest(kind, name))
    assert spec["securityContext"]["runAsNonRoot"] is True and spec["securityContext"]["runAsUser"] != 0
    for each in spec.get("initContainers", []) + spec["containers"]:
        assert set(each["resources"]) == {"requests", "limits"}, each["name"]
        assert {"cpu", "memory"} <= set(each["resources"]["requests"]) & set(each["resources"]["limits"]), each["name"]
        assert each["securityContext"]["allowPrivilegeEscalation"] is False
        assert each["securityContext"]["readOnlyRootFilesystem"] is True
        refs = [next(iter(ref.values()))["name"] for ref in each["envFrom"]]
        assert refs == ["superbiz-config", "superbiz-secrets"], each["name"]


def test_the_configmap_holds_the_documented_production_block_without_its_secrets():
    documented = documented_production_env()
    config = manifest("ConfigMap", "superbiz-config")["data"]
    expected = {k: v for k, v in documented.items() if k not in SECRET_KEYS}
    assert {k: config.get(k) for k in expected} == expected
    assert not SECRET_KEYS & set(config)


def test_no_secret_is_applied_from_the_repository_and_the_examples_placeholder_key_is_refused():
    assert not [m for m in manifests(K8S) if m["kind"] == "Secret"]
    example = yaml.safe_load((K8S_EXAMPLES / "secret.yaml").read_text())
    assert SECRET_KEYS <= set(example["stringData"])
    assert key_problem(example["stringData"]["SECRET_KEY"]) is not None
