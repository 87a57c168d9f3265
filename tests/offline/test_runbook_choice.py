"""The 建议 come from the runbook whose title names what the confirmed evidence shows (a timeout
line → the upstream-timeout runbook), not from the runbook the search happened to rank first
(the connection-pool runbook, pulled up by the service description's terms); when that runbook's
guidance sections were not retrieved, the executor reads it by its title.

Regression for the evaluate finding "支付服务昨天下午 4 点 40 左右是不是有超时？ → connection-pool
runbook" — on other names and runbooks than the demo's."""

from __future__ import annotations

import pytest

from diagnosis.agents.offline.refs import Ref
from diagnosis.agents.offline.runbooks import (
    ranked_documents,
    runbook_guidance,
    runbook_to_read,
    symptom_weights,
    title_match,
)
from diagnosis.models import ToolInvocation
from tests.offline.ledger_world import TIMEOUT_RUNBOOK, load_ledger_world
from tests.offline.running import ask, plan_and_execute, section_lines


def hit(title: str, heading: str, text: str, score: float, invocation: str = "inv_3") -> Ref:
    path = f"{title} / {heading}" if heading else title
    return Ref(
        invocation_id=invocation,
        tool_name="lookup_knowledge",
        round=1,
        raw_path="/hits/0",
        text=f"{path}: {text}",
        kind="hit",
        element={"document_title": title, "heading_path": path, "text": text, "score": score},
        service="",
    )


def line(symptoms: set[str]) -> Ref:
    return Ref(
        "inv_1",
        "query_logs",
        1,
        "/records/0",
        "x",
        "log",
        {},
        "billing-service",
        symptoms=frozenset(symptoms),
    )


POOL = "连接池排障手册"
TIMEOUT = "上游超时排查手册"
HITS = [
    hit(POOL, "", "pgbouncer 连接池", 10.7),
    hit(POOL, "处理方案", "- 临时调大 pgbouncer 连接池 default_pool_size。", 6.2),
    hit(POOL, "常见原因", "- 长事务占住连接池。", 5.0),
    hit(TIMEOUT, "", "外部上游超时", 3.7),
    hit(TIMEOUT, "处理方案", "- 切换备用渠道并对超时请求做幂等重试。", 2.8),
]


def test_a_title_naming_the_evidence_symptoms_outranks_the_search_score():
    weights = symptom_weights([line({"timeout", "error"})], ["timeout"])
    assert title_match(TIMEOUT, weights) > 0 and title_match(POOL, weights) == 0
    assert ranked_documents(HITS) == [POOL, TIMEOUT]  # search order
    assert ranked_documents(HITS, weights) == [TIMEOUT]  # evidence order; the unrelated one dropped
    _, actions = runbook_guidance(HITS, weights)
    assert [a["action"] for a in actions] == ["切换备用渠道并对超时请求做幂等重试。"]


def test_pool_evidence_keeps_the_pool_runbook():
    weights = symptom_weights([line({"connection_pool", "timeout"}), line({"connection_pool"})], [])
    assert ranked_documents(HITS, weights)[0] == POOL


def test_with_no_title_naming_the_evidence_the_search_order_stands_unless_a_match_is_required():
    weights = symptom_weights([line({"disk"})], [])
    assert ranked_documents(HITS, weights) == [POOL, TIMEOUT]
    assert ranked_documents(HITS, weights, require_match=True) == []


def test_the_runbook_to_read_is_the_matching_one_missing_its_guidance_sections():
    weights = symptom_weights([line({"timeout"})], ["timeout"])
    assert runbook_to_read(HITS, weights) == TIMEOUT  # its 常见原因 was not retrieved
    complete = [*HITS, hit(TIMEOUT, "常见原因", "- 外部渠道抖动或限流。", 2.0)]
    assert runbook_to_read(complete, weights) == ""


# --- On a loaded world, through the real tools -----------------------------------------------------
@pytest.fixture
def ledger(db):
    load_ledger_world()


QUESTION = "账单服务下午三点五十左右是不是有超时？"


@pytest.mark.django_db
def test_a_timeout_question_gets_the_timeout_runbooks_actions(ledger, api_user):
    run, plan, contract = plan_and_execute(api_user, QUESTION)
    planned = next(s for s in plan.steps if s.tool == "lookup_knowledge")
    first = ToolInvocation.objects.filter(run=run, tool_name="lookup_knowledge").order_by("seq").first()
    # the planned search (service description terms) ranks the pool runbook first …
    assert first.arguments["query"] == planned.arguments["query"]
    assert first.output["hits"][0]["document_title"] == "连接池排障手册"
    # … the evidence is a timeout, so the timeout runbook is read and guides
    read = ToolInvocation.objects.filter(run=run, arguments__query__startswith="上游超时排查手册")
    assert read.count() == 1
    actions = [a["action"] for a in contract["recommended_actions"]]
    assert actions and all(a.strip("- ") in TIMEOUT_RUNBOOK for a in actions)


@pytest.mark.django_db
def test_the_answers_advice_comes_from_the_timeout_runbook(ledger, api_user):
    run = ask(api_user, QUESTION)
    advice = section_lines(run.final_answer, "建议")
    assert advice and all("渠道" in a for a in advice), run.final_answer
