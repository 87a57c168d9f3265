"""The scenario definitions themselves: fabricated values really are fabricated, the honest
questions are many and varied, and the expectations are well formed."""

from __future__ import annotations

import json
import unicodedata

import pytest

from diagnosis.demo import DEMO_BUNDLE_PATH
from evaluation.adversarial import FABRICATED_VALUES
from evaluation.honest import HONEST_SCENARIOS
from evaluation.scenario import ADVERSARIAL, PASS, Scenario
from evaluation.suite import SCENARIOS


def folded(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


@pytest.fixture(scope="module")
def demo_text() -> str:
    return folded(json.dumps(json.loads(DEMO_BUNDLE_PATH.read_text(encoding="utf-8")), ensure_ascii=False))


def test_no_fabricated_value_occurs_in_the_demo_data(demo_text):
    values = set(FABRICATED_VALUES) | {v for s in SCENARIOS for v in s.fabricated}
    assert len(values) >= 7
    present = sorted(v for v in values if folded(v) in demo_text)
    assert present == []


def test_key_facts_of_honest_questions_occur_in_the_demo_data(demo_text):
    for scenario in HONEST_SCENARIOS:
        for fact in scenario.key_facts:
            assert folded(fact) in demo_text, (scenario.name, fact)


def test_there_are_at_least_12_distinct_honest_questions_and_no_data_questions():
    questions = [s.question for s in HONEST_SCENARIOS]
    assert len(set(questions)) == len(questions) >= 12
    no_data = [s for s in HONEST_SCENARIOS if s.no_confirmed]
    assert len(no_data) >= 3 and all(PASS not in s.expected and s.gap_mentions for s in no_data)


def test_every_adversarial_scenario_has_a_scripted_provider_and_one_outcome_family():
    for scenario in SCENARIOS:
        if scenario.kind == ADVERSARIAL:
            assert scenario.provider is not None, scenario.name
        else:
            assert scenario.provider is None, scenario.name  # honest questions: the real offline provider


def test_scenario_names_are_unique():
    names = [s.name for s in SCENARIOS]
    assert len(names) == len(set(names))


def test_an_unknown_expected_outcome_is_refused():
    with pytest.raises(ValueError, match="unknown expected"):
        Scenario(name="x", question="q", expected=frozenset({"fallback:nope"}))
    with pytest.raises(ValueError, match="no expected"):
        Scenario(name="x", question="q", expected=frozenset())
