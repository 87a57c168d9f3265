"""The alert package sits above the run services: the recording layer and the graph never import
it (the notification hears of a run's end through the ``run_ended`` signal instead)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "diagnosis"
PURE = ("payload.py", "question.py", "tokens.py", "outbound.py")


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("package", ["audit", "graph", "services", "agents", "verification", "composer"])
def test_lower_layers_never_import_the_alert_package(package):
    offenders = [str(p.relative_to(ROOT)) for p in (ROOT / package).rglob("*.py") if any(n.startswith("diagnosis.alerts") for n in _imports(p))]
    assert offenders == []


@pytest.mark.parametrize("module", PURE)
def test_the_pure_cores_import_no_django(module):
    assert not any(name.startswith(("django", "rest_framework")) for name in _imports(ROOT / "alerts" / module))
