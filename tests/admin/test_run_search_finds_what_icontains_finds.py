"""The admin's run search by question (issue 30) lists exactly the runs Django's own ``icontains``
lists — Chinese words of any length, English service names and fragments from inside them, numbers
inside numbers, mixed case, full-width letters, LIKE's own ``%`` ``_`` ``\\`` — on both databases;
on PostgreSQL it finds them through the grams index (a word of one or two characters) and the
trigram index (longer words) of migration 0013, which a reverse migration takes away and gives back.
"""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.db.models import F
from django.db.models.lookups import IContains
from django.test import RequestFactory
from django.urls import reverse
from django.utils.text import smart_split, unescape_string_literal
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from diagnosis.models import DiagnosisRun
from tests.factories import make_run, make_session

QUESTIONS = (
    "payment-service 从 10:05 开始大量 500，原因是什么？",
    "昨天晚上订单服务为什么一直重启？",
    "库存接口第 14242 次变慢，慢查询有多慢？",
    "order_service OOMKilled 的原因",
    "ＡＰＩ 网关 502 是否与发布有关",
    "Payment 成功率 100% 了吗",
)

# --- the reference: Django's own icontains ---------------------------------------------------


def _words(search: str) -> list[str]:
    """The words of the admin's search box, split and unquoted as Django's admin does."""
    words = []
    for bit in smart_split(search):
        if bit.startswith(('"', "'")) and bit[0] == bit[-1]:
            bit = unescape_string_literal(bit)
        words.append(bit)
    return words


def _icontains(search: str) -> set:
    """The runs whose question holds every word by Django's built-in ``IContains`` lookup itself
    (the class, not the name ``icontains``, which the question field answers with its own)."""
    runs = DiagnosisRun.objects.all()
    for word in _words(search):
        runs = runs.filter(IContains(F("question"), word))
    return set(runs.values_list("pk", flat=True))


def _admin_search(search: str) -> set:
    """The runs the admin's search lists (its ``get_search_results``, as the changelist calls it)."""
    model_admin = admin.site.get_model_admin(DiagnosisRun)
    found, _ = model_admin.get_search_results(RequestFactory().get("/"), DiagnosisRun.objects.all(), search)
    return set(found.values_list("pk", flat=True))


# --- every word finds what icontains finds ----------------------------------------------------

ALPHABET = (list("原因是什么订单服务重启慢查询网关") + list("abcpXYZ0159") + list(" -_%\\'\"？：")
            + list("ÉéßΣσςİıＡａ５"))
TEXT = st.lists(st.sampled_from(ALPHABET), min_size=1, max_size=24).map("".join)


@st.composite
def _searches(draw, questions: list[str]) -> str:
    """A search the questions answer (a piece of one of them) or may not (any short text), alone
    or beside another such word."""
    def word() -> str:
        question = draw(st.sampled_from(questions))
        start = draw(st.integers(0, len(question) - 1))
        piece = question[start : start + draw(st.integers(1, 6))]
        return draw(st.sampled_from([piece, piece.swapcase(), f'"{piece}"'])) if draw(st.booleans()) else draw(TEXT)[:4]

    return " ".join(word() for _ in range(draw(st.integers(1, 2))))


@pytest.mark.django_db
@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(questions=st.lists(TEXT, min_size=1, max_size=6), data=st.data())
@example(questions=["a%b", "a_b", "ab", "a\\b"], data=None)  # LIKE's own characters are plain text
def test_the_search_lists_exactly_the_runs_icontains_lists(api_user, questions, data):
    with transaction.atomic():
        session = make_session(api_user)
        DiagnosisRun.objects.bulk_create(DiagnosisRun(session=session, owner=api_user, question=q) for q in questions)
        searches = [data.draw(_searches(questions))] if data else ["%", "_", "\\", "a%", "%b", "A_", "a\\b", "b"]
        for search in searches:
            assert _admin_search(search) == _icontains(search), (search, questions)
        transaction.set_rollback(True)


