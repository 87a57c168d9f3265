"""Series points kept for the chart (diagnosis/tools/downsample.py): bounded, in order, and never
without what a claim cites — the peak, the minimum, the first threshold crossing, both ends."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from diagnosis.tools.downsample import MIN_LIMIT, keep_indices

values_lists = st.lists(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False), min_size=1, max_size=600)


@given(values_lists, st.integers(min_value=MIN_LIMIT, max_value=300), st.data())
def test_kept_points_are_bounded_ordered_and_hold_the_extremes_and_crossing(values, limit, data):
    crossing = data.draw(st.integers(min_value=0, max_value=len(values) - 1))
    kept = keep_indices(values, limit, keep=[crossing])
    assert len(kept) <= limit
    assert kept == sorted(set(kept)) and all(0 <= i < len(values) for i in kept)
    assert {0, len(values) - 1, crossing} <= set(kept)
    assert max(values) in [values[i] for i in kept] and min(values) in [values[i] for i in kept]


@given(values_lists)
def test_a_short_series_is_kept_whole(values):
    assert keep_indices(values, max(MIN_LIMIT, len(values))) == list(range(len(values)))


def test_a_spike_between_samples_survives_thinning():
    values = [1.0] * 1000
    values[613] = 99.0
    values[200] = -5.0
    kept = keep_indices(values, 20)
    assert 613 in kept and 200 in kept and len(kept) <= 20


def test_a_limit_below_the_minimum_is_refused():
    with pytest.raises(ValueError):
        keep_indices([1.0, 2.0], MIN_LIMIT - 1)
