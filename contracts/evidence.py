"""Shapes of evidence references (DESIGN §4 "Evidence references")."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

# Bounds: the text of one evidence ref, the number of refs per invocation.
MAX_REF_TEXT_CHARS = 1000
MAX_REFS_PER_INVOCATION = 50


class EvidenceRef(BaseModel):
    """One addressable element of a tool invocation's output.

    ``raw_path`` is an RFC 6901 JSON Pointer into the invocation's ``output``; ``text`` is the
    system-side text of that element — what an Executor excerpt must be supported by. The tool
    writes these, never the model.
    """

    model_config = ConfigDict(extra="forbid")

    raw_path: str
    text: str = Field(max_length=MAX_REF_TEXT_CHARS)
    source_id: str = ""
    label: str = ""


class RetrievalDetails(BaseModel):
    model_config = ConfigDict(extra="allow")

    evidence_refs: list[EvidenceRef] = Field(default_factory=list)
