"""excerpt_supported: deterministic, never fuzzy about digits, codes and identifiers
(DESIGN §5.2; issue 3 "Excerpt support")."""

from __future__ import annotations

import pytest

from gatekeeper import excerpt_supported
from gatekeeper.excerpt import excerpt_fragments
from tests.gatekeeper.builders import ALERT_REF_0, LOG_REF_0, LOG_REF_1, RUNBOOK_REF_0


@pytest.mark.parametrize(
    ("excerpt", "text"),
    [
        ("HTTP 500", LOG_REF_1),
        ("HTTP 500 Internal Server Error", LOG_REF_1),
        ("inv_12 returned", "tool inv_12 returned 3 hits"),
        ("payments-service", "2026-11-28 payments-service ERROR"),
        ("payment-service ERROR", LOG_REF_1),
        ("12.5%", ALERT_REF_0),
        ("waiting=37)", LOG_REF_0),
        ("数据库连接池耗尽", RUNBOOK_REF_0),
        ("连接池耗尽处理", RUNBOOK_REF_0),  # CJK has no spaces: no token boundary inside it
    ],
)
def test_exact_tokens_are_supported(excerpt, text):
    assert excerpt_supported(excerpt, text).supported


@pytest.mark.parametrize(
    ("excerpt", "text"),
    [
        ("HTTP 500", "POST /api/pay -> HTTP 502 Bad Gateway"),
        ("HTTP 50", LOG_REF_1),
        ("HTTP 5000", LOG_REF_1),
        ("inv_1 returned", "tool inv_12 returned 3 hits"),
        ("tool inv_1", "tool inv_12 returned 3 hits"),
        ("nv_12 returned", "tool inv_12 returned 3 hits"),
        ("payment-service ERROR", "2026-11-28 payments-service ERROR"),
        ("payments-service", LOG_REF_1),
        ("value 12%", ALERT_REF_0),
        ("value 12", ALERT_REF_0),
        ("value 12.", ALERT_REF_0),
        ("5% (5xx", ALERT_REF_0),
        (".5% (5xx", ALERT_REF_0),
        ("after 300ms", LOG_REF_0),
        ("after 3000m", LOG_REF_0),
        ("waiting=3)", LOG_REF_0),
        ("10:05:13 payment-service", LOG_REF_0),
        ("数据库连接池正常", RUNBOOK_REF_0),
        ("HTTP\u200b 500", "HTTP 5 00"),
    ],
)
def test_changed_digits_codes_and_identifiers_are_not_supported(excerpt, text):
    assert not excerpt_supported(excerpt, text).supported


@pytest.mark.parametrize(
    "excerpt",
    [
        "connection is not available, REQUEST TIMED OUT after 3000MS",  # case
        "Connection is not available，request timed out after 3000ms（active=50，idle=0，waiting=37）",  # full-width
        "Connection   is not\navailable,\trequest timed out after 3000ms",  # whitespace
        "Connection is not available,request timed out",  # no space after comma
        "Ｃｏｎｎｅｃｔｉｏｎ ｉｓ ｎｏｔ ａｖａｉｌａｂｌｅ",  # full-width letters
        "after ３０００ms",  # full-width digits
        "HikariPool-1 – Connection",  # en dash for hyphen
        "\u3000Connection is not available\u3000",  # ideographic spaces
    ],
)
def test_case_width_and_whitespace_variations_are_supported(excerpt):
    outcome = excerpt_supported(excerpt, LOG_REF_0)
    assert outcome.supported, outcome.reason


@pytest.mark.parametrize(
    "excerpt",
    [
        "处理方案：临时扩大连接池上限；排查慢查询",
        "处理方案: 临时扩大连接池上限; 排查慢查询",
        "处理方案:临时扩大连接池上限;排查慢查询",
        "处理 方案 ： 临时 扩大",
        "“处理方案”",
    ],
)
def test_chinese_punctuation_and_spacing_variations_are_supported(excerpt):
    text = RUNBOOK_REF_0 + " 参见“处理方案”。"
    assert excerpt_supported(excerpt, text).supported


@pytest.mark.parametrize("ellipsis", ["...", "…", "……", "。。。", "⋯", " … ", "....."])
def test_ellipsis_splits_fragments_that_occur_in_order(ellipsis):
    excerpt = f"HikariPool-1 - Connection is not available{ellipsis}waiting=37)"
    outcome = excerpt_supported(excerpt, LOG_REF_0)
    assert outcome.supported
    # matched_text spans from the first through the last fragment, in the original text
    assert outcome.matched_text == LOG_REF_0[LOG_REF_0.index("HikariPool-1") :]


def test_ellipsis_fragments_out_of_order_are_not_supported():
    assert not excerpt_supported("waiting=37) … HikariPool-1", LOG_REF_0).supported


def test_ellipsis_fragments_may_not_overlap():
    text = "pool exhausted, retrying"
    assert excerpt_supported("pool exhausted … retrying", text).supported
    assert not excerpt_supported("pool exh … retrying", text).supported  # "exh" cuts a token
    assert not excerpt_supported("pool exhausted … exhausted", text).supported


def test_each_fragment_must_occur():
    assert not excerpt_supported("Connection is not available … waiting=99)", LOG_REF_0).supported


@pytest.mark.parametrize("excerpt", ["", " ", "\n\t", "…", "......", "ab", "ab … cd … ef", "支付"])
def test_empty_or_only_short_fragments_are_not_supported(excerpt):
    outcome = excerpt_supported(excerpt, "ab cd ef 支付 " + LOG_REF_0)
    assert not outcome.supported
    assert outcome.matched_text is None


def test_short_fragments_are_checked_too_not_ignored():
    # A short fragment is often exactly the number or code that matters: HTTP 500 … 502.
    assert excerpt_fragments("ab … Connection is not … cd", min_fragment_len=4) == ["ab", "connection is not", "cd"]
    assert not excerpt_supported("ab … Connection is not … cd", LOG_REF_0).supported
    assert not excerpt_supported("HTTP 500 … 502", "POST /api/pay -> HTTP 500 Internal Server Error").supported
    assert excerpt_supported("HTTP 500 … Error", "POST /api/pay -> HTTP 500 Internal Server Error").supported


def test_an_excerpt_of_only_short_fragments_is_not_support():
    assert excerpt_fragments("500 … 37", min_fragment_len=4) == []
    assert not excerpt_supported("500 … 37", "HTTP 500 waiting=37").supported


def test_min_fragment_len_is_a_parameter():
    assert not excerpt_supported("HTTP", LOG_REF_1, min_fragment_len=5).supported
    assert excerpt_supported("HTTP", LOG_REF_1, min_fragment_len=4).supported


def test_matched_text_is_bounded():
    text = "开始 连接超时 " + "重试中 " * 400 + "恢复正常"
    outcome = excerpt_supported("开始 连接超时 … 恢复正常", text, max_matched_text_chars=40)
    assert outcome.supported
    assert outcome.matched_text == text[:40]


def test_matched_text_survives_expanding_and_combining_characters():
    text = "ﬁle ㎏ cafe\u0301 Straße – HTTP 500"
    outcome = excerpt_supported("FILE KG CAFÉ STRASSE - http 500", text)
    assert outcome.supported
    assert outcome.matched_text == text


def test_zero_width_characters_are_ignored_on_both_sides():
    assert excerpt_supported("HTTP 5\u200b00", "HTTP 500").supported
    assert excerpt_supported("HTTP 500", "HTTP\u00ad 5\ufeff00").supported
