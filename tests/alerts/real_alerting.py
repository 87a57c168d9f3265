"""Debian's ``prometheus`` and ``prometheus-alertmanager`` run for a test: loopback only, free ports,
data in a temporary directory, configuration written from the test's values.

- ``probe_exporter`` — a tiny HTTP exporter on 127.0.0.1 whose one gauge the test sets; the
  Prometheus rule reads it, so the test makes the alert fire and resolve by setting a number.
- ``alertmanager_config`` — the receiver snippet the docs show (``docs/alertmanager-receiver.yml``),
  loaded as the operator copies it, with the URL, the token and the timings a test can wait for.
- ``alerting_binaries`` — where the binaries are; absent → skip, unless ``REALALERT=1`` (set by
  ``.ci/run``), where a missing binary fails the run (as ``REALMODEL=1`` does for the model tests).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.api.asgi_server import free_port

ROOT = Path(__file__).resolve().parents[2]
RECEIVER_SNIPPET = ROOT / "docs" / "alertmanager-receiver.yml"
INTAKE_PATH = "/api/alerts/alertmanager"
REQUIRED = os.environ.get("REALALERT") == "1"
# Upstream names the binary ``alertmanager``; Debian's package ``prometheus-alertmanager``.
ALERTMANAGER_NAMES = ("prometheus-alertmanager", "alertmanager")


@dataclass(frozen=True)
class Binaries:
    prometheus: str
    alertmanager: str


def alerting_binaries() -> Binaries:
    prometheus = shutil.which("prometheus")
    alertmanager = next(filter(None, (shutil.which(name) for name in ALERTMANAGER_NAMES)), None)
    if prometheus and alertmanager:
        return Binaries(prometheus=prometheus, alertmanager=alertmanager)
    missing = ", ".join(name for name, path in (("prometheus", prometheus), ("alertmanager", alertmanager)) if not path)
    message = f"{missing} not installed (apt-get install prometheus prometheus-alertmanager)"
    if REQUIRED:
        pytest.fail(f"REALALERT=1 but {message}")
    pytest.skip(f"{message}; set REALALERT=1 to make this a failure (.ci/run does)")


# --- the exporter --------------------------------------------------------------------------
@dataclass
class ProbeExporter:
    url: str
    value: float
    scrapes: int = 0


@contextmanager
def probe_exporter(metric: str, labels: dict[str, str], value: float) -> Iterator[ProbeExporter]:
    """``GET /metrics`` answers one gauge, ``metric{labels} value``; the test changes ``value``."""
    state = ProbeExporter(url="", value=value)
    label_text = ",".join(f'{k}="{v}"' for k, v in labels.items())

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:  # quiet
            pass

        def do_GET(self) -> None:  # noqa: N802
            state.scrapes += 1
            body = f"# TYPE {metric} gauge\n{metric}{{{label_text}}} {state.value}\n".encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/plain; version=0.0.4")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    state.url = f"127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True, name="probe-exporter")
    thread.start()
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()


# --- configuration -------------------------------------------------------------------------
def alertmanager_config(*, url: str, token: str, timings: dict[str, str]) -> dict[str, Any]:
    """The documented receiver snippet with the live URL and token put in, and ``timings``
    (group_wait, group_interval, repeat_interval) in place of the production ones."""
    config = yaml.safe_load(RECEIVER_SNIPPET.read_text(encoding="utf-8"))
    (receiver,) = config["receivers"]
    (webhook,) = receiver["webhook_configs"]
    assert webhook["url"].endswith(INTAKE_PATH), webhook["url"]
    webhook["url"] = url
    webhook["http_config"]["authorization"]["credentials"] = token
    for key, value in timings.items():
        assert key in config["route"], f"the documented snippet has no route.{key} to shorten"
        config["route"][key] = value
    return config


def prometheus_config(*, exporter: str, alertmanager: str, rules_file: Path) -> dict[str, Any]:
    return {
        "global": {"scrape_interval": "1s", "evaluation_interval": "1s"},
        "rule_files": [str(rules_file)],
        "alerting": {"alertmanagers": [{"static_configs": [{"targets": [alertmanager]}]}]},
        "scrape_configs": [{"job_name": "probe", "static_configs": [{"targets": [exporter]}]}],
    }


# --- processes -----------------------------------------------------------------------------
@dataclass
class Daemon:
    name: str
    process: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def tail(self, lines: int = 30) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])


def _wait_ready(daemon: Daemon, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if daemon.process.poll() is not None:
            raise RuntimeError(f"{daemon.name} exited ({daemon.process.returncode}):\n{daemon.tail()}")
        try:
            with urllib.request.urlopen(f"http://{daemon.address}/-/ready", timeout=1) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{daemon.name} not ready after {timeout}s:\n{daemon.tail()}")


@contextmanager
def daemon(name: str, argv_for_port: Any, workdir: Path) -> Iterator[Daemon]:
    """Start ``argv_for_port(port)`` on a free port, wait for its ``/-/ready``, stop it afterwards."""
    port = free_port()
    log = workdir / f"{name}.log"
    with open(log, "wb") as out:
        process = subprocess.Popen(argv_for_port(port), stdout=out, stderr=subprocess.STDOUT, cwd=workdir)
    running = Daemon(name=name, process=process, port=port, log=log)
    try:
        _wait_ready(running)
        yield running
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def write_yaml(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def alertmanager_argv(binary: str, *, config: Path, storage: Path) -> Any:
    def argv(port: int) -> list[str]:
        return [
            binary,
            f"--config.file={config}",
            f"--storage.path={storage}",
            f"--web.listen-address=127.0.0.1:{port}",
            "--cluster.listen-address=",  # empty: no gossip port, no HA peers
            "--log.level=info",
        ]

    return argv


def prometheus_argv(binary: str, *, config: Path, storage: Path) -> Any:
    def argv(port: int) -> list[str]:
        return [
            binary,
            f"--config.file={config}",
            f"--storage.tsdb.path={storage}",
            f"--web.listen-address=127.0.0.1:{port}",
            # Firing alerts are re-sent to Alertmanager at this pace (default 1m) — and a resolved
            # alert is sent at the next evaluation, so the test waits seconds, not minutes.
            "--rules.alert.resend-delay=1s",
            "--log.level=info",
        ]

    return argv
