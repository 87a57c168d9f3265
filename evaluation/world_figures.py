"""Per-world figures of ``manage.py evaluate --world`` (issue 11 item 7) — pure functions over the
judged runs of one world's questions.

- **fully right**: ``fully_right`` holds (asked facts confirmed, the cause named, nothing
  misattributed) and the run leaked nothing;
- **route accuracy**: the run ended with an expected outcome (PASS for every answerable question);
- **leak rate**: runs with any leak (``metrics.find_leaks``: an unverified claim confirmed, a
  fallback that is not the template) over the runs;
- **PASS but unanswered**: a PASS whose coverage check was not ``answered`` or whose asked facts
  are not confirmed; **advice misattributed**: the suite's rule, with the question's forbidden words;
- **false PASS** (issue 24): a PASS where PASS is not expected, or that misses an asked fact, or
  names another incident's facts (a forbidden word); **strictly right**: fully right *and* the
  expected outcome;
- how the PASS answers read (``answer_shape``): characters, conclusion, key evidence.

A world's run is *safe* when nothing leaked and every run persisted its audit; only that fails the
command — the other figures are measurements (the issue's target, ≥ 11 of 12 fully right, is for
the rewritten analysis, not a gate of this command).
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from evaluation.answer_shape import ShapeFigures, answer_shape, shape_figures, shape_rows
from evaluation.fully_right import Verdict, fully_right
from evaluation.metrics import judge
from evaluation.scenario import PASS, Observation, ScenarioResult
from evaluation.worlds.spec import World, WorldQuestion


@dataclass(frozen=True)
class QuestionResult:
    question: WorldQuestion
    result: ScenarioResult
    verdict: Verdict

    @property
    def observation(self) -> Observation:
        return self.result.observation

    @property
    def fully_right(self) -> bool:
        return self.verdict.ok and not self.result.leaks

    @property
    def strictly_right(self) -> bool:
        return self.fully_right and self.result.route_ok

    @property
    def false_pass(self) -> bool:
        return self.observation.outcome == PASS and (
            not self.result.route_ok or bool(self.verdict.asked_missing) or bool(self.verdict.misattributed)
        )

    @property
    def pass_unanswered(self) -> bool:
        return self.observation.outcome == PASS and (self.result.pass_unanswered or bool(self.verdict.asked_missing))

    @property
    def asked_kind_ok(self) -> bool:
        asked = (self.observation.verifier_evaluation or {}).get("asked") or {}
        return asked.get("kind") == self.question.asked

    def reasons(self) -> list[str]:
        """Why the answer is not fully right (empty when it is), one short reason each."""
        out = self.verdict.reasons()
        if not self.result.route_ok:
            out.append(f"outcome {self.observation.label}, expected {' | '.join(sorted(self.question.expected))}")
        if not self.asked_kind_ok:
            asked = (self.observation.verifier_evaluation or {}).get("asked") or {}
            out.append(f"asked kind {asked.get('kind')!r}, expected {self.question.asked!r}")
        out += [f"LEAK: {leak}" for leak in self.result.leaks]
        out += [f"AUDIT: {problem}" for problem in self.result.audit_problems]
        return out


def question_result(question: WorldQuestion, result: ScenarioResult) -> QuestionResult:
    """A judged run of ``question`` (``metrics.judge`` of its scenario) with its fully-right verdict."""
    obs = result.observation
    return QuestionResult(question=question, result=result,
                          verdict=fully_right(question, answer=obs.final_answer, confirmed=obs.confirmed_material))


def question_judge(question: WorldQuestion, world: str, obs: Observation) -> QuestionResult:
    return question_result(question, judge(question.scenario(world), obs))


@dataclass(frozen=True)
class WorldFigures:
    world: str
    title: str
    questions: int
    fully_right: int
    strictly_right: int
    false_pass: int
    route_correct: int
    leaking: int
    pass_unanswered: int
    advice_misattributed: int
    asked_kind_correct: int
    audit_problems: int
    p50_ms: float
    max_ms: float
    k8s_loaded: bool
    results: tuple[QuestionResult, ...]
    shape: ShapeFigures

    @property
    def route_accuracy(self) -> float:
        return self.route_correct / self.questions if self.questions else 0.0

    @property
    def leak_rate(self) -> float:
        return self.leaking / self.questions if self.questions else 0.0

    @property
    def safe(self) -> bool:
        return self.leaking == 0 and self.audit_problems == 0


def world_figures(world: World, results: Sequence[QuestionResult], *, k8s_loaded: bool) -> WorldFigures:
    times = [r.observation.elapsed_ms for r in results] or [0.0]
    return WorldFigures(
        world=world.name,
        title=world.title,
        questions=len(results),
        fully_right=sum(1 for r in results if r.fully_right),
        strictly_right=sum(1 for r in results if r.strictly_right),
        false_pass=sum(1 for r in results if r.false_pass),
        route_correct=sum(1 for r in results if r.result.route_ok),
        leaking=sum(1 for r in results if r.result.leaks),
        pass_unanswered=sum(1 for r in results if r.pass_unanswered),
        advice_misattributed=sum(1 for r in results if r.result.advice_misattributed),
        asked_kind_correct=sum(1 for r in results if r.asked_kind_ok),
        audit_problems=sum(1 for r in results if r.result.audit_problems),
        p50_ms=statistics.median(times),
        max_ms=max(times),
        k8s_loaded=k8s_loaded,
        results=tuple(results),
        shape=shape_figures([answer_shape(r.observation) for r in results if r.observation.outcome == PASS]),
    )


def _pct(value: float) -> str:
    return f"{value * 100:.1f}%"


def figure_rows(f: WorldFigures) -> list[tuple[str, str]]:
    n = f.questions
    return [
        ("questions", str(n)),
        ("fully right", f"{f.fully_right}/{n}"),
        ("strictly right", f"{f.strictly_right}/{n}"),
        ("false PASS", str(f.false_pass)),
        ("route accuracy", f"{_pct(f.route_accuracy)} ({f.route_correct}/{n})"),
        ("leak rate", f"{_pct(f.leak_rate)} ({f.leaking}/{n} runs)"),
        ("PASS but unanswered", str(f.pass_unanswered)),
        ("advice misattributed", str(f.advice_misattributed)),
        ("asked kind right", f"{f.asked_kind_correct}/{n}"),
        ("p50 ms per run", f"{f.p50_ms:.1f} (max {f.max_ms:.1f})"),
        ("k8s section loaded", "yes" if f.k8s_loaded else "no (the bundle schema has no k8s section yet)"),
        *shape_rows(f.shape),
    ]


def render_world(f: WorldFigures) -> str:
    rows = figure_rows(f)
    width = max(len(k) for k, _ in rows) + 2
    out = [f"world {f.world}: {f.title}", "-" * (width + 40)]
    out += [k.ljust(width) + v for k, v in rows]
    out += ["", "questions"]
    for r in f.results:
        mark = "ok" if r.strictly_right else ("FALSE PASS" if r.false_pass else "FAIL")
        out.append(f"  [{mark}] {r.question.name} ({r.question.asked}) → {r.observation.label}"
                   f" · {r.observation.elapsed_ms:.0f} ms")
        if not r.strictly_right:
            out.append(f"      question: {r.question.question}")
            out += [f"      - {reason}" for reason in r.reasons()]
    out += ["", f"WORLD {f.world}: " + ("safe" if f.safe else "UNSAFE (leak or audit problem)")]
    return "\n".join(out)


def world_json(f: WorldFigures) -> dict[str, Any]:
    return {
        "world": f.world,
        "title": f.title,
        "safe": f.safe,
        "k8s_loaded": f.k8s_loaded,
        "metrics": {
            "questions": f.questions,
            "fully_right": f.fully_right,
            "strictly_right": f.strictly_right,
            "false_pass": f.false_pass,
            "pass_answer_chars_median": f.shape.median_chars,
            "conclusion_chars_median": f.shape.median_conclusion_chars,
            "key_evidence_median": f.shape.median_key_evidence,
            "pass_leading_with_conclusion": f.shape.leading_with_conclusion,
            "route_accuracy": f.route_accuracy,
            "route_correct": f.route_correct,
            "leak_rate": f.leak_rate,
            "leaking": f.leaking,
            "pass_unanswered": f.pass_unanswered,
            "advice_misattributed": f.advice_misattributed,
            "asked_kind_correct": f.asked_kind_correct,
            "audit_problems": f.audit_problems,
            "p50_ms": round(f.p50_ms, 2),
            "max_ms": round(f.max_ms, 2),
        },
        "questions": [
            {
                "name": r.question.name,
                "question": r.question.question,
                "asked": r.question.asked,
                "outcome": r.observation.label,
                "fully_right": r.fully_right,
                "false_pass": r.false_pass,
                "reasons": r.reasons(),
                "ms": round(r.observation.elapsed_ms, 2),
            }
            for r in f.results
        ],
    }
