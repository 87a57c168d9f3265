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
pytestmark = [pytest.mark.load, pytest.mark.postgres]


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
    rows = [line for line in done.stdout.splitlines() if line.startswith("| ") and " ms" not in line]
    assert [r.split(" | ")[0] for r in rows] == [
        "| admin run list, first page", "| admin run list, outcome=fallback",
        "| admin run search ?q=原因", "| admin run search ?q=第 4242 次", "| admin run search ?q=不存在",
        "| before (icontains scan): admin run search ?q=原因", "| before (icontains scan): admin run search ?q=第 4242 次",
        rows[7].split(" | ")[0],
    ] and rows[7].startswith("| GET /api/runs/{id}"), done.stdout
