"""The session context a follow-up question is planned with (issue 13 item 3).

``session_context_for_run`` reads the run's session's earlier runs — finished, created before
this run, most recent first, at most ``MAX_TURNS`` with a persisted ``asked`` — and keeps of each
only its ``verifier_evaluation.asked`` and the entities its confirmed claims' evidence names:
for each confirmed claim (``direct_observation``; also ``reasonable_inference`` when the run
passed), the evidence element it was bound to, read from that run's own persisted tool
invocation (service, metric series name, alert name). Answer texts, question texts, hypotheses
and unconfirmed claims are never read.

``session_conversation``: the session page's turns (question, answer, how a follow-up was read).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from diagnosis.models import DiagnosisRun, DiagnosisSession, ToolInvocation
from diagnosis.schemas.session_context import MAX_TURNS, PreviousTurn, SessionContext
from diagnosis.selectors.runs import Badge, run_badge, run_followup_reading, session_runs
from diagnosis.tools.pointer import PointerError, resolve_pointer
from diagnosis.verification.asked import Asked

#: Earlier runs looked at (some may have no ``asked``: a run that fell back before planning).
MAX_RUNS_READ = 10
_CONFIRMING = frozenset({"direct_observation"})
_CONFIRMING_ON_PASS = frozenset({"direct_observation", "reasonable_inference"})


def _evaluation(run: DiagnosisRun) -> Mapping[str, Any]:
    value = (run.self_evaluation or {}).get("verifier_evaluation")
    return value if isinstance(value, Mapping) else {}


def _confirmed_claim_ids(evaluation: Mapping[str, Any]) -> set[str]:
    kinds = _CONFIRMING_ON_PASS if evaluation.get("effective_verdict") == "PASS" else _CONFIRMING
    return {
        str(check.get("claim_id"))
        for check in evaluation.get("claim_checks") or []
        if isinstance(check, Mapping) and check.get("verification") in kinds
    }


def _entities(element: Any, tool_name: str, raw_path: str) -> tuple[list[str], list[str], list[str]]:
    """(services, metrics, alerts) one evidence element names."""
    if not isinstance(element, Mapping):
        return [], [], []
    service = str(element.get("service") or "")
    services = [service] if service else []
    name = str(element.get("name") or "")
    if tool_name == "query_metrics" and name and raw_path.startswith("/series/"):
        return services, [name], []
    if tool_name == "query_metrics" and name and raw_path.startswith("/alerts/"):
        return services, [], [name]
    return services, [], []


def _turn(run: DiagnosisRun, invocations: Mapping[str, ToolInvocation]) -> PreviousTurn | None:
    evaluation = _evaluation(run)
    try:
        asked = Asked.model_validate(evaluation.get("asked"))
    except ValidationError:
        return None
    services: list[str] = []
    metrics: list[str] = []
    alerts: list[str] = []
    confirmed = _confirmed_claim_ids(evaluation) if run.outcome != DiagnosisRun.Outcome.FALLBACK else set()
    for item in evaluation.get("verified_evidence") or []:
        if not isinstance(item, Mapping) or str(item.get("claim_id")) not in confirmed:
            continue
        invocation = invocations.get(str(item.get("source_invocation_id")))
        if invocation is None:
            continue
        raw_path = str(item.get("raw_path") or "")
        try:
            element = resolve_pointer(invocation.output, raw_path)
        except PointerError:
            continue
        found = _entities(element, invocation.tool_name, raw_path)
        services += found[0]
        metrics += found[1]
        alerts += found[2]
    return PreviousTurn(asked=asked, confirmed_services=services, confirmed_metrics=metrics, confirmed_alerts=alerts)


def session_context_for_run(run: DiagnosisRun) -> SessionContext | None:
    """The context of ``run``'s session before ``run`` (``None`` when there is no earlier turn)."""
    earlier = list(
        DiagnosisRun.objects.filter(
            session_id=run.session_id, status=DiagnosisRun.Status.COMPLETED, created_at__lt=run.created_at
        )
        .exclude(pk=run.pk)
        .order_by("-created_at")[:MAX_RUNS_READ]
    )
    if not earlier:
        return None
    invocations: dict[Any, dict[str, ToolInvocation]] = {}
    for invocation in ToolInvocation.objects.filter(run__in=earlier).only(
        "run_id", "invocation_id", "tool_name", "output"
    ):
        invocations.setdefault(invocation.run_id, {})[invocation.invocation_id] = invocation
    turns: list[PreviousTurn] = []
    for previous in earlier:
        turn = _turn(previous, invocations.get(previous.pk, {}))
        if turn is not None:
            turns.append(turn)
        if len(turns) >= MAX_TURNS:
            break
    return SessionContext(turns=turns) if turns else None


@dataclass(frozen=True)
class ConversationTurn:
    """One turn of the session page: the question, its badge and answer (the run), and how a
    follow-up was understood ("" for a standalone question)."""

    run: DiagnosisRun
    badge: Badge
    reading: str


def session_conversation(session: DiagnosisSession) -> list[ConversationTurn]:
    """The session's turns in the order they were asked."""
    return [
        ConversationTurn(run=run, badge=run_badge(run), reading=run_followup_reading(run))
        for run in session_runs(session)
    ]
