"""knowledge_document_ingest(): idempotent, chunked, tokenised, validated."""

from __future__ import annotations

import pytest

from diagnosis.evidence.knowledge import MAX_CONTENT_BYTES, knowledge_document_ingest
from diagnosis.models import KnowledgeChunk, KnowledgeDocument
from tests.tools.builders import builder_scope

pytestmark = pytest.mark.django_db

RUNBOOK = """# 数据库连接池耗尽处理手册
## 告警说明
连接池耗尽时应用报 Connection is not available。
## 处理方案
临时扩大连接池上限；排查慢查询与连接泄漏。
"""


def ingest(**overrides):
    kwargs = {"title": "数据库连接池耗尽处理手册", "source": "runbooks/db-pool.md", "content": RUNBOOK}
    kwargs.setdefault("scope", builder_scope())
    kwargs.update(overrides)
    return knowledge_document_ingest(**kwargs)


def test_document_is_stored_with_tokenised_chunks():
    document = ingest()
    chunks = list(document.chunks.order_by("seq"))
    assert [c.seq for c in chunks] == [1, 2]
    assert chunks[1].heading_path == "数据库连接池耗尽处理手册 / 处理方案"
    assert "连接池" in chunks[1].tokens.split()
    assert "处理方案" in chunks[1].tokens.split()  # heading terms are searchable too
    assert chunks[1].token_count == len(chunks[1].tokens.split())


def test_identical_document_is_ingested_once():
    first = ingest()
    second = ingest()
    assert first.pk == second.pk
    assert KnowledgeDocument.objects.count() == 1
    assert KnowledgeChunk.objects.count() == 2


def test_changed_document_under_same_source_replaces_the_old_version():
    ingest()
    newer = ingest(content=RUNBOOK + "## 常见原因\n慢查询占用连接。\n")
    assert list(KnowledgeDocument.objects.values_list("pk", flat=True)) == [newer.pk]
    assert KnowledgeChunk.objects.count() == 3


def test_same_content_under_another_source_is_a_separate_document():
    ingest()
    ingest(source="runbooks/copy.md")
    assert KnowledgeDocument.objects.count() == 2


@pytest.mark.parametrize("field", ["title", "source", "content"])
def test_empty_fields_are_refused(field):
    with pytest.raises(ValueError, match=field):
        ingest(**{field: "   "})


@pytest.mark.parametrize("field", ["title", "source", "content"])
def test_nul_bytes_are_refused(field):
    with pytest.raises(ValueError, match="NUL"):
        ingest(**{field: "abc\x00def"})
    assert KnowledgeDocument.objects.count() == 0


def test_oversize_content_is_refused_with_a_clear_message():
    with pytest.raises(ValueError, match="too long"):
        ingest(content="长" * (MAX_CONTENT_BYTES // 3 + 1))
    assert KnowledgeDocument.objects.count() == 0


def test_document_without_searchable_text_is_refused():
    with pytest.raises(ValueError, match="searchable"):
        ingest(content="# 只有标题\n## 也只有标题\n")
    assert KnowledgeDocument.objects.count() == 0


def test_a_changed_document_replaces_only_its_own_scopes_version():
    other = builder_scope("another")
    kept = ingest(scope=other)
    newer = ingest(content=RUNBOOK + "\n## 补充\n观察等待线程数。\n")
    assert set(KnowledgeDocument.objects.values_list("pk", flat=True)) == {kept.pk, newer.pk}
    assert ingest(scope=other).pk == kept.pk  # identical content in its own scope: the same row
