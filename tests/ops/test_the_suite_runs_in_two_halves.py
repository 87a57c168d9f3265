"""The README's test command (``tests.run_halves``): every test directory runs in exactly one of
the two halves, each half on a database of its own, and CI calls the command the README shows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.run_halves import FIRST, _halves, _second_url

ROOT = Path(__file__).resolve().parents[2]


def _test_dirs() -> set[str]:
    return {f"tests/{p.name}" for p in (ROOT / "tests").iterdir() if p.is_dir() and (p / "__init__.py").exists()}


def test_every_test_directory_runs_in_exactly_one_half():
    first, second, _ = _halves([])
    assert set(first) | set(second) == _test_dirs()
    assert not set(first) & set(second)
    assert {d.removeprefix("tests/") for d in first} == set(FIRST)


def test_an_ignored_directory_runs_in_neither_half_and_the_arguments_reach_both():
    args = ["-m", "not postgres", "--ignore=tests/evaluation", "--ignore", "tests/deploy", "-q"]
    first, second, passed = _halves(args)
    assert "tests/evaluation" not in first + second and "tests/deploy" not in first + second
    assert passed == args


@pytest.mark.parametrize(
    ("url", "second"),
    [
        ("postgres://postgres@127.0.0.1:5432/superbiz", "postgres://postgres@127.0.0.1:5432/superbiz_b"),
        ("sqlite:///ci-sqlite.db", "sqlite:///ci-sqlite_b.db"),
        ("sqlite:////tmp/run.sqlite3", "sqlite:////tmp/run_b.sqlite3"),
    ],
)
def test_the_second_half_gets_a_database_of_its_own(url, second):
    assert _second_url(url) == second


def test_ci_runs_the_test_command_the_readme_shows():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    tests = readme.split("## Tests", 1)[1]
    command = re.search(r"```bash\n(.+?)\n```", tests, re.S).group(1).strip()
    assert "tests.run_halves" in command
    assert command in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
