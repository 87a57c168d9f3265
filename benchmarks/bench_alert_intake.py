"""Benchmark of the Alertmanager intake: time and DB queries of one ``POST /api/alerts/alertmanager``
through the whole Django stack (auth, strict parser, payload model, intake service), per path:

- ``started``: a new firing group — creates session, run and alert record, then (RUN_EXECUTION
  inline) runs the whole graph with the offline provider on the demo data;
- ``deduplicated``: the same notification again (Alertmanager's repeat or retry);
- ``resolved``: the group's resolved notification.

Not a test. Run:  .venv/bin/python benchmarks/bench_alert_intake.py [--repeat 20] [--database-url URL]

A scratch database (SQLite in a temp dir unless --database-url) is migrated and loaded with the
demo; one warm-up notification is excluded. Each ``started`` sample uses a new group key.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()

    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root))
    scratch = tempfile.mkdtemp(prefix="bench-alerts-")
    os.environ["DATABASE_URL"] = args.database_url or f"sqlite:///{scratch}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "superbiz.settings")
    os.environ["API_THROTTLE_ALERTS"] = "1000000/minute"
    os.environ["RUN_EXECUTION"] = "inline"

    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from diagnosis.alerts.services import alert_receiver_create

    call_command("migrate", verbosity=0)
    call_command("load_demo", verbosity=0, stdout=open(os.devnull, "w"))
    _, token = alert_receiver_create(name="bench")
    fixture = root / "tests" / "alerts" / "payloads"
    firing = json.loads((fixture / "firing_payment.json").read_text(encoding="utf-8"))
    resolved = json.loads((fixture / "resolved_payment.json").read_text(encoding="utf-8"))
    client = Client()
    control = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")

    def send(body: dict, expect: str) -> tuple[float, int]:
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            response = client.post(
                "/api/alerts/alertmanager", data=json.dumps(body), content_type="application/json",
                HTTP_AUTHORIZATION=f"Bearer {token}",
            )
            elapsed = (time.perf_counter() - started) * 1000
        assert response.json()["result"] == expect, response.content
        data = [q for q in queries.captured_queries if not q["sql"].lstrip().upper().startswith(control)]
        return elapsed, len(data)

    send({**firing, "groupKey": "warm-up"}, "started")
    samples: dict[str, list[tuple[float, int]]] = {"started": [], "deduplicated": [], "resolved": []}
    for i in range(args.repeat):
        key = f"{firing['groupKey']}#{i}"
        samples["started"].append(send({**firing, "groupKey": key}, "started"))
        samples["deduplicated"].append(send({**firing, "groupKey": key}, "deduplicated"))
        samples["resolved"].append(send({**resolved, "groupKey": key}, "resolved"))

    print(f"python {platform.python_version()} ({platform.machine()}, {os.cpu_count()} cpu); database: {connection.vendor}")
    print(f"notifications: {args.repeat} per path, warm-up excluded; provider offline, RUN_EXECUTION inline")
    print("| path | p50 ms | p95 ms | max ms | DB queries (p50 / max) |")
    print("|---|---|---|---|---|")
    for path, rows in samples.items():
        ms = sorted(r[0] for r in rows)
        queries = [r[1] for r in rows]
        p95 = ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))]
        print(f"| {path} | {statistics.median(ms):.1f} | {p95:.1f} | {ms[-1]:.1f} | {statistics.median(queries):.0f} / {max(queries)} |")
    from diagnosis.models import DiagnosisRun

    durations = sorted(d for d in DiagnosisRun.objects.exclude(question__contains="warm").values_list("duration_ms", flat=True) if d is not None)
    if durations:
        print(f"of which the run itself (duration_ms, claim → finalise): p50 {statistics.median(durations):.0f} ms, max {durations[-1]} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
