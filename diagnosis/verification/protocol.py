"""The shared Verifier protocol parser (DESIGN §5.4; spec "Verifier SHALL output structured
JSON", "claim checks are mapped to legacy facts", "Verifier facts SHALL be auditable").

Every provider's Verifier reply goes through ``parse_verifier_reply`` — the offline agent gets no
shortcut. The reply must be exactly one JSON object (surrounding whitespace aside): prose, code
fences, two objects, arrays or truncated text are a *protocol failure* (the graph then re-asks
with the byte-identical input). A valid object is normalised against the round's verified
projection:

- ``evidence_refs`` that do not match a verified evidence item of the same claim are dropped and
  recorded (``dropped_evidence_refs``);
- claim checks for claim ids that were not in the verified output are dropped and recorded;
- a verified claim without a claim check counts as a critical ``unsupported`` check (recorded);
- a ``direct_observation`` whose cited refs were all invalid is downgraded to
  ``reasonable_inference`` (recorded): spec "a claim with fabricated … evidence references
  SHALL NOT be classified as direct_observation";
- ``facts_checked`` is derived from the claim checks through the fixed mapping when absent;
- the model's score is kept only as ``model_groundedness_score``.

Pure: no Django, no I/O.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from contracts.elements import QueryElement
from contracts.verdict import ClaimVerification, FactClass, Verdict
from contracts.verifier import CheckRef, ClaimCheck, EvidenceGap, FactCheck, VerifierOutput
from diagnosis.verification.query_claims import query_direct_allowed
from diagnosis.verification.verdict import (
    CLAIM_TO_FACT,
    DIRECT_OBSERVATION,
    DOWNGRADE_TARGET,
    FACT_CLASSES,
    UNSUPPORTED,
    VERIFICATIONS,
    fact_class_for,
)

MAX_REPLY_CHARS: Final = 200_000
MAX_CLAIM_CHECKS: Final = 200
MAX_GAPS: Final = 50
MAX_REFS_PER_CHECK: Final = 20
MAX_DETAIL_CHARS: Final = 1_000
MAX_RATIONALE_CHARS: Final = 2_000
MAX_RECORDED_DROPS: Final = 50
REF_KEYS: Final[tuple[str, ...]] = ("claim_id", "source_invocation_id", "tool_name", "raw_path")

# Protocol failure reasons (recorded in retry events and in verifier_evaluation).
FAIL_EMPTY: Final = "empty_reply"
FAIL_TOO_LONG: Final = "reply_too_long"
FAIL_NOT_JSON: Final = "not_json"
FAIL_NOT_OBJECT: Final = "not_a_json_object"
FAIL_TRAILING: Final = "text_outside_json_object"
FAIL_SCHEMA: Final = "schema_error"

DROP_UNKNOWN_CLAIM: Final = "claim_not_in_verified_output"
DROP_DUPLICATE_CLAIM: Final = "duplicate_claim_check"
DOWNGRADE_QUERY_NOT_RESTATED: Final = "query_scope_or_count_not_restated"
DROP_REF_UNMATCHED: Final = "ref_matches_no_verified_evidence"
DROP_REF_OTHER_CLAIM: Final = "ref_names_another_claim"
DROP_REF_EMPTY: Final = "ref_has_no_identifier"
DROP_REF_MALFORMED: Final = "ref_not_an_object"
DROP_REF_OVER_LIMIT: Final = "too_many_refs"


def _bounded(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _ClaimCheckIn(BaseModel):
    model_config = ConfigDict(extra="ignore")

    claim_id: str = Field(min_length=1, max_length=200)
    verification: ClaimVerification
    # Fail closed: a check that does not say whether it is critical counts as critical.
    is_critical: bool = True
    detail: str = ""
    evidence_refs: list[Any] = Field(default_factory=list)


class _FactIn(BaseModel):
    model_config = ConfigDict(extra="ignore")

    fact: str
    is_critical: bool = True
    verification: FactClass
    detail: str = ""
    evidence_refs: list[Any] = Field(default_factory=list)
    claim_id: str | None = None


class _GapIn(BaseModel):
    model_config = ConfigDict(extra="ignore")

    claim_id: str | None = None
    gap: str = Field(min_length=1)
    is_critical: bool = False
    suggested_tool: str | None = None
    suggested_query: str | None = None


class VerifierReply(BaseModel):
    """The reply the Verifier model writes (what its structured-output schema is made from)."""

    model_config = ConfigDict(extra="ignore")

    verdict: Verdict
    groundedness_score: float = Field(ge=0.0, le=1.0)
    critical_fact_count: int | None = Field(default=None, ge=0)
    claim_checks: list[_ClaimCheckIn] = Field(max_length=MAX_CLAIM_CHECKS)
    facts_checked: list[_FactIn] | None = None
    evidence_gaps: list[_GapIn] = Field(default_factory=list, max_length=MAX_GAPS)
    rationale: str = ""

    @field_validator("groundedness_score", mode="before")
    @classmethod
    def _real_number(cls, value: Any) -> Any:
        # JSON true/false and "0.7" strings are not scores; NaN/Infinity are not in [0, 1].
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError("groundedness_score must be a JSON number")
        if not math.isfinite(value):
            raise ValueError("groundedness_score must be finite")
        return value


@dataclass(frozen=True)
class ParseResult:
    """Either ``output`` (ok) or a protocol failure ``reason`` with bounded ``errors``."""

    output: VerifierOutput | None
    reason: str = ""
    errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.output is not None


def _failure(reason: str, *errors: str) -> ParseResult:
    return ParseResult(output=None, reason=reason, errors=[_bounded(e, 300) for e in errors][:10])


def extract_single_object(text: str) -> tuple[dict[str, Any] | None, str, str]:
    """Exactly one JSON object after stripping surrounding whitespace → (obj, "", "");
    otherwise (None, reason, message)."""
    if not isinstance(text, str) or not text.strip():
        return None, FAIL_EMPTY, "the reply is empty"
    if len(text) > MAX_REPLY_CHARS:
        return None, FAIL_TOO_LONG, f"the reply has {len(text)} characters (limit {MAX_REPLY_CHARS})"
    stripped = text.strip()
    try:
        value, end = json.JSONDecoder().raw_decode(stripped)
    except json.JSONDecodeError as exc:
        return None, FAIL_NOT_JSON, f"not JSON: {exc.msg} at {exc.pos}"
    except RecursionError:
        return None, FAIL_NOT_JSON, "not JSON: nested too deeply"
    if not isinstance(value, dict):
        return None, FAIL_NOT_OBJECT, f"the reply is a JSON {type(value).__name__}, not an object"
    if stripped[end:].strip():
        return None, FAIL_TRAILING, "text follows the JSON object"
    return value, "", ""


def _ref_identity(ref: Mapping[str, Any]) -> dict[str, str]:
    return {k: ref[k] for k in REF_KEYS if isinstance(ref.get(k), str) and ref.get(k)}


def _match_ref(
    ref: Any, claim_id: str, evidence_by_claim: Mapping[str, Sequence[Mapping[str, Any]]]
) -> tuple[dict[str, Any] | None, str]:
    """Return (kept_ref, "") or (None, drop_reason). A ref may name a subset of the identifying
    keys but must not contradict the verified evidence item it points at; it must stay within
    the checked claim's own evidence (claim-local evidence)."""
    if isinstance(ref, str) and ref:
        ref = {"source_invocation_id": ref}
    if not isinstance(ref, Mapping):
        return None, DROP_REF_MALFORMED
    given = _ref_identity(ref)
    if not given:
        return None, DROP_REF_EMPTY
    if given.get("claim_id", claim_id) != claim_id:
        return None, DROP_REF_OTHER_CLAIM
    matches = [
        item for item in evidence_by_claim.get(claim_id, ()) if all(item.get(k) == v for k, v in given.items())
    ]
    if not matches:
        return None, DROP_REF_UNMATCHED
    if len(matches) == 1:
        kept = {k: matches[0].get(k) for k in REF_KEYS}
    else:
        kept = {**given, "claim_id": claim_id}
    return kept, ""


