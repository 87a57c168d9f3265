"""Running the suite in the configured database (the Django edge of ``evaluation``).

- The suite runs in its own evidence scopes (DESIGN §10.3): ``evaluation`` holds the demo bundle,
  ``evaluation-<world>`` each other world (``Scenario.world``, e.g. issue 10's story bundle). They
  are recreated from the bundle at the start of every evaluation — so the figures never depend on
  what else is loaded — and deleted at the end unless ``keep``; no other scope is read or written.
- Runs are owned by a dedicated inactive user ``evaluate``, one session per world scope; the
  sessions (runs, invocations, events) are deleted at the end unless ``keep``.
- Each scenario: fresh provider (scripted scripts are consumed), agents tapped to count calls and
  capture the Composer material, one ``diagnosis_run_execute`` timed (``perf_counter``) and its
  DB queries counted (``connection.execute_wrapper``) — provider construction, run creation and the
  read-back are outside both figures.
- Scenarios about another world run after the demo ones, in that world's scope. One untimed
  offline warm-up run first loads what a
  long-lived process has loaded already (jieba dictionaries, retrieval index), so the figures
  exclude start-up.
- The cluster recordings (issue 26 item 5, ``cluster_evaluate``) run one at a time, each in a
  scope of its own (``evaluation-cluster-<recording>``) dropped after its questions.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Final

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.models import ProtectedError
from django.utils import timezone

from contracts.composer import ComposerMaterial
from contracts.plan import ROLES, ExecutorRequest, Plan, PlannerRequest
from diagnosis.agents.base import AgentContext, ExecutorReply, Provider, ToolRunner
from diagnosis.models import DiagnosisSession, EvidenceBundle, EvidenceScope
from diagnosis.schemas.self_evaluation import SelfEvaluation
from diagnosis.selectors.scopes import DEMO_SCOPE
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute
from evaluation.cluster.figures import ClusterFigures, QuestionRun
from evaluation.cluster.generate import recordings
from evaluation.cluster.judge import cluster_verdict
from evaluation.cluster.loading import recording_load
from evaluation.metrics import Summary, judge, summarize
from evaluation.model_figures import ModelRun, demo_run, world_run
from evaluation.odd import ODD_QUESTIONS, OddFigures, odd_figures, odd_result
from evaluation.scenario import HONEST, PASS, Observation, ProviderFactory, Scenario, ScenarioResult
from evaluation.story_world import load_story_world
from evaluation.suite import SCENARIOS, select
from evaluation.world_figures import WorldFigures, question_result, world_figures

EVALUATE_USERNAME: Final = "evaluate"
SESSION_TITLE: Final = "evaluate {at}"
EVALUATION_SCOPE: Final = "evaluation"  # the demo world's scope; another world's is "evaluation-<world>"
MSG_SCOPE_IN_USE: Final = "证据范围「{name}」中还有不属于评测用户的会话，evaluate 不会删除它们；请改名或移走这些会话。"
WARM_UP_QUESTION: Final = "支付服务 10 点后为什么一直 500？"
#: Loggers that print a stack trace for the faults the adversarial scenarios inject on purpose
#: (the fault is still recorded on the run and judged; only the console noise is suppressed).
QUIET_LOGGERS: Final = ("diagnosis.graph.runner", "diagnosis.graph.nodes", "diagnosis.services.runs")


# --- Demo data and owner ------------------------------------------------------------------------
def load_demo_world(scope: str = DEMO_SCOPE) -> None:
    from diagnosis.demo import DEMO_BUNDLE_PATH
    from diagnosis.evidence.loader import evidence_bundle_load

    evidence_bundle_load(data=DEMO_BUNDLE_PATH.read_bytes(), source_name=DEMO_BUNDLE_PATH.name, scope=scope)


def demo_ensure_loaded() -> bool:
    """Load the demo bundle into the demo scope unless its exact content is there; True if loaded now."""
    from diagnosis.demo import DEMO_BUNDLE_PATH
    from diagnosis.evidence.bundle import bundle_parse
    from diagnosis.evidence.loader import bundle_content_hash

    digest = bundle_content_hash(bundle_parse(DEMO_BUNDLE_PATH.read_bytes()))
    if EvidenceBundle.objects.filter(scope__name=DEMO_SCOPE, content_hash=digest).exists():
        return False
    load_demo_world()
    return True


def evaluation_owner() -> Any:
    """The dedicated owner of evaluation runs (inactive, no usable password: nobody logs in as it)."""
    User = get_user_model()
    user, created = User.objects.get_or_create(username=EVALUATE_USERNAME, defaults={"is_active": False})
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


class QueryCounter:
    """A ``connection.execute_wrapper`` that counts the queries run through it (no query log:
    ``CaptureQueriesContext`` reads the bounded debug log, which overflows over a long suite)."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, execute: Callable[..., Any], sql: str, params: Any, many: bool, context: dict[str, Any]) -> Any:
        self.count += 1
        return execute(sql, params, many, context)


