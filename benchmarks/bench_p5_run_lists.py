"""Benchmark P5 (issue 12): the admin run list and ``GET /api/runs/{id}`` with 100,000 runs in
PostgreSQL. Targets: admin list p50 ≤ 250 ms, run detail p50 ≤ 50 ms; the admin's search by
question (issue 30) p50 ≤ 250 ms.

Not a test. Run:  .venv/bin/python benchmarks/bench_p5_run_lists.py --database-url postgres://…/scratch
                  [--runs 100000] [--repeat 15]
(or ``--database-url sqlite:////tmp/scratch.sqlite3``: the same rows on the embedded default).

The database named by ``--database-url`` is a scratch database: it is migrated and filled (the
runs are added once; a second start reuses them). Workload: ``--runs`` finished runs spread over
200 users, 10 runs per session, outcomes/verdicts/severities/providers mixed like the demo, each
with a ~1 KB ``self_evaluation`` container; one run carries the full audit of a real offline run
(its invocations and events too) and is the one ``GET /api/runs/{id}`` reads. Timed through
Django's test client in-process (no network), warm-up excluded: the admin changelist (first page,
as a superuser) and the same page filtered by outcome; the admin's search by question: two
words of two characters (``原因`` in 1 run of 4, ``磁盘`` in none), a service name, a three-character
word, a number (each in 1 run of 4), a rare text of three words and a miss; the API detail as the
run's owner. On PostgreSQL each search is also timed "before" — Django's own ``icontains`` with
neither index of migration 0013 (dropped in a transaction that is rolled back) — interleaved with
"after", round by round, so both see the same machine. SQLite has no such index: its search is
Django's ``icontains`` either way. Reported: p50 / p95 ms and queries per request.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import statistics
import sys
import time
import uuid
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
#: The questions of the filled runs (``{n}`` is the run's number): four forms, one asks 原因.
QUESTION_FORMS = (
    "payment-service 第 {n} 次为什么报 500？",
    "订单服务第 {n} 次重启的原因是什么？",
    "库存接口第 {n} 次变慢，慢查询有多慢？",
    "网关 502 第 {n} 次是否与发布有关？",
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--runs", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    os.environ.update(DATABASE_URL=args.database_url, DJANGO_SETTINGS_MODULE="superbiz.settings",
                      LLM_PROVIDER="offline", ALLOWED_HOSTS="testserver")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection, transaction
    from django.db.models import F
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone
    from rest_framework.authtoken.models import Token

    from diagnosis.models import DiagnosisRun, DiagnosisSession
    from diagnosis.selectors.run_search import QuestionIContains
    from diagnosis.selectors.scopes import default_scope
    from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute

    call_command("migrate", verbosity=0)
    User = get_user_model()
    admin, _ = User.objects.get_or_create(username="p5-admin", defaults={"is_staff": True, "is_superuser": True})
    admin.is_staff = admin.is_superuser = True
    admin.save()
    existing = DiagnosisRun.objects.count()
    if existing < args.runs:
        call_command("load_demo", verbosity=0, stdout=open(os.devnull, "w"))
        scope = default_scope()  # every session reads one evidence scope (DESIGN §10.3)
        users = [User.objects.get_or_create(username=f"p5-user-{i}")[0] for i in range(200)]
        small = {"verifier_evaluation": {"verifier_status": "completed", "verdict": "PASS", "effective_verdict": "PASS",
                                         "rationale": "证据充分。" * 60, "claim_checks": []}}
        mix = [("pass", "PASS", "none"), ("low_confid", "LOW_CONFID", "low_confid"), ("reject", "REJECT", "none"),
               ("fallback", "", "reject")]
        now = timezone.now()
        batch_sessions, batch_runs = [], []
        for n in range(existing, args.runs):
            owner = users[n % len(users)]
            if n % 10 == 0:
                session = DiagnosisSession(owner=owner, title=f"会话 {n}", scope=scope)
                batch_sessions.append(session)
            outcome, verdict, severity = mix[n % len(mix)]
            created = now - timedelta(minutes=n)
            question = QUESTION_FORMS[n % len(QUESTION_FORMS)].format(n=n)
            batch_runs.append(DiagnosisRun(
                id=uuid.uuid4(), session=session, owner=owner, question=question,
                status="completed", outcome=outcome, verdict=verdict, gatekeeper_severity=severity,
                fallback_reason="gatekeeper_reject" if outcome == "fallback" else "", final_answer="结论（已验证）" * 20,
                self_evaluation=small, provider="offline" if n % 3 else "openai", model="m", created_at=created,
                started_at=created, finished_at=created + timedelta(seconds=2), duration_ms=2000,
            ))
            if len(batch_runs) >= 5000:
                DiagnosisSession.objects.bulk_create(batch_sessions)
                DiagnosisRun.objects.bulk_create(batch_runs)
                batch_sessions, batch_runs = [], []
        DiagnosisSession.objects.bulk_create(batch_sessions)
        DiagnosisRun.objects.bulk_create(batch_runs)
        # created_at is auto_now_add: put the spread back.
        DiagnosisRun.objects.update(created_at=F("finished_at") - timedelta(seconds=2))
        with connection.cursor() as cursor:
            # The UPDATE left a dead copy of every run; fresh statistics for every table.
            cursor.execute("VACUUM ANALYZE" if connection.vendor == "postgresql" else "VACUUM")
            if connection.vendor == "sqlite":
                cursor.execute("ANALYZE")
    owner = User.objects.get(username="p5-user-0")
    detail = DiagnosisRun.objects.filter(owner=owner, tool_invocations__isnull=False).first()
    if detail is None:
        detail = diagnosis_run_execute(run_id=diagnosis_run_create(owner=owner, question="payment-service 10:05 开始大量 500，原因是什么？").pk)
    token = Token.objects.get_or_create(user=owner)[0].key

    staff = Client()
    staff.force_login(admin)
    api = Client(HTTP_AUTHORIZATION=f"Token {token}")

    def once(client: Client, path: str) -> tuple[float, int]:
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            response = client.get(path)
            elapsed = (time.perf_counter() - started) * 1000
        assert response.status_code == 200, (path, response.status_code)
        return elapsed, len(captured)

    def timed(client: Client, path: str) -> tuple[list[float], int]:
        assert client.get(path).status_code == 200, path  # warm-up
        times, queries = [], 0
        for _ in range(args.repeat):
            elapsed, queries = once(client, path)
            times.append(elapsed)
        return sorted(times), queries

    question = DiagnosisRun._meta.get_field("question")

    @contextlib.contextmanager
    def before() -> Iterator[None]:
        """The search as it was before issue 30: Django's own ``icontains`` (the lookup of
        ``selectors.run_search`` unregistered) and neither index of migration 0013 (dropped in a
        transaction that is rolled back, so they come back as they were, statistics included)."""
        question._unregister_lookup(QuestionIContains)  # a benchmark's switch: Django's private API
        try:
            with transaction.atomic():
                with connection.cursor() as cursor:
                    cursor.execute("DROP INDEX run_question_trgm, run_question_grams")
                yield
                transaction.set_rollback(True)
        finally:
            question.register_lookup(QuestionIContains)

    def searched(searches: list[str]) -> dict[tuple[str, str], tuple[list[float], int]]:
        """Each search timed after (as shipped) and, on PostgreSQL, before, interleaved: every round
        times every search both ways."""
        modes = ("after", "before") if connection.vendor == "postgresql" else ("after",)
        samples: dict[tuple[str, str], list[float]] = {(m, q): [] for m in modes for q in searches}
        queries: dict[tuple[str, str], int] = {}
        for round_ in range(args.repeat + 1):  # round 0 warms up
            for mode in modes:
                with before() if mode == "before" else contextlib.nullcontext():
                    for q in searches:
                        elapsed, queries[mode, q] = once(staff, "/admin/diagnosis/diagnosisrun/?" + urlencode({"q": q}))
                        if round_:
                            samples[mode, q].append(elapsed)
        return {key: (sorted(times), queries[key]) for key, times in samples.items()}

    # Search by question text (issue 30): two-character words (1 run of 4; none), a service name,
    # a three-character word, a number (1 run of 4 each), a rare text (20 runs), a miss.
    searches = ["原因", "磁盘", "payment-service", "重启的", "500", "第 4242 次", "不存在"]
    found = searched(searches)
    rows = [
        ("admin run list, first page", timed(staff, "/admin/diagnosis/diagnosisrun/"), 250),
        ("admin run list, outcome=fallback", timed(staff, "/admin/diagnosis/diagnosisrun/?outcome__exact=fallback"), 250),
        *((f"admin run search ?q={q}", found["after", q], 250) for q in searches),
        *((f"before (icontains, no index): admin run search ?q={q}", found["before", q], 250)
          for q in searches if ("before", q) in found),
        (f"GET /api/runs/{{id}} ({detail.tool_invocations.count()} invocations, {detail.events.count()} events)",
         timed(api, f"/api/runs/{detail.pk}"), 50),
    ]
    database = (f"PostgreSQL {connection.cursor().connection.info.server_version}" if connection.vendor == "postgresql"
                else f"SQLite {connection.Database.sqlite_version}")
    print(f"python {platform.python_version()} ({platform.machine()}, {os.cpu_count()} cpu); "
          f"{database}; runs in DB: {DiagnosisRun.objects.count():,}")
    print("| request | p50 ms | p95 ms | target p50 | queries |")
    print("|---|---|---|---|---|")
    for name, (times, queries), target in rows:
        p95 = times[min(len(times) - 1, int(round(0.95 * (len(times) - 1))))]
        print(f"| {name} | {statistics.median(times):.1f} | {p95:.1f} | ≤ {target} | {queries} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
