"""The final stage of the Dockerfile laid out in a temporary directory, without Docker: its
``COPY`` instructions copy from the repository into ``app/`` (the image's ``/app``), its ``ENV``
applies with ``/app`` and ``/opt/venv`` mapped to that directory and this virtualenv, and its
build-time ``RUN`` of collectstatic runs there. The settings are the ConfigMap's (the production
block) with stand-ins for the Secret, so the probes and commands of compose.yaml and deploy/k8s/
can run against the image's files as the image would run them."""

from __future__ import annotations

import secrets
import shlex
import shutil
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.deploy.artefacts import ROOT, Stage, dockerfile_stages, manifest
from tests.settings.probe import clean_env

IMAGE_APP = "/app"
IMAGE_VENV = "/opt/venv"


@dataclass
class ImageLayout:
    app: Path
    stage: Stage
    env: dict[str, str]  # the image's ENV, mapped to this machine

    def settings(self, **extra: str) -> dict[str, str]:
        """The environment of a container of deploy/k8s/: image ENV + ConfigMap + Secret stand-ins."""
        config = manifest("ConfigMap", "superbiz-config")["data"]
        return {
            **self.env,
            **config,
            "SECRET_KEY": secrets.token_urlsafe(50),
            "DATABASE_URL": f"sqlite:///{self.app.parent / 'db.sqlite3'}",
            "PROMETHEUS_MULTIPROC_DIR": str(self.app.parent / "metrics"),
            "HOSTNAME": socket.gethostname(),  # what a container's environment carries
            **extra,
        }

    def run(self, argv: list[str], env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess[str]:
        return subprocess.run(argv, cwd=self.app, env=env, capture_output=True, text=True, timeout=timeout)


def _mapped(value: str, app: Path, inherited_path: str) -> str:
    return value.replace("$PATH", inherited_path).replace(IMAGE_VENV, sys.prefix).replace(IMAGE_APP, str(app))


def image_layout(root: Path) -> ImageLayout:
    final = dockerfile_stages()[-1]
    assert final.one("WORKDIR").text == IMAGE_APP
    app = root / "app"
    app.mkdir()
    (root / "metrics").mkdir()
    for copy in final.all("COPY"):
        words = shlex.split(copy.text)
        if any(word.startswith("--from=") for word in words):
            continue
        *sources, dest = words
        for source in sources:
            target = app / dest / Path(source).name if dest.endswith("/") else app / dest
            target.parent.mkdir(parents=True, exist_ok=True)
            if (ROOT / source).is_dir():
                shutil.copytree(ROOT / source, target, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                shutil.copy2(ROOT / source, target)
    base = clean_env({})
    base.pop("DJANGO_SETTINGS_MODULE", None)
    env = {**base, **{k: _mapped(v, app, base.get("PATH", "")) for k, v in final.env().items()}}
    return ImageLayout(app=app, stage=final, env=env)


def build_steps(layout: ImageLayout) -> list[subprocess.CompletedProcess[str]]:
    """Every ``RUN`` of the final stage that works on the app (user creation needs root: skipped)."""
    results = []
    for run in layout.stage.all("RUN"):
        if "manage.py" not in run.text:
            continue
        results.append(layout.run(["sh", "-c", _mapped(run.text, layout.app, layout.env["PATH"])], layout.env))
    return results
