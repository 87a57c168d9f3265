"""The redesign of issue 28 changes no behaviour: every question of the demo suite, of every
evaluation world and of the odd set gets the same outcome, verdict and answer text, and the same
audit record (its normalised SHA-256), as recorded in ``tests/golden/answers.json`` before the move.

A deliberate change of behaviour regenerates the file (``python -m tests.golden.record --write``)
in its own commit and says why; ``--explain world/name`` prints one run's normalised audit to diff.
"""

from __future__ import annotations

import json

import pytest

from tests.golden.record import GOLDEN

pytestmark = [pytest.mark.golden, pytest.mark.django_db]


@pytest.fixture(scope="module")
def recorded(offline_answers) -> dict[str, dict[str, str]]:
    return offline_answers.golden


@pytest.fixture(scope="module")
def golden() -> dict[str, dict[str, str]]:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


def test_every_golden_question_is_still_asked(recorded, golden):
    assert sorted(recorded) == sorted(golden)


@pytest.mark.parametrize("field", ["outcome", "verdict", "answer"])
def test_every_answer_is_byte_identical_to_the_golden_record(recorded, golden, field):
    changed = {name: (golden[name][field], recorded[name][field]) for name in golden
               if name in recorded and recorded[name][field] != golden[name][field]}
    assert changed == {}


def test_every_audit_record_is_identical_to_the_golden_record(recorded, golden):
    changed = [name for name in golden if name in recorded and recorded[name]["audit"] != golden[name]["audit"]]
    assert changed == [], "diff one with: python -m tests.golden.record --explain " + (changed[0] if changed else "")
