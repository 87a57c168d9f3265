"""gatekeeper is a pure core (DESIGN §2, STYLE §4): no Django, no diagnosis, a stable public API."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import gatekeeper

REPO = Path(__file__).resolve().parents[2]


def test_gatekeeper_imports_neither_django_nor_diagnosis():
    code = (
        "import sys, gatekeeper, json; "
        "gatekeeper.check('{}', []); "
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'diagnosis', 'superbiz'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_no_gatekeeper_module_mentions_django_or_diagnosis():
    for path in (REPO / "gatekeeper").glob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert "import django" not in source and "from django" not in source, path
        assert "import diagnosis" not in source and "from diagnosis" not in source, path


def test_public_api_is_exported():
    expected = {
        "check",
        "project",
        "parse_contract",
        "excerpt_supported",
        "load_catalog",
        "fallback_result",
        "ceiling_for_severity",
        "GatekeeperResult",
        "CheckedBinding",
        "VerifiedProjection",
        "ExecutorContract",
        "MatchOutcome",
        "SCHEMA_EXECUTOR_V2",
        "EVIDENCE_INVOCATION_REF",
        "EVIDENCE_RAW_PATH",
        "EVIDENCE_EXCERPT_MISMATCH",
        "EVIDENCE_RAW_PATH_MISSING",
        "EVIDENCE_REFS_UNAVAILABLE",
        "EVIDENCE_STALE_SUPPORT",
    }
    assert expected <= set(gatekeeper.__all__)
    for name in gatekeeper.__all__:
        assert hasattr(gatekeeper, name), name
    assert gatekeeper.SCHEMA_EXECUTOR_V2 == "schema.executor_v2"


def test_catalog_file_is_package_data():
    assert (REPO / "gatekeeper" / "rules.toml").is_file()
