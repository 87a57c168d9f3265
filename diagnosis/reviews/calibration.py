"""Calibration of verdicts against reviewers' labels — pure (no Django, no I/O).

A reviewer says of a run's effective verdict whether it was right (``verdict_correct``), too
generous (``verdict_too_high``: e.g. PASS where the answer was wrong or incomplete) or too strict
(``verdict_too_low``); and of single claim checks whether the Verifier's classification was
``correct`` or ``wrong``. Grouped by effective verdict, by provider/model and by prompt catalog
version, the agreement rate (share of ``verdict_correct``) with a Wilson score interval says how
far a PASS can be trusted in practice, and whether a prompt or model change moved it.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from pydantic import BaseModel, ConfigDict

VERDICT_CORRECT: Final = "verdict_correct"
VERDICT_TOO_HIGH: Final = "verdict_too_high"
VERDICT_TOO_LOW: Final = "verdict_too_low"
RUN_LABELS: Final = (VERDICT_CORRECT, VERDICT_TOO_HIGH, VERDICT_TOO_LOW)
RUN_LABEL_NAMES: Final = {
    VERDICT_CORRECT: "判定正确",
    VERDICT_TOO_HIGH: "判定偏高（过于乐观）",
    VERDICT_TOO_LOW: "判定偏低（过于保守）",
}
CLAIM_CORRECT: Final = "correct"
CLAIM_WRONG: Final = "wrong"
CLAIM_LABELS: Final = (CLAIM_CORRECT, CLAIM_WRONG)
CLAIM_LABEL_NAMES: Final = {CLAIM_CORRECT: "分类正确", CLAIM_WRONG: "分类错误"}

#: 95 % two-sided normal quantile: the customary level for an agreement rate.
Z_95: Final = 1.959963984540054
#: How many disagreement reasons a row lists (the rest are in the counts of the labels).
TOP_REASONS: Final = 3
NO_VERDICT: Final = "—"


class LabelledRun(BaseModel):
    """One run with the latest label of one reviewer, plus what the claims' labels said."""

    model_config = ConfigDict(frozen=True)

    run_id: str
    verdict: str  # effective verdict of the run ("" on a fallback)
    provider: str
    model: str
    prompt_version: str
    label: str  # one of RUN_LABELS
    note: str = ""
    wrong_claim_classifications: tuple[str, ...] = ()  # Verifier classification of each claim marked wrong


class CalibrationRow(BaseModel):
    group: str
    labelled: int
    agreeing: int
    agreement: float | None
    low: float | None
    high: float | None
    too_high: int
    too_low: int
    reasons: list[tuple[str, int]]


class CalibrationTable(BaseModel):
    by_verdict: list[CalibrationRow]
    by_model: list[CalibrationRow]
    by_prompt_version: list[CalibrationRow]
    total: CalibrationRow


def wilson_interval(successes: int, n: int, z: float = Z_95) -> tuple[float, float] | None:
    """The Wilson score interval of a binomial proportion; None for no observations.

    Unlike the normal approximation it stays inside [0, 1] and is sensible for the small counts a
    team's labels give (0 of 3, 5 of 5)."""
    if n <= 0:
        return None
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be within [0, {n}], got {successes}")
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = (z / (1 + z2 / n)) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    # At 0 of n and n of n the bound is exactly the observed rate; floating point says 0.99999….
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high


def _reasons(runs: Sequence[LabelledRun]) -> list[tuple[str, int]]:
    """Most frequent disagreement reasons: the reviewer's note when given, else the label; and
    which Verifier classification the claims marked wrong had."""
    counts: Counter[str] = Counter()
    for run in runs:
        if run.label != VERDICT_CORRECT:
            counts[run.note.strip()[:80] or RUN_LABEL_NAMES.get(run.label, run.label)] += 1
        for classification in run.wrong_claim_classifications:
            counts[f"声明分类 {classification} 被标为错误"] += 1
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:TOP_REASONS]


def calibration_row(group: str, runs: Sequence[LabelledRun]) -> CalibrationRow:
    agreeing = sum(1 for run in runs if run.label == VERDICT_CORRECT)
    interval = wilson_interval(agreeing, len(runs))
    return CalibrationRow(
        group=group,
        labelled=len(runs),
        agreeing=agreeing,
        agreement=agreeing / len(runs) if runs else None,
        low=interval[0] if interval else None,
        high=interval[1] if interval else None,
        too_high=sum(1 for run in runs if run.label == VERDICT_TOO_HIGH),
        too_low=sum(1 for run in runs if run.label == VERDICT_TOO_LOW),
        reasons=_reasons(runs),
    )


def _grouped(runs: Iterable[LabelledRun], key: Callable[[LabelledRun], str]) -> list[CalibrationRow]:
    groups: dict[str, list[LabelledRun]] = {}
    for run in runs:
        groups.setdefault(key(run), []).append(run)
    return [calibration_row(name, members) for name, members in sorted(groups.items())]


def calibration_table(runs: Sequence[LabelledRun]) -> CalibrationTable:
    return CalibrationTable(
        by_verdict=_grouped(runs, lambda run: run.verdict or NO_VERDICT),
        by_model=_grouped(runs, lambda run: f"{run.provider or NO_VERDICT} / {run.model or NO_VERDICT}"),
        by_prompt_version=_grouped(runs, lambda run: run.prompt_version or NO_VERDICT),
        total=calibration_row("全部", runs),
    )


def percent(value: float | None) -> str:
    return "—" if value is None else f"{value * 100:.1f}%"


def render_text(table: CalibrationTable) -> str:
    """The table as plain text (``manage.py calibration``)."""
    lines: list[str] = []
    sections = (
        ("按有效判定 verdict", table.by_verdict),
        ("按 provider / model", table.by_model),
        ("按提示词目录版本 prompt catalog", table.by_prompt_version),
    )
    for title, rows in sections:
        lines.append(title)
        lines.append(f"  {'分组':<28} {'已标注':>6} {'一致':>5} {'一致率':>8} {'95% 区间':>17} {'偏高':>4} {'偏低':>4}  主要分歧")
        for row in [*rows, table.total]:
            interval = "—" if row.low is None else f"{percent(row.low)}–{percent(row.high)}"
            reasons = "；".join(f"{text}×{n}" for text, n in row.reasons) or "—"
            lines.append(
                f"  {row.group:<28} {row.labelled:>6} {row.agreeing:>5} {percent(row.agreement):>8} {interval:>17}"
                f" {row.too_high:>4} {row.too_low:>4}  {reasons}"
            )
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
