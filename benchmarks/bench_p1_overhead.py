"""Benchmark P1 (issue 12): orchestration overhead = run duration / Σ model-call latency, with the
real ``openai`` client talking to the fake OpenAI-compatible server at a fixed latency per call
(200 ms by default), in a warm process. Target ≤ 1.03.

Not a test. Run:  .venv/bin/python benchmarks/bench_p1_overhead.py [--runs 10] [--latency-ms 200]
                  [--database-url postgres://…]

Workload: a scratch database (SQLite file in a temp dir unless --database-url) with the small
payment-service incident of the provider tests; each run is the PASS route — planner, executor
(tool calls, then the final contract), verifier, composer: 5 model calls, 2 tool calls. One
warm-up run is excluded (client set-up, jieba, first queries). Reported per run: wall time,
Σ model latency as the client saw it (time inside ``ChatCaller.call``), the ratio, and where the
rest went: the fake server's own time past its fixed latency (it answers at arrival + latency,
its parsing inside that; a late answer means it did not get the CPU), DB time (sum of statement
times), DB statements, and the CPU time of the thread that ran the run (graph, gatekeeper,
serialisation, the openai client) — the figure that does not depend on how loaded the machine is.
The load average is printed: on a shared 2-core machine every CPU millisecond is stretched by
the competition for the cores, so compare ratios measured at similar load.
``--profile N`` profiles one more run with cProfile and prints its N costliest functions.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--latency-ms", type=float, default=200.0)
    parser.add_argument("--database-url", default="")
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="after the timed runs, profile one more run (cProfile) and print its N costliest functions")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))

    from tests.fake_llm.server import FakeLLMServer

    server = FakeLLMServer().start()
    scratch = tempfile.mkdtemp(prefix="bench-p1-")
    os.environ.update(
        DATABASE_URL=args.database_url or f"sqlite:///{scratch}/bench.sqlite3",
        DJANGO_SETTINGS_MODULE="superbiz.settings",
        LLM_PROVIDER="openai",
        OPENAI_BASE_URL=server.base_url,
        OPENAI_API_KEY="sk-bench",
        LLM_MODEL="fake-model",
        LLM_MAX_RETRIES="0",
    )
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from diagnosis.agents.openai import client as wire
    from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute
    from tests.openai_provider.dataset import load_incident
    from tests.openai_provider.scripts import (
        composer_reply,
        executor_final,
        plan_reply,
        standard_tool_calls,
        verdict_reply,
    )

    call_command("migrate", verbosity=0)
    load_incident()
    user, _ = get_user_model().objects.get_or_create(username="bench")
    delay = args.latency_ms / 1000

    def slow(script):
        if callable(script):
            return lambda request: dataclasses.replace(script(request), delay_s=delay)
        return dataclasses.replace(script, delay_s=delay)

    model_time = [0.0]
    real_call = wire.ChatCaller.call

    def timed_call(self, **kwargs):
        started = time.perf_counter()
        try:
            return real_call(self, **kwargs)
        finally:
            model_time[0] += time.perf_counter() - started

    wire.ChatCaller.call = timed_call  # type: ignore[method-assign]

    def one() -> dict[str, float]:
        server.script("planner", slow(plan_reply()))
        server.script("executor", slow(standard_tool_calls()), slow(executor_final()))
        server.script("verifier", slow(verdict_reply("PASS", [("c1", "direct_observation"), ("c2", "direct_observation")])))
        server.script("composer", slow(composer_reply()))
        run = diagnosis_run_create(owner=user, question="payment-service 10:05 开始大量 500，原因是什么？")
        model_time[0] = 0.0
        calls_before = len(server.requests)
        with CaptureQueriesContext(connection) as queries:
            cpu_started, process_started = time.thread_time(), time.process_time()
            started = time.perf_counter()
            run = diagnosis_run_execute(run_id=run.pk)
            wall = time.perf_counter() - started
            cpu = time.thread_time() - cpu_started
            process_cpu = time.process_time() - process_started
        requests = server.requests[calls_before:]
        late = sum(max(0.0, r.answered_at - r.arrived - delay) for r in requests)
        assert run.outcome == "pass", (run.outcome, run.fallback_reason, run.error)
        db = sum(float(q.get("time") or 0) for q in queries.captured_queries)
        return {
            "wall": wall,
            "model": model_time[0],
            "calls": len(requests),
            "cpu": cpu,
            "process_cpu": process_cpu,
            "late": late,
            "db": db,
            "statements": len(queries.captured_queries),
        }

    one()  # warm-up: excluded
    results = [one() for _ in range(args.runs)]
    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.runcall(one)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(args.profile)
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(args.profile)
    server.stop()

    ideal = [max(r["calls"] * delay, 1e-9) for r in results]
    ratios = [r["wall"] / i for r, i in zip(results, ideal, strict=True)]
    client_ratios = [r["wall"] / r["model"] for r in results]
    med = statistics.median
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"python {platform.python_version()} ({platform.machine()}, {os.cpu_count()} cpu, load average {load}); "
          f"database {connection.vendor}")
    print(f"runs: {len(results)} (warm-up excluded); model calls per run: {results[0]['calls']:.0f} × {args.latency_ms:g} ms")
    print("| figure | p50 | max |")
    print("|---|---|---|")
    print(f"| run wall time (ms) | {med(r['wall'] for r in results) * 1000:.0f} | {max(r['wall'] for r in results) * 1000:.0f} |")
    print(f"| Σ model latency, fixed (ms) | {med(ideal) * 1000:.0f} | {max(ideal) * 1000:.0f} |")
    print(f"| Σ model latency, client-side (ms) | {med(r['model'] for r in results) * 1000:.0f} | {max(r['model'] for r in results) * 1000:.0f} |")
    print(f"| **overhead ratio** wall / fixed latency (target ≤ 1.03) | **{med(ratios):.3f}** | {max(ratios):.3f} |")
    print(f"| ratio wall / client-side model time | {med(client_ratios):.3f} | {max(client_ratios):.3f} |")
    rest = [(r["wall"] - r["model"]) * 1000 for r in results]
    print(f"| outside model calls (ms) | {med(rest):.0f} | {max(rest):.0f} |")
    print(f"| … fake server past its fixed latency (ms) | {med(r['late'] for r in results) * 1000:.0f} | {max(r['late'] for r in results) * 1000:.0f} |")
    print(f"| CPU time of the run's thread (ms) | {med(r['cpu'] for r in results) * 1000:.0f} | {max(r['cpu'] for r in results) * 1000:.0f} |")
    print(f"| CPU time of the process (ms; + tool threads, + the in-process fake server) | {med(r['process_cpu'] for r in results) * 1000:.0f} | {max(r['process_cpu'] for r in results) * 1000:.0f} |")
    print(f"| … of which DB statement time (ms) | {med(r['db'] for r in results) * 1000:.0f} | {max(r['db'] for r in results) * 1000:.0f} |")
    print(f"| DB statements per run | {med(r['statements'] for r in results):.0f} | {max(r['statements'] for r in results):.0f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