def _record_drop(sink: list[dict[str, Any]], entry: dict[str, Any]) -> None:
    if len(sink) < MAX_RECORDED_DROPS:
        sink.append(entry)


def _safe_ref_echo(ref: Any) -> Any:
    if isinstance(ref, Mapping):
        return {k: _bounded(str(ref.get(k)), 120) for k in REF_KEYS if k in ref}
    return _bounded(str(ref), 120)


def parse_verifier_reply(
    text: str,
    *,
    verified_claims: Sequence[Mapping[str, Any]],
    verified_evidence: Sequence[Mapping[str, Any]],
    queries: Mapping[str, QueryElement],
) -> ParseResult:
    """Parse one raw Verifier reply against the round's verified projection (pure). ``queries``:
    the run's ``/query`` elements by invocation id (``verification.query_claims``)."""
    raw, reason, message = extract_single_object(text)
    if raw is None:
        return _failure(reason, message)
    try:
        reply = VerifierReply.model_validate(raw)
    except ValidationError as exc:
        return _failure(
            FAIL_SCHEMA,
            *(f"{'.'.join(str(p) for p in err['loc']) or '(top level)'}: {err['msg']}" for err in exc.errors()),
        )

    claim_text = {str(c.get("claim_id")): str(c.get("claim_text", "")) for c in verified_claims}
    claim_by_id = {str(c.get("claim_id")): c for c in verified_claims}
    evidence_by_claim: dict[str, list[Mapping[str, Any]]] = {}
    for item in verified_evidence:
        evidence_by_claim.setdefault(str(item.get("claim_id")), []).append(item)

    dropped_refs: list[dict[str, Any]] = []
    dropped_checks: list[dict[str, Any]] = []
    downgraded: list[dict[str, Any]] = []
    checks: list[ClaimCheck] = []
    seen: set[str] = set()
    for check in reply.claim_checks:
        if check.claim_id not in claim_text:
            _record_drop(dropped_checks, {"claim_id": _bounded(check.claim_id, 120), "reason": DROP_UNKNOWN_CLAIM})
            continue
        if check.claim_id in seen:
            _record_drop(dropped_checks, {"claim_id": check.claim_id, "reason": DROP_DUPLICATE_CLAIM})
            continue
        seen.add(check.claim_id)
        kept_refs: list[dict[str, Any]] = []
        for index, ref in enumerate(check.evidence_refs):
            if index >= MAX_REFS_PER_CHECK:
                _record_drop(dropped_refs, {"claim_id": check.claim_id, "ref": None, "reason": DROP_REF_OVER_LIMIT})
                break
            kept, drop_reason = _match_ref(ref, check.claim_id, evidence_by_claim)
            if kept is None:
                _record_drop(
                    dropped_refs, {"claim_id": check.claim_id, "ref": _safe_ref_echo(ref), "reason": drop_reason}
                )
            elif kept not in kept_refs:
                kept_refs.append(kept)
        verification = check.verification
        if verification == DIRECT_OBSERVATION and not evidence_by_claim.get(check.claim_id):
            # spec 001: a claim without matching verified evidence is never direct_observation
            verification = UNSUPPORTED
            downgraded.append({"claim_id": check.claim_id, "from": check.verification, "to": verification})
        elif verification == DIRECT_OBSERVATION and not query_direct_allowed(
            claim_by_id[check.claim_id], evidence_by_claim[check.claim_id], queries
        ):
            # DESIGN §10.1: resting only on /query elements, the claim must restate one exactly
            verification = UNSUPPORTED
            downgraded.append({"claim_id": check.claim_id, "from": check.verification, "to": verification,
                               "reason": DOWNGRADE_QUERY_NOT_RESTATED})
        elif verification == DIRECT_OBSERVATION and check.evidence_refs and not kept_refs:
            verification = DOWNGRADE_TARGET
            downgraded.append({"claim_id": check.claim_id, "from": check.verification, "to": verification})
        checks.append(ClaimCheck(claim_id=check.claim_id, verification=verification, is_critical=check.is_critical,
                                 detail=_bounded(check.detail, MAX_DETAIL_CHARS),
                                 evidence_refs=[CheckRef.model_validate(ref) for ref in kept_refs]))

    missing = [cid for cid in claim_text if cid not in seen]
    for cid in missing:
        checks.append(ClaimCheck(claim_id=cid, verification=UNSUPPORTED, is_critical=True,
                                 detail="Verifier 未给出该声明的检查结果，按无证据处理", evidence_refs=[], synthesized=True))

    if reply.facts_checked is not None:
        facts_source: Literal["model", "derived"] = "model"
        facts = []
        for fact in reply.facts_checked:
            refs = []
            for ref in fact.evidence_refs[:MAX_REFS_PER_CHECK]:
                fact_cid = fact.claim_id or (ref.get("claim_id") if isinstance(ref, Mapping) else None)
                kept, _ = _match_ref(ref, fact_cid, evidence_by_claim) if isinstance(fact_cid, str) else (None, "")
                if kept is not None:
                    refs.append(CheckRef.model_validate(kept))
            facts.append(
                FactCheck(
                    fact=_bounded(fact.fact, MAX_DETAIL_CHARS),
                    is_critical=fact.is_critical,
                    verification=fact.verification,
                    detail=_bounded(fact.detail, MAX_DETAIL_CHARS),
                    evidence_refs=refs,
                    # ``claim_id`` only when the model gave one (the stored row has no null key).
                    **({"claim_id": fact.claim_id} if fact.claim_id else {}),
                )
            )
    else:
        facts_source = "derived"
        facts = derive_facts_checked(checks, claim_text)

    gaps = [
        EvidenceGap(
            claim_id=g.claim_id,
            gap=_bounded(g.gap, MAX_DETAIL_CHARS),
            is_critical=g.is_critical,
            suggested_tool=g.suggested_tool,
            suggested_query=_bounded(g.suggested_query, 500) if g.suggested_query else g.suggested_query,
        )
        for g in reply.evidence_gaps
    ]
    output = VerifierOutput(
        verdict=reply.verdict,
        model_groundedness_score=float(reply.groundedness_score),
        model_critical_fact_count=reply.critical_fact_count,
        critical_fact_count=sum(1 for c in checks if c.is_critical),
        claim_checks=checks,
        facts_checked=facts,
        facts_checked_source=facts_source,
        evidence_gaps=gaps,
        rationale=_bounded(reply.rationale, MAX_RATIONALE_CHARS),
        dropped_evidence_refs=dropped_refs,
        dropped_claim_checks=dropped_checks,
        missing_claim_checks=missing,
        downgraded_claim_checks=downgraded,
    )
    return ParseResult(output=output)


def derive_facts_checked(claim_checks: Sequence[ClaimCheck], claim_text: Mapping[str, str]) -> list[FactCheck]:
    """Compatibility ``facts_checked`` from claim checks through the fixed mapping."""
    return [
        FactCheck(
            fact=claim_text.get(c.claim_id, ""),
            claim_id=c.claim_id,
            is_critical=c.is_critical is not False,
            verification=fact_class_for(c.verification),
            detail=c.detail,
            evidence_refs=list(c.evidence_refs),
        )
        for c in claim_checks
    ]


__all__ = [
    "CLAIM_TO_FACT",
    "FACT_CLASSES",
    "VERIFICATIONS",
    "ParseResult",
    "derive_facts_checked",
    "extract_single_object",
    "parse_verifier_reply",
]
