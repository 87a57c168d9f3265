"""resolve_pointer: RFC 6901, including the ~0 / ~1 escapes and strict array indices."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contracts.pointer import PointerError, make_pointer, resolve_pointer

# The example document of RFC 6901 §5.
DOC = {
    "foo": ["bar", "baz"],
    "": 0,
    "a/b": 1,
    "c%d": 2,
    "e^f": 3,
    "g|h": 4,
    "i\\j": 5,
    'k"l': 6,
    " ": 7,
    "m~n": 8,
}


@pytest.mark.parametrize(
    ("pointer", "expected"),
    [
        ("", DOC),
        ("/foo", ["bar", "baz"]),
        ("/foo/0", "bar"),
        ("/", 0),
        ("/a~1b", 1),
        ("/c%d", 2),
        ("/e^f", 3),
        ("/g|h", 4),
        ("/i\\j", 5),
        ('/k"l', 6),
        ("/ ", 7),
        ("/m~0n", 8),
    ],
)
def test_rfc_6901_examples(pointer, expected):
    assert resolve_pointer(DOC, pointer) == expected


def test_tilde_01_is_a_literal_tilde_one():
    assert resolve_pointer({"~1": "x", "/": "y"}, "/~01") == "x"


@pytest.mark.parametrize(
    "pointer",
    ["foo", "/missing", "/foo/2", "/foo/-", "/foo/01", "/foo/bar", "/foo/0/deeper", "/m~2n", "/m~", "/foo/١"],
)
def test_unresolvable_or_malformed_pointers_raise(pointer):
    with pytest.raises(PointerError):
        resolve_pointer(DOC, pointer)


def test_non_string_pointer_raises():
    with pytest.raises(PointerError):
        resolve_pointer(DOC, 3)  # type: ignore[arg-type]


@given(st.lists(st.text(max_size=8), min_size=1, max_size=4), st.integers())
def test_make_pointer_round_trips_any_key_path(keys, value):
    doc: object = value
    for key in reversed(keys):
        doc = {key: doc}
    assert resolve_pointer(doc, make_pointer(*keys)) == value
