"""Is an answer *fully right* (issue 11 item 7)? Pure: a world question's expectations against the
text of one answer and its Composer material.

Fully right = every asked fact stated as confirmed (in the Composer material's ``confirmed``
list or the confirmed part of the answer) + every cause fact a full diagnosis names somewhere in
the answer outside the evidence-gap section (a hypothesis counts: causes are rarely stated by a
line) + no forbidden word anywhere in the answer (misattribution). A fact holds when any of its
spellings is present; matching is NFKC, case-folded, whitespace-collapsed (``metrics.normalize``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from diagnosis.composer import templates as T
from evaluation.metrics import (
    CONFIRMED_HEADINGS,
    OTHER_HEADINGS,
    confirmed_section,
    material_text,
    normalize,
)
from evaluation.worlds.spec import Fact, WorldQuestion


@dataclass(frozen=True)
class Verdict:
    asked_missing: tuple[str, ...] = ()
    cause_missing: tuple[str, ...] = ()
    misattributed: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not (self.asked_missing or self.cause_missing or self.misattributed)

    def reasons(self) -> list[str]:
        out = [f"asked fact not confirmed: {fact}" for fact in self.asked_missing]
        out += [f"cause not named: {fact}" for fact in self.cause_missing]
        out += [f"misattributed: {word!r} in the answer" for word in self.misattributed]
        return out


def without_gaps(answer: str) -> str:
    """The answer without the lines under 证据缺口 (a gap names what was *not* found)."""
    out: list[str] = []
    inside = False
    for line in (answer or "").splitlines():
        stripped = line.strip()
        if stripped == T.H_GAPS:
            inside = True
        elif stripped in CONFIRMED_HEADINGS | OTHER_HEADINGS:
            inside = False
        if not inside:
            out.append(line)
    return "\n".join(out)


def holds(fact: Fact, text: str) -> bool:
    """``text`` must already be normalised."""
    return any(normalize(spelling) in text for spelling in fact.spellings)


def fully_right(question: WorldQuestion, *, answer: str, confirmed: Sequence[Mapping[str, Any]] | None) -> Verdict:
    confirmed_text = normalize(material_text(confirmed) + "\n" + confirmed_section(answer))
    named_text = normalize(without_gaps(answer))
    whole = normalize(answer)
    return Verdict(
        asked_missing=tuple(str(f) for f in question.asked_facts if not holds(f, confirmed_text)),
        cause_missing=tuple(str(f) for f in question.cause_facts if not holds(f, named_text)),
        misattributed=tuple(word for word in question.forbidden if normalize(word) in whole),
    )
