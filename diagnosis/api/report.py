"""The run reports the MCP tools answer with, built from a run's stored record through the
selectors the API and the web UI read (``run_audit_view``), never from the JSON by hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from contracts.mcp import QuotedEvidence, ReportGap, ReportStatement, RunBrief, RunLinks, RunReport, ScopeItem
from diagnosis import vocabulary as V
from diagnosis.api.serializers import run_links
from diagnosis.composer.answer import Answer
from diagnosis.masking.config import answer_for_viewer
from diagnosis.models import DiagnosisRun, EvidenceScope
from diagnosis.schemas.self_evaluation import SelfEvaluation
from diagnosis.selectors.runs import Statement, run_audit_view

#: Turns a path (``/api/runs/…``) into the URL the caller reaches it at; None keeps paths.
Absolute = Callable[[str], str] | None


def _links(run: DiagnosisRun, absolute: Absolute) -> RunLinks:
    return RunLinks(**run_links(run, absolute))


def _statement(statement: Statement) -> ReportStatement:
    return ReportStatement(
        claim_id=statement.claim_id,
        text=statement.text,
        classification=statement.classification,
        classification_label=statement.classification_label,
        is_critical=statement.is_critical,
        evidence=[
            QuotedEvidence(
                invocation_id=e.invocation_id, tool_name=e.tool_name, raw_path=e.raw_path, quote=e.matched_text
            )
            for e in statement.evidence
        ],
    )


def _conclusion(run: DiagnosisRun) -> list[str]:
    """The stored answer's conclusion sentences (DESIGN §10.5); none for a run without the answer
    model (a fallback, a clarification, a run still going) — the same reading as the answer page."""
    composer = SelfEvaluation.stored(run.self_evaluation).verifier.composer_output
    if composer is None or composer.answer is None:
        return []
    try:
        return [sentence.text for sentence in Answer.model_validate(composer.answer).conclusion]
    except ValidationError:
        return []


def run_report(run: DiagnosisRun, *, viewer: Any, absolute: Absolute = None) -> RunReport:
    """What ``diagnose`` and ``get_run`` answer: the run as ``viewer`` may read it."""
    audit = run_audit_view(run)
    return RunReport(
        run_id=str(run.pk),
        session_id=str(run.session_id),
        question=run.question,
        status=run.status,
        outcome=run.outcome or None,
        verdict=run.verdict or None,
        verdict_label=audit.badge.title,
        fallback_reason=run.fallback_reason or None,
        conclusion=_conclusion(run),
        answer=answer_for_viewer(run.final_answer, viewer) or None,
        confirmed=[_statement(s) for s in audit.confirmed_statements],
        not_confirmed=[_statement(s) for s in audit.unconfirmed_statements],
        gaps=[ReportGap(gap=g.gap, is_critical=g.is_critical, suggested_tool=g.suggested_tool) for g in audit.evidence_gaps],
        links=_links(run, absolute),
    )


def run_brief(run: DiagnosisRun, *, absolute: Absolute = None) -> RunBrief:
    return RunBrief(
        run_id=str(run.pk),
        session_id=str(run.session_id),
        question=run.question,
        status=run.status,
        verdict=run.verdict or None,
        created_at=run.created_at.isoformat(),
        links=_links(run, absolute),
    )


def scope_item(scope: EvidenceScope) -> ScopeItem:
    return ScopeItem(
        name=scope.name,
        kind=scope.kind,
        kind_label=V.label(V.SCOPE_KIND, scope.kind),
        reference_time=scope.reference_time.isoformat() if scope.reference_time is not None else None,
    )
