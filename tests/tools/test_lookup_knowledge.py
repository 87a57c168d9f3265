"""lookup_knowledge: BM25 over runbook chunks for Chinese and English queries."""

from __future__ import annotations

import pytest

from diagnosis.evidence.knowledge import knowledge_document_ingest
from diagnosis.models import ToolInvocation
from diagnosis.tools.service import tool_invocation_execute
from tests.tools.builders import builder_scope, make_runbooks
from tests.tools.refcheck import assert_refs_resolve

pytestmark = pytest.mark.django_db


def call(run, **arguments):
    return tool_invocation_execute(run=run, round_no=1, tool_name="lookup_knowledge", arguments=arguments)


@pytest.fixture
def runbooks(db):
    return make_runbooks()


def top(inv):
    return inv.output["hits"][0]


def test_chinese_query_finds_the_chinese_runbook_chunk(run, runbooks):
    inv = call(run, query="数据库连接池耗尽")
    assert inv.status == ToolInvocation.Status.SUCCESS
    assert top(inv)["document_title"] == "数据库连接池耗尽处理手册"
    assert top(inv)["source"] == "runbooks/db-pool.md"
    assert {h["document_title"] for h in inv.output["hits"][:3]} == {"数据库连接池耗尽处理手册"}
    assert inv.output["query"]["arguments"]["query"] == "数据库连接池耗尽"
    assert inv.output["total_chunks"] == 6
    assert_refs_resolve(inv)


def test_question_about_remediation_prefers_the_section_titled_so(run, runbooks):
    inv = call(run, query="连接池耗尽 处理方案")
    assert top(inv)["heading_path"] == "数据库连接池耗尽处理手册 / 处理方案"
    ref = inv.retrieval_details["evidence_refs"][0]
    assert ref == {
        "raw_path": "/hits/0",
        "text": "数据库连接池耗尽处理手册 / 处理方案: 临时扩大连接池上限；排查慢查询与连接泄漏。",
        "source_id": "runbooks/db-pool.md",
        "label": "数据库连接池耗尽处理手册 / 处理方案",
    }


def test_english_words_in_the_runbook_are_found_by_an_english_query(run, runbooks):
    inv = call(run, query="HikariPool connection is not available")
    assert top(inv)["heading_path"] == "数据库连接池耗尽处理手册 / 告警说明"


def test_english_query_reaches_chinese_runbooks_through_synonyms(run, runbooks):
    assert top(call(run, query="connection pool exhausted"))["document_title"] == "数据库连接池耗尽处理手册"
    assert top(call(run, query="disk full"))["document_title"] == "磁盘空间不足处理手册"
    assert top(call(run, query="OOMKilled restart"))["document_title"] == "容器内存溢出处理手册"


def test_hits_are_ranked_by_descending_score_and_bounded_by_top_k(run, runbooks):
    inv = call(run, query="处理手册 处理方案 排查", top_k=2)
    scores = [h["score"] for h in inv.output["hits"]]
    assert len(scores) == 2
    assert scores == sorted(scores, reverse=True) and all(s > 0 for s in scores)


def test_query_with_nothing_in_common_is_no_hit(run, runbooks):
    inv = call(run, query="量子计算机")
    assert inv.status == ToolInvocation.Status.NO_HIT
    assert inv.output["hits"] == []
    assert [r["raw_path"] for r in inv.retrieval_details["evidence_refs"]] == ["/query"]  # only the query itself


def test_query_of_only_stopwords_is_no_hit(run, runbooks):
    assert call(run, query="是什么 的 the").status == ToolInvocation.Status.NO_HIT


def test_empty_knowledge_base_is_no_hit(run, db):
    inv = call(run, query="数据库连接池耗尽")
    assert inv.status == ToolInvocation.Status.NO_HIT
    assert inv.output["total_chunks"] == 0


def test_plain_text_document_title_prefixes_the_ref_text(run, db):
    knowledge_document_ingest(
        title="值班须知", source="notes/oncall.txt", content="支付服务告警先看连接池。", scope=builder_scope()
    )
    ref = call(run, query="连接池").retrieval_details["evidence_refs"][0]
    assert ref["text"] == "值班须知: 支付服务告警先看连接池。"