# --- Tapping the agents -------------------------------------------------------------------------
@dataclass
class Tap:
    planner_calls: int = 0
    executor_calls: int = 0
    verifier_calls: int = 0
    composer_materials: list[ComposerMaterial] = field(default_factory=list)


class _Planner:
    def __init__(self, inner: Any, tap: Tap) -> None:
        self.inner, self.tap = inner, tap

    def plan(self, request: PlannerRequest, ctx: AgentContext) -> Plan:
        self.tap.planner_calls += 1
        return self.inner.plan(request, ctx)


class _Executor:
    def __init__(self, inner: Any, tap: Tap) -> None:
        self.inner, self.tap = inner, tap

    def execute(self, request: ExecutorRequest, tools: ToolRunner, ctx: AgentContext) -> ExecutorReply:
        self.tap.executor_calls += 1
        return self.inner.execute(request, tools, ctx)


class _Verifier:
    def __init__(self, inner: Any, tap: Tap) -> None:
        self.inner, self.tap = inner, tap

    def verify(self, verifier_input: str, ctx: AgentContext) -> str:
        self.tap.verifier_calls += 1
        return self.inner.verify(verifier_input, ctx)


class _Composer:
    def __init__(self, inner: Any, tap: Tap) -> None:
        self.inner, self.tap = inner, tap

    def compose(self, material: ComposerMaterial, ctx: AgentContext) -> str:
        self.tap.composer_materials.append(material)
        return self.inner.compose(material, ctx)


def tap_provider(provider: Provider) -> tuple[Provider, Tap]:
    """The same provider with every role call counted and the Composer material captured."""
    tap = Tap()
    tapped = dataclasses.replace(
        provider,
        planner=_Planner(provider.planner, tap),
        executor=_Executor(provider.executor, tap),
        verifier=_Verifier(provider.verifier, tap),
        composer=_Composer(provider.composer, tap),
    )
    return tapped, tap


def _offline_provider() -> Provider:
    from diagnosis.agents.registry import get_provider

    return get_provider("offline")


@contextmanager
def _quiet_injected_faults() -> Iterator[None]:
    loggers = [logging.getLogger(name) for name in QUIET_LOGGERS]
    previous = [lg.level for lg in loggers]
    for lg in loggers:
        lg.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for lg, level in zip(loggers, previous, strict=True):
            lg.setLevel(level)


