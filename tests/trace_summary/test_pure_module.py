"""The builder is a pure core (STYLE §4): importing it pulls in no Django."""

import subprocess
import sys


def test_trace_summary_module_imports_without_django():
    code = "import sys, diagnosis.trace_summary; print(any(m == 'django' or m.startswith('django.') for m in sys.modules))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "False"
