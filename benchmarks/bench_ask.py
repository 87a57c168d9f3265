"""Benchmark: in-process time of one `ask` on the demo data (issue 4 "p50 time of ask").

Not a test. Run:  .venv/bin/python benchmarks/bench_ask.py [--repeat 3] [--database-url URL]

Workload: a scratch database (SQLite file in a temp dir unless --database-url is given) is
migrated and loaded with the demo bundle; one warm-up run is made (jieba's dictionary load and
Django's first queries — "start-up" — are excluded); then each of the questions below, none of
which the offline agents have been written against, runs through the whole graph with the
configured provider (offline by default) via `diagnosis_run_execute`, `--repeat` times. Reported:
p50 / p90 / mean / max milliseconds per run, DB queries per run, and the outcome mix.
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--database-url", default="")
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

    def one(question: str) -> tuple[float, int, str]:
        run = diagnosis_run_create(owner=user, question=question)
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            run = diagnosis_run_execute(run_id=run.pk)
            elapsed = (time.perf_counter() - started) * 1000
        return elapsed, len(queries), run.outcome

    one(QUESTIONS[0])  # warm-up: excluded
    timings: list[float] = []
    query_counts: list[int] = []
    outcomes: dict[str, int] = {}
    for _ in range(args.repeat):
        for question in QUESTIONS:
            ms, n_queries, outcome = one(question)
            timings.append(ms)
            query_counts.append(n_queries)
            outcomes[outcome] = outcomes.get(outcome, 0) + 1

    timings.sort()
    p90 = timings[min(len(timings) - 1, int(round(0.9 * (len(timings) - 1))))]
    print(f"python {platform.python_version()} ({platform.python_implementation()}, {platform.machine()})")
    print(f"database: {connection.vendor}; provider: offline unless LLM_PROVIDER says otherwise")
    print(f"runs: {len(timings)} ({len(QUESTIONS)} questions x {args.repeat}), warm-up excluded")
    print(
        f"ms per run: p50 {statistics.median(timings):.1f}  p90 {p90:.1f}  "
        f"mean {statistics.fmean(timings):.1f}  max {timings[-1]:.1f}"
    )
    print(f"DB queries per run: mean {statistics.fmean(query_counts):.0f}  max {max(query_counts)}")
    print("outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
