"""Numbers and times in evidence text: compact, with units, local time, never scientific."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from diagnosis.tools.element_text import number, with_unit
from diagnosis.tools.rendering import clock


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (12.5, "12.5"),
        (0.2, "0.2"),
        (6.3333, "6.33"),
        (1520.44, "1520.4"),
        (0.000123456, "0.000123"),
        (50.0, "50"),
        (-0.5, "-0.5"),
        (0, "0"),
    ],
)
def test_compact_numbers(value, text):
    assert number(value) == text


def test_exact_numbers_keep_the_recorded_digits():
    assert number(1536.25, exact=True) == "1536.25"
    assert number(14.1, exact=True) == "14.1"
    assert number(0.0078125, exact=True) == "0.0078125"
    assert number(1e-7, exact=True) == "0.0000001"


def test_units_are_attached_tightly_or_spaced():
    assert with_unit(12.5, "%") == "12.5%"
    assert with_unit(850, "ms") == "850ms"
    assert with_unit(46, "connections") == "46 connections"
    assert with_unit(3, "") == "3"


def test_times_render_in_the_configured_zone_without_offset():
    assert clock("2026-11-28T02:05:12+00:00") == "2026-11-28 10:05:12"
    assert clock("2026-11-28T10:05:12+08:00", seconds=False) == "2026-11-28 10:05"


@given(st.floats(allow_nan=False, allow_infinity=False, min_value=-1e12, max_value=1e12), st.booleans())
def test_numbers_are_never_in_scientific_notation(value, exact):
    text = number(value, exact=exact)
    assert "e" not in text.lower()
    assert abs(float(text) - value) <= max(abs(value) * 0.01, 0.001)
    if exact:
        assert float(text) == value
