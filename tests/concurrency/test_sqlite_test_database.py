"""On the embedded default the tests run on the database a first user runs: a WAL file with the
busy timeout (superbiz/settings.py), not Django's in-memory shared-cache database. There a thread
that writes while another connection has a read open — the run's worker beside the SSE stream —
was refused at once with "database table is locked" (shared-cache table locks know no busy
timeout): two stream tests failed that way in CI, on a race the product itself never meets."""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, connections


@pytest.mark.django_db(transaction=True)
def test_a_thread_writes_while_another_connection_has_a_read_open():
    if connection.vendor != "sqlite":
        pytest.skip("the embedded SQLite default only (PostgreSQL's readers never block writers)")
    user_model = get_user_model()
    user_model.objects.bulk_create([user_model(username=f"reader-{n}") for n in range(3)])
    with connection.cursor() as cursor:
        assert cursor.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        cursor.execute(f"SELECT id FROM {user_model._meta.db_table}")
        cursor.fetchone()  # the statement stays open: a read in progress, as the stream's poll
        errors: list[BaseException] = []

        def write() -> None:
            try:
                user_model.objects.create(username="writer")
            except BaseException as exc:  # noqa: BLE001 - reported to the test below
                errors.append(exc)
            finally:
                connections.close_all()

        worker = threading.Thread(target=write)
        worker.start()
        worker.join(timeout=30)
        cursor.fetchall()
    assert errors == []
    assert user_model.objects.filter(username="writer").exists()
