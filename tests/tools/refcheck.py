"""The evidence-ref invariant every invocation must satisfy (DESIGN §4)."""

from __future__ import annotations

from diagnosis.models import ToolInvocation
from diagnosis.schemas.evidence import MAX_REF_TEXT_CHARS, EvidenceRef
from diagnosis.tools import k8s, knowledge, logs, metrics
from diagnosis.tools.base import bounded
from diagnosis.tools.pointer import resolve_pointer

RENDERERS = {
    "records": logs.render_record,
    "alerts": metrics.render_alert,
    "series": metrics.render_series,
    "hits": knowledge.render_hit,
    **k8s.RENDERERS,
}


def assert_refs_resolve(invocation: ToolInvocation) -> None:
    """Every raw_path resolves into output, and its text is that element's bounded rendering."""
    refs = invocation.evidence_refs
    if invocation.status != ToolInvocation.Status.SUCCESS:
        assert refs == []
    for ref in refs:
        EvidenceRef.model_validate(ref)
        element = resolve_pointer(invocation.output, ref["raw_path"])
        list_key = ref["raw_path"].split("/")[1]
        assert ref["text"] == bounded(RENDERERS[list_key](element))
        assert len(ref["text"]) <= MAX_REF_TEXT_CHARS
