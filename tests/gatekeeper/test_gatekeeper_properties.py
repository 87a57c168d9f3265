"""Property tests (issue 3 "Tests and figures").

1. An excerpt taken from an evidence text — any token-aligned substring with at least one
   fragment of the minimum length, with random whitespace/width/case changes and ellipsis
   elisions — is always supported.
2. Changing any digit or identifier character inside it, or cutting a token at its edge, is
   never supported (texts are built so the mutated value does not occur elsewhere).
3. check() on arbitrary JSON-like input never raises, and never returns a non-failing result
   unless the input is a legal contract whose every binding is independently verifiable.

Texts are built from tokens: ASCII identifiers (`payment-service`, `inv_12`), numbers (`500`,
`12.5%`), CJK words and punctuation (ASCII and Chinese). ASCII tokens are always separated from
each other and from punctuation by whitespace, so a token boundary in the token list is a token
boundary for the matcher.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

import gatekeeper
from gatekeeper.excerpt import excerpt_fragments
from gatekeeper.normalize import normalize
from tests.gatekeeper.builders import (
    LOG_REF_0,
    binding,
    claim,
    contract,
    example_contract,
    example_invocations,
)

PROPERTY_SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_LOWER = "abcdefghijklmnopqrstuvwxyz"
_DIGITS = "0123456789"
_CJK = "支付服务数据库连接池耗尽超时错误告警处理手册慢查询泄漏扩容实例网关限流"
_PUNCT = [
    ",",
    ":",
    ";",
    "(",
    ")",
    "[",
    "]",
    "!",
    "?",
    "/",
    "->",
    "=",
    "，",
    "。",
    "：",
    "；",
    "（",
    "）",
    "【",
    "】",
    "、",
]
_WHITESPACE = [" ", "  ", "\n", "\t", " \n\t ", "\u3000"]
_ELLIPSES = ["...", "…", "……", "。。。", "⋯", " … ", "....."]
# Width variants that normalise to the same thing (ASCII -> Chinese/full-width and back).
_SWAPS = {
    ",": "，",
    ":": "：",
    ";": "；",
    "(": "（",
    ")": "）",
    "[": "【",
    "]": "】",
    "!": "！",
    "?": "？",
    "，": ",",
    "：": ":",
    "（": "(",
    "）": ")",
    "。": ".",
}


@dataclass(frozen=True)
class Token:
    kind: str  # "word" | "number" | "cjk" | "punct"
    text: str

    @property
    def ascii(self) -> bool:
        return self.kind in ("word", "number")


_word = st.builds(
    lambda head, tail, suffix: head + tail + suffix,
    st.sampled_from(_LOWER),
    st.text(alphabet=_LOWER + _DIGITS + "_", min_size=1, max_size=7),
    st.one_of(st.just(""), st.text(alphabet=_LOWER + _DIGITS, min_size=1, max_size=5).map(lambda s: "-" + s)),
).map(lambda s: Token("word", s))
_number = st.builds(
    lambda whole, frac, pct: whole + frac + pct,
    st.text(alphabet=_DIGITS, min_size=1, max_size=5),
    st.one_of(st.just(""), st.text(alphabet=_DIGITS, min_size=1, max_size=2).map(lambda s: "." + s)),
    st.sampled_from(["", "", "%", "ms"]),
).map(lambda s: Token("number", s))
_cjk = st.text(alphabet=_CJK, min_size=1, max_size=4).map(lambda s: Token("cjk", s))
_punct = st.sampled_from(_PUNCT).map(lambda s: Token("punct", s))
_token = st.one_of(_word, _number, _word, _number, _cjk, _punct)


@st.composite
def evidence_texts(draw: st.DrawFn, *, unique_ascii: bool = False) -> tuple[list[Token], list[str]]:
    """Tokens and the separators after each token (the last separator is unused)."""
    tokens = draw(st.lists(_token, min_size=4, max_size=30))
    if unique_ascii:
        seen: set[str] = set()
        unique = []
        for token in tokens:
            if token.ascii and token.text in seen:
                continue
            seen.add(token.text)
            unique.append(token)
        tokens = unique
        assume(len(tokens) >= 4)
    separators = []
    for left, right in zip(tokens, tokens[1:] + [Token("cjk", "")], strict=True):
        # ASCII tokens next to anything but CJK need whitespace, else they would merge or
        # form a different number ("12" "." "5").
        needs_space = (left.ascii or right.ascii) and not (left.kind == "cjk" or right.kind == "cjk")
        choices = _WHITESPACE if needs_space else ["", "", *_WHITESPACE]
        separators.append(draw(st.sampled_from(choices)))
    return tokens, separators


def _join(tokens: list[Token], separators: list[str]) -> str:
    return (
        "".join(token.text + separator for token, separator in zip(tokens, separators[:-1], strict=False))
        + tokens[-1].text
    )


def _vary_token(draw: st.DrawFn, text: str) -> str:
    out = []
    for char in text:
        roll = draw(st.integers(0, 5))
        if char in _SWAPS and roll == 0:
            out.append(_SWAPS[char])
        elif char.isascii() and char.isalpha() and roll == 1:
            out.append(char.upper())
        elif "!" <= char <= "~" and roll == 2:
            out.append(chr(ord(char) + 0xFEE0))  # full-width form
        else:
            out.append(char)
    return "".join(out)


def _vary_separator(draw: st.DrawFn, separator: str, left: Token, right: Token) -> str:
    if separator:
        return draw(st.sampled_from(_WHITESPACE))  # any whitespace run for any whitespace run
    if left.ascii or right.ascii:
        return ""  # inserting a space between an ASCII token and CJK is harmless but not needed
    return draw(st.sampled_from(["", "", " ", "\n"]))  # spaces around CJK/punctuation carry no meaning


@st.composite
def excerpt_cases(draw: st.DrawFn) -> tuple[str, str]:
    tokens, separators = draw(evidence_texts())
    text = _join(tokens, separators)
    start = draw(st.integers(0, len(tokens) - 1))
    end = draw(st.integers(start + 1, len(tokens)))  # exclusive
    pieces: list[str] = []
    position = start
    while position < end:
        pieces.append(_vary_token(draw, tokens[position].text))
        if position + 1 < end:
            if draw(st.integers(0, 6)) == 0:
                # elide the next few tokens (possibly none) behind an ellipsis
                skip = draw(st.integers(0, max(0, end - position - 2)))
                pieces.append(draw(st.sampled_from(_ELLIPSES)))
                position += 1 + skip
                continue
            pieces.append(_vary_separator(draw, separators[position], tokens[position], tokens[position + 1]))
        position += 1
    return "".join(pieces), text


@PROPERTY_SETTINGS
@given(excerpt_cases())
@example(("Connection is not available，REQUEST timed out … WAITING=37）", LOG_REF_0))
def test_excerpt_taken_from_the_evidence_text_is_always_supported(case):
    excerpt, text = case
    fragments = excerpt_fragments(excerpt)
    assume(fragments)  # spec: an excerpt needs at least one fragment of the minimum length
    outcome = gatekeeper.excerpt_supported(excerpt, text)
    assert outcome.supported, (excerpt, text)
    assert outcome.matched_text is not None and outcome.matched_text in text
    matched = normalize(outcome.matched_text)
    assert all(fragment in matched for fragment in fragments)


def _other_char(draw: st.DrawFn, char: str) -> str:
    pool = _DIGITS if char.isdigit() else _LOWER
    return draw(st.sampled_from([c for c in pool if c != char.lower()]))


@st.composite
def mutated_excerpt_cases(draw: st.DrawFn) -> tuple[str, str]:
    tokens, separators = draw(evidence_texts(unique_ascii=True))
    text = _join(tokens, separators)
    ascii_positions = [i for i, token in enumerate(tokens) if token.ascii]
    assume(ascii_positions)
    target = draw(st.sampled_from(ascii_positions))
    start = draw(st.integers(max(0, target - 4), target))
    end = draw(st.integers(target + 1, min(len(tokens), target + 5)))
    token = tokens[target].text
    alnum = [i for i, char in enumerate(token) if char.isalnum()]
    mode = draw(st.sampled_from(["substitute", "cut-end", "cut-start"]))
    # cut points inside the token where both neighbours are word characters
    cuts = [i for i in range(1, len(token)) if token[i - 1].isalnum() and token[i].isalnum()]
    if mode == "cut-end" and cuts:
        end = target + 1
        mutated = token[: draw(st.sampled_from(cuts))]
    elif mode == "cut-start" and cuts:
        start = target
        mutated = token[draw(st.sampled_from(cuts)) :]
    else:
        mode = "substitute"
        at = draw(st.sampled_from(alnum))
        mutated = token[:at] + _other_char(draw, token[at]) + token[at + 1 :]
    pieces = []
    for position in range(start, end):
        pieces.append(_vary_token(draw, mutated if position == target else tokens[position].text))
        if position + 1 < end:
            pieces.append(_vary_separator(draw, separators[position], tokens[position], tokens[position + 1]))
    excerpt = "".join(pieces)
    norm_text = normalize(text)
    assume(excerpt_fragments(excerpt))
    if mode == "substitute":
        assume(normalize(mutated) not in norm_text)  # the changed value occurs nowhere
    else:
        original = normalize(_join(tokens[start:end], separators[start:end] + [""]))
        assume(norm_text.count(original) == 1)  # the only candidate is the place we cut
    return excerpt, text


@PROPERTY_SETTINGS
@given(mutated_excerpt_cases())
@example(("POST /api/pay -> HTTP 502", "POST /api/pay -> HTTP 500 Internal Server Error"))
@example(("HTTP 50", "POST /api/pay -> HTTP 500 Internal Server Error"))
@example(("tool inv_1 returned", "tool inv_12 returned 3 hits"))
def test_changed_digit_or_identifier_is_never_supported(case):
    excerpt, text = case
    assert not gatekeeper.excerpt_supported(excerpt, text).supported, (excerpt, text)


# --- 3. check() never raises, and only verified material passes ---------------------------

_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=40),
    st.text(alphabet="\x00\ud7ff\u200b…，a1_-/ ", max_size=20),
    st.sampled_from(
        ["inv_1", "inv_2", "query_logs", "/records/0", "/alerts/0", "executor_evidence_v2", "direct"]
    ),
)
json_like = st.recursive(
    _scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=5), st.dictionaries(st.text(max_size=12), children, max_size=5)
    ),
    max_leaves=25,
)

_PATHS: list[tuple[Any, ...]] = [
    ("answer_version",),
    ("claims",),
    ("hypotheses",),
    ("recommended_actions",),
    ("missing_info",),
    ("user_facing_answer",),
    ("claims", 0),
    ("claims", 0, "claim_id"),
    ("claims", 1, "claim_id"),
    ("claims", 0, "claim_type"),
    ("claims", 0, "support_level"),
    ("claims", 0, "evidence_bindings"),
    ("claims", 1, "evidence_bindings", 0),
    *[("claims", c, "evidence_bindings", 0, key) for c in (0, 1) for key in binding()],
    ("claims", 0, "evidence_bindings", 0, "source_invocation_ids"),
    ("hypotheses", 0, "text"),
]
_DELETE = object()


def _apply(data: Any, path: tuple[Any, ...], value: Any) -> None:
    target = data
    for step in path[:-1]:
        try:
            target = target[step]
        except (KeyError, IndexError, TypeError):
            return
    if not isinstance(target, (dict, list)):
        return
    last = path[-1]
    if isinstance(target, list) and not (isinstance(last, int) and last < len(target)):
        return
    if value is _DELETE:
        if isinstance(target, dict):
            target.pop(last, None)
        else:
            del target[last]
    else:
        target[last] = value


@st.composite
def mutated_contracts(draw: st.DrawFn) -> Any:
    data = example_contract()
    for path, value in draw(
        st.lists(st.tuples(st.sampled_from(_PATHS), st.one_of(st.just(_DELETE), json_like)), max_size=4)
    ):
        _apply(data, path, value)
    if draw(st.booleans()):
        return json.dumps(data, ensure_ascii=draw(st.booleans()), allow_nan=True)
    return data


@st.composite
def junk_invocations(draw: st.DrawFn) -> Any:
    invocations: Any = example_invocations()
    for path, value in draw(
        st.lists(
            st.tuples(
                st.sampled_from(
                    [
                        (0,),
                        (1, "invocation_id"),
                        (0, "tool_name"),
                        (0, "status"),
                        (0, "evidence_refs"),
                        (0, "evidence_refs", 0, "text"),
                        (1, "evidence_refs", 0, "raw_path"),
                    ]
                ),
                st.one_of(st.just(_DELETE), json_like),
            ),
            max_size=3,
        )
    ):
        _apply(invocations, path, value)
    return invocations


def _independently_verified(data: Any, invocations: Any) -> bool:
    """An oracle written without the gatekeeper's rule code: is every binding precise and true?"""
    parsed = gatekeeper.parse_contract(data)
    if not parsed.valid or not isinstance(invocations, list):
        return False
    rows = [row for row in invocations if isinstance(row, dict)]
    for claim_ in parsed.contract.claims:
        for binding_ in claim_.evidence_bindings:
            ids = (
                [binding_.source_invocation_id]
                if binding_.source_invocation_id
                else list(binding_.source_invocation_ids or [])
            )
            if not ids:  # narrow backfill: the one invocation of that tool
                ids = [row.get("invocation_id") for row in rows if row.get("tool_name") == binding_.tool_name]
            matching = [row for row in rows if len(ids) == 1 and row.get("invocation_id") == ids[0]]
            if (
                len(matching) != 1
                or matching[0].get("tool_name") != binding_.tool_name
                or binding_.raw_path is None
            ):
                return False
            if matching[0].get("status") == "deduped":
                return False
            refs = [
                ref
                for ref in matching[0].get("evidence_refs") or []
                if isinstance(ref, dict) and ref.get("raw_path") == binding_.raw_path
            ]
            if not refs or not isinstance(refs[0].get("text"), str):
                return False
            if not gatekeeper.excerpt_supported(binding_.evidence_excerpt, refs[0]["text"]).supported:
                return False
    return True


