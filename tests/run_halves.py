"""The whole suite as two pytest processes at once, one per core (the README's test command).

Usage:  DATABASE_URL=postgres://postgres@127.0.0.1:5432/superbiz .venv/bin/python -m tests.run_halves [pytest args]

The test directories are split into two halves that have run side by side for many rounds
without sharing anything but Redis and the machine: the analysis, its surfaces and the golden
answers (``offline``, ``api``, ``admin``, ``web``, ``evaluation``, ``golden``) and everything else. Each half gets its own database:
the second half's is the first's name with ``_b`` appended (created on PostgreSQL when missing;
a SQLite file of its own). Every argument is passed to both halves; an ``--ignore=DIR`` of a test
directory leaves that directory out. Each half's output goes to ``test-artifacts/pytest-*.log``
and is printed whole when the half ends; the exit status is the first failing half's (0 when both
pass).

``TEST_HALVES=1`` runs one pytest over everything instead (a machine with one core, or a debugger).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
#: The first half: the analysis, what shows it and the golden answers (measured on this 2-core
#: machine on 2026-12-07: 34 min, of which ~17 min is the one run of every offline question that the
#: golden records and the world floors share; 28 min for the rest, at the same time).
FIRST = ("offline", "api", "admin", "web", "evaluation", "golden")
ARTIFACTS = ROOT / "test-artifacts"


def _second_url(url: str) -> str:
    """The second half's database: ``…/superbiz`` → ``…/superbiz_b``; ``sqlite:///x.db`` → ``x_b.db``."""
    if url.startswith("sqlite"):
        stem, dot, ext = url.rpartition(".")
        return f"{stem}_b.{ext}" if dot and "/" not in ext else f"{url}_b"
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"{parts.path.rstrip('/')}_b"))


def _ensure_postgres_database(url: str) -> None:
    """Create the database of a PostgreSQL ``url`` when it does not exist (its test database is
    made from its name; the server's maintenance database is where it is created)."""
    parts = urlsplit(url)
    if not parts.scheme.startswith("postgres"):
        return
    import psycopg

    name = parts.path.lstrip("/")
    admin = urlunsplit(parts._replace(scheme="postgresql", path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone() is None:
            conn.execute(f'CREATE DATABASE "{name}"')


def _halves(args: list[str]) -> tuple[list[str], list[str], list[str]]:
    """(first half's dirs, second half's dirs, the other arguments)."""
    ignored = {Path(a.split("=", 1)[1]).name for a in args if a.startswith("--ignore=")}
    ignored |= {Path(args[i + 1]).name for i, a in enumerate(args[:-1]) if a == "--ignore"}
    dirs = sorted(p.name for p in (ROOT / "tests").iterdir() if p.is_dir() and (p / "__init__.py").exists())
    first = [f"tests/{d}" for d in dirs if d in FIRST and d not in ignored]
    second = [f"tests/{d}" for d in dirs if d not in FIRST and d not in ignored]
    return first, second, args


def main(argv: list[str]) -> int:
    python = sys.executable
    if os.environ.get("TEST_HALVES") == "1":
        return subprocess.call([python, "-m", "pytest", *argv], cwd=ROOT)
    url = os.environ.get("DATABASE_URL", "")
    first, second, args = _halves(argv)
    urls = [url, _second_url(url)] if url else ["", ""]
    if url:
        _ensure_postgres_database(urls[1])
    runs = []
    for name, dirs, db in (("first half", first, urls[0]), ("second half", second, urls[1])):
        env = {**os.environ, **({"DATABASE_URL": db} if db else {})}
        ARTIFACTS.mkdir(exist_ok=True)
        log = (ARTIFACTS / f"pytest-{name.split()[0]}-half.log").open("w+", encoding="utf-8")
        print(f"== {name}: {' '.join(dirs)} ({db or 'default database'})", flush=True)
        started = time.monotonic()
        proc = subprocess.Popen([python, "-m", "pytest", *dirs, *args], cwd=ROOT, env=env, stdout=log,
                                stderr=subprocess.STDOUT)
        runs.append((name, proc, log, started))
    status = 0
    pending = list(runs)
    while pending:
        for run in list(pending):
            name, proc, log, started = run
            if proc.poll() is None:
                continue
            pending.remove(run)
            log.seek(0)
            print(f"\n== {name} ended with status {proc.returncode} after {time.monotonic() - started:.0f} s", flush=True)
            sys.stdout.write(log.read())
            sys.stdout.flush()
            log.close()
            status = status or proc.returncode
        time.sleep(1)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
