"""The P3 throughput benchmark (benchmarks/bench_p3_throughput.py) in its ``--short`` form, so the
script cannot rot: both deployments (gunicorn inline; gunicorn + a real Celery worker on Redis)
start, every chat of the wave is answered through the SSE endpoint by the fake model's whole
conversation, and the figures are written. No figure is asserted against a target (timing is the
benchmark's job, not a test's)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.celery_worker import requires_redis
from tests.load.test_load_holds_invariants import postgres_bench_url

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.load, pytest.mark.postgres, requires_redis]


def test_p3_benchmark_short_answers_every_chat_in_both_deployments(tmp_path):
    out = tmp_path / "p3.json"
    redis_db = 1 + os.getpid() % 15  # like the Celery tests: not another run's database
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "benchmarks" / "bench_p3_throughput.py"), "--short",
         "--database-url", postgres_bench_url().replace("_load_bench", "_p3_bench"),
         "--redis-url", f"redis://127.0.0.1:6379/{redis_db}", "--json", str(out)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )
    try:
        stdout, stderr = process.communicate(timeout=420)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        stdout, stderr = process.communicate()
        pytest.fail(f"the P3 benchmark did not finish in 420 s: {stdout[-2000:]} {stderr[-2000:]}")
    assert process.returncode == 0 and out.exists(), (process.returncode, stdout[-2000:], stderr[-3000:])
    rows = {row["mode"]: row for row in json.loads(out.read_text())}
    assert set(rows) == {"inline", "celery"}, stdout
    for row in rows.values():
        assert row["chats"] == 4 and row["errors"] == 0 and row["answered"] == 4, row
        assert row["calls_per_run"] == 5.0, row  # planner, executor ×2, verifier, composer
        assert 0 < row["ratio"] <= 1.05, row  # a fraction of the ideal (a little noise above 1 at most)
    assert "| **" in stdout and "ratio" in stdout  # the table was printed
