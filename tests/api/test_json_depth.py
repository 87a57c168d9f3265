"""json_nesting_depth (the pure pre-parse scan of the API's JSON parser) measures exactly the
nesting that ``json`` would recurse into — property-tested over generated JSON values."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from diagnosis.api.json_depth import json_nesting_depth

# Strings full of brackets, quotes and backslashes: the characters the scan must not miscount.
tricky_text = st.text(alphabet=st.sampled_from('[]{}"\\,:abc \n\u4e2d'), max_size=12)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | tricky_text,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(tricky_text, children, max_size=4),
    max_leaves=40,
)


def depth_of(value) -> int:
    if isinstance(value, list):
        return 1 + max((depth_of(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((depth_of(v) for v in value.values()), default=0)
    return 0


@given(json_values, st.booleans())
def test_scan_depth_equals_structural_depth(value, ascii_only):
    assert json_nesting_depth(json.dumps(value, ensure_ascii=ascii_only)) == depth_of(value)


@given(json_values, st.integers(min_value=0, max_value=6))
def test_stop_above_reports_exceeding_iff_the_value_is_deeper(value, limit):
    depth = json_nesting_depth(json.dumps(value), stop_above=limit)
    assert (depth > limit) == (depth_of(value) > limit)


def test_brackets_inside_strings_are_not_structure():
    assert json_nesting_depth('{"a": "[[[[{{{{", "b": "\\"[[["}') == 1


def test_unterminated_string_runs_to_the_end():
    assert json_nesting_depth('["abc [[[[[[') == 1


def test_a_million_brackets_stop_at_the_limit():
    assert json_nesting_depth("[" * 1_000_000, stop_above=64) == 65
