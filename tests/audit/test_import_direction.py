"""Import arrows run one way (STYLE "Arrows run one way", issue 12 item 3): adapters → run
services → graph → audit/recording layer → models. The graph and the audit layer never import
the run services, and only the finaliser writes a terminal run status."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "diagnosis"


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [
        ("graph", ("diagnosis.services", "diagnosis.api", "diagnosis.web", "diagnosis.tasks")),
        ("audit", ("diagnosis.services", "diagnosis.graph", "diagnosis.api", "diagnosis.web", "diagnosis.tasks")),
    ],
)
def test_lower_layer_never_imports_a_higher_one(package, forbidden):
    offenders = {
        f"{path.relative_to(ROOT)} → {name}"
        for path in (ROOT / package).rglob("*.py")
        for name in _imports(path)
        if name.startswith(forbidden)
    }
    assert not offenders


TERMINAL_WRITE = re.compile(r"(\.status\s*=|status\s*=)\s*DiagnosisRun\.Status\.(COMPLETED|FAILED)\b")


def test_only_the_finaliser_and_terminal_descriptions_name_a_terminal_status_write():
    # RunTerminal(status=…) describes an ending; only run_finalise applies one. Any other
    # assignment of a terminal status to a run is a second writer.
    offenders = []
    for path in ROOT.rglob("*.py"):
        if "migrations" in path.parts:
            continue
        for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if TERMINAL_WRITE.search(line) and "RunTerminal" not in line:
                offenders.append(f"{path.relative_to(ROOT)}:{lineno}: {line.strip()}")
    allowed = {"audit/finalise.py", "graph/persist.py", "services/runs.py"}
    assert [o for o in offenders if o.split(":")[0] not in allowed] == []
