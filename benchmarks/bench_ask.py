"""Benchmark P2 (issue 12; first issue 4 "p50 time of ask"): in-process time and DB queries of
one offline `ask` on the demo data. Targets: p50 ≤ 50 ms, ≤ 40 DB queries per run, constant in
the number of claims and tool calls.

Not a test. Run:  .venv/bin/python benchmarks/bench_ask.py [--repeat 3] [--database-url URL]

Workload: a scratch database (SQLite file in a temp dir unless --database-url is given) is
migrated and loaded with the demo bundle; one warm-up run is made (jieba's dictionary load and
Django's first queries — "start-up" — are excluded); then each of the questions below, none of
which the offline agents have been written against, runs through the whole graph with the
configured provider (offline by default) via `diagnosis_run_execute`, `--repeat` times. Reported:
p50 / p95 / mean / max milliseconds per run (wall and process CPU); DB queries per run (data statements) and statements
including transaction control (SQLite's BEGIN IMMEDIATE / COMMIT are statements of their own;
PostgreSQL's are not captured); both by the run's number of tool calls and claims; the outcome mix.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

QUESTIONS = [
    "payment-service 10:05 开始大量 500，原因是什么？",
    "支付服务十点以后一直报错是怎么回事",
    "订单服务昨天晚上为什么反复重启？",
    "库存服务今天上午接口为什么变慢了？",
    "搜索服务凌晨磁盘满了吗？",
    "网关昨天下午 504 多是什么原因",
    "用户中心昨天下午登录失败的原因？",
    "支付服务现在有哪些告警？",
    "通知服务半小时前有没有报错？",
    "退款服务最近一小时有没有异常？",
]


def print_top_frames(profiler: object, limit: int, *, runs: int) -> None:
    """The functions with the most self time over the profiled runs (pyinstrument's samples), as
    ms per run and share, then the same by package (the first two parts of the module path)."""
    by_function: dict[str, float] = {}
    by_package: dict[str, float] = {}
    stack = [profiler.last_session.root_frame()]  # type: ignore[attr-defined]
    total = 0.0
    while stack:
        frame = stack.pop()
        stack.extend(frame.children)
        own = frame.total_self_time
        if not own:
            continue
        total += own
        path = frame.file_path_short or frame.file_path or "?"
        by_function[f"{frame.function} ({path}:{frame.line_no})"] = by_function.get(
            f"{frame.function} ({path}:{frame.line_no})", 0.0) + own
        parts = path.replace("\\", "/").split("/")
        package = "/".join(parts[:2]) if "site-packages" not in path else parts[parts.index("site-packages") + 1]
        by_package[package] = by_package.get(package, 0.0) + own
    print(f"profile: {total / runs * 1000:.1f} ms sampled per run")
    print("| self ms/run | share | function |")
    print("|---|---|---|")
    for name, own in sorted(by_function.items(), key=lambda item: -item[1])[:limit]:
        print(f"| {own / runs * 1000:.2f} | {own / total:.1%} | {name} |")
    print("| self ms/run | share | package |")
    print("|---|---|---|")
    for name, own in sorted(by_package.items(), key=lambda item: -item[1])[:limit]:
        print(f"| {own / runs * 1000:.2f} | {own / total:.1%} | {name} |")


def print_cprofile(profiler: object, limit: int, *, runs: int) -> None:
    """The N functions with the most own CPU time, then the N with the most total (inclusive) CPU
    time, as ms per run: cProfile's tottime and cumtime over the profiled runs."""
    import pstats

    stats = pstats.Stats(profiler)  # type: ignore[arg-type]
    rows = stats.stats  # type: ignore[attr-defined]
    total = sum(tt for _cc, _nc, tt, _ct, _callers in rows.values())
    print(f"cProfile: {total / runs * 1000:.1f} CPU ms per run under the profiler")

    def name(key: tuple[str, int, str]) -> str:
        path, line, function = key
        short = path.split("site-packages/")[-1].replace(str(Path(__file__).resolve().parents[1]) + "/", "")
        return f"{function} ({short}:{line})"

    for title, column in (("own", 2), ("total", 3)):
        print(f"| {title} ms/run | calls/run | function |")
        print("|---|---|---|")
        ordered = sorted(rows.items(), key=lambda item: -item[1][column])[:limit]
        for key, (_cc, calls, tottime, cumtime, _callers) in ordered:
            value = tottime if column == 2 else cumtime
            print(f"| {value / runs * 1000:.2f} | {calls / runs:.0f} | {name(key)} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--database-url", default="")
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="profile the timed runs with pyinstrument and print the N functions with the most self time")
    parser.add_argument("--cprofile", type=int, default=0, metavar="N",
                        help="profile the timed runs with cProfile (deterministic, CPU) and print the N functions with "
                             "the most own time and the N with the most total time")
    args = parser.parse_args()

    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root))
    scratch = tempfile.mkdtemp(prefix="bench-ask-")
    os.environ["DATABASE_URL"] = args.database_url or f"sqlite:///{scratch}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "superbiz.settings")

    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute

    call_command("migrate", verbosity=0)
    call_command("load_demo", verbosity=0, stdout=open(os.devnull, "w"))
    user, _ = get_user_model().objects.get_or_create(username="bench")

    control = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")

    def one(question: str) -> dict[str, object]:
        run = diagnosis_run_create(owner=user, question=question)
        with CaptureQueriesContext(connection) as queries:
            started, cpu_started = time.perf_counter(), time.process_time()
            run = diagnosis_run_execute(run_id=run.pk)
            elapsed = (time.perf_counter() - started) * 1000
            cpu = (time.process_time() - cpu_started) * 1000
        statements = [q["sql"].lstrip().upper() for q in queries.captured_queries]
        data = [s for s in statements if not s.startswith(control)]
        claims = len(((run.self_evaluation or {}).get("verifier_evaluation") or {}).get("claim_checks") or [])
        return {"ms": elapsed, "cpu_ms": cpu, "queries": len(data), "statements": len(statements), "outcome": run.outcome,
                "tools": run.tool_invocations.count(), "claims": claims}

    one(QUESTIONS[0])  # warm-up: excluded
    if args.profile:
        from pyinstrument import Profiler

        profiler = Profiler(interval=0.0005)
        profiler.start()
    if args.cprofile:
        import cProfile

        cprofiler = cProfile.Profile(time.process_time)
        cprofiler.enable()
    results = [one(question) for _ in range(args.repeat) for question in QUESTIONS]
    if args.cprofile:
        cprofiler.disable()
        print_cprofile(cprofiler, args.cprofile, runs=len(results))
    if args.profile:
        profiler.stop()
        print_top_frames(profiler, args.profile, runs=len(results))

    timings = sorted(float(r["ms"]) for r in results)
    p95 = timings[min(len(timings) - 1, int(round(0.95 * (len(timings) - 1))))]
    cpu = sorted(float(r["cpu_ms"]) for r in results)
    queries = [int(r["queries"]) for r in results]
    statements = [int(r["statements"]) for r in results]
    outcomes: dict[str, int] = {}
    for r in results:
        outcomes[str(r["outcome"])] = outcomes.get(str(r["outcome"]), 0) + 1
    print(f"python {platform.python_version()} ({platform.python_implementation()}, {platform.machine()}, {os.cpu_count()} cpu)")
    print(f"database: {connection.vendor}; provider: offline unless LLM_PROVIDER says otherwise")
    print(f"runs: {len(timings)} ({len(QUESTIONS)} questions x {args.repeat}), warm-up excluded")
    print("| figure | p50 | p95 | mean | max |")
    print("|---|---|---|---|---|")
    print(f"| ms per run (target p50 ≤ 50) | {statistics.median(timings):.1f} | {p95:.1f} | {statistics.fmean(timings):.1f} | {timings[-1]:.1f} |")
    print(f"| CPU ms per run (process time) | {statistics.median(cpu):.1f} | {cpu[min(len(cpu) - 1, int(round(0.95 * (len(cpu) - 1))))]:.1f} | {statistics.fmean(cpu):.1f} | {cpu[-1]:.1f} |")
    print(f"| DB queries per run (target ≤ 40) | {statistics.median(queries):.0f} | – | {statistics.fmean(queries):.1f} | {max(queries)} |")
    print(f"| DB statements incl. BEGIN/COMMIT | {statistics.median(statements):.0f} | – | {statistics.fmean(statements):.1f} | {max(statements)} |")
    print()
    print("| tool calls | claims | runs | DB queries (min–max) |")
    print("|---|---|---|---|")
    groups: dict[tuple[int, int], list[int]] = {}
    for r in results:
        groups.setdefault((int(r["tools"]), int(r["claims"])), []).append(int(r["queries"]))
    for (tools, claims), counts in sorted(groups.items()):
        print(f"| {tools} | {claims} | {len(counts)} | {min(counts)}–{max(counts)} |")
    print("outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
