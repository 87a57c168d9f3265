"""The admin's run search by question text reads an inverted index (issue 30 item 3): the runs whose
question holds every searched word (Chinese anywhere, English from a word's start, after NFKC), kept
in step when runs are written and deleted, and — on PostgreSQL — found through the GIN index."""

from __future__ import annotations

import unicodedata

import pytest
from django.db import connection
from django.urls import reverse
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from diagnosis.models import DiagnosisRun
from diagnosis.retrieval.search_terms import document_terms, query_terms
from diagnosis.selectors.run_search import runs_question_indexed
from tests.factories import make_run

QUESTIONS = (
    "payment-service 从 10:05 开始大量 500，原因是什么？",
    "昨天晚上订单服务为什么一直重启？",
    "今天上午库存接口为什么变慢？慢查询有多慢？",
    "order_service OOMKilled 的原因",
    "ＡＰＩ 网关 502 是否与发布有关",
)
SEARCHES = ("原因", "为什么", "重启", "慢查询有多慢", "payment", "paym", "500", "order_service", "api", "网关 502",
            "原因 payment", "因是", "什么原因", "不存在的词", "oomk", "服务")

# --- the pure core --------------------------------------------------------------------------

ALPHABET = list("原因是什么订单服务重启慢查询报警") + list("abcXYZ019") + [" ", "-", "_", "？", "：", "Ａ", "５"]


@settings(max_examples=300)
@given(st.lists(st.sampled_from(ALPHABET), min_size=1, max_size=40).map("".join), st.data())
def test_every_substring_that_starts_a_word_finds_its_question(text, data):
    start = data.draw(st.integers(0, len(text) - 1))
    end = data.draw(st.integers(start + 1, len(text)))
    # An ASCII fragment from inside a word (``ayment``) is not promised: words match from their start.
    # (after NFKC: ``a５`` is the word ``a5``).
    word_chars = [unicodedata.normalize("NFKC", c) for c in (text[start - 1 : start] or " ", text[start])]
    inside_a_word = all(c.isascii() and c.isalnum() for c in word_chars)
    assume(not inside_a_word)
    stored = set(document_terms(text).split())
    for term in query_terms(text[start:end]):
        if term.prefix:
            assert any(word.startswith(term.text) for word in stored), (text, text[start:end], term)
        else:
            assert term.text in stored, (text, text[start:end], term)


def test_a_text_without_letters_or_digits_asks_for_no_terms():
    assert query_terms(" ？-_：") == []


def test_chinese_is_searched_by_neighbouring_pairs_and_english_by_word_prefix():
    assert [(t.text, t.prefix) for t in query_terms("为什么 PAYM")] == [("为什", False), ("什么", False), ("paym", True)]
    assert [(t.text, t.prefix) for t in query_terms("因")] == [("因", False)]


# --- the database ---------------------------------------------------------------------------


def _runs(owner):
    return [make_run(owner, question=question) for question in QUESTIONS]


def _fold(text):
    return unicodedata.normalize("NFKC", text).casefold()


def _holding(runs, search):
    """The reference: runs whose (NFKC, case-folded) question contains every searched word."""
    return {run.pk for run in runs if all(_fold(bit) in _fold(run.question) for bit in search.split())}


@pytest.mark.django_db
def test_the_index_finds_the_runs_whose_question_holds_every_searched_word(api_user):
    runs = _runs(api_user)
    for search in SEARCHES:
        found = set(runs_question_indexed(DiagnosisRun.objects.all(), search).values_list("pk", flat=True))
        assert found == _holding(runs, search), search
    assert _holding(runs, "api") == {runs[4].pk}  # ＡＰＩ is api


@pytest.mark.django_db
def test_the_index_narrows_to_runs_holding_every_term(api_user):
    _runs(api_user)
    found = runs_question_indexed(DiagnosisRun.objects.all(), "原因 payment")
    assert [run.question for run in found] == [QUESTIONS[0]]
    assert not runs_question_indexed(DiagnosisRun.objects.all(), "不存在的词").exists()
    assert runs_question_indexed(DiagnosisRun.objects.all(), " ？-") is None  # nothing to look up: Django's own search


@pytest.mark.django_db
def test_the_admin_search_box_lists_exactly_the_matching_runs(client, reviewer, api_user):
    runs = _runs(api_user)
    client.force_login(reviewer)
    url = reverse("admin:diagnosis_diagnosisrun_changelist")
    page = client.get(url, {"q": "原因"})
    assert page.status_code == 200
    listed = {run.pk for run in page.context["cl"].result_list}
    assert listed == {runs[0].pk, runs[3].pk}
    assert not client.get(url, {"q": "因原"}).context["cl"].result_list  # the pairs in another order


@pytest.mark.django_db
def test_the_index_follows_a_changed_question_and_a_deleted_run(api_user):
    run = make_run(api_user, question="库存接口为什么变慢？")
    assert runs_question_indexed(DiagnosisRun.objects.all(), "库存").exists()
    run.question = "订单服务为什么重启？"
    run.save(update_fields=["question"])
    assert not runs_question_indexed(DiagnosisRun.objects.all(), "库存").exists()
    assert runs_question_indexed(DiagnosisRun.objects.all(), "订单").exists()
    run.delete()
    assert not runs_question_indexed(DiagnosisRun.objects.all(), "订单").exists()
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM diagnosis_run_search")
            assert cursor.fetchone()[0] == 0


@pytest.mark.django_db
def test_the_sqlite_index_triggers_survive_every_migration():
    """A later migration that rebuilds the runs table on SQLite (Django copies it to a new table)
    drops its triggers; this fails until that migration puts them back."""
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's FTS5 triggers")
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'diagnosis_diagnosisrun'")
        assert {row[0] for row in cursor.fetchall()} == {
            "diagnosis_run_search_ai", "diagnosis_run_search_ad", "diagnosis_run_search_au"}


@pytest.mark.postgres
@pytest.mark.django_db
def test_postgresql_finds_the_runs_through_the_gin_index(api_user):
    _runs(api_user)
    queryset = runs_question_indexed(DiagnosisRun.objects.all(), "原因")
    with connection.cursor() as cursor:
        # A five-row table: make the planner show the index it can use. A GIN index is read by a bitmap
        # scan, so a plain index scan of another index (the ordering one, run_created) is ruled out too:
        # with both allowed the planner's choice between them varies with the table's statistics.
        cursor.execute("SET enable_seqscan = off")
        cursor.execute("SET enable_indexscan = off")
        try:
            plan = queryset.explain()
        finally:
            cursor.execute("SET enable_seqscan = on")
            cursor.execute("SET enable_indexscan = on")
    assert "run_question_terms_gin" in plan
