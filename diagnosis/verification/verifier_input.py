"""The canonical Verifier input (DESIGN §5.3; spec 001 "Verifier SHALL consume explicit
verification inputs").

The payload has exactly these keys and nothing else — no raw Executor text, no tool trace
summary, no Planner reasoning, no prompt text:

- ``diagnosis_context``: ``original_query``, ``round``, ``mode``, ``reference_time``, ``timezone``;
- ``verified_executor_output``: the Gatekeeper projection's ``answer_version`` and claims (claims
  with ≥ 1 passed binding, only passed bindings) — no hypotheses, recommended actions or missing
  info (``bounded_projection`` still bounds those for the Composer);
- ``verified_evidence``: one item per passed binding (claim_id, source_invocation_id, tool_name,
  raw_path, matched_text);
- ``gatekeeper_audit``: the Gatekeeper's own audit fields plus binding *counts* — failed
  bindings' material never reaches the Verifier (spec "only passed bindings are available");
- ``verdict_ceiling``;
- ``retry_context``: only in the evidence-retry round.

The payload is bounded (claims, evidence items, string lengths); anything cut is reported in
``VerifierInput.truncation`` (persisted by the graph, not sent). It is serialised once per round
(``canonical_json``); a technical re-ask sends the very same string.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from contracts.gatekeeper import GatekeeperResult, VerifiedClaim, VerifiedEvidence, VerifiedOutput
from contracts.verdict import Verdict
from contracts.verifier import EvidenceGap

M = TypeVar("M", bound=BaseModel)

MAX_CLAIMS: Final = 40
MAX_BINDINGS_PER_CLAIM: Final = 8
MAX_EVIDENCE_ITEMS: Final = 120
MAX_TEXT_CHARS: Final = 1_200  # claim text, excerpts, matched text
MAX_QUERY_CHARS: Final = 2_000
MAX_LIST_ITEMS: Final = 20  # hypotheses / recommended actions / missing info / gaps
MAX_SHORT_CHARS: Final = 400
MAX_AUDIT_LINES: Final = 20
MAX_SUPPLEMENTARY_IDS: Final = 100

#: What the Verifier sees of the projection.
VERIFIER_OUTPUT_KEYS: Final[tuple[str, ...]] = ("answer_version", "claims")

PAYLOAD_KEYS: Final[tuple[str, ...]] = (
    "diagnosis_context",
    "verified_executor_output",
    "verified_evidence",
    "gatekeeper_audit",
    "verdict_ceiling",
    "retry_context",
)


def canonical_json(obj: Any) -> str:
    """Sorted keys, fixed separators, no ASCII escaping: one byte sequence per value."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class VerifierInput:
    payload: dict[str, Any]
    text: str
    truncation: list[str] = field(default_factory=list)

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()

    @property
    def claim_ids(self) -> list[str]:
        return [c["claim_id"] for c in self.payload["verified_executor_output"].get("claims", [])]


class _Cutter:
    def __init__(self) -> None:
        self.notes: list[str] = []

    def text(self, value: Any, limit: int, where: str) -> str:
        value = "" if value is None else str(value)
        if len(value) <= limit:
            return value
        self.notes.append(f"{where}: {len(value)} chars cut to {limit}")
        return value[: limit - 1] + "…"

    def items(self, values: Sequence[Any], limit: int, where: str) -> list[Any]:
        values = list(values)
        if len(values) <= limit:
            return values
        self.notes.append(f"{where}: {len(values)} items cut to {limit}")
        return values[:limit]


def _bounded(model: M, cut: _Cutter, where: str) -> M:
    """``model`` with every text field cut to MAX_TEXT_CHARS (in field order, as persisted)."""
    update = {
        name: cut.text(value, MAX_TEXT_CHARS, f"{where}.{name}")
        for name, info in type(model).model_fields.items()
        if not info.exclude and isinstance(value := getattr(model, name), str)
    }
    return model.model_copy(update=update)


def bounded_projection(
    verified_output: VerifiedOutput, verified_evidence: Sequence[VerifiedEvidence]
) -> tuple[VerifiedOutput, list[VerifiedEvidence], list[str]]:
    """Cap claims, bindings, evidence items and string lengths. Evidence items follow the claims
    that were kept, so every evidence item belongs to a claim the Verifier sees."""
    cut = _Cutter()
    claims: list[VerifiedClaim] = []
    for i, claim in enumerate(cut.items(verified_output.claims, MAX_CLAIMS, "claims")):
        bindings = cut.items(claim.evidence_bindings, MAX_BINDINGS_PER_CLAIM, f"claims[{i}].evidence_bindings")
        claim = _bounded(claim, cut, f"claims[{i}]")
        claims.append(claim.model_copy(update={"evidence_bindings": [
            _bounded(b, cut, f"claims[{i}].evidence_bindings[{j}]") for j, b in enumerate(bindings)
        ]}))
    lists = {
        key: [_bounded(item, cut, f"{key}[{i}]")
              for i, item in enumerate(cut.items(getattr(verified_output, key), MAX_LIST_ITEMS, key))]
        for key in ("hypotheses", "recommended_actions", "missing_info")
    }
    kept_bindings = {(c.claim_id, b.source_invocation_id, b.raw_path) for c in claims for b in c.evidence_bindings}
    evidence = [e for e in verified_evidence if (e.claim_id, e.source_invocation_id, e.raw_path) in kept_bindings]
    if len(evidence) < len(verified_evidence):
        cut.notes.append(f"verified_evidence: {len(verified_evidence) - len(evidence)} items of cut claims/bindings left out")
    evidence = cut.items(evidence, MAX_EVIDENCE_ITEMS, "verified_evidence")
    # Keep claims and evidence consistent: a binding whose evidence item was cut goes too, and a
    # claim left without any verified evidence is not shown to the Verifier at all.
    kept_refs = {(e.claim_id, e.source_invocation_id, e.raw_path) for e in evidence}
    claims = [
        c.model_copy(update={"evidence_bindings": [
            b for b in c.evidence_bindings if (c.claim_id, b.source_invocation_id, b.raw_path) in kept_refs
        ]})
        for c in claims
    ]
    left_out = [c.claim_id for c in claims if not c.evidence_bindings]
    if left_out:
        cut.notes.append(f"claims: {len(left_out)} left out because their verified evidence was cut ({', '.join(left_out[:10])})")
        claims = [c for c in claims if c.evidence_bindings]
    evidence = [
        e.model_copy(update={"matched_text": cut.text(e.matched_text, MAX_TEXT_CHARS, f"verified_evidence[{i}].matched_text")})
        for i, e in enumerate(evidence)
    ]
    output = VerifiedOutput(answer_version=verified_output.answer_version, claims=claims, **lists)
    return output, evidence, cut.notes


