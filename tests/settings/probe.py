"""Run Django in a fresh interpreter with a chosen environment, exactly as `manage.py` would
import the settings; the caller's own DEBUG/SECRET_KEY/SECURE_* variables do not leak in."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Variables a developer or CI may have exported that would change what a probe sees.
_INHERITED_PREFIXES = ("LLM_", "SECURE_", "SECRET_KEY", "CSRF_", "SESSION_COOKIE_")
_INHERITED = {"DATABASE_URL", "DEBUG", "REQUIRE_SECRET_KEY", "ALLOWED_HOSTS"}


def clean_env(env: dict[str, str]) -> dict[str, str]:
    base = {
        k: v for k, v in os.environ.items() if k not in _INHERITED and not k.startswith(_INHERITED_PREFIXES)
    }
    return {**base, "DJANGO_SETTINGS_MODULE": "superbiz.settings", **env}


def run_python(env: dict[str, str], code: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=clean_env(env), capture_output=True, text=True, timeout=120
    )


def run_manage(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=clean_env(env), capture_output=True, text=True, timeout=120
    )


def load_settings(env: dict[str, str], name: str = "DATABASES") -> subprocess.CompletedProcess:
    return run_python(env, f"import django; django.setup(); from django.conf import settings; print(settings.{name})")


def last_error(result: subprocess.CompletedProcess) -> str:
    """The exception line a refused start-up ends with."""
    return result.stderr.strip().splitlines()[-1] if result.stderr.strip() else ""
