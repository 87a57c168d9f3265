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

from django.db.backends.sqlite3.base import Database, SQLiteCursorWrapper
from django.db.backends.sqlite3.base import DatabaseWrapper as SQLiteDatabaseWrapper

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


class DatabaseWrapper(SQLiteDatabaseWrapper):
    def create_cursor(self, name: str | None = None) -> RetryingCursorWrapper:
        return self.connection.cursor(factory=RetryingCursorWrapper)
