"""Load harness (issue 9 item 7): Locust users against uvicorn, then a check of what was saved.

Not a test by itself (tests/load/ runs it briefly and asserts its invariants). Full runs:

    .venv/bin/python benchmarks/load.py --db sqlite   --provider offline --users 8  --duration 60
    .venv/bin/python benchmarks/load.py --db sqlite   --provider openai  --users 8  --duration 60
    .venv/bin/python benchmarks/load.py --db postgres --provider offline --users 50 --duration 60
    .venv/bin/python benchmarks/load.py --db postgres --provider openai  --users 50 --duration 60

What one run does, all on 127.0.0.1:

1. a fresh database — SQLite: a file in a scratch directory; PostgreSQL: ``--database-url``
   (default ``postgres://postgres@127.0.0.1:5432/superbiz_load_bench``) dropped and created — is
   migrated and loaded with the demo bundle (``load_demo``); one user with its own API token is
   created per Locust user;
2. with ``--provider openai``, the fake OpenAI-compatible server (tests/fake_llm/server.py) serves a
   valid planner → executor → verifier → composer conversation for the demo incident, each model
   call answered after ``--latency-ms`` (benchmarks/load_model.py);
3. ``uvicorn superbiz.asgi:application`` (one process, the README's command) on a free port, with
   the API throttles raised (API_THROTTLE_USER / API_THROTTLE_CHAT = 1000000/minute: the load
   env measures the application, not its rate limit);
4. one warm-up ask, not counted (jieba's dictionary, Django's first queries: seconds, once);
5. ``locust --headless -u USERS -r SPAWN_RATE -t DURATION`` (benchmarks/load_locustfile.py): each
   user asks the demo questions in turn (offline) or the payment-service question (fake model),
   one ask in ``1/--stream-share`` through ``/api/chat/stream``, ``--think`` seconds between asks;
   at the end every request in flight is let finish (``--stop-timeout``);
6. once no run of the load users is ``queued``/``running`` any more (or ``--drain-s`` passed),
   uvicorn is stopped and the database is checked: every 2xx response has exactly one run row,
   in a terminal state, and there are no other rows; nothing is stuck.

Printed: one table (requests, errors, real answers — outcome other than ``fallback`` —, p50 / p95 /
p99 latency per endpoint), fallbacks by reason, the saved-runs check, the model calls, and PASS/FAIL
for each invariant (error rate < 1 %, real answers >= 99 %, runs saved == 2xx, nothing stuck).
Exit status 0 when all invariants hold, 1 otherwise. ``--json-out FILE`` writes the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/superbiz_load_bench"
RAISED_THROTTLE = "1000000/minute"
# The "Questions to try" of diagnosis/demo/README.md the offline agents answer from the demo world.
DEMO_QUESTIONS = [
    "payment-service 从 10:05 开始大量 500，原因是什么？",
    "支付服务半小时前开始报错，连接池是什么情况？",
    "昨天晚上订单服务为什么一直重启？",
    "今天凌晨搜索服务写入失败是怎么回事？",
    "今天上午库存接口为什么变慢？慢查询有多慢？",
    "昨天下午登录接口 504 的原因？",
    "现在还有哪些告警没有恢复？",
]
WARMUP_USER = "load-warmup"  # not a "load-user-…": its run is not part of the figures
MAX_ERROR_RATE = 0.01
MIN_REAL_SHARE = 0.99


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Locust load run against uvicorn + a check of the saved runs.")
    parser.add_argument("--db", choices=("sqlite", "postgres"), required=True)
    parser.add_argument("--provider", choices=("offline", "openai"), default="offline")
    parser.add_argument("--users", type=int, required=True)
    parser.add_argument("--duration", type=int, required=True, help="seconds of load (Locust --run-time)")
    parser.add_argument("--spawn-rate", type=float, default=10.0, help="users started per second")
    parser.add_argument("--latency-ms", type=int, default=200, help="fake model: delay of every model call")
    parser.add_argument("--stream-share", type=float, default=0.2, help="share of asks sent to /api/chat/stream")
    parser.add_argument("--think", type=float, nargs=2, default=(0.2, 1.0), metavar=("MIN_S", "MAX_S"))
    parser.add_argument("--stop-timeout", type=int, default=300, help="seconds the requests in flight may take at the end")
    parser.add_argument("--drain-s", type=int, default=60, help="seconds to wait for runs still running after the load")
    parser.add_argument("--database-url", default=DEFAULT_POSTGRES_URL, help="PostgreSQL database to (re)create")
    parser.add_argument("--json-out", type=Path, help="write the figures as JSON here")
    parser.add_argument("--keep", action="store_true",
                        help="keep the scratch directory (logs, Locust CSV, results) and the PostgreSQL database")
    args = parser.parse_args(argv)
    if args.users < 1 or args.duration < 1:
        parser.error("--users and --duration must be positive")
    if urlsplit(args.database_url).hostname not in ("127.0.0.1", "localhost", "::1"):
        parser.error("--database-url must be a PostgreSQL on this machine (127.0.0.1)")
    return args


# --- database ---------------------------------------------------------------------------------
def recreate_postgres(url: str, *, create: bool = True) -> None:
    """Drop the database of ``url`` if it exists, then create it (``create=False``: only drop)."""
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    if not name.replace("_", "").isalnum():
        raise SystemExit(f"unsafe database name {name!r}")
    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if create:
            conn.execute(f'CREATE DATABASE "{name}"')


def prepare_database(users: int) -> tuple[list[str], str]:
    """Migrate, load the demo, create one user + token per Locust user and a warm-up user;
    returns the users' tokens and the warm-up token."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connections
    from rest_framework.authtoken.models import Token

    with open(os.devnull, "w") as devnull:
        call_command("migrate", verbosity=0, stdout=devnull)
        call_command("load_demo", verbosity=0, stdout=devnull)
    tokens = []
    for i in range(users):
        user = get_user_model().objects.create_user(username=f"load-user-{i:03d}", password=None)
        tokens.append(Token.objects.create(user=user).key)
    warmup = Token.objects.create(user=get_user_model().objects.create_user(username=WARMUP_USER, password=None)).key
    connections.close_all()  # the server under test gets the database to itself
    return tokens, warmup


