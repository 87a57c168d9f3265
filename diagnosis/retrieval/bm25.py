"""Okapi BM25 over pre-tokenised documents (a few dozen lines; no dependency needed).

``score`` takes weighted query terms so that query expansions (synonyms) can count for less
than the words the user typed, and an optional per-document set of "field" terms (title and
heading words) that earn a bonus: a runbook section *titled* 处理方案 is a better answer to a
question about 处理方案 than a paragraph that mentions it once.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence, Set

K1 = 1.5
B = 0.75
FIELD_BONUS = 0.5  # × idf, for each query term that also occurs in the document's title/headings


def idf(n_docs: int, doc_freq: int) -> float:
    # The "+1" form (Lucene) keeps idf positive even for terms present in most documents.
    return math.log(1.0 + (n_docs - doc_freq + 0.5) / (doc_freq + 0.5))


def score(
    query: Mapping[str, float],
    documents: Sequence[Sequence[str]],
    *,
    fields: Sequence[Set[str]] | None = None,
    k1: float = K1,
    b: float = B,
) -> list[float]:
    """BM25 score of every document for ``query`` (term → weight); 0.0 when nothing matches."""
    n_docs = len(documents)
    if n_docs == 0 or not query:
        return [0.0] * n_docs
    counts = [Counter(doc) for doc in documents]
    lengths = [len(doc) for doc in documents]
    avg_len = (sum(lengths) / n_docs) or 1.0
    doc_freq = {term: sum(1 for c in counts if term in c) for term in query}
    idfs = {term: idf(n_docs, df) for term, df in doc_freq.items()}
    scores: list[float] = []
    for i, tf_counts in enumerate(counts):
        total = 0.0
        norm = k1 * (1.0 - b + b * lengths[i] / avg_len)
        for term, weight in query.items():
            tf = tf_counts.get(term, 0)
            if tf:
                total += weight * idfs[term] * tf * (k1 + 1.0) / (tf + norm)
            if fields is not None and term in fields[i]:
                total += weight * idfs[term] * FIELD_BONUS
        scores.append(total)
    return scores
