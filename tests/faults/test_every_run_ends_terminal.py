"""Every run ends in a terminal state with a reason, and no invocation is left unfinished
(issue 9 item 6.4), swept over every fault kind: the model down (500s, a hang) at each role, the
circuit open, an evidence backend down, the database session terminated at each stage, and an
unexpected exception in each node and in the persistence step. The invariant is checked on the
stored rows (every run and invocation in the database) after each fault, not on return values.

``-s`` prints the tally (faults injected, runs terminal, model requests made while open) that
docs/reliability/faults.md quotes."""

from __future__ import annotations

import socket
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass

import pytest

from contracts import reasons as R
from contracts.nodes import COMPOSER, EXECUTOR, FALLBACK, GATEKEEPER, PLANNER, VERIFIER
from diagnosis.agents.base import AgentError
from diagnosis.agents.circuit import CircuitRegistry
from diagnosis.agents.offline import build_provider as build_offline
from diagnosis.agents.openai import build_provider as build_openai
from diagnosis.agents.scripted import ExecutorStep, scripted_provider, verifier_reply
from diagnosis.composer.conclusion import compose_conclusion
from diagnosis.graph import persist as graph_persist
from diagnosis.graph import runner as graph_runner
from diagnosis.models import DiagnosisRun, ToolInvocation
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute
from diagnosis.tools import service as tool_service
from tests.backends.fakes import LOKI_QUERY, LOKI_QUERY_RANGE, PROM_ALERTS, PROM_QUERY_RANGE, Canned
from tests.fake_llm.server import Reply
from tests.faults.db_loss import after_losing_the_database, terminate_this_session
from tests.graph.fixtures import QUESTION
from tests.graph.scripts import LOGS, METRICS, honest, honest_step
from tests.openai_provider.scripts import (
    composer_reply,
    executor_final,
    plan_reply,
    standard_tool_calls,
    verdict_reply,
)

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

SERVER_ERROR = Reply(status=500, headers={"retry-after-ms": "1"}, error_message="upstream down")
PASS_CHECKS = [("c1", "direct_observation"), ("c2", "direct_observation")]
INVOCATION_STATES = {s.value for s in ToolInvocation.Status}


def boom(*_args, **_kwargs):
    raise RuntimeError("injected fault")


def assert_every_stored_run_is_terminal_with_a_reason() -> None:
    for run in DiagnosisRun.objects.all():
        where = f"run {run.pk} ({run.question[:20]})"
        assert run.status in (DiagnosisRun.Status.COMPLETED, DiagnosisRun.Status.FAILED), where
        assert run.finished_at is not None and run.duration_ms is not None, where
        assert run.outcome in DiagnosisRun.Outcome.values and run.final_answer, where
        if run.outcome == DiagnosisRun.Outcome.FALLBACK:
            assert run.fallback_reason in R.FALLBACK_REASONS and not run.verdict, where
        else:
            assert run.verdict and not run.fallback_reason, where
        if run.status == DiagnosisRun.Status.FAILED:
            assert run.fallback_reason == R.INTERNAL_ERROR and run.error, where
        reason = (run.self_evaluation or {}).get("verifier_evaluation", {}).get("failure_reason")
        assert reason == (run.fallback_reason or None), where
    for inv in ToolInvocation.objects.all():
        assert inv.status in INVOCATION_STATES, inv.status
        assert inv.duration_ms is not None and "evidence_refs" in inv.retrieval_details
        assert (inv.output is not None) or inv.error, inv.invocation_id


@dataclass
class Fault:
    kind: str
    name: str
    provider: Callable[[], object]
    setup: Callable[[pytest.MonkeyPatch], None] = lambda mp: None
    expect: tuple[str, str] | None = None  # (status, fallback_reason) when the route is fixed


class Sweep:
    def __init__(self, owner, server, settings, loki, prometheus, monkeypatch) -> None:
        self.owner, self.server, self.settings = owner, server, settings
        self.loki, self.prometheus, self.monkeypatch = loki, prometheus, monkeypatch
        self.rows: list[tuple[str, str, str, str, str]] = []

    def openai(self, registry: CircuitRegistry | None = None):
        return lambda: build_openai(circuits=registry or CircuitRegistry())

    def run(self, fault: Fault) -> DiagnosisRun:
        self.settings.LOGS_BACKEND = self.settings.METRICS_BACKEND = "builtin"
        context: AbstractContextManager[pytest.MonkeyPatch] = self.monkeypatch.context()
        with context as mp:
            fault.setup(mp)
            run = diagnosis_run_create(owner=self.owner, question=QUESTION)
            diagnosis_run_execute(run_id=run.pk, provider=fault.provider())
        run.refresh_from_db()
        assert_every_stored_run_is_terminal_with_a_reason()
        if fault.expect is not None:
            assert (run.status, run.fallback_reason) == fault.expect, (fault.name, run.status, run.fallback_reason, run.error)
        self.rows.append((fault.kind, fault.name, run.status, run.outcome, run.fallback_reason or "-"))
        return run