def _assert_safe(data: Any, invocations: Any) -> None:
    result = gatekeeper.check(data, invocations)
    json.loads(result.model_dump_json())  # always persistable
    assert result.status in ("pass", "warn", "fail")
    assert result.rule_set_version and result.rules
    if result.status != "fail":
        assert result.severity == "none"
        assert all(checked.passed for checked in result.checked_bindings)
        assert _independently_verified(data, invocations), result
    projection = gatekeeper.project(data, result)
    json.loads(projection.model_dump_json())
    if result.status == "fail" and result.severity == "reject":
        assert projection.verdict_ceiling == "REJECT"


@PROPERTY_SETTINGS
@given(
    st.one_of(json_like, st.text(max_size=200), json_like.map(lambda v: json.dumps(v, allow_nan=True))),
    st.one_of(json_like, junk_invocations()),
)
@example("\x00" * 10, [None])
@example("{" * 5000 + "}" * 5000, [])
@example("x" * 3_000_000, example_invocations())
@example(json.dumps(contract(claim("c1", binding(evidence_excerpt="\x00" * 1999)))), example_invocations())
@example(contract(claim("c1", binding(evidence_excerpt="a" * 2001))), example_invocations())
@example([[[[[[[[]]]]]]]], {"invocation_id": "inv_1"})
def test_check_never_raises_on_arbitrary_input(data, invocations):
    _assert_safe(data, invocations)


@PROPERTY_SETTINGS
@given(mutated_contracts(), st.one_of(st.just(example_invocations()), junk_invocations()))
def test_check_only_passes_contracts_whose_every_binding_is_verified(data, invocations):
    _assert_safe(copy.deepcopy(data), invocations)


def test_oracle_accepts_the_example_run_and_refuses_a_fabrication():
    assert _independently_verified(example_contract(), example_invocations())
    fabricated = example_contract()
    fabricated["claims"][0]["evidence_bindings"][0]["evidence_excerpt"] = "waiting=73"
    assert not _independently_verified(fabricated, example_invocations())