def gatekeeper_audit(gatekeeper_result: GatekeeperResult) -> dict[str, Any]:
    """The Gatekeeper's audit without failed bindings' material: status, severity, rule set,
    failed rules, warnings, errors and binding counts."""
    checked = gatekeeper_result.checked_bindings
    passed = sum(1 for b in checked if b.passed)

    def lines(values: Sequence[str]) -> list[str]:
        return [str(v)[:MAX_SHORT_CHARS] for v in values][:MAX_AUDIT_LINES]

    return {
        "status": gatekeeper_result.status,
        "severity": gatekeeper_result.severity,
        "rule_set_version": gatekeeper_result.rule_set_version,
        "failed_rules": list(gatekeeper_result.failed_rules),
        "warnings": lines(gatekeeper_result.warnings),
        "errors": lines(gatekeeper_result.errors),
        "bindings": {"total": len(checked), "passed": passed, "failed": len(checked) - passed},
    }


class RetryContext(BaseModel):
    """``retry_context`` of the evidence-retry round (DESIGN §5.3): the previous verdict, the valid
    critical gaps and — once the round's Executor ran — the supplementary invocation ids. Sent to
    the Verifier (``model_dump``) and persisted in ``verifier_evaluation.retry_context``."""

    model_config = ConfigDict(extra="allow", frozen=True)

    previous_verdict: Verdict
    # The gaps the retry round is asked to close, their texts bounded (``build_retry_context``).
    evidence_gaps: list[EvidenceGap] = Field(default_factory=list)
    supplementary_invocation_ids: list[str] = Field(default_factory=list)

    def with_supplementary(self, invocation_ids: Sequence[str]) -> RetryContext:
        return self.model_copy(update={"supplementary_invocation_ids": list(invocation_ids)[:MAX_SUPPLEMENTARY_IDS]})


def build_retry_context(
    *, previous_verdict: str, evidence_gaps: Sequence[EvidenceGap], supplementary_invocation_ids: Sequence[str]
) -> RetryContext:
    cut = _Cutter()
    return RetryContext(
        previous_verdict=Verdict(previous_verdict),
        evidence_gaps=[
            # Every key given (a gap's extra keys dropped), so the Verifier and the planner see all five.
            EvidenceGap(
                claim_id=g.claim_id,
                gap=cut.text(g.gap, MAX_SHORT_CHARS, "gap"),
                is_critical=bool(g.is_critical),
                suggested_tool=g.suggested_tool,
                suggested_query=cut.text(g.suggested_query, MAX_SHORT_CHARS, "suggested_query"),
            )
            for g in list(evidence_gaps)[:MAX_LIST_ITEMS]
        ],
        supplementary_invocation_ids=list(supplementary_invocation_ids)[:MAX_SUPPLEMENTARY_IDS],
    )


def build_verifier_input(
    *,
    question: str,
    round_no: int,
    mode: str,
    reference_time: str,
    timezone: str,
    verified_output: VerifiedOutput,
    verified_evidence: Sequence[VerifiedEvidence],
    gatekeeper_result: GatekeeperResult,
    verdict_ceiling: str,
    retry_context: RetryContext | None = None,
) -> VerifierInput:
    """Build and serialise the round's Verifier input (call once per round)."""
    output, evidence, notes = bounded_projection(verified_output, verified_evidence)
    cut = _Cutter()
    payload: dict[str, Any] = {
        "diagnosis_context": {
            "original_query": cut.text(question, MAX_QUERY_CHARS, "diagnosis_context.original_query"),
            "round": round_no,
            "mode": mode,
            "reference_time": reference_time,
            "timezone": timezone,
        },
        # Claims only: hypotheses, recommended actions and missing info are Executor material the
        # Verifier does not check (spec 001 "the Verifier reads only projected claims and verified
        # claim-local evidence"); the Composer gets them through its own material.
        "verified_executor_output": output.model_dump(include=set(VERIFIER_OUTPUT_KEYS), exclude_none=True),
        "verified_evidence": [e.model_dump() for e in evidence],
        "gatekeeper_audit": gatekeeper_audit(gatekeeper_result),
        "verdict_ceiling": verdict_ceiling,
    }
    if retry_context is not None:
        payload["retry_context"] = retry_context.model_dump(mode="json")
    return VerifierInput(payload=payload, text=canonical_json(payload), truncation=notes + cut.notes)
