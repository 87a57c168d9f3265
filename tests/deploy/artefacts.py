"""Reading the deployment artefacts the way their tools do, for the tests of tests/deploy/:
the Dockerfile's instructions per stage, compose.yaml, the manifests of deploy/k8s/, and the
commands docs/OPERATIONS.md documents (``.venv/bin/`` and ``VAR=value`` prefixes set apart)."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "Dockerfile"
COMPOSE = ROOT / "compose.yaml"
K8S = ROOT / "deploy" / "k8s"
K8S_EXAMPLES = K8S / "example"
OPERATIONS = ROOT / "docs" / "OPERATIONS.md"
# Set by .ci/run: a missing validator (kubectl, docker-compose) fails instead of skipping.
REQUIRED = os.environ.get("REALDEPLOY") == "1"


def tool(name: str, package: str) -> str:
    path = shutil.which(name)
    if path:
        return path
    if REQUIRED:
        pytest.fail(f"REALDEPLOY=1 but {name} is not installed (apt-get install {package})")
    pytest.skip(f"{name} not installed (apt-get install {package}); REALDEPLOY=1 makes this a failure")


# --- Dockerfile ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Instruction:
    keyword: str
    text: str  # the arguments, continuation lines joined

    def exec_form(self) -> list[str] | None:
        """``CMD ["a", "b"]`` → ["a", "b"]; None for the shell form."""
        text = self.text
        if self.keyword == "HEALTHCHECK":
            text = text.split(" CMD ", 1)[1] if " CMD " in f" {text}" else text
            text = text.removeprefix("CMD ").strip()
        return json.loads(text) if text.startswith("[") else None

    def flags(self) -> dict[str, str]:
        return dict(re.findall(r"--([\w-]+)=(\S+)", self.text.split(" CMD ", 1)[0]))


@dataclass
class Stage:
    base: str
    name: str
    instructions: list[Instruction] = field(default_factory=list)

    def all(self, keyword: str) -> list[Instruction]:
        return [i for i in self.instructions if i.keyword == keyword]

    def one(self, keyword: str) -> Instruction:
        (found,) = self.all(keyword)
        return found

    def env(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for instruction in self.all("ENV"):
            for item in shlex.split(instruction.text):
                key, _, value = item.partition("=")
                out[key] = value
        return out


def dockerfile_stages(path: Path = DOCKERFILE) -> list[Stage]:
    logical: list[str] = []
    pending = ""
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line.startswith("#") or (not line and not pending):
            continue
        if line.endswith("\\"):
            pending += line[:-1].strip() + " "
            continue
        logical.append(pending + line)
        pending = ""
    stages: list[Stage] = []
    for line in logical:
        keyword, _, text = line.partition(" ")
        keyword = keyword.upper()
        if keyword == "FROM":
            base, _, name = text.partition(" AS ")
            stages.append(Stage(base=base.strip(), name=name.strip()))
        elif stages:
            stages[-1].instructions.append(Instruction(keyword, text.strip()))
    return stages


# --- YAML ------------------------------------------------------------------------------------
def compose() -> dict[str, Any]:
    return yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))


def manifests(directory: Path = K8S) -> list[dict[str, Any]]:
    docs: list[dict[str, Any]] = []
    for path in sorted(directory.glob("*.yaml")):
        docs.extend(doc for doc in yaml.safe_load_all(path.read_text(encoding="utf-8")) if doc)
    return docs


def manifest(kind: str, name: str, directory: Path = K8S) -> dict[str, Any]:
    (found,) = [m for m in manifests(directory) if m["kind"] == kind and m["metadata"]["name"] == name]
    return found


def pod_spec(workload: dict[str, Any]) -> dict[str, Any]:
    return workload["spec"]["template"]["spec"]


def container(workload: dict[str, Any], name: str) -> dict[str, Any]:
    (found,) = [c for c in pod_spec(workload)["containers"] if c["name"] == name]
    return found


def container_env(spec: dict[str, Any]) -> dict[str, str]:
    return {item["name"]: item["value"] for item in spec.get("env", [])}


# --- what the docs document ------------------------------------------------------------------
@dataclass(frozen=True)
class Command:
    env: dict[str, str]
    argv: list[str]


def _section(doc: str, heading: str) -> str:
    text = doc.split(f"## {heading}\n", 1)[1]
    return text.split("\n## ", 1)[0]


def documented_commands(heading: str, doc: Path = OPERATIONS) -> list[Command]:
    """Every command of the ```bash blocks under ``## heading``: ``&&``-chains split, comments
    dropped, leading ``VAR=value`` assignments (and ``export``) set apart, ``.venv/bin/`` removed
    (the image has its virtualenv on PATH)."""
    section = _section(doc.read_text(encoding="utf-8"), heading)
    commands: list[Command] = []
    for block in re.findall(r"```bash\n(.*?)```", section, re.S):
        text = block.replace("\\\n", " ")
        for line in text.splitlines():
            words = shlex.split(line, comments=True)
            while words:
                chunk = words[: words.index("&&")] if "&&" in words else words
                words = words[len(chunk) + 1 :]
                if chunk and chunk[0] == "export":
                    continue
                env: dict[str, str] = {}
                while chunk and re.fullmatch(r"[A-Z_][A-Z0-9_]*=.*", chunk[0]):
                    key, _, value = chunk.pop(0).partition("=")
                    env[key] = value
                if chunk:
                    commands.append(Command(env=env, argv=[chunk[0].removeprefix(".venv/bin/"), *chunk[1:]]))
    return commands


def documented(heading: str, *argv_start: str) -> Command:
    """The one documented command under ``heading`` whose argv starts with ``argv_start``."""
    found = [c for c in documented_commands(heading) if c.argv[: len(argv_start)] == list(argv_start)]
    assert len(found) == 1, f"docs/OPERATIONS.md '{heading}' documents {len(found)} '{' '.join(argv_start)}' commands"
    return found[0]
