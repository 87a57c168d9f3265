"""SQLite for a small team: Django's backend plus one bounded retry on ``database is locked``.

The settings (``superbiz/settings.py``) make every transaction ``BEGIN IMMEDIATE`` and turn on
WAL with a busy timeout, so a writer waits for the lock instead of failing, readers never block
writers, and no transaction can fail by upgrading a read lock to a write lock (the
``database is locked`` that came back at once, without waiting, when several people chatted).

What is left: the busy timeout can still expire behind a long writer (a large bundle load, a
checkpoint). A statement outside a transaction — an autocommit write, or the ``BEGIN IMMEDIATE``
that opens one — has done nothing yet when it fails that way, so it is safe to try again; a
statement *inside* a transaction is never retried here (the transaction's earlier work would be
lost or repeated), its error propagates to the caller as before.
"""

from __future__ import annotations

import logging
import random
import time
from typing import Any, Final

from django.db.backends.sqlite3 import _functions as sql_functions
from django.db.backends.sqlite3.base import Database, SQLiteCursorWrapper
from django.db.backends.sqlite3.base import DatabaseWrapper as SQLiteDatabaseWrapper
from django.db.backends.sqlite3.operations import DatabaseOperations as SQLiteOperations

from diagnosis.stored_times import sqlite_date, sqlite_datetime

logger = logging.getLogger(__name__)

#: Attempts after the first, each after the busy timeout already waited; the pauses let the long
#: writer finish (with jitter so waiting writers do not retry in lock-step).
LOCKED_RETRIES: Final = 3
RETRY_PAUSE_S: Final = (0.05, 0.25, 1.0)


def is_locked_error(exc: BaseException) -> bool:
    return isinstance(exc, Database.OperationalError) and "locked" in str(exc)


class RetryingCursorWrapper(SQLiteCursorWrapper):
    def execute(self, query: str, params: Any = None) -> Any:
        return self._with_retry(super().execute, query, params)

    def executemany(self, query: str, param_list: Any) -> Any:
        return self._with_retry(super().executemany, query, param_list)

    def _with_retry(self, call: Any, query: str, params: Any) -> Any:
        for attempt in range(LOCKED_RETRIES + 1):
            in_transaction = self.connection.in_transaction
            try:
                return call(query, params)
            except Database.OperationalError as exc:
                if in_transaction or attempt == LOCKED_RETRIES or not is_locked_error(exc):
                    raise
                pause = RETRY_PAUSE_S[min(attempt, len(RETRY_PAUSE_S) - 1)]
                logger.warning("SQLite busy (%s); retry %d of %d", exc, attempt + 1, LOCKED_RETRIES)
                time.sleep(pause * (0.5 + random.random()))  # noqa: S311 - jitter, not security
        raise AssertionError("unreachable")


# Stored times no date parser reads ("0000-12-31 16:00:00", "10000-01-01 …", written by hand or
# before the loader bounded them) or that overflow when shown in another zone are read as the
# ``time_bounds`` sentinels instead of raising (issue 25 item 1; ``diagnosis.stored_times``).
# Django registers its own converters for these declared types at import; these replace them.
Database.register_converter("datetime", sqlite_datetime)
Database.register_converter("timestamp", sqlite_datetime)
Database.register_converter("date", sqlite_date)


class DatabaseOperations(SQLiteOperations):
    """Values without a declared type (``MIN``/``MAX`` of a time column: the admin's date
    hierarchy) reach these converters as text."""

    def convert_datetimefield_value(self, value: Any, expression: Any, connection: Any) -> Any:
        if isinstance(value, str | bytes):
            value = sqlite_datetime(value)
        return super().convert_datetimefield_value(value, expression, connection)

    def convert_datefield_value(self, value: Any, expression: Any, connection: Any) -> Any:
        if isinstance(value, str | bytes):
            value = sqlite_date(value)
        return super().convert_datefield_value(value, expression, connection)


#: Django's SQL time functions (date hierarchy, ``TruncDate`` …) shift the stored text to a time
#: zone; on 9999-12-31 23:59 UTC that overflows, and SQLite reports the Python ``OverflowError``
#: as "string or blob too big" — the page's 500; text they cannot parse ("0000-12-31 …") comes out
#: NULL, on which the admin's date hierarchy fails in turn. Re-registered so such a row is read at
#: its ``time_bounds`` sentinel instead.
#: name → (arity, position of the stored time among the arguments, Django's function).
_TIME_FUNCTIONS: Final = {
    name: (arity, position, function)
    for name, arity, position, function in (
        ("django_date_extract", 2, 1, getattr(sql_functions, "_sqlite_datetime_extract", None)),
        ("django_date_trunc", 4, 1, getattr(sql_functions, "_sqlite_date_trunc", None)),
        ("django_datetime_cast_date", 3, 0, getattr(sql_functions, "_sqlite_datetime_cast_date", None)),
        ("django_datetime_cast_time", 3, 0, getattr(sql_functions, "_sqlite_datetime_cast_time", None)),
        ("django_datetime_extract", 4, 1, getattr(sql_functions, "_sqlite_datetime_extract", None)),
        ("django_datetime_trunc", 4, 1, getattr(sql_functions, "_sqlite_datetime_trunc", None)),
    )
    # Django's private helpers: a Django that renames one keeps its own function for that name
    # (tests/security/test_out_of_range_times_walk.py on SQLite notices).
    if function is not None
}


def _overflow_clamped(function: Any, position: int) -> Any:
    def call(*args: Any) -> Any:
        stored = args[position]
        try:
            result = function(*args)
        except OverflowError:
            result = None
        if result is not None or stored is None:
            return result
        clamped = list(args)  # unreadable ("0000-…", "10000-…") or overflowing: at its sentinel
        clamped[position] = sqlite_datetime(str(stored)).isoformat(sep=" ")
        return function(*clamped)

    return call


class DatabaseWrapper(SQLiteDatabaseWrapper):
    ops_class = DatabaseOperations

    def get_new_connection(self, conn_params: Any) -> Any:
        connection = super().get_new_connection(conn_params)
        for name, (arity, position, function) in _TIME_FUNCTIONS.items():
            connection.create_function(name, arity, _overflow_clamped(function, position), deterministic=True)
        return connection

    def create_cursor(self, name: str | None = None) -> RetryingCursorWrapper:
        return self.connection.cursor(factory=RetryingCursorWrapper)
