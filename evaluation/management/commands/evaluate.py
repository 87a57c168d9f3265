"""``manage.py evaluate [--world NAME | --cluster [--topology T]] [--provider openai [--models A,B]] [--json] [--keep] [--no-fail] [--only NAME …] [--verbose] [--save]`` (issue 4 item 10).

Runs the scenario suite (the ``evaluation`` package) over the demo data in the configured database,
in its own evidence scopes (``evaluation``, ``evaluation-<world>``: recreated from the bundles each
time, no other scope touched), and prints the metrics table — or, with ``--json``, one JSON
object. Runs are owned by the user ``evaluate``; runs and scopes are deleted at the end unless ``--keep``.
Exits non-zero when a scenario mismatches (known issues aside), a route is not covered, or the
fabricated-claim leak rate is above 0 — unless ``--no-fail``. ``--save`` stores the figures with
the git revision and the prompt catalog version (the admin calibration page plots them).

``--world NAME`` (issue 11 item 7): ``demo`` (the default: the suite above), a generated world
(``evaluation.worlds``: ``ticketing``, ``boutique``, ``delivery``, ``streaming``, ``payments``,
``campus``, ``logistics``) — its questions asked of the offline provider on that world alone, reported as fully-right
answers, route accuracy, leak rate, PASS but unanswered and misattributed advice, with one line per question — or
``all`` (the demo suite, then every world, then the odd questions). A world fails the command only when a run leaked or
lost its audit; its other figures are measurements.

``--world odd`` (issue 24 item 4): the odd questions (garbage, emoji, the future, a day without data, listings, healthy
services … on the demo and two worlds), reported as strictly right, false PASS and how the PASS answers read.

``--cluster [--topology T]`` (issue 26 item 5): the cluster incident recordings
(``evaluation.cluster``) — each loaded alone into its own scope and dropped after its
questions, the three questions of each asked of the offline provider, judged for the component
named, the cause category and false PASS, the figures printed overall, per topology, per cause
category and per phrasing. ``--only`` selects recordings or questions by name. Like a world, it
fails the command only when a run leaked or lost its audit.

``--provider openai [--models a,b]`` (issue 29 item 3): the demo suite's questions (those asked of
the real provider; ``--only`` selects) and/or a world's (``--world NAME``, or ``all`` = the demo and
every world) asked of the configured OpenAI-compatible endpoint (OPENAI_BASE_URL, OPENAI_API_KEY,
the LLM_* settings), one pass per model of ``--models`` (default: LLM_MODEL), the model named
overriding the configured one for every role. Prints one table, one row per model
(``evaluation.model_figures``): strictly right, false PASS, fallback rate by reason, Gatekeeper
rejections, tokens, wall time p50/p95 per run, cost when ``LLM_PRICE_<MODEL>`` is set. ``--save``
stores one record per model (with its name). Fails only when a run leaked or lost its audit.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from diagnosis.reviews.services import evaluation_record_save
from evaluation.cluster.figures import cluster_json, render_cluster
from evaluation.cluster.topologies import TOPOLOGIES
from evaluation.metrics import render_table, scenario_lines, summary_json
from evaluation.model_figures import model_figures, model_metrics, price_of, render_matrix
from evaluation.odd import odd_json, render_odd
from evaluation.runner import cluster_evaluate, evaluation_run, model_evaluate, odd_evaluate, world_evaluate
from evaluation.suite import select
from evaluation.world_figures import render_world, world_json
from evaluation.worlds import WORLDS

MSG_SAVED = "figures saved (revision {revision}, prompt catalog {version})"
MSG_NO_SCENARIO = "没有匹配的场景：{names}"
MSG_FAILED = "evaluation failed: {failed} scenario(s) mismatched, leak rate {leak:.1%}, missing routes {missing}"
MSG_WORLD_UNSAFE = "evaluation failed: world {world} leaked in {leaking} run(s), {audit} run(s) with audit problems"
MSG_NO_QUESTION = "世界 {world} 没有匹配的问题：{names}"
MSG_ODD_UNSAFE = "evaluation failed: the odd questions leaked in {leaking} run(s)"
MSG_CLUSTER_UNSAFE = "evaluation failed: cluster recordings leaked in {leaking} run(s), {audit} run(s) with audit problems"
MSG_NO_RECORDING = "没有匹配的集群录制：{names}"
MSG_TOPOLOGY_WITHOUT_CLUSTER = "--topology 只能和 --cluster 一起用"
MSG_MODELS_WITHOUT_OPENAI = "--models 只能和 --provider openai 一起用"
MSG_OPENAI_SCOPE = "--provider openai 只评测演示场景和生成世界（--world demo | <世界> | all），不支持 --cluster 和 --world odd"
MSG_NO_MODEL = "--provider openai 需要 --models 或 LLM_MODEL"
MSG_MODEL_SAVED = "figures of {model} saved (revision {revision}, prompt catalog {version})"
MSG_MODELS_UNSAFE = "evaluation failed: model {model} leaked in {leaking} run(s), {audit} run(s) with audit problems"
MATRIX_TITLE = "models on {world} · {base_url}"
OFFLINE = "offline"
OPENAI = "openai"
DEMO = "demo"
ODD = "odd"
ALL = "all"


class Command(BaseCommand):
    help = "Run the diagnosis scenario suite over the demo data (or a generated world) and print its metrics."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--json", dest="as_json", action="store_true", help="print one JSON object")
        parser.add_argument("--keep", action="store_true", help="keep the evaluation runs (default: delete them)")
        parser.add_argument("--no-fail", dest="no_fail", action="store_true", help="always exit with status 0")
        parser.add_argument("--only", nargs="+", metavar="NAME", help="only scenarios whose name contains NAME")
        parser.add_argument("--verbose", action="store_true", help="one line per scenario, as it finishes")
        parser.add_argument(
            "--save", action="store_true", help="store the figures with the git revision and prompt catalog version"
        )
        parser.add_argument(
            "--world", default=DEMO, choices=[DEMO, *WORLDS, ODD, ALL],
            help="the evidence world to evaluate on (default demo; odd = the odd questions; all = all of them)",
        )
        parser.add_argument("--cluster", action="store_true",
                            help="evaluate on the recorded Kubernetes cluster incidents instead")
        parser.add_argument("--topology", choices=list(TOPOLOGIES), help="with --cluster: only this application")
        parser.add_argument("--provider", default=OFFLINE, choices=[OFFLINE, OPENAI],
                            help="openai: ask the configured OpenAI-compatible endpoint, one row per model")
        parser.add_argument("--models", default="", metavar="A,B",
                            help="with --provider openai: one pass per model (default LLM_MODEL)")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["provider"] == OPENAI:
            self._models(options)
            return
        if options["models"]:
            raise CommandError(MSG_MODELS_WITHOUT_OPENAI)
        if options["cluster"]:
            self._cluster(options)
            return
        if options["topology"]:
            raise CommandError(MSG_TOPOLOGY_WITHOUT_CLUSTER)
        world = options["world"]
        only = options["only"] or []
        names = [name for name in WORLDS if world in (name, ALL)
                 and (not only or any(n in q.name for q in WORLDS[name].questions for n in only))]
        if world in WORLDS and not names:
            raise CommandError(MSG_NO_QUESTION.format(world=world, names=", ".join(only)))
        payload: dict[str, Any] = {}
        problems: list[str] = []
        if world in (DEMO, ALL):
            demo = self._demo(options, as_part=world == ALL)
            if demo is not None:
                payload[DEMO], problem = demo
                problems += [problem] if problem else []
        for name in names:
            try:
                figures = world_evaluate(name, only=options["only"], keep=options["keep"],
                                         on_result=self._progress if options["verbose"] and not options["as_json"] else None)
            except RuntimeError as exc:  # the world's evaluation scope holds someone else's sessions
                raise CommandError(str(exc)) from None
            if options["as_json"]:
                payload.setdefault("worlds", {})[name] = world_json(figures)
            else:
                self.stdout.write(render_world(figures))
            if not figures.safe:
                problems.append(MSG_WORLD_UNSAFE.format(world=name, leaking=figures.leaking, audit=figures.audit_problems))
        if world in (ODD, ALL):
            odd = odd_evaluate(only=options["only"], keep=options["keep"],
                               on_result=self._progress if options["verbose"] and not options["as_json"] else None)
            if options["as_json"]:
                payload[ODD] = odd_json(odd)
            else:
                self.stdout.write(render_odd(odd))
            if odd.leaking:
                problems.append(MSG_ODD_UNSAFE.format(leaking=odd.leaking))
        if options["as_json"]:
            single = (payload.get(DEMO) if world == DEMO else payload.get(ODD) if world == ODD
                      else payload.get("worlds", {}).get(world))
            self.stdout.write(json.dumps(single if single is not None else payload, ensure_ascii=False, indent=2))
        if problems and not options["no_fail"]:
            raise CommandError("; ".join(problems))

    def _models(self, options: dict[str, Any]) -> None:
        """``--provider openai``: one pass per model, one table row each (see the module docstring)."""
        world = options["world"]
        if options["cluster"] or options["topology"] or world == ODD:
            raise CommandError(MSG_OPENAI_SCOPE)
        models = [m.strip() for m in options["models"].split(",") if m.strip()] or [m for m in [settings.LLM_MODEL] if m]
        if not models:
            raise CommandError(MSG_NO_MODEL)
        only = options["only"] or []
        worlds = [name for name in WORLDS if world in (name, ALL)
                  and (not only or any(n in q.name for q in WORLDS[name].questions for n in only))]
        verbose = options["verbose"] and not options["as_json"]
        rows = []
        for model in models:
            try:
                runs = model_evaluate(model=model, demo=world in (DEMO, ALL), worlds=worlds, only=only, keep=options["keep"],
                                      on_result=self._progress if verbose else None)
            except RuntimeError as exc:  # an evaluation scope holds someone else's sessions
                raise CommandError(str(exc)) from None
            if not runs:
                raise CommandError(MSG_NO_SCENARIO.format(names=", ".join(only)))
            rows.append(model_figures(model, runs, price=price_of(model, settings.LLM_PRICES)))
        if options["as_json"]:
            self.stdout.write(json.dumps({"world": world, "models": [model_metrics(f) for f in rows]},
                                         ensure_ascii=False, indent=2))
        else:
            base_url = settings.OPENAI_BASE_URL or "https://api.openai.com/v1"
            self.stdout.write(render_matrix(rows, title=MATRIX_TITLE.format(world=world, base_url=base_url)))
        if options["save"]:
            for f in rows:
                record = evaluation_record_save(summary={"ok": f.safe, "metrics": model_metrics(f)}, provider=OPENAI,
                                                model=f.model)
                self.stderr.write(MSG_MODEL_SAVED.format(model=f.model, revision=record.git_revision[:12] or "—",
                                                         version=record.prompt_version or "—"))
        unsafe = [MSG_MODELS_UNSAFE.format(model=f.model, leaking=f.leaking, audit=f.audit_problems)
                  for f in rows if not f.safe]
        if unsafe and not options["no_fail"]:
            raise CommandError("; ".join(unsafe))

    def _cluster(self, options: dict[str, Any]) -> None:
        verbose = options["verbose"] and not options["as_json"]
        try:
            figures = cluster_evaluate(topology=options["topology"], only=options["only"], keep=options["keep"],
                                       on_result=self._cluster_progress if verbose else None)
        except RuntimeError as exc:  # a recording's evaluation scope holds someone else's sessions
            raise CommandError(str(exc)) from None
        if not figures.runs:
            raise CommandError(MSG_NO_RECORDING.format(names=", ".join(options["only"] or [options["topology"] or ""])))
        if options["as_json"]:
            self.stdout.write(json.dumps(cluster_json(figures), ensure_ascii=False, indent=2))
        else:
            self.stdout.write(render_cluster(figures))
        if not figures.safe and not options["no_fail"]:
            raise CommandError(MSG_CLUSTER_UNSAFE.format(leaking=figures.leaking, audit=figures.audit_problems))

    def _cluster_progress(self, run) -> None:
        marks = ("C" if run.verdict.component_named else "-") + ("K" if run.verdict.category_right else "-")
        self.stderr.write(f"[{marks}] {run.question} → {run.outcome} · {run.elapsed_ms:.0f} ms")

    def _progress(self, result) -> None:
        for line in scenario_lines(result):
            self.stderr.write(line)

    def _demo(self, options: dict[str, Any], *, as_part: bool) -> tuple[dict[str, Any], str] | None:
        """The demo suite: print its table (or return its JSON payload) and why it failed ("" if it did not)."""
        scenarios = select(options["only"])
        if not scenarios:
            if as_part:
                return None
            raise CommandError(MSG_NO_SCENARIO.format(names=", ".join(options["only"])))
        verbose = options["verbose"] and not options["as_json"]
        try:
            report = evaluation_run(scenarios=None if not options["only"] else scenarios, keep=options["keep"],
                                    on_result=self._progress if verbose else None)
        except RuntimeError as exc:  # an evaluation scope holds someone else's sessions
            raise CommandError(str(exc)) from None
        summary = report.summary
        if options["save"]:
            record = evaluation_record_save(summary=summary_json(summary, report.results), provider=settings.LLM_PROVIDER)
            self.stderr.write(MSG_SAVED.format(revision=record.git_revision[:12] or "—", version=record.prompt_version or "—"))
        payload = summary_json(summary, report.results)
        payload.update(scopes=report.scopes, session_id=report.session_id, kept=report.kept,
                       warm_up_ms=round(report.warm_up_ms, 1))
        if not options["as_json"]:
            self.stdout.write(f"evaluation scopes (recreated): {', '.join(report.scopes)}")
            self.stdout.write(render_table(summary, report.results))
            if report.kept:
                self.stdout.write(f"runs kept in session {report.session_id} (user evaluate)")
        if summary.ok:
            return payload, ""
        return payload, MSG_FAILED.format(
            failed=len(summary.failed), leak=summary.leak_rate, missing=summary.missing_routes or "none"
        )
