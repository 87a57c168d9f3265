"""The question is read once per run (issue 28): the planner node reads it in its session
(``conversation.resolve``: its facts and its window, once each) and every provider's planner and
executor gets that ``Reading``; none of them reads the text again — not for the Kubernetes state
it calls for (``QuestionFacts.k8s_triggers``), whether it asks up to now (``Reading.until_now``),
nor whether a follow-up plan is narrow (``QuestionFacts.confirm``)."""

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
#: Names Kubernetes state (重启) and the span up to now (一直), and asks to confirm (吗).
STILL_RESTARTING = "payment-service 的 pod 一直在重启吗？"
FOLLOW_UP = "那它的 P99 呢？"  # a follow-up plan: the executor reads it through the plan's asked
WATCHED = (QUESTION, STILL_RESTARTING, FOLLOW_UP)
ENTRY_POINTS = [(conversation, "resolve"), (entities, "analyse"), (time_expressions, "resolve_window")]
#: The smaller checks of the question's words, each made once where the question is read.
CHECKS = [(time_expressions, "says_until_now"), (entities, "k8s_triggers"), (entities, "asks")]
ONCE = {"resolve": 1, "analyse": 1, "resolve_window": 1, "says_until_now": 1, "k8s_triggers": 1, "asks confirm": 1}


@pytest.fixture
def demo(db):
    evidence_bundle_load(data=DEMO_BUNDLE_PATH.read_bytes(), source_name="demo_bundle.json")


@pytest.fixture
def reads(monkeypatch) -> dict[str, Counter[str]]:
    """How often each reading entry point and check is called on each watched question, wherever
    it was imported (``asks`` only for the confirm words: the narrow-scope check)."""
    counts: dict[str, Counter[str]] = {question: Counter() for question in WATCHED}

    def counting(name: str, original: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            text = kwargs.get("question", args[1] if name == "asks" else args[0] if args else None)
            if text in counts and (name != "asks" or args[0] == "confirm"):
                counts[text]["asks confirm" if name == "asks" else name] += 1
            return original(*args, **kwargs)

        return wrapper

    for module, name in [*ENTRY_POINTS, *CHECKS]:
        original, wrapper = getattr(module, name), counting(name, getattr(module, name))
        for loaded in [m for key, m in list(sys.modules.items()) if key.startswith("diagnosis.") and m is not None]:
            if getattr(loaded, name, None) is original:
                monkeypatch.setattr(loaded, name, wrapper)
    return counts


def test_one_offline_run_reads_the_question_once(api_user, demo, reads):
    run = ask(api_user, QUESTION)
    assert run.final_answer
    assert reads[QUESTION] == ONCE


def test_kubernetes_and_until_now_words_are_read_with_the_question_not_by_the_offline_agents(api_user, demo, reads):
    run = ask(api_user, STILL_RESTARTING)
    assert run.final_answer
    assert run.tool_invocations.filter(tool_name="query_k8s").exists()  # the planner acted on the trigger it was given
    assert reads[STILL_RESTARTING] == ONCE


def test_a_follow_up_plan_is_judged_narrow_without_reading_the_question_again(api_user, demo, reads):
    first = ask(api_user, QUESTION)
    run = ask(api_user, FOLLOW_UP, session=first.session)
    assert run.self_evaluation["verifier_evaluation"]["asked"]["source"] == "followup"
    assert reads[FOLLOW_UP] == ONCE
