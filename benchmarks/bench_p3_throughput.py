"""Benchmark P3 (issue 12): throughput of concurrent chats with the fake model at a fixed latency,
as a fraction of the ideal — concurrency / (model calls per run × latency) runs per second, what
the chats would reach if nothing but the model took time. Target ≥ 0.85.

Not a test. Run:  .venv/bin/python benchmarks/bench_p3_throughput.py [--concurrency 32] [--rounds 3]
                  [--latency-ms 200] [--modes inline,celery] [--database-url postgres://…/scratch]
                  [--redis-url redis://127.0.0.1:6379/7] [--short] [--json figures.json]

Workload: a scratch PostgreSQL database (dropped and recreated) migrated and loaded with the demo;
one user and token per client; the load harness's fake model (``benchmarks/load_model.py``: the
whole demo conversation, 5 calls per run, each answered at arrival + latency). ``--concurrency``
client threads each ask ``--rounds`` questions one after the other through ``POST
/api/chat/stream`` (the SSE endpoint: it returns when the run has ended, in both modes), so that
many chats are in flight all the time. One warm-up round of the same size is excluded (each
process's first run imports the model client and loads jieba's dictionary). Two deployments:

- ``inline``: gunicorn with ``--web-workers`` uvicorn workers (``gunicorn.conf.py``), runs executed
  in the web processes;
- ``celery``: the same gunicorn (it enqueues and tails the persisted events) and
  ``--celery-workers`` Celery workers of ``--celery-concurrency`` prefork children each, on real
  Redis (a database number of its own: ``--redis-url``), so 4 × 8 = 32 runs can execute at once.

Printed per deployment: chats, errors and real answers; wall time; throughput and its ratio to the
ideal; chat latency p50/p95; the CPU seconds the app's processes (gunicorn, Celery) used per run
and the run rate at which those alone would fill the machine's cores — the ceiling of a
CPU-bound deployment; the load average (the machine is shared).

``--short`` (4 clients, 1 round, 50 ms, 1 web worker, 1 Celery worker × 4) is what the ``load``
smoke test runs so the script cannot rot; its figures mean nothing.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/superbiz_bench_p3"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/7"
RAISED_THROTTLE = "1000000/minute"
CHAT_TIMEOUT_S = 180  # a chat not answered by then is an error of the wave, not a hung benchmark


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=3, help="chats per client, one after the other")
    parser.add_argument("--latency-ms", type=float, default=200.0)
    parser.add_argument("--modes", default="inline,celery")
    parser.add_argument("--web-workers", type=int, default=2)
    parser.add_argument("--celery-workers", type=int, default=4)
    parser.add_argument("--celery-concurrency", type=int, default=8, help="prefork children per Celery worker")
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL, help="PostgreSQL; dropped and recreated")
    parser.add_argument("--redis-url", default=DEFAULT_REDIS_URL)
    parser.add_argument("--short", action="store_true", help="a few seconds: the CI smoke form")
    parser.add_argument("--json", default="", help="also write the figures to this file")
    args = parser.parse_args(argv)
    if args.short:
        args.concurrency, args.rounds, args.latency_ms = 4, 1, 50.0
        args.web_workers, args.celery_workers, args.celery_concurrency = 1, 1, 4
    args.modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    if set(args.modes) - {"inline", "celery"}:
        parser.error("--modes takes inline and/or celery")
    return args


# --- processes --------------------------------------------------------------------------------
def _descendants(pid: int) -> list[int]:
    """``pid`` and every process below it (gunicorn's workers, Celery's pool children)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parents[int(entry)] = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    found, frontier = [pid], [pid]
    while frontier:
        frontier = [child for child, parent in parents.items() if parent in frontier]
        found += frontier
    return found


