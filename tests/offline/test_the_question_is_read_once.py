"""The question is read once per run (issue 28): the planner node reads it in its session
(``conversation.resolve``: its facts and its window, once each) and every provider's planner and
executor gets that ``Reading``; none of them reads the text again."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.reading import conversation, entities, time_expressions
from tests.offline.running import ask

pytestmark = pytest.mark.django_db

QUESTION = "payment-service 10:05 开始大量 500，原因是什么？"
ENTRY_POINTS = [(conversation, "resolve"), (entities, "analyse"), (time_expressions, "resolve_window")]


@pytest.fixture
def demo(db):
    evidence_bundle_load(data=DEMO_BUNDLE_PATH.read_bytes(), source_name="demo_bundle.json")


@pytest.fixture
def reads(monkeypatch) -> Counter[str]:
    """How often each reading entry point is called on the question, wherever it was imported."""
    counts: Counter[str] = Counter()

    def counting(name: str, original: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if (args[0] if args else kwargs.get("question")) == QUESTION:
                counts[name] += 1
            return original(*args, **kwargs)

        return wrapper

    for module, name in ENTRY_POINTS:
        original, wrapper = getattr(module, name), counting(name, getattr(module, name))
        for loaded in [m for key, m in list(sys.modules.items()) if key.startswith("diagnosis.") and m is not None]:
            if getattr(loaded, name, None) is original:
                monkeypatch.setattr(loaded, name, wrapper)
    return counts


def test_one_offline_run_reads_the_question_once(api_user, demo, reads):
    run = ask(api_user, QUESTION)
    assert run.final_answer
    assert reads == {"resolve": 1, "analyse": 1, "resolve_window": 1}
