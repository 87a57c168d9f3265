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

from contracts.asked import Asked
from contracts.pointer import PointerError, resolve_pointer
from contracts.session import MAX_TURNS, PreviousTurn, SessionContext
from contracts.tools import QUERY_METRICS
from contracts.verdict import Verdict
from diagnosis.models import DiagnosisRun, DiagnosisSession, ToolInvocation
from diagnosis.schemas.self_evaluation import SelfEvaluation, VerifierEvaluation
from diagnosis.selectors.runs import Badge, run_badge, run_followup_reading, session_runs

#: Earlier runs looked at (some may have no ``asked``: a run that fell back before planning).
MAX_RUNS_READ = 2 * MAX_TURNS
_CONFIRMING = frozenset({"direct_observation"})
_CONFIRMING_ON_PASS = frozenset({"direct_observation", "reasonable_inference"})


def _confirmed_evidence(run: DiagnosisRun, evaluation: VerifierEvaluation) -> list[tuple[str, str]]:
    """(invocation id, raw path) of each verified evidence item of a confirmed claim."""
    if run.outcome == DiagnosisRun.Outcome.FALLBACK:
        return []
    kinds = _CONFIRMING_ON_PASS if evaluation.effective_verdict == Verdict.PASS else _CONFIRMING
    confirmed = {check.claim_id for check in evaluation.claim_checks if check.verification in kinds}
    return [
        (item.source_invocation_id, item.raw_path)
        for item in evaluation.verified_evidence
        if item.claim_id in confirmed
    ]


def _entities(element: Any, tool_name: str, raw_path: str) -> tuple[list[str], list[str], list[str]]:
    """(services, metrics, alerts) one evidence element names."""
    if not isinstance(element, Mapping):
        return [], [], []
    service = str(element.get("service") or "")
    services = [service] if service else []
    name = str(element.get("name") or "")
    if tool_name == QUERY_METRICS and name and raw_path.startswith("/series/"):
        return services, [name], []
    if tool_name == QUERY_METRICS and name and raw_path.startswith("/alerts/"):
        return services, [], [name]
    return services, [], []


def _turn(asked: Asked, evidence: list[tuple[str, str]], invocations: Mapping[str, ToolInvocation]) -> PreviousTurn:
    services: list[str] = []
    metrics: list[str] = []
    alerts: list[str] = []
    for invocation_id, raw_path in evidence:
        invocation = invocations.get(invocation_id)
        if invocation is None:
            continue
        try:
            element = resolve_pointer(invocation.output, raw_path)
        except PointerError:
            continue
        found = _entities(element, invocation.tool_name, raw_path)
        services += found[0]
        metrics += found[1]
        alerts += found[2]
    return PreviousTurn(asked=asked, confirmed_services=services, confirmed_metrics=metrics, confirmed_alerts=alerts)


ANSWERED = (DiagnosisRun.Status.COMPLETED,)  # the earlier turns a follow-up can refer to


def session_context_for_run(run: DiagnosisRun) -> SessionContext | None:
    """The context of ``run``'s session before ``run`` (``None`` when there is no earlier turn).
    Two queries: the earlier runs, then only the invocations their confirmed evidence cites."""
    earlier = (
        DiagnosisRun.objects.filter(
            session_id=run.session_id, status__in=ANSWERED, created_at__lt=run.created_at
        )
        .exclude(pk=run.pk)
        .only("pk", "outcome", "self_evaluation")
        .order_by("-created_at")[:MAX_RUNS_READ]
    )
    kept: list[tuple[Any, Asked, list[tuple[str, str]]]] = []
    for previous in earlier:
        evaluation = SelfEvaluation.stored(previous.self_evaluation).verifier
        asked = evaluation.asked
        if asked is not None:
            kept.append((previous.pk, asked, _confirmed_evidence(previous, evaluation)))
        if len(kept) >= MAX_TURNS:
            break
    if not kept:
        return None
    cited = {invocation_id for _, _, evidence in kept for invocation_id, _ in evidence}
    invocations: dict[Any, dict[str, ToolInvocation]] = {}
    if cited:
        for invocation in ToolInvocation.objects.filter(
            run_id__in=[pk for pk, _, evidence in kept if evidence], invocation_id__in=cited
        ).only("run_id", "invocation_id", "tool_name", "output"):
            invocations.setdefault(invocation.run_id, {})[invocation.invocation_id] = invocation
    return SessionContext(turns=[_turn(asked, evidence, invocations.get(pk, {})) for pk, asked, evidence in kept])


def earlier_questions(run: DiagnosisRun) -> list[str]:
    """The questions of the earlier runs ``session_context_for_run`` reads (the masker learns
    their values: their split terms travel in the follow-up's session context)."""
    return list(
        DiagnosisRun.objects.filter(session_id=run.session_id, created_at__lt=run.created_at)
        .exclude(pk=run.pk)
        .order_by("-created_at")
        .values_list("question", flat=True)[:MAX_RUNS_READ]
    )


@dataclass(frozen=True)
class ConversationTurn:
    """One turn of the session page: the question, its badge and answer (the run), and how a
    follow-up was understood ("" for a standalone question)."""

    run: DiagnosisRun
    badge: Badge
    reading: str


def conversation_turn(run: DiagnosisRun) -> ConversationTurn:
    return ConversationTurn(run=run, badge=run_badge(run), reading=run_followup_reading(run))


def session_conversation(session: DiagnosisSession) -> list[ConversationTurn]:
    """The session's turns in the order they were asked."""
    return [conversation_turn(run) for run in session_runs(session)]
