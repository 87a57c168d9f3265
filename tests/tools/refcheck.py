"""The evidence-ref invariant every invocation must satisfy (DESIGN §4)."""

from __future__ import annotations

from contracts.elements import AlertElement, LogRecord, SeriesSummary
from contracts.evidence import MAX_REF_TEXT_CHARS, EvidenceRef
from contracts.pointer import resolve_pointer
from diagnosis.models import ToolInvocation
from diagnosis.tools import k8s, knowledge
from diagnosis.tools.base import bounded
from diagnosis.tools.element_text import render_alert, render_record, render_series
from diagnosis.tools.query_ref import QUERY_RAW_PATH, query_text

RENDERERS = {
    "records": lambda e: render_record(LogRecord.model_validate(e)),
    "alerts": lambda e: render_alert(AlertElement.model_validate(e)),
    "series": lambda e: render_series(SeriesSummary.model_validate(e)),
    "hits": knowledge.render_hit,
    **k8s.RENDERERS,
}


def assert_refs_resolve(invocation: ToolInvocation) -> None:
    """Every raw_path resolves into output, and its text is that element's bounded rendering."""
    refs = invocation.evidence_refs
    answered = (ToolInvocation.Status.SUCCESS, ToolInvocation.Status.NO_HIT)
    if invocation.status not in answered:
        assert refs == []
    elif invocation.evidence_bearing:
        # DESIGN §10.1: one system-side /query element, also on a no-hit (then the only ref)
        assert [r["raw_path"] for r in refs].count(QUERY_RAW_PATH) == 1
        if invocation.status == ToolInvocation.Status.NO_HIT:
            assert [r["raw_path"] for r in refs] == [QUERY_RAW_PATH]
    for ref in refs:
        EvidenceRef.model_validate(ref)
        element = resolve_pointer(invocation.output, ref["raw_path"])
        if ref["raw_path"] == QUERY_RAW_PATH:
            rendered = query_text(element["tool"], element["arguments"], element["window"], element["count"])
            assert element["text"] == rendered and element["tool"] == invocation.tool_name
            assert ref["text"] == bounded(rendered)
        else:
            list_key = ref["raw_path"].split("/")[1]
            assert ref["text"] == bounded(RENDERERS[list_key](element))
        assert len(ref["text"]) <= MAX_REF_TEXT_CHARS
