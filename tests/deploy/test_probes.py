"""The image's files, served as the image and deploy/k8s/ would serve them (tests/deploy/image_layout.py:
the Dockerfile's COPY, ENV and build-time collectstatic laid out without Docker; the ConfigMap's
production settings): the build step leaves no secret behind, gunicorn starts with the image's
command, the Kubernetes probes get 200 with the headers the manifests send — and would not
without them — the image's HEALTHCHECK passes, and the worker's liveness command answers."""

from __future__ import annotations

import http.client
import shlex
import subprocess
import sys

import pytest

from tests.api.asgi_server import free_port, stop_process, wait_for_port
from tests.celery_worker import isolated_broker, requires_redis
from tests.deploy.artefacts import container, manifest
from tests.deploy.image_layout import ImageLayout, build_steps, image_layout

pytestmark = requires_redis  # the ConfigMap runs celery mode: /readyz checks the broker


@pytest.fixture(scope="module")
def layout(tmp_path_factory) -> ImageLayout:
    built = image_layout(tmp_path_factory.mktemp("image"))
    for step in build_steps(built):
        assert step.returncode == 0, step.stdout + step.stderr
    return built


def _get(port: int, path: str, headers: dict[str, str]) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path, headers=headers)
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def test_the_build_step_collects_static_files_and_bakes_in_no_key(layout):
    assert (layout.app / "staticfiles" / "admin" / "css" / "base.css").is_file()
    assert not list(layout.app.glob(".secret_key*")), "collectstatic wrote a generated SECRET_KEY into the image"
    imported = layout.run([sys.executable, "-c", "import superbiz; print(superbiz.__file__)"], layout.env)
    assert imported.stdout.startswith(str(layout.app)), imported.stdout + imported.stderr


def test_kubernetes_probes_and_the_image_healthcheck_pass_under_the_production_settings(layout):
    web = container(manifest("Deployment", "superbiz-web"), "web")
    port = free_port()
    with isolated_broker() as broker:
        env = layout.settings(GUNICORN_BIND=f"127.0.0.1:{port}", WEB_CONCURRENCY="1", CELERY_BROKER_URL=broker.url)
        process = subprocess.Popen(
            [*web["command"]], cwd=layout.app, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
        )
        try:
            wait_for_port(process, port)
            for kind in ("startupProbe", "livenessProbe", "readinessProbe"):
                get = web[kind]["httpGet"]
                headers = {h["name"]: h["value"] for h in get["httpHeaders"]}
                assert _get(port, get["path"], headers) == 200, kind
                # Each header is needed: the kubelet's own Host (the pod IP) is refused, and
                # plain http without the proxy's header is redirected to https.
                assert _get(port, get["path"], {"Host": f"10.1.2.3:{port}"}) == 400, kind
                assert _get(port, get["path"], {"Host": headers["Host"]}) == 301, kind
            healthcheck = layout.stage.one("HEALTHCHECK").exec_form()
            result = layout.run(healthcheck, env, timeout=30)
            assert result.returncode == 0 and "HTTP 200" in result.stdout, result.stdout + result.stderr
        finally:
            stop_process(process)


def test_the_workers_liveness_command_answers_from_a_running_worker(layout):
    worker = container(manifest("Deployment", "superbiz-worker"), "worker")
    with isolated_broker() as broker:
        env = layout.settings(CELERY_BROKER_URL=broker.url, **{e["name"]: e["value"] for e in worker.get("env", [])})
        argv = list(worker["command"])
        argv[argv.index("-c") + 1] = "1"  # one pool child is enough to answer a ping
        argv += ["--without-gossip", "--without-mingle"]
        process = subprocess.Popen(argv, cwd=layout.app, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        try:
            assert process.stdout is not None
            log = []
            for raw in iter(process.stdout.readline, b""):  # until the worker says it is ready
                log.append(raw.decode(errors="replace"))
                if " ready." in log[-1]:
                    break
            assert " ready." in log[-1], "".join(log)
            probe = worker["livenessProbe"]["exec"]["command"]
            assert probe[:2] == ["sh", "-c"], probe
            result = layout.run(probe, env, timeout=60)
            assert result.returncode == 0, result.stdout + result.stderr
            assert "pong" in result.stdout and shlex.split(probe[2])[:3] == ["celery", "-A", "superbiz"]
        finally:
            stop_process(process)
