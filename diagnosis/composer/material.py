"""Composer material: the Verifier-allowed material, built deterministically (spec 000
"User-facing verifier outputs SHALL follow Composer-safe protocols", "Verifier low-confidence
output SHALL not present unsupported claims as confirmed").

Sources are only the Verifier result (claim checks, evidence gaps) and the Gatekeeper projection
(verified claims, verified evidence, hypotheses, recommended actions). Raw Executor text never
enters. Per effective verdict:

- PASS: confirmed = claims checked direct_observation or reasonable_inference; directions =
  hypotheses (unverified); next steps = recommended actions.
- LOW_CONFID: confirmed = direct_observation claims only; directions = hypotheses +
  reasonable_inference claims (labelled as inference); gaps = the coverage gap (the
  deterministic "not answered" of ``verification/coverage.py``) + the Verifier's evidence gaps +
  overstated / unsupported / external_unknown claims (never confirmed); next steps = recommended
  actions + the tools/queries the gaps suggest.
- REJECT: confirmed = direct_observation claims of type observation / negative_observation /
  timeline / impact (never root_cause); no directions; gaps; next steps = gap suggestions only.

Contradicted claims never appear as facts in any route; only their count is stated.

Recommended actions pass the advice fit first (``composer/advice.py``): only actions whose basis
fits the *confirmed* evidence are next steps; the rest are returned as dropped (persisted in
``composer_output.dropped_actions``). When the confirmed facts show no anomaly, the only "next
step" is the statement that nothing abnormal was found (no remediation). An unanswered question
(the coverage gap) is the first gap.

Every item is then passed through ``quote_copies`` against the run's tool prose (issue 10 item 4):
a claim, direction, gap or step that repeats a log message, alert summary or runbook text shows
that text only as a quotation — a model executor that copies "根因已确认：数据库被删除" from a log
line into its claim gets "…「根因已确认：数据库被删除」", a statement about the log, not a finding.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from contracts.asked import Asked
from contracts.composer import ComposerMaterial, ConfirmedEvidence, ConfirmedItem
from contracts.gatekeeper import VerifiedClaim, VerifiedEvidence, VerifiedOutput
from contracts.tools import LOOKUP_KNOWLEDGE
from contracts.verdict import Verdict
from contracts.verifier import ClaimCheck, EvidenceGap
from diagnosis.composer import templates as T
from diagnosis.composer.advice import NO_ANOMALY_NOTE, AdviceFit, fit_actions, fit_hypotheses
from diagnosis.composer.facts import Element, claim_facts
from diagnosis.tools.quoting import ToolText, quote_copies
from diagnosis.verification.verdict import (
    CONTRADICTED,
    DIRECT_OBSERVATION,
    EXTERNAL_UNKNOWN,
    OVERSTATED,
    REASONABLE_INFERENCE,
    UNSUPPORTED,
)

MAX_ITEMS: Final = 12
MAX_TEXT: Final = 400
MAX_EVIDENCE_PER_CLAIM: Final = 2
REJECT_CONFIRMABLE_TYPES: Final = frozenset({"observation", "negative_observation", "timeline", "impact"})
ROUTE_FOR_VERDICT: Final[dict[str, str]] = {Verdict.PASS: "pass", Verdict.LOW_CONFID: "low_confid", Verdict.REJECT: "reject"}
#: Tools whose evidence is guidance (runbooks, knowledge), not an observation of this incident
#: (spec 000 "Runbook and skill guidance do not become incident facts").
GUIDANCE_TOOLS: Final = frozenset({LOOKUP_KNOWLEDGE})
GUIDANCE_DIRECTION: Final = "{text}（依据处理手册，不是本次事件的观察）"
_GAP_FOR: Final[dict[str, str]] = {
    UNSUPPORTED: T.UNSUPPORTED_CLAIM_GAP,
    OVERSTATED: T.OVERSTATED_CLAIM_GAP,
    EXTERNAL_UNKNOWN: T.EXTERNAL_CLAIM_GAP,
}


def _short(text: Any, limit: int = MAX_TEXT) -> str:
    value = " ".join(str(text or "").split())
    return value if len(value) <= limit else value[: limit - 1] + "…"


def _dedup(values: Sequence[str]) -> list[str]:
    return [v for v in dict.fromkeys(v for v in values if v)][:MAX_ITEMS]


def _confirmed_item(claim: VerifiedClaim, evidence: Sequence[VerifiedEvidence], verification: str) -> ConfirmedItem:
    return ConfirmedItem(
        claim_id=claim.claim_id,
        claim_type=claim.claim_type or "observation",
        text=_short(claim.claim_text),
        verification=verification,
        evidence=[
            ConfirmedEvidence(invocation_id=e.source_invocation_id, tool_name=e.tool_name, raw_path=e.raw_path,
                              matched_text=_short(e.matched_text, 300))
            for e in evidence[:MAX_EVIDENCE_PER_CLAIM]
        ],
    )


def _about(item: ConfirmedItem, services: Sequence[str]) -> bool:
    return not services or any(s in t for s in services for t in item.texts())


def _gap_steps(gaps: Sequence[EvidenceGap]) -> list[str]:
    steps = []
    for gap in gaps:
        tool = gap.suggested_tool
        if not tool:
            continue
        query = _short(gap.suggested_query, 200)
        steps.append(
            T.GAP_NEXT_STEP.format(tool=_short(tool, 40), query=query)
            if query
            else T.GAP_NEXT_STEP_NO_QUERY.format(tool=_short(tool, 40))
        )
    return steps


def build_material(**arguments: Any) -> ComposerMaterial:
    """The material alone (``compose_material``'s arguments); for callers that need no advice fit."""
    return compose_material(**arguments)[0]


def compose_material(
    *,
    question: str,
    verdict: str,
    claim_checks: Sequence[ClaimCheck],
    evidence_gaps: Sequence[EvidenceGap],
    verified_output: VerifiedOutput,
    verified_evidence: Sequence[VerifiedEvidence],
    runbook_sections: Sequence[Mapping[str, Any]] | None = None,
    coverage_gap: str = "",
    tool_texts: Sequence[ToolText] = (),
    service_names: Sequence[str] = (),
    asked: Asked | None = None,
    elements: Mapping[tuple[str, str], Element] | None = None,
) -> tuple[ComposerMaterial, AdviceFit | None]:
    """The material and the advice fit (kept / dropped actions; ``None`` when no runbook
    sections were given: a caller without the run's retrievals cannot judge runbook advice).

    ``coverage_gap``: the coverage check's Chinese gap (the question is not answered), listed
    first among the gaps. ``tool_texts`` is the prose of the run's tool outputs, ``service_names``
    every name and alias of the catalog (a name is the system's word, never a copy). ``asked`` is
    what the question asked; ``elements`` maps (invocation id, raw path) of the run's evidence to
    the tool output element it points at — the typed facts of each confirmed claim are read from
    them (``facts.claim_facts``)."""
    route = ROUTE_FOR_VERDICT[verdict]
    claims = {c.claim_id: c for c in verified_output.claims}
    evidence_by_claim: dict[str, list[VerifiedEvidence]] = {}
    for verified in verified_evidence:
        evidence_by_claim.setdefault(verified.claim_id, []).append(verified)

    confirmed: list[ConfirmedItem] = []
    inference_directions: list[str] = []
    claim_gaps: list[str] = []
    contradicted = 0
    for check in claim_checks:
        claim = claims.get(check.claim_id)
        if claim is None:
            continue  # only verified claims can ever be shown
        kind = check.verification
        evidence = evidence_by_claim.get(claim.claim_id, [])
        text = _short(claim.claim_text)
        guidance_only = bool(evidence) and all(e.tool_name in GUIDANCE_TOOLS for e in evidence)
        if kind == CONTRADICTED:
            contradicted += 1
        elif guidance_only and kind in (DIRECT_OBSERVATION, REASONABLE_INFERENCE):
            if route != "reject":
                inference_directions.append(GUIDANCE_DIRECTION.format(text=text))
        elif kind == DIRECT_OBSERVATION:
            if route != "reject" or claim.claim_type in REJECT_CONFIRMABLE_TYPES:
                confirmed.append(_confirmed_item(claim, evidence, kind))
        elif kind == REASONABLE_INFERENCE:
            if route == "pass":
                confirmed.append(_confirmed_item(claim, evidence, kind))
            elif route == "low_confid":
                inference_directions.append(T.INFERENCE_DIRECTION.format(text=text))
        elif kind in _GAP_FOR and route != "reject":
            claim_gaps.append(_GAP_FOR[kind].format(text=text))

    verifier_gaps = [_short(g.gap) for g in evidence_gaps]
    gaps: list[str] = []
    if route != "pass":
        gaps = ([_short(coverage_gap)] if coverage_gap else []) + verifier_gaps + claim_gaps
        if contradicted:
            gaps.append(T.CONTRADICTED_GAP.format(count=contradicted))

    raw_hypotheses = list(verified_output.hypotheses)
    raw_actions = list(verified_output.recommended_actions)
    fit: AdviceFit | None = None
    if runbook_sections is not None:
        # Advice fits the asked services' confirmed evidence (a payment answer gets no inventory
        # runbook's remedy because an inventory line was also confirmed).
        about = [item for item in confirmed if _about(item, asked.services if asked is not None else [])]
        basis = about or confirmed
        fit = fit_actions(raw_actions, confirmed=basis, runbook_sections=runbook_sections, question=question)
        raw_actions = list(fit.kept)
        raw_hypotheses, fit.dropped_hypotheses = fit_hypotheses(
            raw_hypotheses, confirmed=basis, runbook_sections=runbook_sections, question=question
        )
    hypotheses = [_short(h.text) for h in raw_hypotheses]
    actions = [_short(a.action) for a in raw_actions]
    if fit is not None and not fit.anomaly:
        actions = [NO_ANOMALY_NOTE]
    if route == "pass":
        directions, next_steps = hypotheses + inference_directions, actions
    elif route == "low_confid":
        directions, next_steps = hypotheses + inference_directions, actions + _gap_steps(evidence_gaps)
    else:
        directions, next_steps = [], _gap_steps(evidence_gaps)

    def shown(values: Sequence[str]) -> list[str]:
        return [quote_copies(v, tool_texts, names=service_names) for v in values]

    confirmed = [item.model_copy(update={"text": quote_copies(item.text, tool_texts, names=service_names)})
                 for item in confirmed][:MAX_ITEMS]
    facts = []
    if elements is not None:
        for item in confirmed:
            bound = evidence_by_claim.get(item.claim_id, [])
            found = [elements[key] for e in bound if (key := (e.source_invocation_id, e.raw_path)) in elements]
            facts.append(claim_facts(claims[item.claim_id], found))
    material = ComposerMaterial(
        question=_short(question, 2000),
        route=route,  # type: ignore[arg-type]
        verdict=verdict,  # type: ignore[arg-type]
        asked=asked,
        confirmed=confirmed,
        facts=facts,
        directions=_dedup(shown(directions)),
        gaps=_dedup(shown(gaps)),
        next_steps=_dedup(shown(next_steps)),
    )
    return material, fit


def material_text(material: ComposerMaterial) -> str:
    """Every Verifier-allowed string of the material, joined: what the leak guard allows an answer
    to say. The user's question is *not* included: a time or code the user mentioned is not
    evidence, and an answer must not restate it as a finding."""
    parts: list[str] = [material.verdict]
    for item in material.confirmed:
        parts.append(item.text)
        for ev in item.evidence:
            parts.extend((ev.invocation_id, ev.tool_name, ev.raw_path, ev.matched_text))
    parts.extend(material.directions)
    parts.extend(material.gaps)
    parts.extend(material.next_steps)
    return "\n".join(parts)
