"""Layering of the question reading and the offline agents: both are pure (no Django, no I/O
beyond their own rule files), and the reading — which every provider's plan goes through — never
depends on the offline agents, so a model provider can run without them."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
READING = sorted((ROOT / "diagnosis" / "reading").glob("*.py"))
OFFLINE = sorted((ROOT / "diagnosis" / "agents" / "offline").glob("*.py"))


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("path", READING + OFFLINE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_reading_and_the_offline_agents_import_no_django(path):
    assert not [n for n in _imports(path) if n.startswith(("django", "rest_framework"))]


@pytest.mark.parametrize("path", READING, ids=lambda p: p.name)
def test_the_question_reading_never_imports_the_offline_agents(path):
    assert not [n for n in _imports(path) if n.startswith("diagnosis.agents.offline")]


def test_a_question_is_read_without_django_being_imported():
    # Transitively too: resolve() runs in a bare interpreter with no settings configured.
    code = (
        "import sys\n"
        "from datetime import datetime\n"
        "from diagnosis.agents.base import ServiceInfo\n"
        "from diagnosis.reading.conversation import resolve\n"
        "r = resolve(question='payment-service 从 10:05 开始大量 500', now=datetime(2026, 11, 28, 10, 30),"
        " tz='Asia/Shanghai', services=[ServiceInfo(name='payment-service')], context=None)\n"
        "assert r.asked.services == ['payment-service'], r.asked\n"
        "assert not [m for m in sys.modules if m == 'django' or m.startswith('django.')], 'django imported'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
