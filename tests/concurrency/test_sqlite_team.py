"""The embedded default serves a small team (issue 9, item 1): several people chatting at once on
the SQLite file of a first run all get real answers — no ``database is locked`` fallbacks, every
run saved and finished."""

from __future__ import annotations

import pytest

from tests.concurrency.sqlite_team import chat_storm, prepare_team_db, run_rows, team_server

USERS = 4
PER_USER = 6


@pytest.fixture(scope="module")
def team_db(tmp_path_factory):
    db_path = tmp_path_factory.mktemp("team") / "db.sqlite3"
    return db_path, prepare_team_db(db_path, USERS)


def test_four_people_chatting_at_once_on_sqlite_all_get_real_answers(team_db):
    db_path, tokens = team_db
    with team_server(db_path) as base_url:
        tally = chat_storm(base_url, tokens, PER_USER)
    assert tally.statuses == [201] * (USERS * PER_USER), tally.statuses
    assert tally.fallback_reasons == [], tally.fallback_reasons
    rows = {row[0]: row for row in run_rows(db_path)}
    asked = [run_id.replace("-", "") for run_id in tally.run_ids]
    assert sorted(asked) == sorted(rows)  # runs saved = 2xx responses, nothing else
    assert {rows[r][1] for r in asked} == {"completed"}
    assert "fallback" not in {rows[r][2] for r in asked}


def test_the_database_file_is_in_wal_mode_after_first_use(team_db):
    import sqlite3

    db_path, _ = team_db
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
