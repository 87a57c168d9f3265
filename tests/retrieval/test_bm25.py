"""bm25.score: the usual BM25 properties, query weights and the heading bonus."""

from __future__ import annotations

from diagnosis.retrieval import bm25
from diagnosis.retrieval.synonyms import EXPANSION_WEIGHT, expand


def test_documents_without_query_terms_score_zero():
    assert bm25.score({"pool": 1.0}, [["disk", "full"], ["pool"]])[0] == 0.0


def test_rarer_terms_weigh_more():
    docs = [["pool", "error"], ["error"], ["error"], ["disk"]]
    scores = bm25.score({"pool": 1.0, "error": 1.0}, docs)
    assert scores[0] > scores[1] > 0


def test_shorter_documents_win_at_equal_term_frequency():
    docs = [["pool"], ["pool"] + ["x"] * 20]
    short, long = bm25.score({"pool": 1.0}, docs)
    assert short > long


def test_query_weights_scale_contributions():
    docs = [["pool"], ["disk"]]
    full = bm25.score({"pool": 1.0}, docs)[0]
    half = bm25.score({"pool": 0.5}, docs)[0]
    assert abs(half - full / 2) < 1e-9


def test_heading_terms_earn_a_bonus():
    docs = [["处理方案", "扩容"], ["处理方案", "扩容"]]
    plain, boosted = bm25.score({"处理方案": 1.0}, docs, fields=[frozenset(), frozenset({"处理方案"})])
    assert boosted > plain


def test_empty_inputs():
    assert bm25.score({"a": 1.0}, []) == []
    assert bm25.score({}, [["a"]]) == [0.0]


def test_expansion_adds_other_language_words_at_lower_weight():
    weighted = expand(["pool"])
    assert weighted["pool"] == 1.0
    assert weighted["连接池"] == EXPANSION_WEIGHT


def test_typed_words_keep_full_weight_even_if_also_a_synonym():
    assert expand(["连接池", "pool"])["pool"] == 1.0