def warm_up(base_url: str, token: str, question: str) -> str:
    """One ask before the load, not counted (the first run loads jieba's dictionary and warms
    Django's first queries — seconds, once per process). Returns an error text or ""."""
    request = urllib.request.Request(
        f"{base_url}/api/chat",
        data=json.dumps({"question": question}).encode(),
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as response:  # noqa: S310 — 127.0.0.1 only
            body = json.loads(response.read())
            return "" if body.get("outcome") not in (None, "fallback") else f"warm-up answer was {body.get('outcome')}"
    except (OSError, ValueError) as exc:
        return f"warm-up failed: {exc}"


def load_runs() -> Any:
    from diagnosis.models import DiagnosisRun

    return DiagnosisRun.objects.filter(owner__username__startswith="load-user-")


class ConnectionSampler(threading.Thread):
    """Peak number of PostgreSQL backends connected to the bench database, sampled each second
    during the load (what ``max_connections`` must leave room for)."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True, name="pg-connection-sampler")
        self.url, self.peak, self._stop_event = url, 0, threading.Event()

    def run(self) -> None:
        import psycopg

        name = urlsplit(self.url).path.lstrip("/")
        with psycopg.connect(self.url, autocommit=True) as conn:
            while not self._stop_event.wait(1.0):
                (count,) = conn.execute(
                    "SELECT count(*) - 1 FROM pg_stat_activity WHERE datname = %s", (name,)
                ).fetchone()
                self.peak = max(self.peak, count)

    def stop(self) -> int:
        self._stop_event.set()
        self.join(timeout=5)
        return self.peak


def drain(deadline_s: float) -> int:
    """Wait until no load run is queued/running (or the deadline); returns how many still are."""
    from django.db import connections

    from diagnosis.models import DiagnosisRun

    active = (DiagnosisRun.Status.QUEUED, DiagnosisRun.Status.RUNNING)
    deadline = time.monotonic() + deadline_s
    while True:
        pending = load_runs().filter(status__in=active).count()
        connections.close_all()
        if not pending or time.monotonic() > deadline:
            return pending
        time.sleep(0.5)


# --- figures ----------------------------------------------------------------------------------
def percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile (q in 0..100)."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, min(len(ordered), -(-len(ordered) * q // 100)))
    return ordered[int(rank) - 1]


def is_2xx(record: dict[str, Any]) -> bool:
    return 200 <= int(record.get("status") or 0) < 300 and bool(record.get("run_id"))


def is_real_answer(record: dict[str, Any]) -> bool:
    return not record["error"] and is_2xx(record) and record.get("outcome") not in (None, "", "fallback")


def endpoint_row(records: list[dict[str, Any]]) -> dict[str, Any]:
    latencies = [r["latency_ms"] for r in records]
    errors = sum(1 for r in records if r["error"])
    real = sum(1 for r in records if is_real_answer(r))
    n = len(records)
    return {
        "requests": n,
        "errors": errors,
        "error_rate": errors / n if n else 0.0,
        "real_answers": real,
        "real_share": real / n if n else 0.0,
        "p50_ms": percentile(latencies, 50),
        "p95_ms": percentile(latencies, 95),
        "p99_ms": percentile(latencies, 99),
        "max_ms": max(latencies) if latencies else None,
    }


def saved_runs_check(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Every 2xx response ↔ exactly one run row, terminal; no other rows; nothing stuck."""
    from diagnosis.models import DiagnosisRun

    terminal = {DiagnosisRun.Status.COMPLETED, DiagnosisRun.Status.FAILED}
    answered = [r["run_id"] for r in records if is_2xx(r)]
    rows = {str(pk): (status, reason, error) for pk, status, reason, error in
            load_runs().values_list("pk", "status", "fallback_reason", "error")}
    answered_set = set(answered)
    not_saved = sorted(answered_set - set(rows))
    extra = sorted(set(rows) - answered_set)
    not_terminal = sorted(pk for pk in answered_set & set(rows) if rows[pk][0] not in terminal)
    stuck = sorted(pk for pk, row in rows.items() if row[0] not in terminal)
    fallbacks: Counter[str] = Counter()
    failures: Counter[str] = Counter()
    for status, _reason, error in rows.values():
        if status == DiagnosisRun.Status.FAILED:
            failures[(error.strip().splitlines() or ["?"])[-1][:120]] += 1
    for r in records:
        if is_2xx(r) and r.get("outcome") == "fallback":
            row = rows.get(r["run_id"])
            fallbacks[(row[1] or f"(none; status {row[0]})") if row else "(run not saved)"] += 1
    return {
        "responses_2xx": len(answered),
        "duplicate_run_ids": len(answered) - len(answered_set),
        "run_rows": len(rows),
        "not_saved": not_saved,
        "extra_rows": extra,
        "not_terminal": not_terminal,
        "stuck": stuck,
        "status_counts": dict(Counter(row[0] for row in rows.values())),
        "fallback_reasons": dict(fallbacks.most_common()),
        "failed_run_errors": dict(failures.most_common(5)),
    }


def log_counts(path: Path) -> dict[str, int]:
    text = path.read_text(errors="replace") if path.exists() else ""
    return {
        "tracebacks": text.count("Traceback (most recent call last)"),
        "database_is_locked": text.count("database is locked"),
        "lines": text.count("\n"),
    }


def fmt_ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def report(figures: dict[str, Any]) -> str:
    rows = figures["endpoints"]
    out = [
        f"load: {figures['db']} · provider {figures['provider']}"
        + (f" (fake model, {figures['latency_ms']} ms per call)" if figures["provider"] == "openai" else "")
        + f" · {figures['users']} users · {figures['duration_s']} s · machine {figures['machine']}",
        "",
        f"{'endpoint':<18}{'requests':>9}{'req/s':>7}{'errors':>8}{'err %':>7}{'real':>7}{'real %':>8}"
        f"{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}",
    ]
    for name, row in rows.items():
        out.append(
            f"{name:<18}{row['requests']:>9}{row['requests'] / figures['wall_s']:>7.2f}{row['errors']:>8}"
            f"{100 * row['error_rate']:>7.2f}{row['real_answers']:>7}{100 * row['real_share']:>8.2f}"
            f"{fmt_ms(row['p50_ms']):>9}{fmt_ms(row['p95_ms']):>9}{fmt_ms(row['p99_ms']):>9}{fmt_ms(row['max_ms']):>9}"
        )
    saved = figures["saved"]
    out += [
        "",
        f"fallbacks by reason: {saved['fallback_reasons'] or 'none'}",
        f"errors: {figures['error_kinds'] or 'none'}",
        f"runs saved: {saved['run_rows']} rows for {saved['responses_2xx']} 2xx responses"
        f" (not saved {len(saved['not_saved'])}, extra rows {len(saved['extra_rows'])},"
        f" duplicate run ids {saved['duplicate_run_ids']}); statuses {saved['status_counts']};"
        f" stuck queued/running {len(saved['stuck'])}",
    ]
    if saved["failed_run_errors"]:
        out.append(f"failed runs' errors: {saved['failed_run_errors']}")
    if figures["model_calls"]:
        out.append(f"model calls: {figures['model_calls']} (unscripted {figures['model_unscripted']})")
        if figures["model_unscripted"]:
            out.append(f"unscripted model calls: {figures['model_unscripted_kinds']}")
    out.append(f"server log: {figures['server_log']}")
    if figures["peak_db_connections"] is not None:
        out.append(f"peak PostgreSQL connections of the server: {figures['peak_db_connections']}")
    out.append("phases: " + ", ".join(f"{k} {v:.1f}" for k, v in figures["phases"].items()))
    if figures["warmup_error"]:
        out.append(f"warm-up (not counted): {figures['warmup_error']}")
    out.append("")
    for name, ok in figures["invariants"].items():
        out.append(f"{'PASS' if ok else 'FAIL'}  {name}")
    return "\n".join(out)


def compute(records: list[dict[str, Any]], saved: dict[str, Any]) -> dict[str, Any]:
    endpoints = {
        "/api/chat": endpoint_row([r for r in records if r["kind"] == "chat"]),
        "/api/chat/stream": endpoint_row([r for r in records if r["kind"] == "stream"]),
        "all": endpoint_row(records),
    }
    total = endpoints["all"]
    invariants = {
        f"error rate {100 * total['error_rate']:.2f} % < {100 * MAX_ERROR_RATE:.0f} %":
            total["requests"] > 0 and total["error_rate"] < MAX_ERROR_RATE,
        f"real answers {100 * total['real_share']:.2f} % >= {100 * MIN_REAL_SHARE:.0f} %":
            total["requests"] > 0 and total["real_share"] >= MIN_REAL_SHARE,
        f"runs saved {saved['run_rows']} == 2xx responses {saved['responses_2xx']}, each terminal":
            saved["run_rows"] == saved["responses_2xx"] and not saved["not_saved"] and not saved["extra_rows"]
            and not saved["not_terminal"] and not saved["duplicate_run_ids"],
        f"nothing stuck queued/running ({len(saved['stuck'])})": not saved["stuck"],
    }
    error_kinds = Counter(r["error"].split(":")[0][:60] for r in records if r["error"])
    return {"endpoints": endpoints, "invariants": invariants, "error_kinds": dict(error_kinds.most_common())}


# --- the run ----------------------------------------------------------------------------------
def run(args: argparse.Namespace) -> dict[str, Any]:
    load_before = os.getloadavg()[0]  # the machine is shared: say how busy it was
    workdir = Path(tempfile.mkdtemp(prefix=f"load-{args.db}-{args.provider}-"))
    if args.db == "sqlite":
        database_url = f"sqlite:///{workdir}/load.sqlite3"
    else:
        database_url = args.database_url
        recreate_postgres(database_url)
    os.environ["DATABASE_URL"] = database_url
    os.environ["DJANGO_SETTINGS_MODULE"] = "superbiz.settings"
    os.environ.setdefault("LLM_PROVIDER", "offline")  # the harness process itself never asks
    sys.path.insert(0, str(ROOT))
    phases: dict[str, float] = {}
    mark = time.monotonic()
    tokens, warmup_token = prepare_database(args.users)
    phases["setup_s"] = time.monotonic() - mark
    tokens_file = workdir / "tokens.json"
    tokens_file.write_text(json.dumps(tokens))
    results_file = workdir / "results.jsonl"
    results_file.touch()
    server_log = workdir / "uvicorn.log"

    from tests.api.asgi_server import uvicorn_process

    model = None
    app_env = {
        "DATABASE_URL": database_url,
        "LLM_PROVIDER": "offline",
        "API_THROTTLE_USER": RAISED_THROTTLE,
        "API_THROTTLE_CHAT": RAISED_THROTTLE,
        "LOG_LEVEL": "warning",
    }
    questions = DEMO_QUESTIONS
    if args.provider == "openai":
        from benchmarks.load_model import QUESTION, demo_model_start, model_env

        model = demo_model_start(args.latency_ms / 1000)
        app_env.update(model_env(model))
        questions = [QUESTION]
    locust_env = {
        **os.environ,
        "LOAD_TOKENS_FILE": str(tokens_file),
        "LOAD_RESULTS_FILE": str(results_file),
        "LOAD_QUESTIONS": json.dumps(questions, ensure_ascii=False),
        "LOAD_STREAM_SHARE": str(args.stream_share),
        "LOAD_THINK_MIN_S": str(args.think[0]),
        "LOAD_THINK_MAX_S": str(args.think[1]),
    }
    try:
        mark = time.monotonic()
        with uvicorn_process(app_env, log_path=server_log) as base_url:
            phases["server_start_s"] = time.monotonic() - mark
            mark = time.monotonic()
            warmup_error = warm_up(base_url, warmup_token, questions[0])
            phases["warmup_s"] = time.monotonic() - mark
            warmup_calls = len(model.requests) if model is not None else 0
            command = [
                str(Path(sys.executable).with_name("locust")), "-f", str(ROOT / "benchmarks" / "load_locustfile.py"),
                "--headless", "-u", str(args.users), "-r", str(args.spawn_rate), "-t", f"{args.duration}s",
                "--stop-timeout", str(args.stop_timeout), "--csv", str(workdir / "locust"), "--host", base_url,
                "--only-summary", "--loglevel", "WARNING",
            ]
            sampler = ConnectionSampler(database_url) if args.db == "postgres" else None
            if sampler:
                sampler.start()
            started = time.monotonic()
            with open(workdir / "locust.log", "wb") as locust_log:
                subprocess.run(command, cwd=ROOT, env=locust_env, stdout=locust_log, stderr=subprocess.STDOUT,
                               timeout=args.duration + args.stop_timeout + 60, check=False)
            wall_s = time.monotonic() - started
            peak_connections = sampler.stop() if sampler else None
            phases["locust_s"] = wall_s
            mark = time.monotonic()
            still_active = drain(args.drain_s)
            phases["drain_s"] = time.monotonic() - mark
    finally:
        if model is not None:
            model.stop()

    records = [json.loads(line) for line in results_file.read_text(encoding="utf-8").splitlines() if line.strip()]
    saved = saved_runs_check(records)
    from django.db import connections

    connections.close_all()
    figures = {
        "db": args.db,
        "provider": args.provider,
        "latency_ms": args.latency_ms if args.provider == "openai" else None,
        "users": args.users,
        "duration_s": args.duration,
        "wall_s": wall_s,
        "machine": f"{os.cpu_count()} cores, load average {load_before:.1f} at start, python {platform.python_version()}",
        "still_active_after_drain": still_active,
        "warmup_error": warmup_error,
        "phases": phases,
        "peak_db_connections": peak_connections,
        "saved": saved,
        "model_calls": None,
        "model_unscripted": 0,
        "server_log": log_counts(server_log),
        "workdir": str(workdir),
        **compute(records, saved),
    }
    if model is not None:
        from benchmarks.load_model import calls_by_role

        figures["model_calls"] = calls_by_role(model, after=warmup_calls)
        figures["model_unscripted"] = len(model.unscripted)
        figures["model_unscripted_kinds"] = dict(Counter(m[:160] for m in model.unscripted).most_common(3))
    if not args.keep:
        shutil.rmtree(workdir, ignore_errors=True)
        if args.db == "postgres":
            recreate_postgres(database_url, create=False)
    return figures


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    figures = run(args)
    print(report(figures))
    if args.json_out:
        args.json_out.write_text(json.dumps(figures, ensure_ascii=False, indent=2, default=str))
    return 0 if all(figures["invariants"].values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
