"""Golden records of the offline answers (issue 28: a behaviour-preserving redesign is proven by
byte-identical answers and audit records before and after the move).

``record()`` asks every question of the demo suite, every evaluation world and the odd questions of
the offline provider (the same runner ``manage.py evaluate`` uses) and reads back each run: its
outcome, verdict and final answer as text, and a SHA-256 of its whole audit record — the stored
self-evaluation and every tool invocation (tool, arguments, status, output, evidence refs, error,
retrieval details) — with what legitimately differs between two runs taken out: ids (UUIDs), wall
times and durations. The answers stay readable in the golden file; the audit is compared by hash
(``python -m tests.golden.record --explain NAME`` prints one run's normalised audit to diff).

    python -m tests.golden.record --write      # regenerate tests/golden/answers.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).with_name("answers.json")
#: Keys whose values are wall-clock readings (they differ between two identical runs).
VOLATILE_KEYS = frozenset({"seconds_used", "started_at", "finished_at", "created_at", "duration_ms", "elapsed_ms",
                           "ms", "p50_ms", "updated_at"})
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def normalised(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: normalised(v) for k, v in sorted(value.items()) if k not in VOLATILE_KEYS}
    if isinstance(value, list):
        return [normalised(v) for v in value]
    if isinstance(value, str):
        return _UUID.sub("<uuid>", value)
    return value


def audit_record(run: Any) -> dict[str, Any]:
    invocations = [
        {"seq": i.seq, "invocation_id": i.invocation_id, "round": i.round, "tool": i.tool_name, "status": i.status,
         "arguments": i.arguments, "output": i.output, "truncated": i.output_truncated, "error": i.error,
         "deduped_from": i.deduped_from, "details": i.retrieval_details}
        for i in run.tool_invocations.order_by("seq")
    ]
    return normalised({"self_evaluation": run.self_evaluation, "invocations": invocations,
                       "outcome": run.outcome, "verdict": run.verdict, "fallback_reason": run.fallback_reason,
                       "evidence_retry_count": run.evidence_retry_count, "error": run.error})


def _digest(record: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(record, ensure_ascii=False, sort_keys=True).encode()).hexdigest()


def _key(scenario: Any) -> str:
    return f"{scenario.world or 'demo'}/{scenario.name}"


def record(only: str = "", explain: str = "", results: list[Any] | None = None) -> dict[str, dict[str, str]]:
    """name → {outcome, verdict, answer, audit} for every question (``only``: names containing it);
    each question's ``ScenarioResult`` is appended to ``results`` when given (the world figures of
    ``tests/evaluation/worlds/test_world_fully_right_counts.py`` are judged from the same runs)."""
    from diagnosis.models import DiagnosisRun
    from evaluation.odd import ODD_QUESTIONS
    from evaluation.runner import evaluation_owner, evaluation_run
    from evaluation.suite import SCENARIOS
    from evaluation.worlds import WORLDS, world_get

    scenarios = [*SCENARIOS]
    for name in WORLDS:
        scenarios += [q.scenario(name) for q in world_get(name).questions]
    scenarios += [q.scenario() for q in ODD_QUESTIONS]
    scenarios = [s for s in scenarios if only in _key(s)]
    owner = evaluation_owner()
    out: dict[str, dict[str, str]] = {}

    def on_result(result: Any) -> None:
        if results is not None:
            results.append(result)
        run = DiagnosisRun.objects.filter(owner=owner).latest("created_at")
        key = _key(result.scenario)
        audit = audit_record(run)
        if explain and explain == key:
            print(json.dumps(audit, ensure_ascii=False, indent=1, sort_keys=True))
        out[key] = {"outcome": run.outcome, "verdict": run.verdict, "answer": _UUID.sub("<uuid>", run.final_answer),
                    "audit": _digest(audit)}

    evaluation_run(scenarios=scenarios, warm_up=False, on_result=on_result)
    return dict(sorted(out.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write tests/golden/answers.json")
    parser.add_argument("--out", default="", help="write the records to this path instead")
    parser.add_argument("--only", default="", help="only questions whose world/name contains this")
    parser.add_argument("--explain", default="", help="print the normalised audit record of world/name")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "superbiz.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    records = record(only=args.only, explain=args.explain)
    if args.write or args.out:
        path = Path(args.out) if args.out else GOLDEN
        path.write_text(json.dumps(records, ensure_ascii=False, indent=1, sort_keys=True) + "\n")
        print(f"wrote {len(records)} records to {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
