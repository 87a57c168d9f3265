"""A read-only SQLite file (issue 25, smaller items): a chat used to answer 500 ``internal_error``
(and valid tokens 401), and the in-process reaper logged a full traceback every pass. Now a write
the database refuses is a Chinese 503 ``database_unavailable`` with ``Retry-After``, reads with a
valid token still answer, and the reaper logs one line per failed pass."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from diagnosis.api.errors import MESSAGE_DATABASE_UNAVAILABLE

ROOT = Path(__file__).resolve().parents[2]


def test_a_read_only_database_is_a_chinese_503_and_the_reaper_logs_one_line_per_pass(tmp_path):
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite3", "LLM_PROVIDER": "offline",
           "RUN_EXECUTION": "inline"}  # fmt: skip
    result = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("readonly_sqlite.py"))],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    status, body, retry_after = seen["chat"]
    assert status == 503, body
    assert body["error"] == {"code": "database_unavailable", "message": MESSAGE_DATABASE_UNAVAILABLE}
    assert retry_after and int(retry_after) > 0
    assert seen["runs"] == 200  # a valid token still reads: not 401 authentication_failed
    assert "Traceback" not in result.stderr
    reaper = seen["reaper"]
    assert len(reaper) == 3, reaper  # one line per failed pass
    for level, message, has_traceback in reaper:
        assert level == "WARNING" and "readonly" in message and not has_traceback and "\n" not in message
