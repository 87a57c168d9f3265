"""The agreement rate's Wilson score interval (pure core of the calibration page)."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from diagnosis.reviews.calibration import wilson_interval


def test_no_labels_give_no_interval():
    assert wilson_interval(0, 0) is None


@pytest.mark.parametrize(
    ("successes", "n", "low", "high"),
    [(8, 10, 0.4902, 0.9433), (5, 5, 0.5655, 1.0), (0, 3, 0.0, 0.5615), (50, 100, 0.4038, 0.5962)],
)
def test_known_values_of_the_95_percent_interval(successes, n, low, high):
    got = wilson_interval(successes, n)
    assert got is not None
    assert got[0] == pytest.approx(low, abs=1e-4) and got[1] == pytest.approx(high, abs=1e-4)


def test_more_successes_than_observations_are_refused():
    with pytest.raises(ValueError):
        wilson_interval(4, 3)


@given(st.integers(min_value=1, max_value=10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
@example((123, 123))  # found by this test: the upper bound came out as 0.9999999999999999
def test_the_interval_stays_in_the_unit_range_and_holds_the_observed_rate(pair):
    successes, n = pair
    low, high = wilson_interval(successes, n)
    assert 0.0 <= low <= successes / n <= high <= 1.0


@given(st.integers(min_value=1, max_value=500), st.integers(min_value=2, max_value=20))
def test_more_labels_at_the_same_rate_give_a_narrower_interval(n, factor):
    successes = n // 2
    low_small, high_small = wilson_interval(successes, n)
    low_big, high_big = wilson_interval(successes * factor, n * factor)
    assert high_big - low_big < high_small - low_small
