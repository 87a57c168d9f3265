"""Quiet, lazily built jieba segmenters, one per vocabulary.

Retrieval (index and query terms) and the offline agents (question reading) each need their own
custom words, so each gets its own ``jieba.Tokenizer`` — but both are built the same way: once,
on first use, thread-safely, without jieba's start-up chatter on stderr.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable

import jieba


def lazy_segmenter(words: Iterable[str], *, freq: int | None = None) -> Callable[[], jieba.Tokenizer]:
    """A getter returning one ``jieba.Tokenizer`` with ``words`` added, built on first call."""
    vocabulary = tuple(words)
    lock = threading.Lock()
    built: list[jieba.Tokenizer] = []

    def get() -> jieba.Tokenizer:
        if not built:
            with lock:
                if not built:
                    jieba.setLogLevel(logging.WARNING)
                    tokenizer = jieba.Tokenizer()
                    tokenizer.initialize()
                    for word in vocabulary:
                        tokenizer.add_word(word, freq=freq)
                    built.append(tokenizer)
        return built[0]

    return get
