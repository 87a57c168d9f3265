"""Losing the database under a running graph: terminate this thread's PostgreSQL session from a
second connection, exactly as a failover, a server restart or an operator's
``pg_terminate_backend`` would, and wait until the server has ended it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import psycopg
from django.db import connection


def terminate_this_session() -> int:
    connection.ensure_connection()
    pid = connection.connection.info.backend_pid
    params = connection.settings_dict
    with psycopg.connect(
        dbname=params["NAME"],
        user=params["USER"] or None,
        password=params["PASSWORD"] or None,
        host=params["HOST"] or None,
        port=params["PORT"] or None,
        autocommit=True,
    ) as admin:
        row = admin.execute("SELECT pg_terminate_backend(%s, 5000)", [pid]).fetchone()
    assert row is not None and row[0] is True, f"backend {pid} was not terminated"
    return pid


def after_losing_the_database(item: Any, log: list[int]) -> Callable[..., Any]:
    """A scripted-agent item that terminates the session, then answers like ``item`` (a value,
    or a callable given the agent's arguments)."""

    def answer(*args: Any) -> Any:
        log.append(terminate_this_session())
        return item(*args) if callable(item) else item

    return answer
