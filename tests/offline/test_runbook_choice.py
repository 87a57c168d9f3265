"""The 建议 come from the runbook whose title names what the confirmed evidence shows (a timeout
line → the upstream-timeout runbook), not from the runbook the search happened to rank first
(the connection-pool runbook, pulled up by the service description's terms); when that runbook's
guidance sections were not retrieved, the executor reads it by its title.

Regression for the evaluate finding "支付服务昨天下午 4 点 40 左右是不是有超时？ → connection-pool
runbook" — on other names and runbooks than the demo's."""

from __future__ import annotations

import pytest

from contracts.composer import ConfirmedEvidence, ConfirmedItem
from contracts.elements import LogRecord
from diagnosis.agents.offline.followups import evidence_knowledge_query
from diagnosis.agents.offline.refs import Ref, innermost
from diagnosis.agents.offline.runbooks import (
    ranked_documents,
    runbook_guidance,
    runbook_to_read,
    symptom_weights,
    title_match,
)
from diagnosis.agents.offline.selection import Candidate
from diagnosis.composer.advice import RUNBOOK_FIT_MIN, runbook_fit, title_terms
from diagnosis.models import ToolInvocation
from diagnosis.reading.entities import evidence_symptoms
from diagnosis.tools.element_text import render_record
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
DISK = "磁盘卷空间处理手册"
# The planned lookup (the question's words + the service description: pgbouncer 连接池) ranks the
# pool runbook first; the lookup by the evidence's own terms (超时 …) is listed first, as the
# executor lists it.
PLANNED = [
    hit(POOL, "", "pgbouncer 连接池", 10.7, "inv_3"),
    hit(POOL, "处理方案", "- 临时调大 pgbouncer 连接池 default_pool_size。", 6.2, "inv_3"),
    hit(TIMEOUT, "", "外部上游超时", 3.7, "inv_3"),
]
BY_EVIDENCE = [
    hit(TIMEOUT, "常见原因", "- 外部渠道抖动或限流。", 6.4, "inv_5"),
    hit(DISK, "常见原因", "- 归档文件未清理。", 5.1, "inv_5"),
    hit(POOL, "常见原因", "- 长事务占住连接池。", 3.9, "inv_5"),
    hit(DISK, "处理方案", "- 清理过期归档并扩容数据卷。", 3.8, "inv_5"),
]
HITS = BY_EVIDENCE + PLANNED


def test_the_lookup_by_the_evidence_terms_leads_not_the_planned_search():
    assert ranked_documents(PLANNED)[0] == POOL  # the planned search alone
    assert ranked_documents(HITS)[0] == DISK  # by the evidence lookup's summed scores (8.9 vs 6.4)


def test_a_title_naming_the_evidence_symptom_counts_half_again_and_drops_the_unnamed():
    weights = symptom_weights([line({"timeout", "error"})], ["timeout"])
    assert title_match(TIMEOUT, weights) > 0 and title_match(DISK, weights) == title_match(POOL, weights) == 0
    assert ranked_documents(HITS, weights) == [TIMEOUT]
    hypotheses, _ = runbook_guidance(HITS, weights)
    assert [h["text"] for h in hypotheses] == ["外部渠道抖动或限流。"]


def test_among_named_runbooks_the_evidence_lookup_picks_the_mechanism():
    pool_first = [
        hit(POOL, "常见原因", "- 长事务占住连接池。", 30.0, "inv_5"),
        hit(TIMEOUT, "常见原因", "- 外部渠道抖动或限流。", 10.0, "inv_5"),
    ]
    # a pool line that timed out: both titles name a symptom of it, the search decides
    weights = symptom_weights([line({"connection_pool", "timeout"}), line({"timeout"})], ["timeout"])
    assert title_match(TIMEOUT, weights) > title_match(POOL, weights) > 0
    assert ranked_documents(pool_first, weights) == [POOL, TIMEOUT]


def test_with_no_title_naming_the_evidence_the_search_order_stands_and_nothing_is_read():
    weights = symptom_weights([line({"cpu"})], ["cpu"])
    assert ranked_documents(HITS, weights) == [DISK, TIMEOUT, POOL]
    assert runbook_to_read(HITS, weights) == ""
    assert ranked_documents(HITS, weights, require_match=True) == []


