"""The embedded SQLite backend retries a statement the busy timeout could not place — but only
outside a transaction, where nothing has been done yet (superbiz/sqlite/base.py)."""

from __future__ import annotations

import sqlite3

import pytest
from django.db import DatabaseError, connections, transaction

import superbiz.sqlite.base as backend


@pytest.fixture(autouse=True)
def _own_files_only(django_db_blocker):
    """These tests open their own SQLite files, never the test database."""
    with django_db_blocker.unblock():
        yield


@pytest.fixture
def locked_file(tmp_path, monkeypatch):
    """A SQLite file, a Django connection to it with a tiny busy timeout, and a blocker that holds
    the write lock until the backend's first retry pause."""
    path = tmp_path / "busy.sqlite3"
    setup = sqlite3.connect(path)
    setup.execute("PRAGMA journal_mode=WAL")
    setup.execute("CREATE TABLE t (n INTEGER)")
    setup.commit()
    setup.close()

    settings_dict = {
        **connections["default"].settings_dict,
        "ENGINE": "superbiz.sqlite",
        "NAME": str(path),
        "OPTIONS": {"timeout": 0.05, "transaction_mode": "IMMEDIATE", "init_command": "PRAGMA journal_mode=WAL"},
        "TEST": {},
    }
    wrapper = backend.DatabaseWrapper(settings_dict, alias="busy")
    blocker = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    blocker.execute("BEGIN IMMEDIATE")
    pauses: list[float] = []

    def release_on_first_pause(seconds: float) -> None:
        pauses.append(seconds)
        if blocker.in_transaction:
            blocker.execute("COMMIT")

    monkeypatch.setattr(backend.time, "sleep", release_on_first_pause)
    yield wrapper, blocker, pauses
    wrapper.close()
    blocker.close()


def test_an_autocommit_write_behind_a_long_writer_is_retried_and_lands(locked_file):
    wrapper, _blocker, pauses = locked_file
    with wrapper.cursor() as cursor:
        cursor.execute("INSERT INTO t (n) VALUES (1)")
        cursor.execute("SELECT count(*) FROM t")
        assert cursor.fetchone()[0] == 1
    assert len(pauses) == 1


def test_begin_immediate_behind_a_long_writer_is_retried_and_the_transaction_commits(locked_file):
    wrapper, _blocker, pauses = locked_file
    connections["busy"] = wrapper  # so that atomic(using="busy") opens its BEGIN IMMEDIATE on it
    try:
        with transaction.atomic(using="busy"), wrapper.cursor() as cursor:
            cursor.execute("INSERT INTO t (n) VALUES (2)")
    finally:
        del connections["busy"]
    assert len(pauses) == 1
    with wrapper.cursor() as cursor:
        cursor.execute("SELECT n FROM t")
        assert cursor.fetchall() == [(2,)]


def test_a_statement_inside_a_transaction_is_never_retried(tmp_path, monkeypatch):
    path = tmp_path / "deferred.sqlite3"
    sqlite3.connect(path).execute("CREATE TABLE t (n INTEGER)").connection.commit()
    settings_dict = {
        **connections["default"].settings_dict,
        "ENGINE": "superbiz.sqlite",
        "NAME": str(path),
        "OPTIONS": {"timeout": 0.05},  # DEFERRED: the transaction can meet the lock mid-way
        "TEST": {},
    }
    wrapper = backend.DatabaseWrapper(settings_dict, alias="deferred")
    monkeypatch.setattr(backend.time, "sleep", lambda s: pytest.fail("retried inside a transaction"))
    blocker = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        wrapper.set_autocommit(True)
        with wrapper.cursor() as cursor:
            cursor.execute("BEGIN")
            cursor.execute("SELECT count(*) FROM t")
            blocker.execute("BEGIN IMMEDIATE")
            with pytest.raises(DatabaseError, match="locked"):
                cursor.execute("INSERT INTO t (n) VALUES (3)")
            cursor.execute("ROLLBACK")
    finally:
        blocker.close()
        wrapper.close()


def test_locked_errors_are_recognised_and_others_are_not():
    assert backend.is_locked_error(sqlite3.OperationalError("database is locked"))
    assert not backend.is_locked_error(sqlite3.OperationalError("no such table: t"))
    assert not backend.is_locked_error(ValueError("database is locked"))
