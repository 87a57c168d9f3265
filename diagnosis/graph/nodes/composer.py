"""Composer node: build the Verifier-allowed material, ask the Composer agent for the conclusion
(bounded re-ask on a blank/unparseable reply or a retryable error), guard each of its sentences
against the claims it cites, and assemble the answer (DESIGN §10.5): conclusion, key evidence,
timeline, directions, advice, gaps, other evidence — rendered to the plain text every channel
shows. A composer that keeps failing, or whose every sentence the guard refuses, is replaced by
the deterministic conclusion — this is not a fallback route: the verdict stands, only the wording
is deterministic. Everything but the conclusion is chosen deterministically from the material."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from pydantic import ValidationError

from contracts.answer import ComposerOutput
from contracts.composer import ComposerMaterial
from contracts.gatekeeper import VerifiedOutput
from contracts.nodes import COMPOSER
from contracts.pointer import PointerError, resolve_pointer
from contracts.tools import LOOKUP_KNOWLEDGE
from diagnosis.agents.base import AgentError
from diagnosis.audit.events import EVENT_RETRY
from diagnosis.composer.advice import AdviceFit
from diagnosis.composer.answer import Answer, Sentence, render_answer
from diagnosis.composer.compose import assemble_answer, material_day
from diagnosis.composer.conclusion import compose_conclusion, guard_sentences, parse_conclusion_reply
from diagnosis.composer.facts import Element, read_element
from diagnosis.composer.material import compose_material
from diagnosis.graph.env import GraphEnv
from diagnosis.graph.state import GraphState
from diagnosis.models import ToolInvocation
from diagnosis.tools.prose import tool_prose
from diagnosis.tools.quoting import ToolText
from diagnosis.verification.verdict import REJECT

COMPOSER_MAX_ATTEMPTS: Final = 2
STATUS_OK: Final = "ok"
STATUS_PARTIAL: Final = "partial"
STATUS_LEAK: Final = "leak_guard_replaced"
STATUS_COMPOSER_FAILED: Final = "composer_failed"
REASON_UNPARSEABLE: Final = "unparseable_or_blank_reply"


def run_tool_texts(invocations: Iterable[ToolInvocation]) -> list[ToolText]:
    """The prose of every tool output of this run (all rounds): what must only ever be quoted."""
    return [ToolText(label, text) for row in invocations for label, text in tool_prose(row.tool_name, row.output, row.error)]


def run_elements(invocations: Iterable[ToolInvocation]) -> dict[tuple[str, str], Element]:
    """(invocation id, raw path) → the typed output element of every evidence ref of the run (an
    element that does not resolve or does not validate is left out)."""
    out: dict[tuple[str, str], Element] = {}
    for row in invocations:
        details = row.retrieval_details if isinstance(row.retrieval_details, dict) else {}
        for ref in details.get("evidence_refs") or []:
            path = str(ref.get("raw_path") or "") if isinstance(ref, dict) else ""
            try:
                element = read_element(row.tool_name, path, resolve_pointer(row.output, path))
            except (PointerError, ValidationError):
                continue
            if element is not None:
                out[(row.invocation_id, path)] = element
    return out


def _ask(state: GraphState, env: GraphEnv, material: ComposerMaterial) -> tuple[list[Sentence] | None, str, int]:
    reason = ""
    for attempt in range(1, COMPOSER_MAX_ATTEMPTS + 1):
        try:
            sentences = parse_conclusion_reply(env.provider.composer.compose(material, env.ctx))
        except AgentError as exc:
            reason = exc.reason
            if not exc.retryable:
                return None, reason, attempt
        else:
            if sentences is not None:
                return sentences, "", attempt
            reason = REASON_UNPARSEABLE
        if attempt < COMPOSER_MAX_ATTEMPTS:
            env.events.record(COMPOSER, EVENT_RETRY, {"attempt": attempt + 1, "reason": reason, "round": state.round})
    return None, reason, COMPOSER_MAX_ATTEMPTS


def run(state: GraphState, env: GraphEnv) -> None:
    env.ctx.round = state.round
    invocations = env.run_invocations()
    tool_texts = run_tool_texts(invocations)
    material, fit = compose_material(
        question=state.question,
        verdict=state.current.effective_verdict or REJECT,
        claim_checks=state.current.verifier_output.claim_checks if state.current.verifier_output else [],
        evidence_gaps=state.current.evidence_gaps,
        verified_output=state.current.verified_output or VerifiedOutput(),
        verified_evidence=state.current.verified_evidence,
        runbook_sections=runbook_sections(invocations),
        coverage_gap=state.current.coverage.gap if state.current.coverage else "",
        tool_texts=tool_texts,
        service_names=[name for names in env.service_names for name in names],
        asked=state.asked,
        elements=run_elements(invocations),
    )
    state.composer_material = material
    sentences, reason, attempts = _ask(state, env, material)
    guard = dict(service_names=env.service_names, tool_texts=tool_texts)
    checked = guard_sentences(sentences or [], material, **guard)  # type: ignore[arg-type]
    if checked.kept:
        conclusion, source = checked.kept, "model"
        status = STATUS_PARTIAL if checked.dropped else STATUS_OK
    else:
        fallback = guard_sentences(compose_conclusion(material), material, **guard)  # type: ignore[arg-type]
        conclusion, source = fallback.kept, "template"
        status = STATUS_COMPOSER_FAILED if sentences is None else (STATUS_LEAK if checked.dropped else STATUS_OK)
        checked.dropped += fallback.dropped
    day = material_day(material) or state.now.strftime("%Y-%m-%d")
    answer = assemble_answer(material, conclusion, day=day)
    final = render_answer(answer, day)
    state.final_answer = final
    state.composer_output = _output(material, answer, final, source=source, status=status, reason=reason[:200],
                                    dropped=checked.dropped, attempts=attempts, fit=fit)


def _output(material: ComposerMaterial, answer: Answer, final: str, *, source: str, status: str, reason: str,
            dropped: list[dict[str, str]], attempts: int, fit: AdviceFit | None) -> ComposerOutput:
    return ComposerOutput(
        source=source,  # type: ignore[arg-type]
        status=status,
        reason=reason if status == STATUS_COMPOSER_FAILED else "",
        leaked=[d["text"] for d in dropped] or None,
        dropped_sentences=dropped or None,
        attempts=attempts,
        chars=len(final),
        route=material.route,
        answer=answer.model_dump(mode="json"),
        dropped_actions=list(fit.dropped) if fit else [],
        dropped_hypotheses=list(fit.dropped_hypotheses) if fit else [],
    )


def runbook_sections(invocations: Iterable[ToolInvocation]) -> list[dict[str, Any]]:
    """The knowledge hits this run retrieved (title, heading path, text): where runbook advice
    may come from."""
    sections: list[dict[str, Any]] = []
    for inv in (i for i in invocations if i.tool_name == LOOKUP_KNOWLEDGE):
        output = inv.output if isinstance(inv.output, dict) else {}
        for hit in output.get("hits") or []:
            if isinstance(hit, dict):
                sections.append({k: str(hit.get(k) or "") for k in ("document_title", "heading_path", "text")})
    return sections
