"""Deterministic verdict arithmetic (DESIGN §5.5; spec "groundedness_score SHALL be derived from
fact classifications", the verdict scenarios of 001 and "Gatekeeper severity SHALL constrain
effective verdict").

Everything here is a pure function of plain data. The model's verdict is one input of three:
the effective verdict is the minimum of the model verdict, the rule verdict computed from the
claim checks, the Gatekeeper ceiling and the coverage verdict — so neither the model nor a lenient rule can ever
raise a result above what the deterministic layers allow.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from contracts.tools import LOOKUP_KNOWLEDGE, QUERY_K8S, QUERY_LOGS, QUERY_METRICS
from contracts.verdict import ClaimVerification, FactClass, Verdict
from contracts.verifier import ClaimCheck, EvidenceGap

PASS: Final = Verdict.PASS
LOW_CONFID: Final = Verdict.LOW_CONFID
REJECT: Final = Verdict.REJECT
VERDICTS: Final[tuple[Verdict, ...]] = (REJECT, LOW_CONFID, PASS)  # ascending
_RANK: Final[dict[str, int]] = {REJECT: 0, LOW_CONFID: 1, PASS: 2}


DIRECT_OBSERVATION: Final = ClaimVerification.DIRECT_OBSERVATION
REASONABLE_INFERENCE: Final = ClaimVerification.REASONABLE_INFERENCE
OVERSTATED: Final = ClaimVerification.OVERSTATED
UNSUPPORTED: Final = ClaimVerification.UNSUPPORTED
EXTERNAL_UNKNOWN: Final = ClaimVerification.EXTERNAL_UNKNOWN
CONTRADICTED: Final = ClaimVerification.CONTRADICTED
VERIFICATIONS: Final[tuple[ClaimVerification, ...]] = tuple(ClaimVerification)
#: Classifications that confirm a claim (what may be stated as a verified fact).
CONFIRMED: Final[frozenset[ClaimVerification]] = frozenset({DIRECT_OBSERVATION, REASONABLE_INFERENCE})

DIRECT_EVIDENCE: Final = FactClass.DIRECT_EVIDENCE
INDIRECT_SUPPORT: Final = FactClass.INDIRECT_SUPPORT
NO_EVIDENCE: Final = FactClass.NO_EVIDENCE
FACT_CONTRADICTED: Final = FactClass.CONTRADICTED
FACT_CLASSES: Final[tuple[FactClass, ...]] = tuple(FactClass)

#: Spec "claim checks are mapped to legacy facts" — the fixed mapping.
CLAIM_TO_FACT: Final[dict[str, FactClass]] = {
    DIRECT_OBSERVATION: DIRECT_EVIDENCE,
    REASONABLE_INFERENCE: INDIRECT_SUPPORT,
    OVERSTATED: INDIRECT_SUPPORT,
    UNSUPPORTED: NO_EVIDENCE,
    EXTERNAL_UNKNOWN: NO_EVIDENCE,
    CONTRADICTED: FACT_CONTRADICTED,
}

#: Spec "score derived from supported facts" — the fixed weights.
FACT_WEIGHTS: Final[dict[str, float]] = {DIRECT_EVIDENCE: 1.0, INDIRECT_SUPPORT: 0.6, NO_EVIDENCE: 0.0}

PASS_MIN_GROUNDEDNESS: Final = 0.5

#: Tools a valid evidence gap may name (the evidence-bearing tools; DESIGN §5.5).
EVIDENCE_TOOLS: Final[frozenset[str]] = frozenset({LOOKUP_KNOWLEDGE, QUERY_LOGS, QUERY_METRICS, QUERY_K8S})


def verdict_rank(verdict: str | None) -> int:
    """Rank of a verdict; anything unknown ranks as REJECT (fail closed)."""
    return _RANK.get(verdict or "", 0)


def verdict_min(*verdicts: str) -> Verdict:
    """The lowest of ``verdicts`` (REJECT < LOW_CONFID < PASS); unknown values count as REJECT."""
    if not verdicts:
        raise ValueError("verdict_min() needs at least one verdict")
    return VERDICTS[min(verdict_rank(v) for v in verdicts)]


def fact_class_for(verification: str) -> FactClass:
    """Map a claim-check verification to its legacy fact class (unknown → no_evidence)."""
    return CLAIM_TO_FACT.get(verification, NO_EVIDENCE)


def _critical(checks: Iterable[ClaimCheck]) -> list[ClaimCheck]:
    return [c for c in checks if c.is_critical is not False]


def groundedness_score(fact_classes: Sequence[str]) -> float:
    """Groundedness over the *critical* fact classes.

    0.0 if any is contradicted; else the mean of the fixed weights, clamped to [0, 1]; 0.0 when
    there is no critical fact (nothing critical was shown to be grounded).
    """
    if not fact_classes:
        return 0.0
    if any(cls == FACT_CONTRADICTED for cls in fact_classes):
        return 0.0
    mean = sum(FACT_WEIGHTS.get(cls, 0.0) for cls in fact_classes) / len(fact_classes)
    return min(1.0, max(0.0, mean))


def groundedness_from_claim_checks(claim_checks: Iterable[ClaimCheck]) -> float:
    """Groundedness of the critical claim checks, through the fixed fact mapping.

    The arithmetic always runs over the claim checks (the primary V2 result) rather than over a
    model-supplied ``facts_checked`` list, which may disagree with them.
    """
    return groundedness_score([fact_class_for(c.verification) for c in _critical(claim_checks)])


def rule_verdict(claim_checks: Iterable[ClaimCheck]) -> Verdict:
    """The verdict the spec's rules allow for these claim checks (critical ones decide).

    - any critical ``contradicted`` → REJECT;
    - no critical claim → LOW_CONFID (nothing critical is grounded);
    - PASS iff ≥ 1 critical ``direct_observation``, every critical one is ``direct_observation``
      or ``reasonable_inference``, and groundedness ≥ 0.5;
    - otherwise (only inference, or some unsupported / external_unknown / overstated) → LOW_CONFID.
    """
    critical = _critical(list(claim_checks))
    kinds = [c.verification for c in critical]
    if CONTRADICTED in kinds:
        return REJECT
    if not kinds:
        return LOW_CONFID
    if (
        DIRECT_OBSERVATION in kinds
        and all(k in (DIRECT_OBSERVATION, REASONABLE_INFERENCE) for k in kinds)
        and groundedness_from_claim_checks(critical) >= PASS_MIN_GROUNDEDNESS
    ):
        return PASS
    return LOW_CONFID


def effective_verdict(*, model_verdict: str, rule_verdict: str, ceiling: str, coverage: str = PASS) -> Verdict:
    """min(model, rule, ceiling, coverage) — the ceiling is a hard upper bound independent of the
    model, and the coverage verdict (``verification.coverage``: PASS only when the confirmed
    claims answer what was asked) is another."""
    return verdict_min(model_verdict, rule_verdict, ceiling, coverage)


def is_valid_gap(gap: EvidenceGap, verified_claim_ids: Iterable[str]) -> bool:
    """A gap that can drive an evidence retry: it refers to a verified claim and names an
    evidence-bearing tool (DESIGN §5.5)."""
    return (
        gap.claim_id is not None
        and gap.claim_id in set(verified_claim_ids)
        and gap.suggested_tool in EVIDENCE_TOOLS
    )


def valid_critical_gaps(gaps: Iterable[EvidenceGap], verified_claim_ids: Iterable[str]) -> list[EvidenceGap]:
    ids = set(verified_claim_ids)
    return [g for g in gaps if g.is_critical is True and is_valid_gap(g, ids)]


def evidence_retry_qualifies(
    *,
    effective: str,
    ceiling: str,
    evidence_gaps: Iterable[EvidenceGap],
    verified_claim_ids: Iterable[str],
    evidence_retry_count: int,
    coverage_gap: EvidenceGap | None = None,
) -> bool:
    """Spec 001 "LOW_CONFID qualifies for evidence retry": effective LOW_CONFID, ceiling PASS, ≥ 1
    valid critical gap and no retry yet. No groundedness threshold, no feature flag. A coverage
    gap (the verified claims do not answer the question; it names an evidence tool) is a critical
    gap like any other — and like any other it refers to verified claims: a round with no verified
    claim at all has nothing the gap could be about, and is not retried."""
    verified_claim_ids = list(verified_claim_ids)
    coverage_qualifies = (
        coverage_gap is not None and coverage_gap.suggested_tool in EVIDENCE_TOOLS and bool(verified_claim_ids)
    )
    return (
        effective == LOW_CONFID
        and ceiling == PASS
        and evidence_retry_count == 0
        and (bool(valid_critical_gaps(evidence_gaps, verified_claim_ids)) or coverage_qualifies)
    )

#: What a ``direct_observation`` becomes when every evidence ref it cited was invalid: the claim
#: still rests on Gatekeeper-verified evidence, but the model did not point at it.
DOWNGRADE_TARGET: Final = REASONABLE_INFERENCE
