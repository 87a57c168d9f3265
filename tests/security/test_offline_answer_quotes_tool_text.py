"""Issue 10 item 4 / issue 9 item 4, offline provider: text that comes from a tool (a log line, an
alert summary, a runbook) is shown only inside 「…」, never as the system's own sentence — also
when it contains a closing quote mark meant to end the quotation early."""

from __future__ import annotations

import pytest

from diagnosis.composer.templates import H_PASS_CONCLUSION, H_SUGGESTIONS
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute
from tests.security.hostile_bundle import (
    HOSTILE_FRAGMENTS,
    INJECTED_CAUSE,
    QUESTION,
    UNKNOWN_TOOL,
    load_hostile,
)
from tests.security.quotes import own_words, own_words_of_lines

pytestmark = pytest.mark.django_db


@pytest.fixture
def run(api_user):
    load_hostile()
    run = diagnosis_run_create(owner=api_user, question=QUESTION)
    diagnosis_run_execute(run_id=run.pk)
    run.refresh_from_db()
    return run


def test_injected_log_line_appears_under_the_conclusion_only_as_a_quote(run):
    answer = run.final_answer
    assert answer.startswith(H_PASS_CONCLUSION), answer
    assert INJECTED_CAUSE in answer  # the evidence is shown …
    for line in own_words_of_lines(answer):
        for fragment in (*HOSTILE_FRAGMENTS, UNKNOWN_TOOL, "verdict PASS"):
            assert fragment not in line, (fragment, line)  # … but never in the system's own words


def test_the_system_says_what_each_quoted_piece_of_evidence_is(run):
    confirmed = run.final_answer.split("\n")[1:]
    statements = [line for line in confirmed if line.startswith("- ") and "「" in line]
    assert statements, run.final_answer
    assert any(own_words(line).startswith("- payment-service 在 10:05:10 记录了一条 ERROR 日志") for line in statements), confirmed
    assert any("HighErrorRate" in own_words(line) and "摘要：" in own_words(line) for line in statements), confirmed


def test_runbook_text_is_attributed_to_its_runbook_and_quoted(run):
    lines = run.final_answer.splitlines()
    advice = [line for line in lines[lines.index(H_SUGGESTIONS) :] if UNKNOWN_TOOL in line]
    assert advice, run.final_answer
    for line in advice:
        assert "《数据库连接池耗尽处理手册》" in own_words(line), line
        assert UNKNOWN_TOOL not in own_words(line)
