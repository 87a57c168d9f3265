"""Text that names nothing to diagnose gets a Chinese clarification — outcome ``clarify``, no
verdict, no tool call — never a diagnosis (issue 24: "asdf;lkj ####!!! ??? 12345" PASSed with 8
statements about payment-service). English questions, and a follow-up leaning on its session,
are still diagnosed."""

from __future__ import annotations

import pytest

from diagnosis.composer.templates import CLARIFY
from diagnosis.models import DiagnosisRun
from tests.answers.helpers import answer_model, ask

pytestmark = pytest.mark.django_db
CLARIFY_HEAD = CLARIFY.split("：")[0]


@pytest.mark.parametrize(
    "text",
    ["asdf;lkj ####!!! ??? 12345", "🔥🔥🔥😱😱", "SELECT * FROM auth_user; DROP TABLE diagnosis_run; --", "？？？",
     "10:05", "今天天气怎么样？"],
)
def test_a_non_question_gets_a_clarification_without_tools_or_verdict(demo, api_user, text):
    run = ask(api_user, text)
    assert run.outcome == DiagnosisRun.Outcome.CLARIFY and run.verdict == ""
    assert run.final_answer.startswith(CLARIFY_HEAD)
    assert "payment-service" in run.final_answer  # the loaded services are named, as a hint
    assert not run.tool_invocations.exists()
    assert answer_model(run)["outcome"] == "clarify"


def test_an_english_question_is_still_diagnosed(demo, api_user):
    run = ask(api_user, "Why is payment-service returning HTTP 500 since 10:05?")
    assert run.outcome == DiagnosisRun.Outcome.PASS
    assert "HikariPool" in run.final_answer or "连接池" in run.final_answer


def test_a_follow_up_that_only_names_a_time_leans_on_its_session(demo, api_user):
    first = ask(api_user, "payment-service 10:05 开始大量 500，原因是什么？")
    followup = ask(api_user, "那 10:20 呢？", session=first.session)
    assert followup.outcome != DiagnosisRun.Outcome.CLARIFY
    assert followup.tool_invocations.exists()
