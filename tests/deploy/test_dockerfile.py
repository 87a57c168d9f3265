"""The Dockerfile is what docs/OPERATIONS.md describes: a builder stage and a python:3.11-slim final
stage running as the non-root user the Kubernetes pods name, a HEALTHCHECK on /healthz; and the
.dockerignore keeps secrets out of the build context without hiding anything the image copies."""

from __future__ import annotations

import fnmatch
import shlex

from tests.deploy.artefacts import ROOT, container, dockerfile_stages, manifest, pod_spec

NEVER_IN_CONTEXT = (".env", ".secret_key", ".git", "db.sqlite3")


def _ignore_patterns() -> list[str]:
    lines = (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    return [line.strip().rstrip("/") for line in lines if line.strip() and not line.startswith("#")]


def _ignored(path: str, patterns: list[str]) -> bool:
    """Docker's rule, as far as these patterns need it: the last matching pattern wins, ``!`` re-includes,
    a pattern matching a directory covers what is inside."""
    ignored = False
    parts = path.split("/")
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    for pattern in patterns:
        negate = pattern.startswith("!")
        if any(fnmatch.fnmatch(prefix, pattern.lstrip("!")) for prefix in prefixes):
            ignored = not negate
    return ignored


def test_a_builder_stage_and_a_slim_python_311_final_stage():
    builder, final = dockerfile_stages()
    assert builder.name == "builder" and builder.base == final.base == "python:3.11-slim"
    assert [c.text for c in final.all("COPY") if c.text.startswith("--from=")] == ["--from=builder /opt/venv /opt/venv"]


def test_the_image_runs_as_the_non_root_user_the_pods_require():
    user = dockerfile_stages()[-1].one("USER").text
    uid, _, gid = user.partition(":")
    assert uid.isdigit() and int(uid) != 0, "numeric, so Kubernetes' runAsNonRoot can verify it"
    for kind, name in [("Deployment", "superbiz-web"), ("Deployment", "superbiz-worker"),
                       ("Deployment", "superbiz-beat"), ("Job", "superbiz-migrate")]:
        context = pod_spec(manifest(kind, name))["securityContext"]
        assert (context["runAsUser"], context["runAsGroup"]) == (int(uid), int(gid)), name


def test_the_healthcheck_probes_healthz_with_the_copied_script():
    final = dockerfile_stages()[-1]
    command = final.one("HEALTHCHECK").exec_form()
    assert command == ["python", "deploy/healthcheck.py", "/healthz"]
    copied = [shlex.split(c.text)[0] for c in final.all("COPY")]
    assert "deploy/healthcheck.py" in copied
    assert container(manifest("Deployment", "superbiz-web"), "web")["livenessProbe"]["httpGet"]["path"] == command[-1]


def test_dockerignore_keeps_secrets_out_and_everything_copied_in():
    patterns = _ignore_patterns()
    for path in NEVER_IN_CONTEXT:
        assert _ignored(path, patterns), path
    for stage in dockerfile_stages():
        for copy in stage.all("COPY"):
            words = shlex.split(copy.text)
            if any(w.startswith("--from=") for w in words):
                continue
            for source in words[:-1]:
                assert not _ignored(source, patterns), f"{source} is copied but .dockerignore drops it"
                assert (ROOT / source).exists(), source
