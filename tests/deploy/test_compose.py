"""compose.yaml: Debian's ``docker-compose config -q`` accepts it with the ``.env`` the docs ask for
(the production block of docs/CONFIGURATION.md plus POSTGRES_PASSWORD) and refuses a broken copy;
the services, health checks and start order are those docs/OPERATIONS.md describes."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.deploy.artefacts import COMPOSE, compose, dockerfile_stages, tool
from tests.settings.production_env import documented_production_env

APP_SERVICES = ("migrate", "web", "worker", "beat")


def _project(tmp_path: Path, text: str) -> Path:
    """A project directory holding ``text`` as compose.yaml and the documented .env."""
    env = {**documented_production_env(), "POSTGRES_PASSWORD": "compose-test-password"}
    (tmp_path / ".env").write_text("".join(f"{k}={v}\n" for k, v in env.items()), encoding="utf-8")
    (tmp_path / "compose.yaml").write_text(text, encoding="utf-8")
    return tmp_path


def _config(docker_compose: str, project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [docker_compose, "--project-directory", str(project), "-f", str(project / "compose.yaml"), "config", *args],
        capture_output=True, text=True, timeout=60, cwd=project,
    )


def test_docker_compose_accepts_compose_yaml_with_the_documented_env(tmp_path):
    docker_compose = tool("docker-compose", "docker-compose")
    project = _project(tmp_path, COMPOSE.read_text(encoding="utf-8"))
    result = _config(docker_compose, project, "-q")
    assert result.returncode == 0, result.stderr
    resolved = _config(docker_compose, project).stdout
    assert "postgres://superbiz:compose-test-password@db:5432/superbiz" in resolved  # the compose db, not the doc's host


def test_docker_compose_refuses_a_broken_copy(tmp_path):
    docker_compose = tool("docker-compose", "docker-compose")
    broken = COMPOSE.read_text(encoding="utf-8").replace("service_completed_successfully", "service_finished", 1)
    result = _config(docker_compose, _project(tmp_path, broken), "-q")
    assert result.returncode != 0 and "service_finished" in result.stderr, result.stderr


def test_docker_compose_refuses_to_run_without_the_database_password(tmp_path):
    docker_compose = tool("docker-compose", "docker-compose")
    project = _project(tmp_path, COMPOSE.read_text(encoding="utf-8"))
    (project / ".env").write_text("".join(f"{k}={v}\n" for k, v in documented_production_env().items()))
    result = _config(docker_compose, project, "-q")
    assert result.returncode != 0 and "POSTGRES_PASSWORD" in result.stderr


def test_compose_has_the_documented_services_health_checks_and_start_order():
    services = compose()["services"]
    assert set(services) == {"db", "redis", *APP_SERVICES}
    for name in ("db", "redis", "web", "worker"):
        assert services[name]["healthcheck"]["test"], name
    # The image's HEALTHCHECK asks for an HTTP server: off where there is none.
    assert services["migrate"]["healthcheck"] == {"disable": True}
    assert services["beat"]["healthcheck"] == {"disable": True}
    assert services["web"]["healthcheck"]["test"] == ["CMD", *dockerfile_stages()[-1].one("HEALTHCHECK").exec_form()]
    assert services["migrate"]["depends_on"] == {"db": {"condition": "service_healthy"}}
    for name in ("web", "worker", "beat"):
        depends = services[name]["depends_on"]
        assert depends["migrate"] == {"condition": "service_completed_successfully"}, name
        assert depends["redis"] == {"condition": "service_healthy"}, name
    for name in APP_SERVICES:
        assert services[name]["env_file"] == ".env", name
        assert services[name]["environment"]["RUN_EXECUTION"] == "celery", name
