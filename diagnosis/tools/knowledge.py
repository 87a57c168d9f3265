"""lookup_knowledge: BM25 over runbook chunks, Chinese and English, top-k with scores."""

from __future__ import annotations

from typing import Any

from contracts.evidence import MAX_REFS_PER_INVOCATION
from contracts.pointer import make_pointer
from diagnosis.retrieval.synonyms import expand
from diagnosis.retrieval.tokenize import tokenize_query
from diagnosis.tools.arguments import LookupKnowledgeArgs
from diagnosis.tools.backends import KnowledgeBackend
from diagnosis.tools.base import ToolContext, ToolOutcome, bounded, evidence_ref

MAX_HIT_TEXT_CHARS = 2000


def run(args: LookupKnowledgeArgs, ctx: ToolContext) -> ToolOutcome:
    backend: KnowledgeBackend = ctx.backend("knowledge")
    terms = tokenize_query(args.query)
    if terms:
        result = backend.search_knowledge(expand(terms), top_k=args.top_k)
        hits, total_chunks = result.hits[: args.top_k], result.total_chunks
    else:
        hits, total_chunks = [], 0
    output = {
        # the query itself is the service's /query element (diagnosis.tools.query_ref)
        "hits": [
            {
                "document_title": hit.document_title,
                "source": hit.source,
                "heading_path": hit.heading_path,
                "text": bounded(hit.text, MAX_HIT_TEXT_CHARS),
                "score": hit.score,
            }
            for hit in hits
        ],
        "total_chunks": total_chunks,
    }
    details = {"backend": getattr(backend, "name", ""), "query_terms": terms[:50]}
    return ToolOutcome(output=output, result_count=len(hits), details=details)


def heading_label(hit: dict[str, Any]) -> str:
    """ "{title} / {heading}": the heading path, prefixed with the title unless it already is."""
    title, path = hit.get("document_title") or "", hit.get("heading_path") or ""
    if not path:
        return title
    if not title or path == title or path.startswith(title + " / "):
        return path
    return f"{title} / {path}"


def render_hit(hit: dict[str, Any]) -> str:
    """ "数据库连接池耗尽处理手册 / 处理方案: 临时扩大连接池上限；…"."""
    return f"{heading_label(hit)}: {hit['text']}"


def refs(output: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        evidence_ref(
            make_pointer("hits", i),
            render_hit(hit),
            source_id=hit.get("source") or "",
            label=heading_label(hit),
        )
        for i, hit in enumerate(output.get("hits", [])[:MAX_REFS_PER_INVOCATION])
    ]
