"""``manage.py evaluate [--json] [--keep] [--no-fail] [--only NAME …] [--verbose] [--save]`` (issue 4 item 10).

Runs the scenario suite (``diagnosis.evaluation``) over the demo data in the configured database,
in its own evidence scopes (``evaluation``, ``evaluation-story``: recreated from the bundles each
time, no other scope touched), and prints the metrics table — or, with ``--json``, one JSON
object. Runs are owned by the user ``evaluate``; runs and scopes are deleted at the end unless ``--keep``.
Exits non-zero when a scenario mismatches (known issues aside), a route is not covered, or the
fabricated-claim leak rate is above 0 — unless ``--no-fail``. ``--save`` stores the figures with
the git revision and the prompt catalog version (the admin calibration page plots them).
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from diagnosis.evaluation.metrics import render_table, scenario_lines, summary_json
from diagnosis.evaluation.runner import evaluation_run
from diagnosis.evaluation.suite import select
from diagnosis.services.reviews import evaluation_record_save

MSG_SAVED = "figures saved (revision {revision}, prompt catalog {version})"
MSG_NO_SCENARIO = "没有匹配的场景：{names}"
MSG_FAILED = "evaluation failed: {failed} scenario(s) mismatched, leak rate {leak:.1%}, missing routes {missing}"


class Command(BaseCommand):
    help = "Run the diagnosis scenario suite over the demo data and print its metrics."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--json", dest="as_json", action="store_true", help="print one JSON object")
        parser.add_argument("--keep", action="store_true", help="keep the evaluation runs (default: delete them)")
        parser.add_argument("--no-fail", dest="no_fail", action="store_true", help="always exit with status 0")
        parser.add_argument("--only", nargs="+", metavar="NAME", help="only scenarios whose name contains NAME")
        parser.add_argument("--verbose", action="store_true", help="one line per scenario, as it finishes")
        parser.add_argument(
            "--save", action="store_true", help="store the figures with the git revision and prompt catalog version"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        scenarios = select(options["only"])
        if not scenarios:
            raise CommandError(MSG_NO_SCENARIO.format(names=", ".join(options["only"])))
        verbose = options["verbose"] and not options["as_json"]

        def progress(result) -> None:
            for line in scenario_lines(result):
                self.stderr.write(line)

        try:
            report = evaluation_run(
                scenarios=None if not options["only"] else scenarios,
                keep=options["keep"],
                on_result=progress if verbose else None,
            )
        except RuntimeError as exc:  # an evaluation scope holds someone else's sessions
            raise CommandError(str(exc)) from None
        summary = report.summary
        if options["save"]:
            record = evaluation_record_save(summary=summary_json(summary, report.results), provider=settings.LLM_PROVIDER)
            self.stderr.write(MSG_SAVED.format(revision=record.git_revision[:12] or "—", version=record.prompt_version or "—"))
        if options["as_json"]:
            payload = summary_json(summary, report.results)
            payload.update(scopes=report.scopes, session_id=report.session_id, kept=report.kept,
                           warm_up_ms=round(report.warm_up_ms, 1))
            self.stdout.write(json.dumps(payload, ensure_ascii=False, indent=2))
        else:
            self.stdout.write(f"evaluation scopes (recreated): {', '.join(report.scopes)}")
            self.stdout.write(render_table(summary, report.results))
            if report.kept:
                self.stdout.write(f"runs kept in session {report.session_id} (user evaluate)")
        if not summary.ok and not options["no_fail"]:
            raise CommandError(
                MSG_FAILED.format(failed=len(summary.failed), leak=summary.leak_rate, missing=summary.missing_routes or "none")
            )
