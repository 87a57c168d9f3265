"""The shapes of an evaluation world: its questions and what a fully right answer to each must
contain (issue 11 item 7). Pure data, no Django.

A ``Fact`` is one thing an answer must state, written as the spellings that count for it (an
answer may quote ``CertificateExpiredException`` or say 证书过期). A question has

- ``asked_facts`` — what was asked (the figure, the error, the list items): each must be in the
  *confirmed* part of the answer;
- ``cause_facts`` — the cause a full diagnosis names (may be stated as a hypothesis): each must
  be somewhere in the answer outside the evidence-gap section;
- ``forbidden`` — misattribution: words of another incident, an unrelated runbook's remedy, or a
  healthy service named as failing; none may appear anywhere in the answer.

Every fact must exist in the world's evidence (tests/evaluation/worlds guard this), and a
quantity question's ``peak`` names the series whose maximum the asked figure is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from contracts.asked import ASKED_KINDS
from evaluation.asked_kinds import asked_kind_is
from evaluation.scenario import HONEST, PASS, Scenario


@dataclass(frozen=True)
class Fact:
    spellings: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.spellings or not all(s.strip() for s in self.spellings):
            raise ValueError("a fact needs at least one non-blank spelling")

    def __str__(self) -> str:
        return " | ".join(self.spellings)


def fact(*spellings: str) -> Fact:
    return Fact(tuple(spellings))


#: What an answer about a healthy service states: the series stayed under its threshold, or no alert.
HEALTHY: Final = fact("未超过阈值", "低于阈值", "没有告警", "无告警", "没有触发", "未触发")


@dataclass(frozen=True)
class Peak:
    """The series whose maximum is a quantity question's asked figure."""

    service: str
    metric: str
    value: float


@dataclass(frozen=True)
class WorldQuestion:
    name: str
    question: str
    asked: str  # one of verification.asked.ASKED_KINDS
    asked_facts: tuple[Fact, ...]
    cause_facts: tuple[Fact, ...] = ()
    forbidden: tuple[str, ...] = ()
    service: str = ""  # the service asked about; "" for a world-wide question
    healthy: bool = False
    peak: Peak | None = None
    expected: frozenset[str] = field(default_factory=lambda: frozenset({PASS}))
    diagnosis: str = ""  # what a full diagnosis says, for the reader of a report

    def __post_init__(self) -> None:
        if self.asked not in ASKED_KINDS:
            raise ValueError(f"{self.name}: unknown asked kind {self.asked!r}")
        if not self.asked_facts:
            raise ValueError(f"{self.name}: no asked fact")
        if self.asked == "quantity" and self.peak is None:
            raise ValueError(f"{self.name}: a quantity question names its peak series")

    def scenario(self, world: str) -> Scenario:
        """The question as a scenario of the suite, run by the real offline provider on ``world``
        alone. Its own expectations are judged by ``fully_right``; the scenario carries what the
        suite's judge reads: the expected outcome, the asked kind, the advice that must not show."""
        return Scenario(
            name=self.name,
            question=self.question,
            expected=self.expected,
            kind=HONEST,
            group=f"world {world}",
            honest_claims="all",
            checks=(asked_kind_is(self.asked),),
            world=world,
            expect_retry=None,
            forbidden_advice=self.forbidden,
            description=self.diagnosis,
        )



@dataclass(frozen=True)
class World:
    name: str
    title: str
    build: Callable[[], dict[str, Any]]
    questions: tuple[WorldQuestion, ...]