def cpu_seconds(roots: list[int]) -> float:
    """User + system CPU of ``roots`` and their descendants (children's own time, alive ones)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in {p for root in roots for p in _descendants(root)}:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
        except (OSError, IndexError, ValueError):
            continue
    return total / ticks


@contextmanager
def gunicorn(env: dict[str, str], *, workers: int, log_path: Path) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    from tests.api.asgi_server import free_port, stop_process, wait_for_port

    port = free_port()
    env = {**env, "WEB_CONCURRENCY": str(workers), "GUNICORN_BIND": f"127.0.0.1:{port}", "GUNICORN_LOG_LEVEL": "warning"}
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [str(Path(sys.executable).with_name("gunicorn")), "superbiz.asgi:application", "--access-logfile", "/dev/null"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        )
        try:
            wait_for_port(process, port, timeout=120)
            deadline = time.monotonic() + 120  # the master listens before it has forked every worker
            while len(_descendants(process.pid)) < workers + 1 and time.monotonic() < deadline:
                time.sleep(0.2)
            yield port, process
        finally:
            stop_process(process)


# --- clients ----------------------------------------------------------------------------------
@dataclass
class Chat:
    started: float
    ended: float
    status: int
    outcome: str
    error: str = ""


def chat(port: int, token: str, question: str) -> Chat:
    from tests.api.sse import parse_sse

    started = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=CHAT_TIMEOUT_S)
    try:
        conn.request("POST", "/api/chat/stream", body=json.dumps({"question": question}).encode(),
                     headers={"Authorization": f"Token {token}", "Content-Type": "application/json"})
        response = conn.getresponse()
        raw = response.read().decode("utf-8", errors="replace")
        status = response.status
    except OSError as exc:
        return Chat(started, time.monotonic(), 0, "", f"{type(exc).__name__}: {exc}")
    finally:
        conn.close()
    ended = time.monotonic()
    if status != 200:
        return Chat(started, ended, status, "", raw[:200])
    events = parse_sse(raw)[0]
    answers = [data for name, data in events if name == "answer"]
    outcome = str(answers[-1].get("outcome") or "") if answers else ""
    return Chat(started, ended, status, outcome, "" if answers else "no answer event")


def wave(port: int, tokens: list[str], question: str, rounds: int) -> tuple[list[Chat], float]:
    """Every client asks ``rounds`` questions back to back; all chats and the wall time."""
    chats: list[Chat] = []
    lock = threading.Lock()
    barrier = threading.Barrier(len(tokens) + 1)

    def client(token: str) -> None:
        barrier.wait()
        for _ in range(rounds):
            result = chat(port, token, question)
            with lock:
                chats.append(result)

    threads = [threading.Thread(target=client, args=(token,), daemon=True) for token in tokens]
    for thread in threads:
        thread.start()
    barrier.wait()
    started = time.monotonic()
    for thread in threads:
        thread.join()
    return chats, time.monotonic() - started


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))] if ordered else float("nan")


# --- one deployment ---------------------------------------------------------------------------
def measure(mode: str, args: argparse.Namespace, tokens: list[str], model: Any, workdir: Path) -> dict[str, Any]:
    from benchmarks.load_model import QUESTION, model_env
    from tests.celery_worker import Broker, celery_worker

    latency = args.latency_ms / 1000
    env = {
        **os.environ,
        "DATABASE_URL": os.environ["DATABASE_URL"],
        "DJANGO_SETTINGS_MODULE": "superbiz.settings",
        "LOG_LEVEL": "warning",
        "API_THROTTLE_USER": RAISED_THROTTLE,
        "API_THROTTLE_CHAT": RAISED_THROTTLE,
        **model_env(model),
    }
    # Persistent connections only in the Celery children (one each). The ASGI web runs every sync
    # view in a thread of its own, so CONN_MAX_AGE there would keep one connection per thread
    # open (Django: "disable persistent connections" under ASGI) — with 32 streams and 32
    # children that exhausted PostgreSQL's max_connections (100) on this machine.
    worker_env = {"DB_CONN_MAX_AGE": "60"}
    broker = None
    if mode == "celery":
        db = int(args.redis_url.rsplit("/", 1)[1] or 0)
        broker = Broker(url=args.redis_url, queue=f"superbiz-bench-p3-{uuid.uuid4().hex[:8]}", db=db)
        env.update(broker.env())
    load_before = os.getloadavg()
    with ExitStack() as stack:
        port, web = stack.enter_context(gunicorn(env, workers=args.web_workers, log_path=workdir / f"gunicorn-{mode}.log"))
        roots = [web.pid]
        if broker is not None:
            stack.callback(broker.cleanup)
            extra = {k: v for k, v in env.items() if k not in os.environ or os.environ[k] != v}
            for _ in range(args.celery_workers):
                worker = stack.enter_context(
                    celery_worker(broker, concurrency=args.celery_concurrency, **extra, **worker_env)
                )
                roots.append(worker.process.pid)
        warm, _ = wave(port, tokens, QUESTION, 1)  # every process's first run: excluded
        calls_before = len(model.requests)
        cpu_before, web_before = cpu_seconds(roots), cpu_seconds([web.pid])
        chats, wall = wave(port, tokens, QUESTION, args.rounds)
        cpu = cpu_seconds(roots) - cpu_before
        web_cpu = cpu_seconds([web.pid]) - web_before
        calls = len(model.requests) - calls_before
    ok = [c for c in chats if not c.error]
    answered = [c for c in ok if c.outcome and c.outcome != "fallback"]
    calls_per_run = calls / len(chats) if chats else float("nan")
    ideal = args.concurrency / (calls_per_run * latency) if chats else float("nan")
    throughput = len(ok) / wall
    cpu_per_run = cpu / max(1, len(chats))
    return {
        "mode": mode,
        "layout": (f"gunicorn {args.web_workers} uvicorn workers, inline" if mode == "inline" else
                   f"gunicorn {args.web_workers} + {args.celery_workers} Celery workers × {args.celery_concurrency}"),
        "chats": len(chats),
        "errors": len(chats) - len(ok),
        "first_error": next((c.error for c in chats if c.error), ""),
        "answered": len(answered),
        "warmup_errors": sum(1 for c in warm if c.error),
        "calls_per_run": calls_per_run,
        "wall_s": wall,
        "throughput": throughput,
        "ideal": ideal,
        "ratio": throughput / ideal,
        "p50_s": percentile([c.ended - c.started for c in ok], 0.5),
        "p95_s": percentile([c.ended - c.started for c in ok], 0.95),
        "cpu_per_run_s": cpu_per_run,
        "web_cpu_per_run_s": web_cpu / max(1, len(chats)),
        "cpu_ceiling": (os.cpu_count() or 1) / cpu_per_run if cpu_per_run else float("inf"),
        "load_before": load_before[0],
        "load_after": os.getloadavg()[0],
    }


def report(rows: list[dict[str, Any]], args: argparse.Namespace) -> str:
    lines = [
        f"{args.concurrency} concurrent chats × {args.rounds} rounds, fake model {args.latency_ms:g} ms per call; "
        f"PostgreSQL; {os.cpu_count()} cpu",
        "| deployment | chats (errors, real answers) | calls/run | wall s | runs/s | ideal runs/s | **ratio** (target ≥ 0.85)"
        " | chat p50 / p95 s | app CPU s per run (of which web) | CPU-bound ceiling runs/s | load avg before → after |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['layout']} | {r['chats']} ({r['errors']}, {r['answered']}) | {r['calls_per_run']:.1f} | {r['wall_s']:.1f} "
            f"| {r['throughput']:.2f} | {r['ideal']:.1f} | **{r['ratio']:.2f}** | {r['p50_s']:.2f} / {r['p95_s']:.2f} "
            f"| {r['cpu_per_run_s']:.3f} ({r['web_cpu_per_run_s']:.3f}) | {r['cpu_ceiling']:.1f} | {r['load_before']:.1f} → {r['load_after']:.1f} |"
        )
    for r in rows:
        if r["first_error"]:
            lines.append(f"{r['mode']}: first error: {r['first_error']}")
    return "\n".join(lines)


def run_benchmark(args: argparse.Namespace) -> list[dict[str, Any]]:
    sys.path.insert(0, str(ROOT))
    os.environ["DATABASE_URL"] = args.database_url
    os.environ["DJANGO_SETTINGS_MODULE"] = "superbiz.settings"
    os.environ.setdefault("LLM_PROVIDER", "offline")  # this process never asks
    from benchmarks.load import prepare_database, recreate_postgres

    recreate_postgres(args.database_url)
    tokens, _ = prepare_database(args.concurrency)  # django.setup()
    from benchmarks.load_model import demo_model_start

    model = demo_model_start(args.latency_ms / 1000)
    workdir = Path(tempfile.mkdtemp(prefix="bench-p3-"))
    rows = []
    try:
        for mode in args.modes:
            rows.append(measure(mode, args, tokens, model, workdir))
            print(report(rows[-1:], args), flush=True)  # each deployment's figures as soon as known
        return rows
    finally:
        model.stop()


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    rows = run_benchmark(args)
    print()
    print(report(rows, args))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2))
    return 0 if all(r["errors"] == 0 for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
