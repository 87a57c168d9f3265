"""Runs whose question holds a searched text, found through the question-terms index (issue 30).

A run is found when its question holds every term of every searched word
(``retrieval.search_terms``): a Chinese word's neighbouring pairs, an English word as a word prefix —
the admin's "every word is in the question" without reading every question: a GIN index over
``question_terms::tsvector`` on PostgreSQL, the FTS5 table ``diagnosis_run_search`` on SQLite (both
made by migration 0010). No ``icontains`` is added beside it: its selectivity is unknown to
PostgreSQL's planner, which then underestimates the rows a few times over and walks the index
once per user (1.5 s at 100k runs instead of 10 ms). Letters compare after NFKC and case folding
(``ＡＰＩ`` is ``api``).
"""

from __future__ import annotations

from django.db import connections
from django.db.models import BooleanField, QuerySet
from django.db.models.expressions import RawSQL
from django.utils.text import smart_split, unescape_string_literal

from diagnosis.models import DiagnosisRun
from diagnosis.retrieval.search_terms import QueryTerm, fts5_match, query_terms, tsquery

_RUN_TABLE = DiagnosisRun._meta.db_table


def _searched_terms(search_term: str) -> list[QueryTerm]:
    """Every word of the admin's search box (split as the admin splits it), as index terms."""
    terms: dict[str, QueryTerm] = {}
    for bit in smart_split(search_term):
        if bit.startswith(('"', "'")) and bit[0] == bit[-1] and len(bit) > 1:
            bit = unescape_string_literal(bit)
        for term in query_terms(bit):
            terms.setdefault(term.text, term)
    return list(terms.values())


def runs_question_indexed(queryset: QuerySet[DiagnosisRun], search_term: str) -> QuerySet[DiagnosisRun] | None:
    """``queryset`` narrowed to the runs whose question terms hold every searched term; None when
    the index cannot answer (no letter or digit searched, or a database without one)."""
    terms = _searched_terms(search_term)
    if not terms:
        return None
    vendor = connections[queryset.db].vendor
    if vendor == "postgresql":
        condition = RawSQL(f'("{_RUN_TABLE}"."question_terms")::tsvector @@ %s::tsquery', (tsquery(terms),),
                           output_field=BooleanField())
    elif vendor == "sqlite":
        condition = RawSQL(
            f'"{_RUN_TABLE}"."id" IN (SELECT run_key FROM diagnosis_run_search WHERE diagnosis_run_search MATCH %s)',
            (fts5_match(terms),), output_field=BooleanField(),
        )
    else:
        return None
    return queryset.filter(condition)