@pytest.mark.django_db
@pytest.mark.parametrize("search", [
    "原因", "因是", "为什么", "慢查询有多慢", "payment", "ayment", "PAYMENT-SERVICE", "500", "00", "4242", "14242 次",
    "order_service", "api", "ＡＰＩ", "网关 502", "原因 payment", "100%", "什么原因", "不存在的词", "慢", "？", "",
])
def test_every_kind_of_word_lists_the_runs_icontains_lists(client, reviewer, api_user, search):
    for question in QUESTIONS:
        make_run(api_user, question=question)
    client.force_login(reviewer)
    page = client.get(reverse("admin:diagnosis_diagnosisrun_changelist"), {"q": search})
    assert page.status_code == 200
    assert {run.pk for run in page.context["cl"].result_list} == _icontains(search), search


@pytest.mark.django_db
def test_a_fragment_from_inside_a_word_or_a_number_is_found(client, reviewer, api_user):
    """What the question-terms index of migration 0010 missed (it matched words from their start)."""
    runs = [make_run(api_user, question=question) for question in QUESTIONS]
    client.force_login(reviewer)
    url = reverse("admin:diagnosis_diagnosisrun_changelist")

    def listed(search):
        return {run.pk for run in client.get(url, {"q": search}).context["cl"].result_list}

    assert listed("ayment") == {runs[0].pk, runs[5].pk}  # payment-service, Payment: case ignored
    assert listed("4242") == {runs[2].pk}  # inside 14242
    assert listed("00") == {runs[0].pk, runs[5].pk}  # inside 500 and 100%
    assert listed("因是") == {runs[0].pk}  # across the words 原因 and 是
    assert listed("因原") == set()  # the characters in another order


# --- PostgreSQL reads its indexes ------------------------------------------------------------


def _plan(search: str) -> str:
    runs = admin.site.get_model_admin(DiagnosisRun).get_search_results(
        RequestFactory().get("/"), DiagnosisRun.objects.all(), search)[0]
    with connection.cursor() as cursor:
        # A few rows: make the planner show the index it can use. A GIN index is read by a bitmap
        # scan, so a plain index scan of another index (the ordering one, run_created) is ruled out too.
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("SET LOCAL enable_indexscan = off")
        return runs.explain()


@pytest.mark.postgres
@pytest.mark.django_db
def test_postgresql_reads_the_grams_index_for_a_short_word_and_the_trigram_index_for_a_longer_one(api_user):
    for question in QUESTIONS:
        make_run(api_user, question=question)
    short = _plan("原因")
    assert "run_question_grams" in short and "'{原因}'" in short, short
    assert "~~" not in short, short  # no LIKE left: the CASE on the word's length folded before planning
    longer = _plan("payment-service")
    assert "run_question_trgm" in longer and "~~ '%PAYMENT-SERVICE%'" in longer, longer


# --- the migration ---------------------------------------------------------------------------


def _search_objects() -> set[str]:
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT indexname FROM pg_indexes WHERE tablename = 'diagnosis_diagnosisrun'"
                           " AND indexname LIKE 'run_question_%%'")
        else:
            cursor.execute("SELECT name FROM sqlite_master WHERE name LIKE 'diagnosis_run_search%'")
        return {row[0] for row in cursor.fetchall()}


@pytest.mark.django_db(transaction=True)
def test_the_search_migration_reverses_to_the_question_terms_and_applies_again(api_user):
    run = make_run(api_user, question="订单服务为什么重启？")
    ours = {"run_question_trgm", "run_question_grams"} if connection.vendor == "postgresql" else set()
    assert _search_objects() == ours
    executor = MigrationExecutor(connection)
    latest = executor.loader.graph.leaf_nodes("diagnosis")
    try:
        executor.migrate([("diagnosis", "0012_im_bot")])
        terms = {"run_question_terms_gin"} if connection.vendor == "postgresql" else {
            "diagnosis_run_search", "diagnosis_run_search_ai", "diagnosis_run_search_ad", "diagnosis_run_search_au"}
        assert terms <= _search_objects() and not ours & _search_objects()
        with connection.cursor() as cursor:  # 0010's terms, filled again for the runs there are
            cursor.execute("SELECT question_terms FROM diagnosis_diagnosisrun WHERE id = %s", [run.pk.hex])
            assert "重启" in cursor.fetchone()[0].split()
    finally:
        MigrationExecutor(connection).migrate(latest)
    assert _search_objects() == ours
    assert _icontains("重启") == _admin_search("重启") == {run.pk}
