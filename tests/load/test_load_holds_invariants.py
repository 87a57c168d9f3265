"""Short runs of the load harness (benchmarks/load.py, issue 9 item 7): Locust users against a
real uvicorn on a fresh demo database, then the database is checked. Each run must hold the
harness's invariants — error rate < 1 %, real answers (outcome other than fallback) >= 99 %,
exactly one terminal run row per 2xx response and no other rows, nothing left queued/running.

The full runs (8 users on SQLite, 50 on PostgreSQL, 60 s, offline and fake model) are documented
in docs/reliability/load.md; these are their CI form, a few seconds each.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.load


def postgres_bench_url() -> str:
    """A scratch database next to this run's own: ``<name>_load_bench`` (dropped and recreated)."""
    s = connection.settings_dict
    user = quote(s.get("USER") or "")
    password = f":{quote(s['PASSWORD'])}" if s.get("PASSWORD") else ""
    host = s.get("HOST") or "127.0.0.1"
    port = f":{s['PORT']}" if s.get("PORT") else ""
    return f"postgres://{user}{password}@{host}{port}/{s['NAME']}_load_bench"


def run_harness(tmp_path: Path, *args: str) -> dict:
    out = tmp_path / "figures.json"
    # Its own session, so a hung run is ended with everything it started (uvicorn, Locust).
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "benchmarks" / "load.py"), *args, "--json-out", str(out)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )
    try:
        stdout, stderr = process.communicate(timeout=240)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        stdout, stderr = process.communicate()
        pytest.fail(f"the load harness did not finish in 240 s: {stdout[-2000:]} {stderr[-2000:]}")
    print(stdout, stderr[-3000:])
    assert out.exists(), f"the harness wrote no figures (exit {process.returncode}): {stderr[-3000:]}"
    figures = json.loads(out.read_text())
    figures["report"] = stdout
    return figures


def assert_invariants(figures: dict) -> None:
    total = figures["endpoints"]["all"]
    saved = figures["saved"]
    report = figures["report"]
    assert total["requests"] > 0, report
    assert figures["endpoints"]["/api/chat/stream"]["requests"] > 0, report  # both endpoints were driven
    assert total["error_rate"] < 0.01, report
    assert total["real_share"] >= 0.99, report
    assert saved["run_rows"] == saved["responses_2xx"], report
    assert not saved["not_saved"] and not saved["extra_rows"] and not saved["duplicate_run_ids"], report
    assert not saved["not_terminal"] and not saved["stuck"], report
    assert all(figures["invariants"].values()), report


def test_sqlite_offline_8_users_every_ask_answered_and_saved(tmp_path):
    figures = run_harness(tmp_path, "--db", "sqlite", "--provider", "offline", "--users", "8", "--duration", "10")
    assert_invariants(figures)


@pytest.mark.postgres
def test_postgres_fake_model_20_users_every_ask_answered_and_saved(tmp_path):
    figures = run_harness(tmp_path, "--db", "postgres", "--database-url", postgres_bench_url(), "--provider", "openai",
                          "--latency-ms", "200", "--users", "20", "--duration", "10")
    assert_invariants(figures)
    assert figures["model_unscripted"] == 0, figures["report"]
    assert figures["model_calls"]["composer"] == figures["saved"]["run_rows"], figures["report"]
