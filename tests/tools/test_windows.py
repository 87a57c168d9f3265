"""Default time windows relative to the reference clock."""

from datetime import timedelta

from diagnosis.tools.windows import DEFAULT_WINDOW, resolve_window
from tests.tools.builders import REFERENCE_TIME as NOW


def test_no_window_is_the_hour_before_now():
    assert resolve_window(None, None, NOW) == (NOW - DEFAULT_WINDOW, NOW)


def test_start_only_runs_to_now():
    start = NOW - timedelta(minutes=25)
    assert resolve_window(start, None, NOW) == (start, NOW)


def test_start_after_now_gets_an_hour_of_its_own():
    start = NOW + timedelta(hours=2)
    assert resolve_window(start, None, NOW) == (start, start + DEFAULT_WINDOW)


def test_end_only_is_the_hour_before_end():
    end = NOW - timedelta(hours=3)
    assert resolve_window(None, end, NOW) == (end - DEFAULT_WINDOW, end)


def test_both_given_are_kept():
    start, end = NOW - timedelta(days=1), NOW - timedelta(hours=20)
    assert resolve_window(start, end, NOW) == (start, end)
