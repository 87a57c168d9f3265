"""Composer node: build the Verifier-allowed material, ask the Composer agent (bounded re-ask on
a blank/unparseable reply or a retryable error), then run the leak guard. A composer that keeps
failing, or an answer the guard refuses, is replaced by the fixed template — this is not a
fallback route: the verdict stands, only the wording is deterministic."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from diagnosis.agents.base import AgentError
from diagnosis.audit.events import EVENT_RETRY
from diagnosis.composer.leak_guard import STATUS_LEAK, STATUS_OK, check_answer
from diagnosis.composer.material import compose_material
from diagnosis.composer.output import ComposerOutput
from diagnosis.composer.quoting import ToolText
from diagnosis.composer.reply import parse_composer_reply
from diagnosis.composer.templates import render
from diagnosis.graph.env import GraphEnv
from diagnosis.graph.state import COMPOSER, GraphState
from diagnosis.models import ToolInvocation
from diagnosis.tools.prose import tool_prose
from diagnosis.verification.verdict import REJECT

COMPOSER_MAX_ATTEMPTS: Final = 2
STATUS_COMPOSER_FAILED: Final = "composer_failed"
REASON_UNPARSEABLE: Final = "unparseable_or_blank_reply"


def run_tool_texts(env: GraphEnv) -> list[ToolText]:
    """The prose of every tool output of this run (all rounds): what must only ever be quoted."""
    rows = env.run_invocations()
    return [ToolText(label, text) for row in rows for label, text in tool_prose(row.tool_name, row.output, row.error)]


def run(state: GraphState, env: GraphEnv) -> None:
    env.ctx.round = state.round
    tool_texts = run_tool_texts(env)
    material, fit = compose_material(
        question=state.question,
        verdict=state.current.effective_verdict or REJECT,
        claim_checks=state.current.verifier_output.claim_checks if state.current.verifier_output else [],
        evidence_gaps=state.current.evidence_gaps,
        verified_executor_output=state.current.verified_output or {},
        verified_evidence=state.current.verified_evidence,
        runbook_sections=runbook_sections(env.run_invocations()),
        coverage_gap=state.current.coverage.gap if state.current.coverage else "",
        tool_texts=tool_texts,
        service_names=[name for names in env.service_names for name in names],
    )
    state.composer_material = material
    answer: str | None = None
    reason = ""
    attempts = 0
    for attempt in range(1, COMPOSER_MAX_ATTEMPTS + 1):
        attempts = attempt
        try:
            answer = parse_composer_reply(env.provider.composer.compose(material, env.ctx))
        except AgentError as exc:
            reason = exc.reason
            if not exc.retryable:
                break
        else:
            if answer is not None:
                break
            reason = REASON_UNPARSEABLE
        if attempt < COMPOSER_MAX_ATTEMPTS:
            env.events.record(COMPOSER, EVENT_RETRY, {"attempt": attempt + 1, "reason": reason, "round": state.round})

    leaked: list[str] | None = None
    if answer is None:
        final, source, status, reason = render(material), "template", STATUS_COMPOSER_FAILED, reason[:200]
    else:
        guard = check_answer(answer, material, service_names=env.service_names, tool_texts=tool_texts)
        if guard.ok:
            final, source, status, reason = answer, "model", STATUS_OK, ""
        else:
            final, source, status, reason = render(material), "template", STATUS_LEAK, guard.reason
            leaked = list(guard.leaked)
    state.final_answer = final
    state.composer_output = ComposerOutput(
        source=source,
        status=status,
        reason=reason,
        leaked=leaked,
        attempts=attempts,
        chars=len(final),
        route=material.route,
        dropped_actions=list(fit.dropped) if fit else [],
        dropped_hypotheses=list(fit.dropped_hypotheses) if fit else [],
    )


def runbook_sections(invocations: Iterable[ToolInvocation]) -> list[dict[str, Any]]:
    """The knowledge hits this run retrieved (title, heading path, text): where runbook advice
    may come from."""
    sections: list[dict[str, Any]] = []
    for inv in (i for i in invocations if i.tool_name == "lookup_knowledge"):
        output = inv.output if isinstance(inv.output, dict) else {}
        for hit in output.get("hits") or []:
            if isinstance(hit, dict):
                sections.append({k: str(hit.get(k) or "") for k in ("document_title", "heading_path", "text")})
    return sections
