"""tokenize(): Chinese words via jieba, identifiers kept whole and split, noise dropped."""

from __future__ import annotations

import subprocess
import sys

from hypothesis import given
from hypothesis import strategies as st

from diagnosis.retrieval.tokenize import tokenize, tokenize_query


def test_chinese_text_yields_words_and_their_subwords():
    terms = tokenize("数据库连接池耗尽处理手册")
    assert {"数据库", "连接池", "耗尽", "手册"} <= set(terms)
    assert "数据" in terms  # search mode also emits the shorter words inside 数据库


def test_hyphenated_service_name_is_kept_whole_and_split():
    terms = tokenize("payment-service 报错")
    assert terms[:3] == ["payment-service", "payment", "service"]


def test_identifiers_codes_and_camel_case_survive_lower_cased():
    terms = set(tokenize("HTTP 500 OOMKilled inv_3 HikariPool-1"))
    assert {
        "http",
        "500",
        "oomkilled",
        "oom",
        "killed",
        "inv_3",
        "inv",
        "hikaripool-1",
        "hikaripool",
        "pool",
    } <= terms


def test_punctuation_and_stopwords_are_dropped():
    terms = tokenize("为什么 payment-service 的 500 是什么原因？ What is the cause, please!")
    for noise in ("为什么", "的", "是", "什么", "？", "what", "is", "the", "please", ",", "!"):
        assert noise not in terms
    assert "原因" in terms and "cause" in terms


def test_full_width_characters_are_normalised():
    assert tokenize("ＨＴＴＰ　５００") == ["http", "500"]


def test_lone_ascii_characters_carry_no_signal():
    assert "5" not in tokenize("12.5%")
    assert "12.5" in tokenize("12.5%")


def test_query_terms_are_distinct_in_first_occurrence_order():
    assert tokenize_query("pool pool 耗尽 pool 耗尽") == ["pool", "耗尽"]


def test_empty_text_has_no_terms():
    assert tokenize("") == []
    assert tokenize("，。！ ...") == []


def test_jieba_initialises_quietly_in_a_fresh_interpreter():
    code = "from diagnosis.retrieval.tokenize import tokenize; tokenize('数据库连接池耗尽')"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout == ""
    assert done.stderr == ""


@given(st.text(max_size=200))
def test_tokenize_never_raises_and_never_emits_blank_terms(text):
    for term in tokenize(text):
        assert term and term.strip() == term
        assert term == term.lower()
