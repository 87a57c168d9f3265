"""In-process wake-ups for whoever watches a run's progress (issue 30: CPU per run).

The SSE stream of an inline run reads the run's OrchestrationEvent rows — the database stays the
one source of what it sends, the same rows a Celery run writes — but the writer of those rows is a
thread of the same process. So instead of querying every ``POLL_S`` while the run waits on its
model (≈ 30 reads per run under load, each a thread hop and an ORM query), the stream sleeps until
the writer says a batch is stored: ``progress_notify`` after each events INSERT commits. A
notification carries no data, so a lost or spurious one costs at most one read; the stream keeps
a fallback timeout of its own.

A Celery run's writer is a worker process: ``diagnosis.audit.progress_relay`` carries its
notifications over Redis to every web process, where they arrive through ``progress_notify`` too.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

_lock = threading.Lock()
_watchers: dict[str, set[tuple[asyncio.AbstractEventLoop, asyncio.Event]]] = {}


def progress_notify(run_id: Any) -> None:
    """Wake every watcher of ``run_id`` in this process (from any thread)."""
    with _lock:
        watchers = tuple(_watchers.get(str(run_id), ()))
    for loop, event in watchers:
        try:
            loop.call_soon_threadsafe(event.set)
        except RuntimeError:
            continue  # the watcher's loop is closed: it is gone, and unregisters itself


def progress_notify_all() -> None:
    """Wake every watcher in this process: whatever it missed (e.g. while the Redis relay was
    reconnecting) is read at once instead of after its fallback timeout."""
    with _lock:
        run_ids = tuple(_watchers)
    for run_id in run_ids:
        progress_notify(run_id)


@contextmanager
def progress_watch(run_id: Any) -> Iterator[asyncio.Event]:
    """An event of the running loop, set whenever ``run_id``'s writer stores progress."""
    key = str(run_id)
    entry = (asyncio.get_running_loop(), asyncio.Event())
    with _lock:
        _watchers.setdefault(key, set()).add(entry)
    try:
        yield entry[1]
    finally:
        with _lock:
            watchers = _watchers.get(key)
            if watchers is not None:
                watchers.discard(entry)
                if not watchers:
                    del _watchers[key]
