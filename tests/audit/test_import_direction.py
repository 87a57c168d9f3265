"""One writer of a run's terminal status (STYLE "Arrows run one way", issue 12 item 3): only the
finaliser writes it. The import arrows themselves are import-linter contracts (pyproject.toml
``[tool.importlinter]``, ``lint-imports`` in CI)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "diagnosis"


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
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT.parent, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