# --- One scenario -------------------------------------------------------------------------------
def scenario_observe(
    *, scenario: Scenario, owner: Any, session: DiagnosisSession, provider: ProviderFactory | None = None
) -> Observation:
    """Run one scenario through the whole graph and read back what it produced. ``provider``: the
    provider of a scenario that brings none (default: the offline provider)."""
    provider_used, tap = tap_provider((scenario.provider or provider or _offline_provider)())
    run = diagnosis_run_create(owner=owner, question=scenario.question, session=session)
    queries = QueryCounter()
    with connection.execute_wrapper(queries):
        started = time.perf_counter()
        diagnosis_run_execute(run_id=run.pk, provider=provider_used)
        elapsed_ms = (time.perf_counter() - started) * 1000
    run.refresh_from_db()
    material = tap.composer_materials[-1] if tap.composer_materials else None
    gatekeeper = SelfEvaluation.stored(run.self_evaluation).verifier.gatekeeper_result
    return Observation(
        name=scenario.name,
        status=run.status,
        outcome=run.outcome,
        fallback_reason=run.fallback_reason,
        verdict=run.verdict,
        evidence_retry_count=run.evidence_retry_count,
        final_answer=run.final_answer,
        verifier_evaluation=dict((run.self_evaluation or {}).get("verifier_evaluation") or {}),
        confirmed_material=[item.model_dump() for item in material.confirmed] if material is not None else None,
        planner_calls=tap.planner_calls,
        verifier_calls=tap.verifier_calls,
        composer_calls=len(tap.composer_materials),
        nodes_started=list(run.events.filter(event="start").order_by("seq").values_list("node", flat=True)),
        tool_statuses=list(run.tool_invocations.order_by("seq").values_list("status", flat=True)),
        elapsed_ms=elapsed_ms,
        queries=queries.count,
        error=run.error,
        prompt_tokens=run.prompt_tokens,
        completion_tokens=run.completion_tokens,
        gatekeeper_severity=str(gatekeeper.severity) if gatekeeper is not None else "",
        rejected_bindings=sum(1 for b in gatekeeper.checked_bindings if not b.passed) if gatekeeper is not None else 0,
    )


#: world ("" = the demo) → loader of its bundle into the named scope.
def _evaluation_worlds() -> dict[str, Callable[[str], Any]]:
    from evaluation.worlds import WORLDS as GENERATED
    from evaluation.worlds.loading import world_load

    generated = {name: partial(world_load, name) for name in GENERATED}
    return {"": load_demo_world, "story": load_story_world, **generated}


WORLDS: Final[dict[str, Callable[[str], Any]]] = _evaluation_worlds()


def world_scope_name(world: str) -> str:
    return f"{EVALUATION_SCOPE}-{world}" if world else EVALUATION_SCOPE


def evaluation_scope_drop(*, name: str, owner: Any) -> None:
    """Delete the evaluation scope ``name`` with its evidence and the evaluate user's sessions in
    it. A session of anyone else there stops it (``RuntimeError``): evaluate deletes only its own."""
    with transaction.atomic():
        DiagnosisSession.objects.filter(scope__name=name, owner=owner).delete()
        try:
            EvidenceScope.objects.filter(name=name).delete()
        except ProtectedError:
            raise RuntimeError(MSG_SCOPE_IN_USE.format(name=name)) from None


def evaluation_scope_fresh(*, world: str, owner: Any) -> EvidenceScope:
    """The world's evaluation scope, recreated from its bundle (nothing left from earlier runs)."""
    name = world_scope_name(world)
    evaluation_scope_drop(name=name, owner=owner)
    WORLDS[world](name)
    return EvidenceScope.objects.get(name=name)


# --- The suite ----------------------------------------------------------------------------------
@dataclass
class EvaluationReport:
    results: list[ScenarioResult]
    summary: Summary
    scopes: list[str]  # the evaluation scopes the suite ran in (recreated for it)
    session_id: str  # the demo world's session
    kept: bool
    warm_up_ms: float


