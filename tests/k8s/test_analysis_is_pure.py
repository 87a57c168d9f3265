"""The analyzer engine is a pure core (STYLE §4): importing and running it loads no Django."""

from __future__ import annotations

import subprocess
import sys


def test_the_analysis_package_runs_without_django():
    code = (
        "import sys; from diagnosis.k8s_analysis import analyze, ClusterState; "
        "from diagnosis.k8s_analysis.claims import finding_claims; "
        "assert analyze(ClusterState()) == [] and finding_claims([], ClusterState()) == []; "
        "loaded = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')); "
        "assert not loaded, loaded"
    )
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": "."}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 0, result.stderr
