"""The P5 benchmark (benchmarks/bench_p5_run_lists.py) on a small scratch database, so the script
cannot rot (it did once: sessions gained an evidence scope and the script's bulk insert broke).
No figure is asserted against a target — timing is the benchmark's job."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import psycopg
import pytest
from django.db import connection

from tests.load.test_load_holds_invariants import postgres_bench_url

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.load
SEARCHES = ["原因", "磁盘", "payment-service", "重启的", "500", "第 4242 次", "不存在"]


def _rows(stdout: str) -> list[str]:
    """The request column of the printed table."""
    return [line.split(" | ")[0] for line in stdout.splitlines() if line.startswith("| ") and " ms" not in line]


@pytest.mark.postgres
def test_p5_benchmark_fills_a_scratch_database_and_prints_its_requests():
    url = postgres_bench_url().replace("_load_bench", "_p5_bench")
    name = url.rsplit("/", 1)[1]
    s = connection.settings_dict
    admin = psycopg.connect(host=s.get("HOST") or "127.0.0.1", port=s.get("PORT") or 5432, user=s.get("USER") or None,
                            password=s.get("PASSWORD") or None, dbname="postgres", autocommit=True)
    try:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
        done = subprocess.run(
            [sys.executable, str(ROOT / "benchmarks" / "bench_p5_run_lists.py"), "--database-url", url,
             "--runs", "300", "--repeat", "2"],
            cwd=ROOT, capture_output=True, text=True, timeout=300,
        )
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()
    assert done.returncode == 0, done.stderr[-3000:]
    assert "runs in DB: 301" in done.stdout, done.stdout  # 300 seeded + the one detail run it executes
    rows = _rows(done.stdout)
    assert rows[:-1] == [
        "| admin run list, first page", "| admin run list, outcome=fallback",
        *(f"| admin run search ?q={q}" for q in SEARCHES),
        *(f"| before (icontains, no index): admin run search ?q={q}" for q in SEARCHES),
    ] and rows[-1].startswith("| GET /api/runs/{id}"), done.stdout


def test_p5_benchmark_runs_on_sqlite_too(tmp_path):
    """On the embedded default there is no index to take away: the searches are timed once."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_p5_run_lists.py"),
         "--database-url", f"sqlite:///{tmp_path / 'p5.sqlite3'}", "--runs", "300", "--repeat", "2"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "SQLite" in done.stdout and "runs in DB: 301" in done.stdout, done.stdout
    rows = _rows(done.stdout)
    assert rows[:-1] == ["| admin run list, first page", "| admin run list, outcome=fallback",
                         *(f"| admin run search ?q={q}" for q in SEARCHES)], done.stdout
