"""Default time windows: when a question gives no (or half a) window, look at the last hour
before "now" (the reference clock), and record the effective window in the output."""

from __future__ import annotations

from datetime import datetime, timedelta

DEFAULT_WINDOW = timedelta(hours=1)


def resolve_window(start: datetime | None, end: datetime | None, now: datetime) -> tuple[datetime, datetime]:
    if start is not None and end is not None:
        return start, end
    if start is None and end is None:
        return now - DEFAULT_WINDOW, now
    if start is not None:
        # "from 10:05 on" means up to now; a start after now gets a one-hour window of its own.
        return start, now if start < now else start + DEFAULT_WINDOW
    assert end is not None
    return end - DEFAULT_WINDOW, end
