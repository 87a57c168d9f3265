"""Benchmark P4 (issue 12): Verifier payload bytes when the tools return ~5 MB in total.
Target ≤ 16 KB, and the cap visible in the audit.

Not a test. Run:  .venv/bin/python benchmarks/bench_p4_verifier_payload.py [--megabytes 5]
                  [--database-url postgres://…]

Workload: a scratch database (SQLite file in a temp dir unless --database-url) with one service
whose error logs in the question's window add up to ``--megabytes`` of text (HikariPool and HTTP
500 lines, ~250 bytes each, plus an alert and a runbook); one offline run of "payment-service
10:05 开始大量 500，原因是什么？". Reported: bytes the backends matched, bytes stored in the
invocations (after the tool layer's output cap), the Verifier input in UTF-8 bytes (captured
where the verifier node builds it), and the truncation entries the audit records.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUESTION = "payment-service 10:05 开始大量 500，原因是什么？"


def bundle(megabytes: float) -> tuple[dict, int]:
    start = datetime.fromisoformat("2026-11-28T10:05:00+08:00")
    lines, size, i = [], 0, 0
    while size < megabytes * 1_000_000:
        if i % 2 == 0:
            message = (f"HikariPool-1 - Connection is not available, request timed out after 3000ms "
                       f"(active=50, idle=0, waiting={30 + i % 40}) traceId=t{i:08d} pool=payment-db shard={i % 16}")
        else:
            message = f"POST /api/pay -> HTTP 500 Internal Server Error orderId=o{i:09d} upstream=payment-db latencyMs={3000 + i % 500}"
        record = {"timestamp": (start + timedelta(milliseconds=40 * i)).isoformat(), "service": "payment-service",
                  "level": "ERROR", "instance": f"pay-{i % 4}", "message": message, "trace_id": f"t{i:08d}"}
        size += len(json.dumps(record, ensure_ascii=False).encode())
        lines.append(record)
        i += 1
    return {
        "bundle_version": 1,
        "name": "p4-large-logs",
        "reference_time": "2026-11-28T10:30:00+08:00",
        "services": [{"name": "payment-service", "aliases": ["支付服务"], "description": "支付"}],
        "logs": lines,
        "alerts": [{"name": "HighErrorRate", "service": "payment-service", "severity": "critical", "state": "firing",
                    "starts_at": "2026-11-28T10:06:00+08:00", "ends_at": None, "value": "12.5%",
                    "summary": "5xx 比例超过 5%", "labels": {}}],
        "documents": [{"title": "数据库连接池耗尽处理手册", "source": "runbooks/db-pool.md",
                       "content": "# 数据库连接池耗尽处理手册\n\n## 处理方案\n临时扩大连接池上限；排查慢查询与连接泄漏。\n"}],
    }, size


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, default=5.0)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    scratch = tempfile.mkdtemp(prefix="bench-p4-")
    os.environ.update(DATABASE_URL=args.database_url or f"sqlite:///{scratch}/bench.sqlite3",
                      DJANGO_SETTINGS_MODULE="superbiz.settings", LLM_PROVIDER="offline")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from diagnosis.evidence.loader import evidence_bundle_load
    from diagnosis.graph.nodes import verifier as verifier_node
    from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute

    call_command("migrate", verbosity=0)
    data, raw_bytes = bundle(args.megabytes)
    evidence_bundle_load(data=data, source_name="p4-large-logs")
    user, _ = get_user_model().objects.get_or_create(username="bench")

    payloads: list[int] = []
    real_build = verifier_node.build_verifier_input

    def capture(*a, **kw):
        built = real_build(*a, **kw)
        payloads.append(len(built.text.encode("utf-8")))
        return built

    verifier_node.build_verifier_input = capture
    run = diagnosis_run_execute(run_id=diagnosis_run_create(owner=user, question=QUESTION).pk)
    stored = sum(len(json.dumps(i.output, ensure_ascii=False).encode()) for i in run.tool_invocations.all())
    truncated = [i.invocation_id for i in run.tool_invocations.all() if i.output_truncated]
    # The logs tool returns at most ``limit`` records and says how many matched: the cap in the audit.
    capped = [
        f"{i.invocation_id} {i.tool_name}: {len(i.output.get('records') or [])} of {i.output.get('total')} records"
        for i in run.tool_invocations.all()
        if isinstance(i.output, dict) and i.output.get("truncated")
    ]
    ve = (run.self_evaluation or {}).get("verifier_evaluation") or {}

    print(f"python {platform.python_version()} ({platform.machine()}, {os.cpu_count()} cpu); outcome {run.outcome}")
    print("| figure | value |")
    print("|---|---|")
    print(f"| log records matching the window (JSON bytes) | {raw_bytes:,} ({len(data['logs']):,} records) |")
    print(f"| tool invocations | {run.tool_invocations.count()} (output_truncated: {', '.join(truncated) or 'none'}) |")
    print(f"| bytes stored in invocation outputs (after the tool cap) | {stored:,} |")
    print(f"| capped outputs (truncated: true in the stored output) | {'; '.join(capped) or 'none'} |")
    for n, size in enumerate(payloads, 1):
        print(f"| **Verifier input, round {n} (UTF-8 bytes; target ≤ 16,384)** | **{size:,}** |")
    print(f"| audit verifier_input_chars | {ve.get('verifier_input_chars')} |")
    print(f"| audit verifier_input_truncation | {ve.get('verifier_input_truncation') or '[]'} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
