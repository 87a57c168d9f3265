"""How anomalous a log template is in the asked window (pure, no Django, no I/O).

Four signals, each a named weight:

- the rate in the window against the rate in the baseline window before it (log2 of the ratio,
  smoothed so a template never seen before counts as rare rather than infinite);
- the level (an ERROR template matters more than an INFO one);
- first appearance (absent from the baseline, present in the window);
- burst (the most lines of the template in one minute).

A template with no line in the window scores 0: what only the baseline shows is no anomaly.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from diagnosis.agents.offline.refs import LEVEL_RANK

# A ratio of rates counts by its order of magnitude (log2): 8× the usual rate is worth 3.
RATIO_WEIGHT = 1.0
# One level step (INFO → WARN → ERROR → FATAL) is worth a doubling of the rate.
LEVEL_WEIGHT = 1.0
# A template the baseline never showed is new behaviour: worth a 4× rate.
NEW_WEIGHT = 2.0
# A burst (many lines in one minute) is worth less than the ratio: a chatty template bursts too.
BURST_WEIGHT = 0.5
# Lines added to the baseline count before dividing (a template absent from it is "rare").
SMOOTHING = 0.5


@dataclass(frozen=True)
class TemplateStats:
    template: int
    in_window: int
    in_baseline: int
    level: str  # the most severe level of its lines
    burst: int = 1  # most lines in one minute of the window
    window_minutes: float = 60.0
    baseline_minutes: float = 60.0


def score(s: TemplateStats) -> float:
    if s.in_window <= 0:
        return 0.0
    window_rate = s.in_window / max(s.window_minutes, 1.0)
    baseline_rate = (s.in_baseline + SMOOTHING) / max(s.baseline_minutes, 1.0)
    ratio = max(0.0, math.log2(window_rate / baseline_rate))
    new = NEW_WEIGHT if s.in_baseline == 0 else 0.0
    burst = BURST_WEIGHT * math.log2(1 + max(s.burst, 1))
    return RATIO_WEIGHT * ratio + LEVEL_WEIGHT * LEVEL_RANK.get(s.level.upper(), 0) + new + burst


def ranked(stats: Iterable[TemplateStats]) -> list[TemplateStats]:
    """Most anomalous first; ties by template id (deterministic whatever the input order)."""
    return sorted(stats, key=lambda s: (-score(s), s.template))
