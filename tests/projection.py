"""Typed verified projections for tests that write them as plain data (the Gatekeeper's
``VerifiedOutput`` / ``VerifiedEvidence``): fields a test leaves out get neutral defaults."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from contracts.gatekeeper import VerifiedEvidence, VerifiedOutput


def _binding(binding: Mapping[str, Any]) -> dict[str, Any]:
    return {"source_type": "tool", "tool_name": "query_logs", "source_invocation_id": "inv_1", "raw_path": "/records/0",
            "evidence_excerpt": "", **binding}


def _claim(claim: Mapping[str, Any]) -> dict[str, Any]:
    data = {"claim_type": "observation", "claim_text": str(claim.get("text") or ""), "support_level": "direct",
            **{k: v for k, v in claim.items() if k not in ("text", "evidence")}}
    data["evidence_bindings"] = [_binding(b) for b in claim.get("evidence_bindings") or []]
    return data


def _item(value: Any, key: str) -> Any:
    return {key: value} if isinstance(value, str) else value


def verified_output(data: Mapping[str, Any] | VerifiedOutput | None = None) -> VerifiedOutput:
    if isinstance(data, VerifiedOutput):
        return data
    data = dict(data or {})
    return VerifiedOutput.model_validate({
        **data,
        "claims": [_claim(c) for c in data.get("claims") or []],
        "hypotheses": [_item(h, "text") for h in data.get("hypotheses") or []],
        "recommended_actions": [_item(a, "action") for a in data.get("recommended_actions") or []],
        "missing_info": [_item(m, "item") for m in data.get("missing_info") or []],
    })


def verified_evidence(items: Iterable[Mapping[str, Any] | VerifiedEvidence] = ()) -> list[VerifiedEvidence]:
    return [item if isinstance(item, VerifiedEvidence) else VerifiedEvidence.model_validate(
        {"claim_id": "c1", "source_invocation_id": "inv_1", "tool_name": "query_logs", "raw_path": "/records/0",
         "matched_text": "", **item}) for item in items]