def test_a_listing_takes_only_named_runbooks_best_named_first():
    weights = symptom_weights([line({"connection_pool"}), line({"connection_pool"}), line({"timeout"})], [])
    assert ranked_documents(HITS, weights, require_match=True) == [POOL, TIMEOUT]


def test_the_runbook_to_read_is_the_leading_named_one_missing_its_guidance_sections():
    weights = symptom_weights([line({"timeout"})], ["timeout"])
    assert runbook_to_read(HITS, weights) == TIMEOUT  # its 处理方案 was not retrieved
    complete = [*HITS, hit(TIMEOUT, "处理方案", "- 切换备用渠道并对超时请求做幂等重试。", 2.0, "inv_6")]
    assert runbook_to_read(complete, weights) == ""


def test_an_exception_chain_is_looked_up_by_its_innermost_cause():
    chain = ("POST /api/order -> 500 (org.springframework.jdbc.CannotGetJdbcConnectionException: Failed to obtain "
             "JDBC Connection; nested exception is java.sql.SQLTransientConnectionException: HikariPool-1 - "
             "Connection is not available. Caused by: org.postgresql.util.PSQLException: FATAL: sorry, too many "
             "clients already)")  # fmt: skip
    assert innermost(chain) == "org.postgresql.util.PSQLException: FATAL: sorry, too many clients already)"
    assert innermost("HikariPool-1 - Connection is not available (active=50)") == (
        "HikariPool-1 - Connection is not available (active=50)"
    )  # no chain: the whole line
    record = {"timestamp": "2026-11-28T10:05:12+08:00", "service": "order-service", "level": "ERROR", "message": chain}
    text = render_record(LogRecord.model_validate(record))
    log = Ref("inv_1", "query_logs", 1, "/records/0", text, "log", record, "order-service", "ERROR", "10:05:12")
    query = evidence_knowledge_query([Candidate("log", [log], 30.0, "")])
    assert "PSQLException" in query and "HikariPool" not in query and "CannotGetJdbcConnectionException" not in query


def test_the_database_refusing_connections_is_no_application_pool_symptom():
    refused = evidence_symptoms("PSQLException: FATAL: remaining connection slots are reserved for superuser")
    assert "connection_limit" in refused and "connection_pool" not in refused
    assert "connection_pool" in evidence_symptoms("HikariPool-1 - Connection is not available, request timed out")
    assert evidence_symptoms("PostgreSQL 连接数打满（too many clients）处理手册", implied=False) == {"connection_limit"}


def test_a_title_quoting_an_error_fits_by_its_content_words():
    confirmed = [ConfirmedItem(claim_id="c1", text="org.postgresql.util.PSQLException: FATAL: remaining connection slots are reserved",
                               evidence=[ConfirmedEvidence(matched_text="db-01 连接数 397，达到 max_connections 400 的 99%")])]  # fmt: skip
    # "too" and "many" are no content: postgresql and 连接数 are two of its four content words.
    assert title_terms("PostgreSQL 连接数打满（too many clients）处理手册") == ["postgresql", "连接数", "打满", "clients"]
    assert runbook_fit("PostgreSQL 连接数打满（too many clients）处理手册", confirmed) >= RUNBOOK_FIT_MIN


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
    # … the evidence is a timeout: the runbooks are looked up by the evidence's terms, and the
    # timeout runbook — named by the evidence, leading that lookup — guides
    lookups = list(ToolInvocation.objects.filter(run=run, tool_name="lookup_knowledge").order_by("seq"))
    assert len(lookups) >= 2 and "超时" in lookups[1].arguments["query"]
    actions = [a["action"] for a in contract["recommended_actions"]]
    assert actions and all(a.strip("- ") in TIMEOUT_RUNBOOK for a in actions)


@pytest.mark.django_db
def test_the_answers_advice_comes_from_the_timeout_runbook(ledger, api_user):
    run = ask(api_user, QUESTION)
    advice = section_lines(run.final_answer, "建议")
    assert advice and all("渠道" in a for a in advice), run.final_answer
