"""Reading back stored times that no page can show (issue 25 item 1): the database edge.

Every door refuses a time outside 1970 .. 2200 (``contracts.time_bounds``), but a row written
before that check, or by hand in SQL, may still hold one. PostgreSQL keeps year 1 BC or year 10000
(and ``infinity``) and psycopg refuses to load them (``DataError: timestamp too small``) — so any
query that reads such a column, the home page's scope list included, answered 500 for everyone.
SQLite keeps any text, and Django's converter raises on year 0 or returns nothing for year 10000.
And a representable 9999-12-31 23:59 UTC still overflows when a page shows it in UTC+8.

So such a value is read as ``time_bounds.STORED_TOO_EARLY`` / ``STORED_TOO_LATE``:
real datetimes one day inside Python's range (any time zone can show them), outside the bounds,
so every place that asks ``time_in_range`` shows them as invalid (``MSG_INVALID_TIME``).
PostgreSQL: loaders installed on every new connection (``connection_created``, connected by
``DiagnosisConfig.ready``). SQLite: the ``superbiz.sqlite`` backend's converters.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any, Final

from django.utils.dateparse import parse_date, parse_datetime

from contracts.time_bounds import (
    STORED_DATE_TOO_EARLY,
    STORED_DATE_TOO_LATE,
    STORED_TOO_EARLY,
    STORED_TOO_LATE,
    clamped_stored,
    clamped_stored_date,
)

_YEAR: Final = re.compile(r"\s*([+-]?)(\d+)")
_TOO_LARGE: Final = ("too large", "infinity")


def _beyond_the_end(text: str) -> bool:
    """Whether unreadable stored text lies after year 9999 (else it is treated as too early)."""
    lowered = text.lower()
    if "infinity" in lowered:
        return not lowered.lstrip().startswith("-")
    match = _YEAR.match(text)
    return bool(match) and match.group(1) != "-" and int(match.group(2)[:6]) > 9999 and not lowered.endswith(" bc")


# --- PostgreSQL (psycopg 3 loaders) ----------------------------------------------------------
def _postgres_loaders(connection: Any) -> None:
    from psycopg import DataError
    from psycopg.adapt import Loader
    from psycopg.postgres import types
    from psycopg.pq import Format

    adapters = connection.connection.adapters

    def guarded(current: type[Loader], early: Any, late: Any, clamp: Any) -> type[Loader]:
        # A wrapper, not a subclass: psycopg's C loaders cannot be subclassed.
        class Guarded(Loader):
            # Django compares this with its time zone and, when they differ, registers its own
            # loader per cursor (which would drop this one).
            timezone = getattr(current, "timezone", None)

            def __init__(self, oid: int, context: Any = None) -> None:
                super().__init__(oid, context)
                self._inner = current(oid, context)

            def load(self, data: Any) -> Any:
                try:
                    return clamp(self._inner.load(data))
                except DataError as exc:
                    return late if any(word in str(exc) for word in _TOO_LARGE) else early

        Guarded.__name__ = f"Guarded{current.__name__}"
        return Guarded

    for name, early, late, clamp in (
        ("timestamptz", STORED_TOO_EARLY, STORED_TOO_LATE, clamped_stored),
        ("timestamp", STORED_TOO_EARLY.replace(tzinfo=None), STORED_TOO_LATE.replace(tzinfo=None), clamped_stored),
        ("date", STORED_DATE_TOO_EARLY, STORED_DATE_TOO_LATE, clamped_stored_date),
    ):
        # Subclass whatever is registered now (Django's time-zone loader for timestamptz keeps its
        # ``timezone``, so Django does not replace it per cursor).
        current = adapters.get_loader(types[name].oid, Format.TEXT)
        if current is not None and not current.__name__.startswith("Guarded"):
            adapters.register_loader(name, guarded(current, early, late, clamp))


# --- SQLite (text; used by the ``superbiz.sqlite`` backend) ------------------------------------
def sqlite_datetime(value: bytes | str) -> datetime:
    """Stored SQLite text → a datetime any page can show (naive when the text is, as Django keeps it)."""
    text = value.decode("utf-8", "replace") if isinstance(value, bytes) else value
    try:
        parsed = parse_datetime(text)
    except (ValueError, OverflowError):  # "0000-12-31 16:00:00": well formed, no such year
        parsed = None
    if parsed is None:
        return STORED_TOO_LATE.replace(tzinfo=None) if _beyond_the_end(text) else STORED_TOO_EARLY.replace(tzinfo=None)
    return clamped_stored(parsed)


def sqlite_date(value: bytes | str) -> date:
    text = value.decode("utf-8", "replace") if isinstance(value, bytes) else value
    try:
        parsed = parse_date(text)
    except (ValueError, OverflowError):
        parsed = None
    if parsed is None:
        return STORED_DATE_TOO_LATE if _beyond_the_end(text) else STORED_DATE_TOO_EARLY
    return clamped_stored_date(parsed)


def guard_stored_times(sender: Any, connection: Any, **kwargs: Any) -> None:
    """``connection_created`` receiver: install the guarded loaders on a new PostgreSQL connection
    (SQLite reads through ``superbiz.sqlite``, whose converters call the functions above)."""
    if connection.vendor == "postgresql":
        _postgres_loaders(connection)
