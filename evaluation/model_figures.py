"""Per-model figures of ``manage.py evaluate --provider openai [--models a,b]`` (issue 29 item 3) —
pure functions over the judged runs of one model's pass, one table row per model (as HolmesGPT
prints its per-model results).

- **strictly right**: a demo scenario met every expectation (``ScenarioResult.matched``); a world
  question is ``QuestionResult.strictly_right`` (fully right and the expected outcome);
- **false PASS**: a PASS where PASS is not expected, or that does not answer (coverage, the asked /
  key facts), or that leaked or showed misattributed advice (a world question:
  ``QuestionResult.false_pass``);
- **fallback rate by reason**: runs that ended in a fallback, per ``DiagnosisRun.fallback_reason``,
  over the runs;
- **Gatekeeper rejections**: runs whose Gatekeeper result has severity ``reject``, and the bindings
  it rejected over all runs;
- **tokens**: prompt and completion tokens summed over the runs; **wall time** p50 / p95 per run
  (linear interpolation between the closest ranks, as ``numpy.percentile``'s default);
- **cost**: when the model has a price (``LLM_PRICE_<MODEL>`` = USD per million prompt,
  completion tokens; ``price_key`` names the variable), tokens × price.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from contracts.verdict import Severity
from evaluation.scenario import PASS, ScenarioResult
from evaluation.world_figures import QuestionResult

PRICE_ENV_PREFIX: Final = "LLM_PRICE_"
TOKENS_PER_PRICE_UNIT: Final = 1_000_000  # a price is USD per million tokens
_NOT_ALNUM: Final = re.compile(r"[^A-Z0-9]")


# --- Prices -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Price:
    """USD per million prompt tokens and per million completion tokens."""

    prompt: float
    completion: float


def price_key(model: str) -> str:
    """The suffix of the model's price variable: upper-cased, every other character ``_``
    (``gpt-4o-mini`` → ``GPT_4O_MINI``, read from ``LLM_PRICE_GPT_4O_MINI``)."""
    return _NOT_ALNUM.sub("_", model.upper())


def price_of(model: str, prices: Mapping[str, tuple[float, float]]) -> Price | None:
    """The model's price from ``settings.LLM_PRICES`` (key → (prompt, completion)); None: unpriced."""
    pair = prices.get(price_key(model))
    return Price(prompt=pair[0], completion=pair[1]) if pair is not None else None


def cost_usd(price: Price, *, prompt_tokens: int, completion_tokens: int) -> float:
    return (prompt_tokens * price.prompt + completion_tokens * price.completion) / TOKENS_PER_PRICE_UNIT