def evaluation_run(
    *,
    scenarios: Sequence[Scenario] | None = None,
    keep: bool = False,
    warm_up: bool = True,
    on_result: Callable[[ScenarioResult], None] | None = None,
    provider: ProviderFactory | None = None,
) -> EvaluationReport:
    """Run ``scenarios`` (default: the whole suite) and judge them; see the module docstring.
    ``provider``: the provider of the scenarios that bring none (default: the offline provider)."""
    chosen = list(SCENARIOS if scenarios is None else scenarios)
    owner = evaluation_owner()
    worlds = list(dict.fromkeys(["", *(s.world for s in chosen)]))  # the demo first (warm-up)
    title = SESSION_TITLE.format(at=timezone.now().isoformat())
    sessions: dict[str, DiagnosisSession] = {}
    results: list[ScenarioResult] = []
    warm_up_ms = 0.0
    try:
        for world in worlds:
            scope = evaluation_scope_fresh(world=world, owner=owner)
            sessions[world] = DiagnosisSession.objects.create(owner=owner, title=title, scope=scope)
        with _quiet_injected_faults():
            if warm_up:
                started = time.perf_counter()
                warm = diagnosis_run_create(owner=owner, question=WARM_UP_QUESTION, session=sessions[""])
                diagnosis_run_execute(run_id=warm.pk, provider=_offline_provider())
                warm_up_ms = (time.perf_counter() - started) * 1000
            for world in worlds:
                for scenario in (s for s in chosen if s.world == world):
                    # One session per scenario: a question is never read as a follow-up of the
                    # previous scenario's (issue 13 item 3 plans with the session's earlier turns).
                    own = DiagnosisSession.objects.create(owner=owner, title=title, scope=sessions[world].scope)
                    observed = scenario_observe(scenario=scenario, owner=owner, session=own, provider=provider)
                    result = judge(scenario, observed)
                    results.append(result)
                    if on_result is not None:
                        on_result(result)
    finally:
        if not keep:
            for world in worlds:
                evaluation_scope_drop(name=world_scope_name(world), owner=owner)
    return EvaluationReport(
        results=results,
        summary=summarize(results, require_coverage=scenarios is None or len(chosen) == len(SCENARIOS)),
        scopes=[world_scope_name(world) for world in worlds],
        session_id=str(sessions[""].pk) if "" in sessions else "",
        kept=keep,
        warm_up_ms=warm_up_ms,
    )


# --- A generated world (issue 11 item 7) ----------------------------------------------------------
def world_evaluate(
    name: str,
    *,
    only: Sequence[str] | None = None,
    keep: bool = False,
    on_result: Callable[[ScenarioResult], None] | None = None,
    provider: ProviderFactory | None = None,
) -> WorldFigures:
    """Ask world ``name``'s questions (those whose name contains any of ``only``, default all) of
    the real offline provider (or ``provider``), in that world's own evaluation scope, and compute its figures."""
    from evaluation.worlds import world_get

    world = world_get(name)
    questions = [q for q in world.questions if not only or any(n in q.name for n in only)]
    report = evaluation_run(scenarios=[q.scenario(world.name) for q in questions], keep=keep, on_result=on_result,
                            provider=provider)
    return world_judged(name, report.results)


def world_judged(name: str, results: Sequence[ScenarioResult]) -> WorldFigures:
    """World ``name``'s figures from its questions' runs (``results``: one per question asked, in
    any order, from ``world_evaluate`` or from one ``evaluation_run`` over many worlds)."""
    from evaluation.worlds import world_get
    from evaluation.worlds.loading import k8s_loaded

    world = world_get(name)
    by_name = {q.name: q for q in world.questions}
    judged = [question_result(by_name[r.scenario.name], r) for r in results]
    return world_figures(world, judged, k8s_loaded=k8s_loaded())


# --- Models of an OpenAI-compatible endpoint (issue 29 item 3) --------------------------------------
def openai_provider(model: str) -> ProviderFactory:
    """The openai provider as configured (OPENAI_BASE_URL, OPENAI_API_KEY, LLM_* settings) with
    ``model`` for every role: one pass of ``evaluate --models`` asks one model."""
    from diagnosis.agents.openai import build_provider
    from diagnosis.agents.openai.config import config_from_settings

    config = dataclasses.replace(config_from_settings(), model_by_role=dict.fromkeys(ROLES, model))
    return partial(build_provider, config)


