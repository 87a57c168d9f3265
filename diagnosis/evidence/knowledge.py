"""Knowledge ingestion: one Markdown/text document → a KnowledgeDocument and its searchable chunks.

Per evidence scope, idempotent by ``(source, sha256(content))``: ingesting an identical document again returns the
existing row and writes nothing. A *changed* document under the same ``source`` replaces the
older version(s) (their chunks go with them), so retrieval never returns two versions of one
runbook. Another scope's documents are never touched. Everything happens in one transaction: a document is never visible without its chunks.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.db import IntegrityError, transaction

from diagnosis.models import EvidenceBundle, EvidenceScope, KnowledgeChunk, KnowledgeDocument
from diagnosis.retrieval.chunking import chunk_markdown
from diagnosis.retrieval.tokenize import tokenize

MAX_CONTENT_BYTES = 200 * 1024
MAX_TITLE_CHARS = 300
MAX_SOURCE_CHARS = 300

ERROR_EMPTY = "知识文档的 {field} 不能为空 ({field} must not be empty)"
ERROR_NUL = "知识文档的 {field} 含有 NUL 字节 ({field} must not contain NUL bytes)"
ERROR_TOO_LONG = "知识文档的 {field} 过长: {size} > {limit} ({field} is too long)"
ERROR_NO_CHUNKS = "知识文档没有可检索的正文 (document has no searchable text)"


def content_hash(content: str) -> str:
    return hashlib.sha256(content.encode("utf-8")).hexdigest()


def _validated(field: str, value: Any, *, limit: int, unit: str = "chars") -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(ERROR_EMPTY.format(field=field))
    if "\x00" in value:
        raise ValueError(ERROR_NUL.format(field=field))
    size = len(value.encode("utf-8")) if unit == "bytes" else len(value)
    if size > limit:
        raise ValueError(ERROR_TOO_LONG.format(field=field, size=f"{size} {unit}", limit=f"{limit} {unit}"))
    return value


def knowledge_document_ingest(
    *,
    title: str,
    source: str,
    content: str,
    scope: EvidenceScope,
    bundle: EvidenceBundle | None = None,
    uploaded_by: Any = None,
) -> KnowledgeDocument:
    """Create (or return the identical existing) document of ``scope`` with its chunks.

    Raises ``ValueError`` with a clear message for empty fields, NUL bytes, oversize content or a
    document with no text to search.
    """
    title = _validated("title", title, limit=MAX_TITLE_CHARS).strip()
    source = _validated("source", source, limit=MAX_SOURCE_CHARS).strip()
    content = _validated("content", content, limit=MAX_CONTENT_BYTES, unit="bytes")
    digest = content_hash(content)

    documents = KnowledgeDocument.objects.for_scope(scope)
    existing = documents.filter(source=source, content_hash=digest).first()
    if existing is not None:
        return existing

    chunks = chunk_markdown(title, content)
    if not chunks:
        raise ValueError(ERROR_NO_CHUNKS)

    try:
        with transaction.atomic():
            documents.filter(source=source).exclude(content_hash=digest).delete()
            document = KnowledgeDocument.objects.create(
                scope=scope,
                title=title,
                source=source,
                content=content,
                content_hash=digest,
                bundle=bundle,
                uploaded_by=uploaded_by,
            )
            rows = []
            for seq, chunk in enumerate(chunks, start=1):
                terms = tokenize(f"{chunk.heading_path}\n{chunk.text}")
                rows.append(
                    KnowledgeChunk(
                        document=document,
                        seq=seq,
                        heading_path=chunk.heading_path,
                        text=chunk.text,
                        tokens=" ".join(terms),
                        token_count=len(terms),
                    )
                )
            KnowledgeChunk.objects.bulk_create(rows)
    except IntegrityError:
        # A concurrent ingest of the same document won the unique (source, content_hash) race.
        existing = documents.filter(source=source, content_hash=digest).first()
        if existing is None:
            raise
        return existing
    return document