# --- Percentiles ------------------------------------------------------------------------------
def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0–1) of ``values``, interpolated linearly between the closest ranks;
    0.0 for no values."""
    if not 0.0 <= q <= 1.0:
        raise ValueError(f"quantile {q} outside [0, 1]")
    ordered = sorted(values)
    if not ordered:
        return 0.0
    position = (len(ordered) - 1) * q
    low, high = math.floor(position), math.ceil(position)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


# --- One run of a model, judged ------------------------------------------------------------------
@dataclass(frozen=True)
class ModelRun:
    name: str
    strictly_right: bool
    false_pass: bool
    route_ok: bool
    leaked: bool
    audit_problem: bool
    fallback_reason: str  # "" unless the run ended in a fallback
    gatekeeper_rejected: bool
    rejected_bindings: int
    prompt_tokens: int
    completion_tokens: int
    elapsed_ms: float


def demo_run(result: ScenarioResult) -> ModelRun:
    obs = result.observation
    return ModelRun(
        name=result.scenario.name,
        strictly_right=result.matched,
        false_pass=obs.outcome == PASS and (not result.route_ok or result.pass_unanswered or bool(result.leaks)
                                            or result.advice_misattributed),
        route_ok=result.route_ok,
        leaked=bool(result.leaks),
        audit_problem=bool(result.audit_problems),
        fallback_reason=obs.fallback_reason if obs.outcome == "fallback" else "",
        gatekeeper_rejected=obs.gatekeeper_severity == Severity.REJECT,
        rejected_bindings=obs.rejected_bindings,
        prompt_tokens=obs.prompt_tokens,
        completion_tokens=obs.completion_tokens,
        elapsed_ms=obs.elapsed_ms,
    )


def world_run(question: QuestionResult) -> ModelRun:
    return dataclasses.replace(demo_run(question.result), name=question.question.name,
                               strictly_right=question.strictly_right, false_pass=question.false_pass)


# --- One model's figures ----------------------------------------------------------------------
@dataclass(frozen=True)
class ModelFigures:
    model: str
    runs: int
    strictly_right: int
    false_pass: int
    route_correct: int
    leaking: int
    audit_problems: int
    fallbacks: tuple[tuple[str, int], ...]  # (reason, runs), by reason
    gatekeeper_rejected: int
    rejected_bindings: int
    prompt_tokens: int
    completion_tokens: int
    p50_ms: float
    p95_ms: float
    cost_usd: float | None  # None: the model has no price

    def rate(self, count: int) -> float:
        return count / self.runs if self.runs else 0.0

    @property
    def fallback_count(self) -> int:
        return sum(n for _, n in self.fallbacks)

    @property
    def fallback_rates(self) -> dict[str, float]:
        return {reason: self.rate(n) for reason, n in self.fallbacks}

    @property
    def safe(self) -> bool:
        return self.leaking == 0 and self.audit_problems == 0


def model_figures(model: str, runs: Sequence[ModelRun], *, price: Price | None) -> ModelFigures:
    prompt = sum(r.prompt_tokens for r in runs)
    completion = sum(r.completion_tokens for r in runs)
    times = [r.elapsed_ms for r in runs]
    return ModelFigures(
        model=model,
        runs=len(runs),
        strictly_right=sum(1 for r in runs if r.strictly_right),
        false_pass=sum(1 for r in runs if r.false_pass),
        route_correct=sum(1 for r in runs if r.route_ok),
        leaking=sum(1 for r in runs if r.leaked),
        audit_problems=sum(1 for r in runs if r.audit_problem),
        fallbacks=tuple(sorted(Counter(r.fallback_reason for r in runs if r.fallback_reason).items())),
        gatekeeper_rejected=sum(1 for r in runs if r.gatekeeper_rejected),
        rejected_bindings=sum(r.rejected_bindings for r in runs),
        prompt_tokens=prompt,
        completion_tokens=completion,
        p50_ms=percentile(times, 0.5),
        p95_ms=percentile(times, 0.95),
        cost_usd=cost_usd(price, prompt_tokens=prompt, completion_tokens=completion) if price is not None else None,
    )


# --- Presentation ------------------------------------------------------------------------------
COLUMNS: Final = ("model", "runs", "strictly right", "false PASS", "fallback", "GK reject (bindings)",
                  "tokens in/out", "p50 s", "p95 s", "cost USD")


def _pct(value: float) -> str:
    return f"{value * 100:.1f}%"


def fallback_cell(f: ModelFigures) -> str:
    """``25.0% (executor_invalid_output 1)``: the rate, then the runs per reason."""
    if not f.fallbacks:
        return _pct(0.0)
    return f"{_pct(f.rate(f.fallback_count))} (" + ", ".join(f"{reason} {n}" for reason, n in f.fallbacks) + ")"


def matrix_row(f: ModelFigures) -> tuple[str, ...]:
    return (
        f.model,
        str(f.runs),
        f"{f.strictly_right}/{f.runs}",
        str(f.false_pass),
        fallback_cell(f),
        f"{f.gatekeeper_rejected} ({f.rejected_bindings})",
        f"{f.prompt_tokens}/{f.completion_tokens}",
        f"{f.p50_ms / 1000:.2f}",
        f"{f.p95_ms / 1000:.2f}",
        f"{f.cost_usd:.4f}" if f.cost_usd is not None else "—",
    )


def render_matrix(rows: Sequence[ModelFigures], *, title: str) -> str:
    """One table, one row per model, columns padded to their widest cell."""
    cells = [COLUMNS, *(matrix_row(f) for f in rows)]
    widths = [max(len(row[i]) for row in cells) for i in range(len(COLUMNS))]

    def line(row: Sequence[str]) -> str:
        return "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()

    return "\n".join([title, line(COLUMNS), "  ".join("-" * w for w in widths), *(line(r) for r in cells[1:])])


def model_metrics(f: ModelFigures) -> dict[str, Any]:
    """One model's figures as JSON (``--json`` and what ``--save`` stores as ``figures.metrics``;
    ``route_accuracy`` and ``fabricated_claim_leak_rate`` keep the calibration chart's keys)."""
    return {
        "model": f.model,
        "scenarios": f.runs,
        "strictly_right": f.strictly_right,
        "strictly_right_rate": f.rate(f.strictly_right),
        "false_pass": f.false_pass,
        "route_accuracy": f.rate(f.route_correct),
        "fabricated_claim_leak_rate": f.rate(f.leaking),
        "audit_problems": f.audit_problems,
        "fallback_rate": f.rate(f.fallback_count),
        "fallback_rate_by_reason": f.fallback_rates,
        "fallbacks_by_reason": dict(f.fallbacks),
        "gatekeeper_rejected": f.gatekeeper_rejected,
        "gatekeeper_rejected_bindings": f.rejected_bindings,
        "prompt_tokens": f.prompt_tokens,
        "completion_tokens": f.completion_tokens,
        "p50_ms": round(f.p50_ms, 2),
        "p95_ms": round(f.p95_ms, 2),
        "cost_usd": f.cost_usd,
    }
