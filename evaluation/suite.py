"""The scenario suite: honest offline questions + adversarial scripted runs + one scenario per
kind of question on the demo and on issue 10's story world."""

from __future__ import annotations

from collections import Counter
from typing import Final

from evaluation.adversarial import ADVERSARIAL_SCENARIOS
from evaluation.asked_kinds import ASKED_KIND_SCENARIOS
from evaluation.honest import HONEST_SCENARIOS
from evaluation.scenario import Scenario

SCENARIOS: Final[tuple[Scenario, ...]] = HONEST_SCENARIOS + ADVERSARIAL_SCENARIOS + ASKED_KIND_SCENARIOS

_duplicates = [name for name, n in Counter(s.name for s in SCENARIOS).items() if n > 1]
if _duplicates:  # pragma: no cover - a definition error, caught at import
    raise ValueError(f"duplicate scenario names: {_duplicates}")


def select(names: list[str] | None = None) -> tuple[Scenario, ...]:
    """All scenarios, or those whose name contains any of ``names`` (substring match)."""
    if not names:
        return SCENARIOS
    return tuple(s for s in SCENARIOS if any(n in s.name for n in names))
