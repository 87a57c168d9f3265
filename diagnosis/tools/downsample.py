"""Which points of a metric series to keep for a chart — pure.

A chart beside the evidence must show what the claim cites: the peak, the lowest value, the first
threshold crossing, the first and last point. Everything else is thinned by keeping each bucket's
minimum and maximum (so spikes survive, unlike taking every n-th point).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

MIN_LIMIT: Final = 8


def keep_indices(values: Sequence[float], limit: int, keep: Iterable[int] = ()) -> list[int]:
    """Increasing indices into ``values``: at most ``limit`` (≥ ``MIN_LIMIT``), always holding the
    first, the last, the (first) maximum, the (first) minimum and every index in ``keep``."""
    if limit < MIN_LIMIT:
        raise ValueError(f"limit must be at least {MIN_LIMIT}, got {limit}")
    n = len(values)
    if n <= limit:
        return list(range(n))
    must = {0, n - 1, max(range(n), key=values.__getitem__), min(range(n), key=values.__getitem__)}
    must.update(i for i in keep if 0 <= i < n)
    if len(must) >= limit:
        return sorted(must)[:limit]
    buckets = max(1, (limit - len(must)) // 2)
    chosen = set(must)
    for b in range(buckets):
        lo, hi = b * n // buckets, (b + 1) * n // buckets
        if lo < hi:
            segment = range(lo, hi)
            chosen.add(min(segment, key=values.__getitem__))
            chosen.add(max(segment, key=values.__getitem__))
    result = sorted(chosen)
    if len(result) > limit:
        extras = [i for i in result if i not in must]
        surplus = len(result) - limit
        step = len(extras) / surplus
        dropped = {extras[int(j * step)] for j in range(surplus)}
        result = [i for i in result if i not in dropped]
    return result
