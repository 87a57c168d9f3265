"""A series is read against its own baseline (issue 32 items 1–2, ``reading/onsets``): a
sudden multiple of its usual level is a level shift whatever the series is called, with its onset
read from the series (not from a threshold) and its end where it is back at the usual level."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from hypothesis import given, settings
from hypothesis import strategies as st

from diagnosis.reading.onsets import FLOOR_SHARE, MIN_MULTIPLE, level_shift, ordered, series_points

T0 = datetime(2027, 3, 15, 9, 0, tzinfo=ZoneInfo("Asia/Shanghai"))


def at(i: int) -> datetime:
    return T0 + timedelta(minutes=i)


def points(values: list[float]) -> list[tuple[datetime, float]]:
    return [(at(i), v) for i, v in enumerate(values)]


@settings(max_examples=60, deadline=None)
@given(
    base=st.floats(min_value=0.5, max_value=1e5),
    factor=st.floats(min_value=3.0, max_value=1e3),
    before=st.integers(min_value=3, max_value=30),
    during=st.integers(min_value=3, max_value=30),
)
def test_a_sudden_multiple_starts_where_the_new_level_starts(base, factor, before, during):
    shift = level_shift(points([base] * before + [base * factor] * during))
    assert shift is not None and shift.onset == at(before) and shift.rising
    assert shift.end is None  # still raised at the last point
    # the multiple is taken against the usual level plus a floor (FLOOR_SHARE): never above the factor
    assert factor / (1 + FLOOR_SHARE * factor) * 0.999 <= shift.multiple <= factor * 1.001


@settings(max_examples=60, deadline=None)
@given(
    base=st.floats(min_value=1.0, max_value=1e4),
    factor=st.floats(min_value=3.0, max_value=100.0),
    before=st.integers(min_value=3, max_value=20),
    during=st.integers(min_value=3, max_value=20),
    after=st.integers(min_value=3, max_value=20),
)
def test_an_incident_that_recovered_ends_at_its_first_usual_point(base, factor, before, during, after):
    shift = level_shift(points([base] * before + [base * factor] * during + [base] * after))
    assert shift is not None and shift.onset == at(before) and shift.end == at(before + during)


@settings(max_examples=60, deadline=None)
@given(
    values=st.lists(st.floats(min_value=100.0, max_value=150.0), min_size=6, max_size=60),
)
def test_a_series_that_moves_within_its_usual_range_has_no_shift(values):
    assert level_shift(points(values)) is None  # never twice its usual level


@settings(max_examples=40, deadline=None)
@given(
    # powers of two scale a float exactly: the reading must not move at all
    scale=st.sampled_from([2.0**k for k in range(-8, 12) if k]),
    values=st.lists(st.floats(min_value=0.0, max_value=1e3), min_size=6, max_size=40),
)
def test_the_unit_does_not_change_the_reading(scale, values):
    plain, scaled = level_shift(points(values)), level_shift(points([v * scale for v in values]))
    assert (plain is None) == (scaled is None)
    if plain is not None and scaled is not None:
        assert (plain.onset, plain.end) == (scaled.onset, scaled.end)


def test_a_series_resting_at_zero_that_rises_has_a_finite_multiple():
    shift = level_shift(points([0, 0, 0, 0, 0, 40, 300, 1386, 900, 20]))
    assert shift is not None and shift.onset == at(5) and MIN_MULTIPLE <= shift.multiple < float("inf")


def test_a_drop_to_nothing_is_a_shift_too():
    shift = level_shift(points([31.0, 30.5, 31.2, 30.8, 0.1, 0.0, 0.1, 0.0]))
    assert shift is not None and shift.onset == at(4) and not shift.rising


def test_too_few_points_carry_no_baseline():
    assert level_shift(points([1, 1, 50])) is None


def test_onsets_are_ordered_earliest_first():
    assert ordered([("redis", at(3)), ("gateway", at(1)), ("app", at(3))]) == ["gateway", "app", "redis"]


def test_chart_points_of_a_series_summary_are_read_in_time_order_and_bad_ones_skipped():
    element = {"points": [[at(2).isoformat(), 5], ["not a time", 1], [at(1).isoformat(), "x"], [at(0).isoformat(), 3]]}
    assert series_points(element) == [(at(0), 3.0), (at(2), 5.0)]


def test_the_change_points_of_one_series_are_searched_once_however_often_it_is_read(monkeypatch):
    """The load read, the callers' read, the claims and the composer all read a series' shift: the
    change-point search runs once per distinct series and gives the same shift each time."""
    import ruptures

    from diagnosis.reading import onsets

    searches = []
    real = ruptures.Binseg.fit

    def counted(self, signal):
        searches.append(len(signal))
        return real(self, signal)

    monkeypatch.setattr(ruptures.Binseg, "fit", counted)
    onsets._breaks_of.cache_clear()
    t0 = datetime(2027, 8, 1, 9, 0)
    points = [(t0 + timedelta(minutes=i), v) for i, v in enumerate([5, 6, 5, 5, 6, 5, 40, 42, 41, 39, 40, 6, 5, 5])]
    first = onsets.level_shift(points)
    again = onsets.level_shift(list(points))
    assert first is not None and first == again
    assert searches == [len(points)]