def model_evaluate(
    *,
    model: str,
    demo: bool,
    worlds: Sequence[str] = (),
    only: Sequence[str] | None = None,
    keep: bool = False,
    on_result: Callable[[ScenarioResult], None] | None = None,
) -> list[ModelRun]:
    """One model's pass: the demo suite's questions asked of the real provider (``demo``; the
    scenarios with a scripted provider of their own test the graph, not a model, and are left out)
    and every question of ``worlds``, asked of ``model`` on the configured endpoint; each run
    judged as the offline evaluation judges it. ``keep`` keeps the runs of this pass until the
    next pass recreates the scopes."""
    provider = openai_provider(model)
    runs: list[ModelRun] = []
    scenarios = [s for s in select(list(only or [])) if s.provider is None] if demo else []
    if scenarios:
        report = evaluation_run(scenarios=scenarios, keep=keep, on_result=on_result, provider=provider)
        runs += [demo_run(result) for result in report.results]
    for name in worlds:
        figures = world_evaluate(name, only=only, keep=keep, on_result=on_result, provider=provider)
        runs += [world_run(question) for question in figures.results]
    return runs


# --- The odd questions (issue 24 item 4) ------------------------------------------------------------
def odd_evaluate(
    *,
    only: Sequence[str] | None = None,
    keep: bool = False,
    on_result: Callable[[ScenarioResult], None] | None = None,
) -> OddFigures:
    """Ask the odd questions (those whose name contains any of ``only``) of the real offline
    provider, each in its world's evaluation scope, and judge them."""
    questions = [q for q in ODD_QUESTIONS if not only or any(n in q.name for n in only)]
    report = evaluation_run(scenarios=[q.scenario() for q in questions], keep=keep, on_result=on_result)
    by_name = {q.name: q for q in questions}
    return odd_figures([odd_result(by_name[r.scenario.name], r) for r in report.results])


# --- Cluster recordings (issue 26 item 5) ----------------------------------------------------------
CLUSTER_SCOPE_PREFIX: Final = f"{EVALUATION_SCOPE}-cluster-"


def cluster_evaluate(
    *,
    topology: str | None = None,
    only: Sequence[str] | None = None,
    keep: bool = False,
    on_result: Callable[[QuestionRun], None] | None = None,
) -> ClusterFigures:
    """Ask every question of the cluster recordings (of ``topology``; those whose recording or
    question name contains any of ``only``) of the real offline provider, each recording loaded
    into its own evaluation scope and dropped after its questions (unless ``keep``), and judge
    the answers (``cluster.judge``). Returns the ``ClusterFigures``."""
    def chosen(name: str) -> bool:
        return not only or any(n in name for n in only)

    owner = evaluation_owner()
    title = SESSION_TITLE.format(at=timezone.now().isoformat())
    runs: list[QuestionRun] = []
    with _quiet_injected_faults():
        for recording in recordings():
            questions = [q for q in recording.questions if chosen(q.name)]
            if (topology and recording.topology != topology) or not questions:
                continue
            name = CLUSTER_SCOPE_PREFIX + recording.name
            evaluation_scope_drop(name=name, owner=owner)
            try:
                recording_load(recording, name)
                scope = EvidenceScope.objects.get(name=name)
                for question in questions:
                    session = DiagnosisSession.objects.create(owner=owner, title=title, scope=scope)
                    scenario = Scenario(name=question.name, question=question.text, expected=frozenset({PASS}), kind=HONEST,
                                        group=f"cluster {recording.topology}", honest_claims="all", expect_retry=None,
                                        description=recording.truth.summary)
                    observed = scenario_observe(scenario=scenario, owner=owner, session=session)
                    judged = judge(scenario, observed)
                    truth = recording.truth
                    run = QuestionRun(
                        recording=recording.name, topology=recording.topology, fault=truth.fault,
                        category=str(truth.category), truth=f"{truth.kind}/{truth.name}", question=question.name,
                        phrasing=str(question.phrasing), text=question.text, outcome=observed.label,
                        verdict=cluster_verdict(truth, recording.others, outcome=observed.outcome,
                                                answer=observed.final_answer, confirmed=observed.confirmed_material),
                        leaks=tuple(judged.leaks), audit_problems=tuple(judged.audit_problems),
                        elapsed_ms=observed.elapsed_ms)
                    runs.append(run)
                    if on_result is not None:
                        on_result(run)
            finally:
                if not keep:
                    evaluation_scope_drop(name=name, owner=owner)
    return ClusterFigures(runs=tuple(runs))
