"""Judging one answer to a cluster question (issue 26 item 5). Pure: a recording's truth against
the text of one answer, its outcome and its Composer material.

- **component named**: a spelling of the truth component is in the *confirmed* part of the answer
  (the Composer material's ``confirmed`` list or the lines under the confirmed headings — the same
  reading as the worlds' ``fully_right``). For a healthy cluster: the confirmed part says it is
  healthy (``spec.HEALTHY_CLUSTER``).
- **category right**: a spelling of the cause is in the answer outside the evidence-gap section
  (a cause may be stated as a hypothesis).
- **false PASS**: a PASS whose confirmed part does not name the component: it names another
  component of the cluster, names none, or calls a broken cluster healthy; on a healthy cluster, a
  PASS that does not say it is healthy.

Spellings match after ``metrics.normalize`` (NFKC, case-folded, whitespace collapsed). An ASCII
spelling matches as a whole token — not inside a longer name (``rate`` is not named by
``mongodb-rate`` nor ``rate-7f9c-x2x7k``), letters, digits, ``_`` and ``-`` being name characters;
a spelling with other characters (Chinese) matches as a substring.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from evaluation.cluster.spec import HEALTHY_CLUSTER, Truth
from evaluation.fully_right import without_gaps
from evaluation.metrics import confirmed_section, material_text, normalize
from evaluation.scenario import PASS
from evaluation.worlds.spec import Fact

NAMES_ANOTHER: Final = "names another component"
NAMES_NONE: Final = "names no component"
CALLS_HEALTHY: Final = "calls a broken cluster healthy"
HEALTHY_NOT_SAID: Final = "does not say the healthy cluster is healthy"
FAULT_IN_HEALTHY: Final = "names a fault in a healthy cluster"
_NAME_CHARS: Final = "a-z0-9_\\-"


@lru_cache(maxsize=4096)
def _pattern(spelling: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![{_NAME_CHARS}]){re.escape(spelling)}(?![{_NAME_CHARS}])")


def spelled(spelling: str, text: str) -> bool:
    """Whether ``spelling`` is in ``text`` (``text`` already normalised)."""
    needle = normalize(spelling)
    if not needle:
        return False
    if needle.isascii():
        return _pattern(needle).search(text) is not None
    return needle in text


def holds(fact: Fact, text: str) -> bool:
    return any(spelled(s, text) for s in fact.spellings)


def found(spellings: Iterable[str], text: str) -> tuple[str, ...]:
    return tuple(s for s in spellings if spelled(s, text))


@dataclass(frozen=True)
class ClusterVerdict:
    component_named: bool
    category_right: bool
    passed: bool  # the run ended PASS
    false_pass_reason: str = ""
    named_others: tuple[str, ...] = ()

    @property
    def false_pass(self) -> bool:
        return bool(self.false_pass_reason)

    def reasons(self) -> list[str]:
        out = []
        if not self.component_named:
            out.append("component not named in the confirmed part")
        if not self.category_right:
            out.append("cause not named")
        if self.false_pass:
            others = f" ({', '.join(self.named_others[:4])})" if self.named_others else ""
            out.append(f"FALSE PASS: {self.false_pass_reason}{others}")
        return out


def cluster_verdict(truth: Truth, others: Sequence[str], *, outcome: str, answer: str,
                    confirmed: Sequence[Mapping[str, Any]] | None) -> ClusterVerdict:
    confirmed_text = normalize(material_text(confirmed) + "\n" + confirmed_section(answer))
    named_text = normalize(without_gaps(answer))
    component = holds(truth.component, confirmed_text)
    category = holds(truth.cause, named_text)
    named_others = found(others, confirmed_text)
    passed = outcome == PASS
    reason = ""
    if passed and not component:
        if truth.healthy:
            reason = FAULT_IN_HEALTHY if named_others else HEALTHY_NOT_SAID
        elif named_others:
            reason = NAMES_ANOTHER
        elif holds(HEALTHY_CLUSTER, confirmed_text):
            reason = CALLS_HEALTHY
        else:
            reason = NAMES_NONE
    return ClusterVerdict(component_named=component, category_right=category, passed=passed,
                          false_pass_reason=reason, named_others=named_others)
