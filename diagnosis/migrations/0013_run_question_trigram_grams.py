"""The admin's run search by question text through PostgreSQL's own indexes (issue 30), in place of
0010's question terms, which missed what Django's ``icontains`` finds (a fragment from inside an
English word or a number: ``ayment``, ``00``; ``4242`` inside ``14242``).

PostgreSQL — two GIN indexes over ``upper(question)``, the very expression Django's ``icontains``
compares (``UPPER("question"::text) LIKE UPPER('%…%')``):

- ``run_question_trgm`` (pg_trgm, ``gin_trgm_ops``): serves Django's own ``icontains`` for a word
  that yields trigrams (three characters or more), and gives the planner statistics on
  ``upper(question)`` (without them it guessed 32 rows for 25,000 and nested-looped the users);
- ``run_question_grams``: every character and every pair of neighbouring characters of the
  question (``diagnosis_question_grams``) — a word of one or two characters, which yields no
  trigram (``原因``), is one of them exactly when the question contains it
  (``diagnosis.selectors.run_search.QuestionIContains``).

The extension is created here (``CREATE EXTENSION`` needs the database's CREATE privilege; pg_trgm
is a trusted extension) by plain SQL, not Django's ``TrigramExtension``, whose reverse queries
``pg_extension`` on SQLite too.

SQLite: no index; ``icontains`` scans (fast enough at the sizes SQLite serves: docs/BENCHMARKS.md).
Reversible: the reverse drops both indexes, the function and the extension (refused, and the whole
reverse with it, if anything else still uses pg_trgm), and restores 0010's column, terms and index
(the FTS5 table and its triggers on SQLite).
"""

import importlib

from django.db import migrations

question_terms = importlib.import_module("diagnosis.migrations.0010_run_question_search")

PG_FORWARD = [
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    # Immutable: the same text always gives the same grams (an index expression must be). Not
    # inlinable (a sub-select), so a query's call matches the index expression as written.
    """CREATE FUNCTION diagnosis_question_grams(text) RETURNS text[]
       LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
       AS $$ SELECT string_to_array($1, NULL)
                    || ARRAY(SELECT substr($1, i, 2) FROM generate_series(1, length($1) - 1) AS i) $$""",
    "CREATE INDEX run_question_trgm ON diagnosis_diagnosisrun USING gin (upper(question) gin_trgm_ops)",
    "CREATE INDEX run_question_grams ON diagnosis_diagnosisrun USING gin (diagnosis_question_grams(upper(question)))",
    # The statistics of both index expressions now, not at autovacuum's next visit: without them the
    # planner guesses a word's runs (the nested loop above).
    "ANALYZE diagnosis_diagnosisrun",
]
PG_BACKWARD = [
    "DROP INDEX IF EXISTS run_question_grams",
    "DROP INDEX IF EXISTS run_question_trgm",
    "DROP FUNCTION IF EXISTS diagnosis_question_grams(text)",
    "DROP EXTENSION IF EXISTS pg_trgm",
]


def _statements(by_vendor):
    def run(apps, schema_editor):
        for statement in by_vendor.get(schema_editor.connection.vendor, []):
            schema_editor.execute(statement)

    return run


def restore_question_terms(apps, schema_editor):
    """0010's state again: the terms filled, then its index (PostgreSQL) or FTS5 table and triggers."""
    question_terms.fill_terms(apps, schema_editor)
    _statements({"postgresql": question_terms.PG_FORWARD, "sqlite": question_terms.SQLITE_FORWARD})(apps, schema_editor)


class Migration(migrations.Migration):
    dependencies = [("diagnosis", "0012_im_bot")]

    operations = [
        migrations.RunPython(
            _statements({"postgresql": question_terms.PG_BACKWARD, "sqlite": question_terms.SQLITE_BACKWARD}),
            restore_question_terms,
        ),
        migrations.RemoveField(model_name="diagnosisrun", name="question_terms"),
        migrations.RunPython(_statements({"postgresql": PG_FORWARD}), _statements({"postgresql": PG_BACKWARD})),
    ]
