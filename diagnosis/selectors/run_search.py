"""Runs whose question contains a searched word, found through PostgreSQL's indexes (issue 30).

The admin searches runs with Django's own ``question__icontains`` per word (``search_fields``), and
finds exactly those runs: PostgreSQL compares ``UPPER(question) LIKE UPPER('%word%')``, and both
indexes of migration 0013 are over that same ``upper(question)``:

- a word of three characters or more: Django's SQL unchanged, served by the pg_trgm index
  ``run_question_trgm`` (pg_trgm rechecks every candidate with the ``LIKE`` itself);
- a word of one or two characters yields no trigram (``原因``: the trigram index would be read
  whole, so the planner scans every run). Such a word is in the question exactly when it is one
  of the question's characters or neighbouring pairs, which ``run_question_grams`` indexes
  (``diagnosis_question_grams``). :class:`QuestionIContains` asks that index instead of ``LIKE``.

On SQLite (and for anything else than a plain word on the question column) the lookup is Django's
``icontains``. Registered on the question field by ``DiagnosisConfig.ready``.
"""

from __future__ import annotations

from typing import Any, Final

from django.db.models.expressions import Col
from django.db.models.lookups import IContains

#: The SQL function of migration 0013: a text's characters and neighbouring pairs.
GRAMS_FUNCTION: Final = "diagnosis_question_grams"
#: The longest word the grams answer exactly (longer words have trigrams).
GRAMS_MAX_CHARS: Final = 2


class QuestionIContains(IContains):
    """``question__icontains``: the same runs, a one- or two-character word looked up in the grams
    index. The word's condition, ``grams(UPPER(question)) @> ARRAY[UPPER(word)]``, holds exactly
    when the upper-cased question contains the upper-cased word: for a word of at most two
    characters, that is it being one of the question's characters or pairs.

    It is asked under ``CASE WHEN length(UPPER(word)) <= 2 … ELSE <Django's LIKE> END``: where
    ``upper()`` could lengthen a word (an ICU locale's ``ß`` → ``SS``) Django's ``LIKE`` decides.
    PostgreSQL folds the constant ``CASE`` before planning, so the plan holds one branch: the grams
    condition (its estimate from the index's statistics), or the ``LIKE``.
    """

    def as_postgresql(self, compiler: Any, connection: Any) -> tuple[str, list[Any]]:
        word = self.rhs
        if not (isinstance(word, str) and 0 < len(word) <= GRAMS_MAX_CHARS and isinstance(self.lhs, Col)
                and not self.bilateral_transforms):
            return self.as_sql(compiler, connection)
        column, column_params = compiler.compile(self.lhs)
        pattern_sql, pattern_params = self.as_sql(compiler, connection)  # Django's own UPPER(…) LIKE UPPER(…)
        sql = (f"CASE WHEN length(UPPER(%s)) <= {GRAMS_MAX_CHARS}"
               f" THEN {GRAMS_FUNCTION}(UPPER({column})) @> ARRAY[UPPER(%s)] ELSE {pattern_sql} END")
        return sql, [word, *column_params, word, *pattern_params]
