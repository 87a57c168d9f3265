"""The demo questions through the openai provider against a real model server, with structured
output (issue 15 item 5, issue 29 item 5).

Each model (SmolLM2-135M, Gemma 3 270M) answers the three demo questions with the settings
docs/PROVIDERS.md gives for a small local model: ``LLM_PLANNER=offline`` (the deterministic planner
plans), ``EXECUTOR_TOOL_CALLS=plan`` with one tool call (the plan's first evidence step runs and
its result goes to the model in one request, no tools API), ``LLM_PROMPT_PROFILE=compact`` (short
English prompts, a bounded contract schema whose bindings may name only the results in the
request) and ``LLM_TEMPERATURE=0``. ``LLM_STRUCTURED_OUTPUT=auto``: against llama-cpp-python
0.3.36 the first call's ``json_schema`` is refused (HTTP 500) and the provider settles on
``{"type": "json_object", "schema": …}``, which the server compiles into a grammar. Whether what
the model writes is *true* is the Gatekeeper's business: every excerpt it makes up must be
rejected there.

Per run a ``REALMODEL`` line prints: plan source, tool calls run, executor contract valid,
Gatekeeper result (bindings passed / rejected and why), verdict or fallback reason, tokens, wall
time (run with ``-s``). Asserted: every run terminal, in Chinese, within its budget, no reply
longer than its bound, the remembered output mode recorded for every structured call, nothing
that passed the Gatekeeper or reached the Verifier outside this run's own tool output (0 leaks),
and per model at least ``MIN_REACHED`` (2) of the 3 runs reaching the Gatekeeper with a valid
executor contract.

Measured on this 2-core machine, shared with another agent's evaluations (load average 2.8 at
the start, 4.8 at the end), the whole step 253 s: SmolLM2-135M 3 of 3 valid contracts at the
Gatekeeper (48.1 / 47.6 / 18.6 s; ~1.1k prompt + 150–180 completion tokens each), Gemma 3 270M
3 of 3 (27.1 / 43.5 / 55.5 s; ~1.1k + 141). Every binding was rejected as
``evidence.excerpt_mismatch`` (the models do not copy an excerpt verbatim). Again at load 1.1–1.7:
the same outcomes and tokens, SmolLM2 13.0 / 7.8 / 4.8 s, Gemma 17.9 / 7.4 / 9.9 s, the step
68 s, so each run ends in
the fallback ``gatekeeper_reject``: nothing unverified shown. Before these settings (the default
prompts, the model planner, the tool-calling loop under ``chatml-function-calling``): 0 of 3 for
both, the 110 s budget spent reading the planner's ~5.5k-token prompt (SmolLM2's tokenizer
spends ~1 token per Chinese character) and the executor's ~7k-token first turn. The time on a
loaded machine is dominated by CPU contention: the same constrained reply took 9.7 ms per token
idle and 150–380 ms per token while the other agent ran.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

import pytest

from diagnosis.composer.templates import render_fallback
from diagnosis.models import DiagnosisRun, ToolInvocation
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute
from evaluation.runner import demo_ensure_loaded

pytestmark = [pytest.mark.realmodel, pytest.mark.django_db]

QUESTIONS = (
    "payment-service 从 10:05 开始大量 500，原因是什么？",
    "昨天晚上订单服务为什么一直重启？",
    "今天上午库存接口为什么变慢？慢查询有多慢？",
)
# Output bounds for 0.01–0.4 s per generated token on 2 shared CPU cores (measured), enough for a
# compact contract (one claim, one binding: ~140–180 tokens), a short verifier reply and a
# one-sentence conclusion. The prompts are the product's compact profile (prompts/compact/).
BOUNDS = {"planner": 192, "executor": 320, "verifier": 192, "composer": 128}
RUN_MAX_SECONDS = 110.0
# Past the deadline a run still persists and renders its answer; a call in flight is cut at
# the deadline (timeouts capped by what is left, the stream closed between chunks).
DEADLINE_SLACK_S = 15.0
CJK = re.compile(r"[\u4e00-\u9fff]")
SPACE = re.compile(r"\s+")


#: At least this many of the three demo questions reach the Gatekeeper with a valid executor
#: contract, per model (issue 29).
MIN_REACHED = 2


@dataclass
class Figures:
    question: str
    plan_source: str
    plan_valid: bool
    tools_run: int
    contract_valid: bool
    passed: int
    rejected: list[str] = field(default_factory=list)  # "claim/index: rule, rule"
    verdict: str = ""
    fallback: str = ""
    tokens: str = ""
    wall_s: float = 0.0
    modes: dict[str, list[str]] = field(default_factory=dict)

    def line(self, alias: str) -> str:
        return (
            f"\nREALMODEL model={alias} question={self.question!r} plan={self.plan_source} plan_valid={self.plan_valid} "
            f"tool_calls_run={self.tools_run} contract_valid={self.contract_valid} "
            f"gatekeeper=passed:{self.passed} rejected:{len(self.rejected)} {self.rejected} "
            f"verdict={self.verdict or '-'} fallback={self.fallback or '-'} tokens={self.tokens} "
            f"wall_s={self.wall_s:.1f} modes={self.modes}"
        )


@pytest.fixture
def real_model(settings, llama_server):
    alias, base_url, _log = llama_server
    settings.LLM_PROVIDER = "openai"
    settings.OPENAI_BASE_URL = base_url
    settings.OPENAI_API_KEY = ""
    settings.LLM_MODEL = alias
    settings.LLM_ROLE_MODELS = {role: alias for role in BOUNDS}
    settings.LLM_MAX_TOKENS = dict(BOUNDS)
    settings.LLM_TIMEOUT_S = 60.0
    settings.LLM_MAX_RETRIES = 0  # a retry after a local timeout repeats the whole slow generation
    # auto learns json_object+schema from the server's refusal; REALMODEL_STRUCTURED_OUTPUT=off measures
    # the same runs without constrained output (the closing note's comparison).
    settings.LLM_STRUCTURED_OUTPUT = os.environ.get("REALMODEL_STRUCTURED_OUTPUT", "auto")
    # The settings docs/PROVIDERS.md recommends for a small local model: the offline planner plans,
    # the plan's first evidence step runs, and the model writes the contract from its result in one
    # request (compact prompts, a bounded schema, greedy decoding).
    settings.LLM_PLANNER = "offline"
    settings.EXECUTOR_TOOL_CALLS = "plan"
    settings.EXECUTOR_MAX_TOOL_CALLS = 1
    settings.LLM_PROMPT_PROFILE = "compact"
    settings.LLM_TEMPERATURE = 0.0
    settings.PLANNER_FALLBACK = "offline"
    settings.RUN_MAX_TOKENS = 60_000
    settings.RUN_MAX_SECONDS = RUN_MAX_SECONDS
    demo_ensure_loaded()
    return alias


def leaked_evidence(run: DiagnosisRun) -> list[str]:
    """Evidence that passed the Gatekeeper (its passed bindings) or reached the Verifier (verified
    evidence) but is not found in this run's own successful tool output: an excerpt must lie
    within the text of a ref with the same raw_path of the invocation it names. Whatever the model
    made up — an excerpt, a path, an invocation id — must have been rejected before that."""
    evaluation = (run.self_evaluation or {}).get("verifier_evaluation", {})
    invocations = {i.invocation_id: i for i in ToolInvocation.objects.filter(run=run, status="success")}
    passed = [b for b in (evaluation.get("gatekeeper_result") or {}).get("checked_bindings") or [] if b["passed"]]
    leaks = []
    for item in [*passed, *(evaluation.get("verified_evidence") or [])]:
        invocation = invocations.get(item["source_invocation_id"])
        texts = [SPACE.sub(" ", str(ref.get("text", ""))) for ref in (invocation.evidence_refs if invocation else [])
                 if ref.get("raw_path") == item["raw_path"]]
        if not any(SPACE.sub(" ", item["matched_text"]).strip() in text for text in texts):
            leaks.append(f"{item['source_invocation_id']} {item['raw_path']}: {item['matched_text'][:60]!r}")
    return leaks


def figures(run: DiagnosisRun, question: str) -> Figures:
    evaluation = (run.self_evaluation or {}).get("verifier_evaluation", {})
    parse = evaluation.get("executor_output_parse_status") or {}
    gate = evaluation.get("gatekeeper_result") or {}
    bindings = gate.get("checked_bindings") or []
    usage = run.token_usage or {}
    return Figures(
        question=question,
        plan_source=str(evaluation.get("plan_source") or "-"),
        plan_valid=evaluation.get("plan_source") in ("provider", "offline"),
        tools_run=ToolInvocation.objects.filter(run=run).count(),
        contract_valid=parse.get("status") == "valid" and bool(gate),
        passed=sum(1 for b in bindings if b["passed"]),
        rejected=[f"{b['claim_id']}/{b['binding_index']}: {', '.join(b['failed_rules'])}" for b in bindings if not b["passed"]],
        verdict=run.verdict,
        fallback=run.fallback_reason,
        tokens=f"{run.prompt_tokens}+{run.completion_tokens}",
        wall_s=run.duration_ms / 1000,
        modes={role: values.get("output_modes", []) for role, values in usage.items()},
    )


def test_constrained_demo_runs_reach_the_gatekeeper_and_leak_nothing(real_model, api_user):
    alias = real_model
    results = []
    for question in QUESTIONS:
        run = diagnosis_run_create(owner=api_user, question=question)
        diagnosis_run_execute(run_id=run.pk)
        run.refresh_from_db()
        result = figures(run, question)
        results.append(result)
        print(result.line(alias), flush=True)

        # Terminal, in Chinese, within the run budget.
        assert run.status == DiagnosisRun.Status.COMPLETED, run.error
        assert CJK.search(run.final_answer)
        assert run.duration_ms <= (RUN_MAX_SECONDS + DEADLINE_SLACK_S) * 1000
        # No reply longer than its bound (llama.cpp streams one token per delta; no usage in streams).
        for role, values in (run.token_usage or {}).items():
            assert values["completion_tokens"] <= values["calls"] * BOUNDS[role], (role, values)
        # Every structured call went with the mode the server accepts (never json_schema: refused).
        for role, modes in result.modes.items():
            assert set(modes) <= {"json_object_schema", "off"}, (role, modes)
        # Nothing unverified: every verified excerpt lies in this run's own tool output.
        assert leaked_evidence(run) == []
        if run.outcome == DiagnosisRun.Outcome.FALLBACK:
            assert run.verdict == "" and run.final_answer == render_fallback(run.fallback_reason)

    reached = sum(r.contract_valid for r in results)
    print(f"\nREALMODEL model={alias} reached_gatekeeper_with_valid_contract={reached}/{len(results)}"
          f" wall_s={sum(r.wall_s for r in results):.1f}", flush=True)
    assert reached >= MIN_REACHED, [r.line(alias) for r in results]


def test_evaluate_prints_the_model_table_for_the_real_model(real_model, capsys):
    """``manage.py evaluate --provider openai --models <alias>`` against the real server (issue 29
    item 3): one honest demo question, one table row for the model, printed in CI's log."""
    from django.core.management import call_command

    alias = real_model
    call_command("evaluate", "--provider", "openai", "--models", alias, "--only", "pay_500_since_ten", "--no-fail")
    out = capsys.readouterr().out
    print(out, flush=True)
    row = next((line for line in out.splitlines() if line.strip().startswith(alias)), "")
    assert row, out  # the model's row: strictly right, false PASS, fallbacks, rejections, tokens, wall time
    runs, strictly, false_pass = row.split()[1:4]
    assert runs == "1" and strictly.endswith("/1")
    assert false_pass == "0", row  # whatever it got wrong, nothing unverified reached the user as a PASS
