"""The admin's run search by question text through an inverted index (issue 30 item 3); replaced
by 0013 (PostgreSQL's pg_trgm and grams indexes over the question itself).

``DiagnosisRun.question_terms`` held the question's terms (``document_terms`` below, kept here as
it was so this migration and 0013's reverse still run); existing rows are filled here.
PostgreSQL indexes them with GIN over ``question_terms::tsvector``; SQLite keeps an FTS5 table,
``diagnosis_run_search``, in step with the runs by triggers (keyed by the run's id, which FTS5
indexes as ``run_key``: a rowid of a table without an integer primary key may change on VACUUM,
so it is not used).
"""

import unicodedata

from django.db import migrations, models

BATCH = 2000
MAX_INDEXED_CHARS = 4000


def _runs(text):
    """The text's runs of letters/digits as (run, is_ascii), in order; anything else separates."""
    runs = []
    current = []
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


def document_terms(text):
    """The stored terms of a question: CJK characters and neighbouring pairs, ASCII words."""
    terms = set()
    for run, is_ascii in _runs(text[:MAX_INDEXED_CHARS]):
        if is_ascii:
            terms.add(run)
            continue
        terms.update(run)
        terms.update(run[i : i + 2] for i in range(len(run) - 1))
    return " ".join(sorted(terms))

PG_FORWARD = [
    "CREATE INDEX run_question_terms_gin ON diagnosis_diagnosisrun USING gin ((question_terms::tsvector))",
]
PG_BACKWARD = ["DROP INDEX IF EXISTS run_question_terms_gin"]

SQLITE_FORWARD = [
    "CREATE VIRTUAL TABLE diagnosis_run_search USING fts5(run_key, question_terms)",
    "INSERT INTO diagnosis_run_search (run_key, question_terms) SELECT id, question_terms FROM diagnosis_diagnosisrun",
    """CREATE TRIGGER diagnosis_run_search_ai AFTER INSERT ON diagnosis_diagnosisrun BEGIN
         INSERT INTO diagnosis_run_search (run_key, question_terms) VALUES (new.id, new.question_terms);
       END""",
    """CREATE TRIGGER diagnosis_run_search_ad AFTER DELETE ON diagnosis_diagnosisrun BEGIN
         DELETE FROM diagnosis_run_search WHERE rowid IN (
           SELECT rowid FROM diagnosis_run_search WHERE diagnosis_run_search MATCH 'run_key:"' || old.id || '"');
       END""",
    """CREATE TRIGGER diagnosis_run_search_au AFTER UPDATE OF question_terms ON diagnosis_diagnosisrun BEGIN
         DELETE FROM diagnosis_run_search WHERE rowid IN (
           SELECT rowid FROM diagnosis_run_search WHERE diagnosis_run_search MATCH 'run_key:"' || old.id || '"');
         INSERT INTO diagnosis_run_search (run_key, question_terms) VALUES (new.id, new.question_terms);
       END""",
]
SQLITE_BACKWARD = [
    "DROP TRIGGER IF EXISTS diagnosis_run_search_au",
    "DROP TRIGGER IF EXISTS diagnosis_run_search_ad",
    "DROP TRIGGER IF EXISTS diagnosis_run_search_ai",
    "DROP TABLE IF EXISTS diagnosis_run_search",
]


def fill_terms(apps, schema_editor):
    Run = apps.get_model("diagnosis", "DiagnosisRun")
    pending = Run.objects.using(schema_editor.connection.alias).filter(question_terms="").only("pk", "question")
    batch = []
    for run in pending.iterator(chunk_size=BATCH):
        run.question_terms = document_terms(run.question)
        batch.append(run)
        if len(batch) >= BATCH:
            Run.objects.using(schema_editor.connection.alias).bulk_update(batch, ["question_terms"])
            batch = []
    if batch:
        Run.objects.using(schema_editor.connection.alias).bulk_update(batch, ["question_terms"])


def _run_all(statements_by_vendor):
    def run(apps, schema_editor):
        for statement in statements_by_vendor.get(schema_editor.connection.vendor, []):
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [("diagnosis", "0009_verbose_names_admin_labels")]

    operations = [
        migrations.AddField(
            model_name="diagnosisrun",
            name="question_terms",
            field=models.TextField(blank=True, default="", editable=False, verbose_name="问题检索词"),
        ),
        migrations.RunPython(fill_terms, migrations.RunPython.noop),
        migrations.RunPython(
            _run_all({"postgresql": PG_FORWARD, "sqlite": SQLITE_FORWARD}),
            _run_all({"postgresql": PG_BACKWARD, "sqlite": SQLITE_BACKWARD}),
        ),
    ]