def dead_url() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{probe.getsockname()[1]}"


def test_every_fault_kind_ends_every_run_terminal_with_a_reason(
    world, api_user, fake_llm, openai_settings, fake_loki, fake_prometheus, monkeypatch, circuits, clock
):
    s = Sweep(api_user, fake_llm, openai_settings, fake_loki, fake_prometheus, monkeypatch)
    server, settings = fake_llm, openai_settings
    settings.TOOL_TIMEOUT_S = 0.3
    per_call = settings.LLM_MAX_RETRIES + 1

    # --- the model down, at each role (a fresh breaker each: these are single failures) ------
    def script(planner=(), executor=(), verifier=(), composer=()):
        def setup(_mp):
            server.script("planner", *planner)
            server.script("executor", *executor)
            server.script("verifier", *verifier)
            server.script("composer", *composer)
        return setup

    tools_then_contract = (standard_tool_calls(), executor_final())
    model_faults = [
        Fault("model down", "planner 500s", s.openai(), script(planner=[SERVER_ERROR] * per_call),
              ("completed", R.PLANNER_FAILED)),
        Fault("model down", "executor 500s", s.openai(), script(planner=[plan_reply()], executor=[SERVER_ERROR] * per_call),
              ("completed", R.EXECUTOR_FAILED)),
        Fault("model down", "executor 500s after its tool calls", s.openai(),
              script(planner=[plan_reply()], executor=[standard_tool_calls(), *[SERVER_ERROR] * per_call]),
              ("completed", R.EXECUTOR_FAILED)),
        Fault("model down", "verifier 500s", s.openai(),
              script(planner=[plan_reply()], executor=tools_then_contract, verifier=[SERVER_ERROR] * per_call),
              ("completed", R.VERIFIER_NON_RETRYABLE)),
        Fault("model down", "verifier hangs past the timeout", s.openai(),
              script(planner=[plan_reply()], executor=tools_then_contract,
                     verifier=[Reply(content="{}", delay_s=3)] * per_call),
              ("completed", R.VERIFIER_NON_RETRYABLE)),
        Fault("model down", "composer 500s (template answer)", s.openai(),
              script(planner=[plan_reply()], executor=tools_then_contract,
                     verifier=[verdict_reply("PASS", PASS_CHECKS)], composer=[SERVER_ERROR] * per_call),
              ("completed", "")),
    ]
    settings.LLM_TIMEOUT_S = 0.5
    for fault in model_faults:
        s.run(fault)
    assert server.pending() == 0

    # --- the circuit open --------------------------------------------------------------------
    settings.LLM_CIRCUIT_FAILURES = 2
    for _ in range(2):
        s.run(Fault("circuit", "failures up to the threshold", s.openai(circuits),
                    script(planner=[SERVER_ERROR] * per_call), ("completed", R.PLANNER_FAILED)))
    before = len(server.requests)
    refused = 3
    for _ in range(refused):
        s.run(Fault("circuit", "open: refused without a request", s.openai(circuits), expect=("completed", R.MODEL_UNAVAILABLE)))
    requests_while_open = len(server.requests) - before
    assert requests_while_open == 0
    clock.advance(settings.LLM_CIRCUIT_COOLDOWN_S)
    s.run(Fault("circuit", "probe after the cooldown succeeds", s.openai(circuits),
                script(planner=[plan_reply()], executor=tools_then_contract,
                       verifier=[verdict_reply("PASS", PASS_CHECKS)], composer=[composer_reply()]),
                ("completed", "")))

    # --- an evidence backend down (offline provider over Loki / Prometheus fakes) ------------
    def loki(canned_or_url):
        def setup(_mp):
            settings.LOGS_BACKEND = "loki"
            if isinstance(canned_or_url, str):
                settings.LOKI_URL = canned_or_url
            else:
                settings.LOKI_URL = fake_loki.url
                for path in (LOKI_QUERY_RANGE, LOKI_QUERY):
                    fake_loki.serve(path, canned_or_url)
        return setup

    def prometheus(canned_or_url):
        def setup(_mp):
            settings.METRICS_BACKEND = "prometheus"
            if isinstance(canned_or_url, str):
                settings.PROMETHEUS_URL = canned_or_url
            else:
                settings.PROMETHEUS_URL = fake_prometheus.url
                for path in (PROM_ALERTS, PROM_QUERY_RANGE):
                    fake_prometheus.serve(path, canned_or_url)
        return setup

    def both(setup_a, setup_b):
        return lambda mp: (setup_a(mp), setup_b(mp))

    http_500 = Canned(status=500, raw=b"internal server error\n", content_type="text/plain")
    hanging = Canned(payload={}, delay_s=5)
    for name, setup in [
        ("Loki 500", loki(http_500)),
        ("Loki unreachable", loki(dead_url())),
        ("Prometheus 500", prometheus(http_500)),
        ("Prometheus hanging", prometheus(hanging)),
        ("Loki and Prometheus unreachable", both(loki(dead_url()), prometheus(dead_url()))),
    ]:
        run = s.run(Fault("backend down", name, build_offline, setup))
        assert run.status == DiagnosisRun.Status.COMPLETED
        assert run.tool_invocations.filter(status=ToolInvocation.Status.FAILED).exists(), name

    # --- the database session terminated mid-run (scripted agents) ---------------------------
    log: list[int] = []

    def lose_before_the_second_tool(mp):
        # The run shares one tool context (issue 12), so the hook is the per-call dedup identity.
        real, calls = tool_service.dedup_identity, []

        def identity(*args, **kwargs):
            calls.append(1)
            if len(calls) == 2:
                terminate_this_session()
            return real(*args, **kwargs)
        mp.setattr(tool_service, "dedup_identity", identity)

    def lose_while_writing_the_second_tool(mp):
        real, calls = tool_service._execute, []

        def execute(spec, args, ctx, *rest):
            calls.append(1)
            out = real(spec, args, ctx, *rest)
            if len(calls) == 2:
                terminate_this_session()
            return out
        mp.setattr(tool_service, "_execute", execute)

    failed = ("failed", R.INTERNAL_ERROR)
    # The executor's tool rows are written in one batch on a fresh connection when the first
    # try finds the connection dead: a loss while they are buffered costs nothing, the run goes on.
    recovered = ("completed", "")
    for name, provider, setup, expect in [
        ("in the planner", lambda: scripted_provider(planner=[after_losing_the_database({"goal": "g", "steps": []}, log)]),
         None, failed),
        ("in the executor", lambda: scripted_provider(executor=[ExecutorStep(
            calls=[LOGS, METRICS], content=after_losing_the_database(lambda r, t: honest(r), log))],
            verifier=[verifier_reply("PASS")]), None, recovered),
        # The read fails as a tool failure (a failed invocation, like a backend that is down);
        # the run goes on with what it has: terminal with a reason, the route depends on it.
        ("before a tool reads", lambda: scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")]),
         lose_before_the_second_tool, None),
        ("while a tool's row is written", lambda: scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")]),
         lose_while_writing_the_second_tool, recovered),
        ("in the verifier", lambda: scripted_provider(
            executor=[honest_step()], verifier=[after_losing_the_database(verifier_reply("PASS"), log)]), None, failed),
        ("in the composer", lambda: scripted_provider(
            executor=[honest_step()], verifier=[verifier_reply("PASS")],
            composer=[after_losing_the_database(lambda m: {"conclusion": [s.model_dump() for s in compose_conclusion(m)]}, log)]), None, failed),
    ]:
        s.run(Fault("database lost", name, provider, setup or (lambda mp: None), expect))
    assert len(log) == 4  # the four agent-side injections fired (the tool hooks are asserted by their rows)

    # --- an unexpected exception in each node, and in persistence ---------------------------
    internal = ("completed", R.INTERNAL_ERROR)
    for name, provider, setup, expect in [
        ("planner raises", lambda: scripted_provider(planner=[RuntimeError("x")]), None, internal),
        ("executor raises", lambda: scripted_provider(executor=[ExecutorStep(calls=[LOGS], error=RuntimeError("x"))]),
         None, internal),
        ("gatekeeper raises", lambda: scripted_provider(executor=[honest_step()]),
         lambda mp: mp.setitem(graph_runner.NODE_FUNCTIONS, GATEKEEPER, boom), internal),
        ("verifier raises", lambda: scripted_provider(executor=[honest_step()], verifier=[KeyError("x")]), None, internal),
        ("composer raises", lambda: scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")],
                                                      composer=[RuntimeError("x")]), None, internal),
        ("fallback raises", lambda: scripted_provider(planner=[AgentError("x", retryable=False)]),
         lambda mp: mp.setitem(graph_runner.NODE_FUNCTIONS, FALLBACK, boom), ("completed", R.PLANNER_FAILED)),
        ("persistence raises", lambda: scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")]),
         lambda mp: mp.setattr(graph_persist, "graph_terminal", boom), failed),
    ]:
        s.run(Fault("node exception", name, provider, setup or (lambda mp: None), expect))
    assert {PLANNER, EXECUTOR, GATEKEEPER, VERIFIER, COMPOSER, FALLBACK} == set(graph_runner.NODE_FUNCTIONS)

    # --- the tally ---------------------------------------------------------------------------
    total = DiagnosisRun.objects.count()
    assert total == len(s.rows)
    print(f"\nfaults injected: {len(s.rows)}; runs terminal: "
          f"{DiagnosisRun.objects.filter(status__in=['completed', 'failed']).count()}/{total}; "
          f"invocations: {ToolInvocation.objects.count()} (none unfinished); "
          f"model requests while the circuit was open: {requests_while_open} (refused runs: {refused})")
    for row in s.rows:
        print("  " + " | ".join(row))
