"""The figures of ``manage.py evaluate --cluster`` (issue 26 item 5) — pure functions over the judged
runs: component named, cause category right, false PASS and the outcomes, overall and per topology,
cause category and phrasing; plus the runs that leaked or lost their audit (the only failures of
the command — the other figures are measurements)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from evaluation.cluster.judge import ClusterVerdict


@dataclass(frozen=True)
class QuestionRun:
    recording: str
    topology: str
    fault: str
    category: str
    truth: str  # "Kind/name"
    question: str  # the question's name
    phrasing: str
    text: str
    outcome: str  # pass | low_confid | reject | fallback:<reason>
    verdict: ClusterVerdict
    leaks: tuple[str, ...] = ()
    audit_problems: tuple[str, ...] = ()
    elapsed_ms: float = 0.0

    @property
    def safe(self) -> bool:
        return not (self.leaks or self.audit_problems)


@dataclass(frozen=True)
class Tally:
    questions: int
    component_named: int
    category_right: int
    false_pass: int
    outcomes: dict[str, int]


def tally(runs: Sequence[QuestionRun]) -> Tally:
    return Tally(
        questions=len(runs),
        component_named=sum(r.verdict.component_named for r in runs),
        category_right=sum(r.verdict.category_right for r in runs),
        false_pass=sum(r.verdict.false_pass for r in runs),
        outcomes=dict(sorted(Counter(r.outcome for r in runs).items())),
    )


@dataclass(frozen=True)
class ClusterFigures:
    runs: tuple[QuestionRun, ...]

    @property
    def overall(self) -> Tally:
        return tally(self.runs)

    def by(self, key: Callable[[QuestionRun], str]) -> dict[str, Tally]:
        groups: dict[str, list[QuestionRun]] = {}
        for run in self.runs:
            groups.setdefault(key(run), []).append(run)
        return {name: tally(runs) for name, runs in groups.items()}

    @property
    def leaking(self) -> int:
        return sum(1 for r in self.runs if r.leaks)

    @property
    def audit_problems(self) -> int:
        return sum(1 for r in self.runs if r.audit_problems)

    @property
    def safe(self) -> bool:
        return self.leaking == 0 and self.audit_problems == 0

    @property
    def false_pass_reasons(self) -> dict[str, int]:
        return dict(Counter(r.verdict.false_pass_reason for r in self.runs if r.verdict.false_pass).most_common())


def _share(part: int, whole: int) -> str:
    return f"{part}/{whole} ({part / whole * 100:.1f}%)" if whole else "0/0"


def _row(name: str, t: Tally, width: int) -> str:
    outcomes = ", ".join(f"{k} {v}" for k, v in t.outcomes.items())
    return (f"  {name.ljust(width)} component named {_share(t.component_named, t.questions):>15}  "
            f"category right {_share(t.category_right, t.questions):>15}  false PASS {t.false_pass:>3}  [{outcomes}]")


def render_cluster(f: ClusterFigures) -> str:
    o = f.overall
    out = ["cluster evaluation: recorded incidents on Kubernetes clusters (issue 26)", "-" * 72,
           f"questions             {o.questions} ({len({r.recording for r in f.runs})} recordings)",
           f"component named       {_share(o.component_named, o.questions)}",
           f"category right        {_share(o.category_right, o.questions)}",
           f"false PASS            {o.false_pass}" + (f"  ({', '.join(f'{k} {v}' for k, v in f.false_pass_reasons.items())})"
                                                       if f.false_pass_reasons else ""),
           f"outcomes              {', '.join(f'{k} {v}' for k, v in o.outcomes.items())}",
           f"leaking runs          {f.leaking}",
           f"audit problems        {f.audit_problems}"]
    for title, key in (("per topology", lambda r: r.topology), ("per cause category", lambda r: r.category),
                       ("per phrasing", lambda r: r.phrasing)):
        groups = f.by(key)
        width = max((len(k) for k in groups), default=0)
        out += ["", title] + [_row(name, t, width) for name, t in sorted(groups.items())]
    out += ["", "recordings (C = component named, K = category right, ! = false PASS)"]
    by_recording: dict[str, list[QuestionRun]] = {}
    for run in f.runs:
        by_recording.setdefault(run.recording, []).append(run)
    for name, runs in by_recording.items():
        marks = "  ".join(f"{r.phrasing}:{r.outcome}{' C' if r.verdict.component_named else ' -'}"
                          f"{'K' if r.verdict.category_right else '-'}{'!' if r.verdict.false_pass else ''}" for r in runs)
        out.append(f"  {name} [{runs[0].truth}] {marks}")
        for r in runs:
            out += [f"      LEAK {r.phrasing}: {leak}" for leak in r.leaks]
            out += [f"      AUDIT {r.phrasing}: {problem}" for problem in r.audit_problems]
    out += ["", "CLUSTER: " + ("safe" if f.safe else "UNSAFE (leak or audit problem)")]
    return "\n".join(out)


def _tally_json(t: Tally) -> dict[str, Any]:
    return {"questions": t.questions, "component_named": t.component_named, "category_right": t.category_right,
            "false_pass": t.false_pass, "outcomes": t.outcomes}


def cluster_json(f: ClusterFigures) -> dict[str, Any]:
    return {
        "safe": f.safe,
        "metrics": {**_tally_json(f.overall), "recordings": len({r.recording for r in f.runs}), "leaking": f.leaking,
                    "audit_problems": f.audit_problems, "false_pass_reasons": f.false_pass_reasons},
        "per_topology": {k: _tally_json(v) for k, v in sorted(f.by(lambda r: r.topology).items())},
        "per_category": {k: _tally_json(v) for k, v in sorted(f.by(lambda r: r.category).items())},
        "per_phrasing": {k: _tally_json(v) for k, v in sorted(f.by(lambda r: r.phrasing).items())},
        "questions": [
            {"name": r.question, "recording": r.recording, "topology": r.topology, "fault": r.fault, "category": r.category,
             "truth": r.truth, "phrasing": r.phrasing, "question": r.text, "outcome": r.outcome,
             "component_named": r.verdict.component_named, "category_right": r.verdict.category_right,
             "false_pass": r.verdict.false_pass, "reasons": r.verdict.reasons(), "named_others": list(r.verdict.named_others),
             "leaks": list(r.leaks), "audit_problems": list(r.audit_problems), "ms": round(r.elapsed_ms, 2)}
            for r in f.runs
        ],
    }
