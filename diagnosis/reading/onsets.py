"""Onsets and level shifts read from a series itself (issue 32 items 1 and 2; pure, no Django).

A threshold says when a series crossed a line somebody drew; it says nothing about a series that
has none (a request rate, a queue length) or a line drawn too high. Here every series is read
against its own baseline: change-point detection (``ruptures``, binary segmentation on the squared
error, at most ``MAX_BREAKS`` breaks) cuts it into levels, the first level is its usual one, and a
later level that differs from it by a sudden multiple (``MIN_MULTIPLE``) and by more than its own
noise (``MIN_SPREADS``) is a *level shift* — with its onset (the first point of the new level), its
extreme, and its end (the first point back at the usual level; None while it lasts).

Onsets of several series are comparable (``ordered``): what shifted first leads a failure chain.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any

import numpy as np
import ruptures as rpt

from contracts.elements import SeriesSummary

# Rise, peak, return: three levels, two breaks — an incident that ended, or one that still lasts.
MAX_BREAKS = 2
# Fewer points than this carry no baseline to shift from.
MIN_POINTS = 6
# A level counts as shifted at twice (or half) its usual value — a multiple, whatever the unit.
MIN_MULTIPLE = 2.0
# … and when it is further from the usual level than this many times the baseline's own noise.
MIN_SPREADS = 4.0
# A multiple is taken against the usual level plus this share of the larger magnitude, so a series
# that rests at zero (a replication delay, a queue) still has a finite multiple when it rises.
FLOOR_SHARE = 0.01
# The change points of this many distinct series are kept (a run reads a few dozen).
BREAKS_CACHE = 1024


@dataclass(frozen=True)
class LevelShift:
    onset: datetime  # the first point of the shifted level
    end: datetime | None  # the first point back at the usual level (None: not back by the last point)
    usual: float  # the median of the first level (the series' own baseline)
    extreme: float  # the value furthest from the usual level within the shift

    @property
    def multiple(self) -> float:
        """How many times the usual level the extreme is (≥ 1; a drop to a tenth is 10)."""
        floor = FLOOR_SHARE * max(abs(self.usual), abs(self.extreme)) or 1e-9
        up, down = abs(self.extreme) + floor, abs(self.usual) + floor
        return max(up / down, down / up)

    @property
    def rising(self) -> bool:
        return self.extreme > self.usual


def _spread(values: Sequence[float]) -> float:
    """The baseline's noise: the median absolute deviation (scaled to a standard deviation)."""
    median = statistics.median(values)
    return 1.4826 * statistics.median(abs(v - median) for v in values)


def _off(value: float, usual: float, spread: float) -> bool:
    """Is ``value`` off the usual level by a multiple and by more than the baseline's noise?"""
    return LevelShift(datetime.min, None, usual, value).multiple >= MIN_MULTIPLE and abs(value - usual) > MIN_SPREADS * spread


def _breaks(values: Sequence[float]) -> list[int]:
    """The indexes where a new level starts (0 first), at most ``MAX_BREAKS`` breaks."""
    return list(_breaks_of(tuple(values)))


@lru_cache(maxsize=BREAKS_CACHE)
def _breaks_of(values: tuple[float, ...]) -> tuple[int, ...]:
    """``_breaks`` of one series' values, computed once: a run reads the same series again and
    again (the load read, the callers' read, the claims, the composer), and the change-point
    search (``ruptures``) was a tenth of the offline executor's time (issue 30's profile)."""
    signal = np.asarray(values, dtype=float).reshape(-1, 1)
    n_bkps = min(MAX_BREAKS, len(values) // 2 - 1)
    if n_bkps < 1 or float(np.ptp(signal)) == 0.0:
        return (0,)
    ends = rpt.Binseg(model="l2", min_size=1, jump=1).fit(signal).predict(n_bkps=n_bkps)
    return (0, *sorted(int(e) for e in ends if 0 < e < len(values)))


def level_shift(points: Sequence[tuple[datetime, float]]) -> LevelShift | None:
    """The first level shift of ``points`` (time order) against its first level, or None."""
    if len(points) < MIN_POINTS:
        return None
    values = [float(v) for _, v in points]
    starts = _breaks(values)
    bounds = [*starts, len(values)]
    levels = [values[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]
    usual_values = levels[0]
    if len(usual_values) < 2:
        return None
    usual = statistics.median(usual_values)
    spread = _spread(usual_values)
    for i, level in enumerate(levels[1:], 1):
        extreme = max(level, key=lambda v: abs(v - usual))
        middle = statistics.median(level)
        candidate = LevelShift(points[starts[i]][0], None, usual, extreme)
        if candidate.multiple < MIN_MULTIPLE or abs(middle - usual) <= MIN_SPREADS * spread:
            continue
        # A ramp starts before the level it climbs to: the onset is the first of the points just
        # before that level that are already off the usual band.
        first = starts[i]
        while first > 1 and _off(values[first - 1], usual, spread):
            first -= 1
        candidate = LevelShift(points[first][0], None, usual, extreme)
        # It ends where a later level is back within the usual band (not shifted by the same test).
        end = None
        for j in range(i + 1, len(levels)):
            back = statistics.median(levels[j])
            if LevelShift(points[starts[j]][0], None, usual, back).multiple < MIN_MULTIPLE:
                end = points[starts[j]][0]
                break
        return LevelShift(candidate.onset, end, usual, extreme)
    return None


def series_points(element: Mapping[str, Any]) -> list[tuple[datetime, float]]:
    """The chart points of a series summary (``query_metrics``) as (time, value), in time order;
    points that do not parse are skipped."""
    out: list[tuple[datetime, float]] = []
    for point in element.get("points") or []:
        try:
            out.append((datetime.fromisoformat(str(point[0])), float(point[1])))
        except (TypeError, ValueError, IndexError):
            continue
    return sorted(out, key=lambda p: p[0])


def shift_of(element: Mapping[str, Any]) -> LevelShift | None:
    """The level shift of a series summary's points (None: none, or no points)."""
    return level_shift(series_points(element))


def summary_shift(series: SeriesSummary) -> LevelShift | None:
    """The level shift of a typed series summary's chart points (None: none, or too few points)."""
    return level_shift(sorted(series.points, key=lambda p: p[0]))


def ordered(onsets: Iterable[tuple[str, datetime]]) -> list[str]:
    """Names by their onset, earliest first (ties by name): what shifted first leads."""
    return [name for name, _ in sorted(onsets, key=lambda nt: (nt[1], nt[0]))]
