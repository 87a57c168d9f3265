"""How an answer reads (issue 24 item 4): its length, whether it leads with a conclusion, how long
that conclusion is and how many key statements it shows. Pure, over one run's observation.

The figures come from the stored answer model (``composer_output.answer``, DESIGN §10.5) when
the run has one; an answer rendered before that model existed has no conclusion, and its key
statements are the bullets of its confirmed section.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from evaluation.metrics import confirmed_section
from evaluation.scenario import Observation


@dataclass(frozen=True)
class AnswerShape:
    chars: int
    conclusion_chars: int  # 0: no conclusion sentence
    key_evidence: int

    @property
    def leads_with_conclusion(self) -> bool:
        return self.conclusion_chars > 0


def answer_shape(obs: Observation) -> AnswerShape:
    composer = (obs.verifier_evaluation or {}).get("composer_output") or {}
    answer = composer.get("answer") if isinstance(composer, dict) else None
    if isinstance(answer, dict):
        conclusion = answer.get("conclusion") or []
        return AnswerShape(
            chars=len(obs.final_answer or ""),
            conclusion_chars=sum(len(str(s.get("text") or "")) for s in conclusion if isinstance(s, dict)),
            key_evidence=len(answer.get("key_evidence") or []),
        )
    bullets = [line for line in confirmed_section(obs.final_answer).splitlines() if line.startswith("- ")]
    return AnswerShape(chars=len(obs.final_answer or ""), conclusion_chars=0, key_evidence=len(bullets))


@dataclass(frozen=True)
class ShapeFigures:
    """Medians over PASS answers (what a user reads most), and how many of them lead with a conclusion."""

    passes: int
    median_chars: float
    median_conclusion_chars: float
    median_key_evidence: float
    leading_with_conclusion: int


def shape_figures(shapes: Sequence[AnswerShape]) -> ShapeFigures:
    if not shapes:
        return ShapeFigures(0, 0.0, 0.0, 0.0, 0)
    return ShapeFigures(
        passes=len(shapes),
        median_chars=statistics.median(s.chars for s in shapes),
        median_conclusion_chars=statistics.median(s.conclusion_chars for s in shapes),
        median_key_evidence=statistics.median(s.key_evidence for s in shapes),
        leading_with_conclusion=sum(1 for s in shapes if s.leads_with_conclusion),
    )


def shape_rows(f: ShapeFigures) -> list[tuple[str, str]]:
    return [
        ("PASS answer chars (median)", f"{f.median_chars:.0f}"),
        ("conclusion chars (median)", f"{f.median_conclusion_chars:.0f}"),
        ("key evidence (median)", f"{f.median_key_evidence:.1f}"),
        ("PASS leading with a conclusion", f"{f.leading_with_conclusion}/{f.passes}"),
    ]
