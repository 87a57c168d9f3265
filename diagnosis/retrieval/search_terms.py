"""Index terms for the admin's run search by question text (issue 30 item 3).

A sequential ``icontains`` scan over 100,000 questions takes seconds. Both databases can answer
"which rows hold all of these terms" from an inverted index instead (PostgreSQL: a GIN index over
a ``tsvector``; SQLite: an FTS5 table), provided the question is cut into terms the same way on
both sides — which this module does, once, for the stored question and for the searched text:

- CJK (any non-ASCII letter or digit): every character and every pair of neighbouring
  characters. A searched run of two or more characters becomes its pairs, so any substring of a
  question finds it (原因 → 原因; 为什么报 → 为什, 什么, 么报); a single character is searched as itself.
- ASCII letters and digits: words, lower-cased, split at anything else (``payment-service`` →
  ``payment``, ``service``); a searched word matches as a prefix (``paym`` finds ``payment``).

A question is found when it holds every term of the searched text. Against a plain ``icontains``:
an ASCII fragment from inside a word (``ayment``) finds nothing, because words match from their
start; letters compare after NFKC and case folding (``ＡＰＩ`` finds ``api``); and a Chinese word of
three or more characters is found when its pairs are in the question, even apart (rare in practice).

Pure: no Django, no I/O.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

#: Stored terms are cut from at most this many characters of the question (a question is bounded
#: far below this; the cap keeps one odd row from bloating the index).
MAX_INDEXED_CHARS = 4000


@dataclass(frozen=True)
class QueryTerm:
    """One term a searched text requires: exact, or (ASCII words) as a prefix."""

    text: str
    prefix: bool


def _runs(text: str) -> list[tuple[str, bool]]:
    """The text's runs of letters/digits as (run, is_ascii), in order; anything else separates."""
    runs: list[tuple[str, bool]] = []
    current: list[str] = []
    current_ascii = True
    for char in unicodedata.normalize("NFKC", text).casefold():
        if not char.isalnum():
            if current:
                runs.append(("".join(current), current_ascii))
                current = []
            continue
        is_ascii = char.isascii()
        if current and is_ascii != current_ascii:
            runs.append(("".join(current), current_ascii))
            current = []
        current_ascii = is_ascii
        current.append(char)
    if current:
        runs.append(("".join(current), current_ascii))
    return runs


def document_terms(text: str) -> str:
    """The stored terms of a question: space-separated, sorted, each once."""
    terms: set[str] = set()
    for run, is_ascii in _runs(text[:MAX_INDEXED_CHARS]):
        if is_ascii:
            terms.add(run)
            continue
        terms.update(run)
        terms.update(run[i : i + 2] for i in range(len(run) - 1))
    return " ".join(sorted(terms))


def query_terms(text: str) -> list[QueryTerm]:
    """The terms a searched text requires (all of them), in order, each once. Empty when the text
    holds no letter or digit: the caller then falls back to the plain scan."""
    found: dict[str, QueryTerm] = {}
    for run, is_ascii in _runs(text):
        if is_ascii:
            found.setdefault(run, QueryTerm(run, prefix=True))
        elif len(run) == 1:
            found.setdefault(run, QueryTerm(run, prefix=False))
        else:
            for i in range(len(run) - 1):
                pair = run[i : i + 2]
                found.setdefault(pair, QueryTerm(pair, prefix=False))
    return list(found.values())


def tsquery(terms: list[QueryTerm]) -> str:
    """PostgreSQL ``tsquery`` text for the terms (read with ``::tsquery``, no parser in between:
    the terms hold only letters and digits, quoted anyway)."""
    return " & ".join(f"'{term.text}'" + (":*" if term.prefix else "") for term in terms)


def fts5_match(terms: list[QueryTerm]) -> str:
    """SQLite FTS5 ``MATCH`` text for the terms on the ``question_terms`` column."""
    return " AND ".join(f'question_terms:"{term.text}"' + ("*" if term.prefix else "") for term in terms)
