"""The image, compose.yaml and deploy/k8s/ run exactly the commands docs/OPERATIONS.md documents:
gunicorn (the image's default command), collectstatic at build, migrate (compose's step, the
Kubernetes Job), the Celery worker with its DB_CONN_MAX_AGE, and beat."""

from __future__ import annotations

import shlex

from tests.deploy.artefacts import compose, container, container_env, dockerfile_stages, documented, manifest

SERVING = "Production serving"
CELERY = "Celery workers (`RUN_EXECUTION=celery`)"


def test_the_images_default_command_is_the_documented_gunicorn_line_and_bind():
    gunicorn = documented(SERVING, "gunicorn")
    final = dockerfile_stages()[-1]
    assert final.one("CMD").exec_form() == gunicorn.argv
    assert final.env()["GUNICORN_BIND"] == gunicorn.env["GUNICORN_BIND"]


def test_the_image_runs_the_documented_collectstatic_at_build():
    collectstatic = documented(SERVING, "python", "manage.py", "collectstatic")
    runs = [shlex.split(run.text) for run in dockerfile_stages()[-1].all("RUN")]
    argv = collectstatic.argv
    assert any(words[i : i + len(argv)] == argv for words in runs for i in range(len(words))), runs


def test_compose_and_the_job_migrate_with_the_documented_command():
    migrate = documented(SERVING, "python", "manage.py", "migrate").argv
    assert compose()["services"]["migrate"]["command"] == migrate
    assert container(manifest("Job", "superbiz-migrate"), "migrate")["command"] == migrate


def test_the_web_runs_the_images_gunicorn_command_in_compose_and_kubernetes():
    gunicorn = documented(SERVING, "gunicorn").argv
    assert compose()["services"]["web"]["command"] == gunicorn
    assert container(manifest("Deployment", "superbiz-web"), "web")["command"] == gunicorn


def test_the_worker_runs_the_documented_celery_command_with_its_connection_reuse():
    worker = documented(CELERY, "celery", "-A", "superbiz", "worker")
    service = compose()["services"]["worker"]
    assert service["command"] == worker.argv
    assert {k: service["environment"][k] for k in worker.env} == worker.env
    k8s = container(manifest("Deployment", "superbiz-worker"), "worker")
    assert k8s["command"] == worker.argv
    assert {k: container_env(k8s)[k] for k in worker.env} == worker.env


def test_beat_runs_the_documented_celery_command():
    beat = documented(CELERY, "celery", "-A", "superbiz", "beat").argv
    assert compose()["services"]["beat"]["command"] == beat
    assert container(manifest("Deployment", "superbiz-beat"), "beat")["command"] == beat
