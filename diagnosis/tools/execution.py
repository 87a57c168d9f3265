"""Running a tool call with a deadline.

A tool runs in a short-lived worker thread and the caller waits at most
``settings.TOOL_TIMEOUT_S``; on timeout the call is reported as failed and the worker is left to
finish on its own (a daemon thread: Python cannot kill a thread, and every backend call is
bounded anyway).

Database access from the worker: the worker *borrows the caller's connection* (Django's
thread-sharing, as LiveServerThread does) instead of opening its own. That way a tool sees
exactly what the caller sees — including rows written in the caller's still-open transaction
(tests, or a run wrapped in ``atomic``) — and no connection is opened or leaked per call. The
worker only reads; the caller is blocked while it works. After a timeout the caller may use the
connection again while a late worker still holds it: psycopg 3 connections serialise concurrent
use with their own lock and SQLite is compiled serialised, so the worst case is a wait, and
nothing the worker does writes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from django.db import connections

T = TypeVar("T")


class ToolTimeout(Exception):
    pass


def run_with_deadline(fn: Callable[[], T], *, timeout: float, name: str = "tool") -> T:
    """``fn()`` in a worker thread; its result, its exception re-raised, or ``ToolTimeout``."""
    shared = {alias: connections[alias] for alias in connections}
    for conn in shared.values():
        conn.inc_thread_sharing()
    box: dict[str, object] = {}
    done = threading.Event()

    def target() -> None:
        try:
            for alias, conn in shared.items():
                connections[alias] = conn
            box["result"] = fn()
        except BaseException as exc:  # re-raised in the caller
            box["error"] = exc
        finally:
            for conn in shared.values():
                conn.dec_thread_sharing()
            done.set()

    worker = threading.Thread(target=target, name=f"tool-{name}", daemon=True)
    worker.start()
    if not done.wait(timeout):
        raise ToolTimeout(f"timed out after {timeout:g}s")
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    return box["result"]  # type: ignore[return-value]
