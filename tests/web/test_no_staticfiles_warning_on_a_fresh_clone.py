"""A fresh clone has no ``staticfiles/`` (collectstatic never ran): starting the ASGI application
— what uvicorn does — must not warn ``No directory at: …/staticfiles/`` (issue 27), while
whitenoise still serves the static files from the finders (tests/web/test_static_files.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings

# The settings first (as uvicorn's import of superbiz.asgi does), then STATIC_ROOT pointed at a
# directory that does not exist, whatever this checkout holds, then the application.
START_THE_APP = """
import sys
from django.conf import settings
settings.STATIC_ROOT = sys.argv[1]
from django.core.asgi import get_asgi_application
get_asgi_application()
print("started")
"""


def test_starting_the_app_without_staticfiles_prints_no_warning(tmp_path: Path):
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "superbiz.settings",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "PYTHONWARNINGS": "default",  # show every warning once, as a fresh interpreter under uvicorn does
    }
    result = subprocess.run(
        [sys.executable, "-c", START_THE_APP, str(tmp_path / "staticfiles")], cwd=settings.BASE_DIR, env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert "started" in result.stdout
    assert "No directory at" not in result.stderr, result.stderr
