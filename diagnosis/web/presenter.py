"""What the answer page and the admin run page show, arranged for reading (issue 27 item 2).

``run_audit_view`` (diagnosis.selectors.runs) turns the stored audit record into rows; this module
puts those rows where a reader needs them: each metric chart beside the one claim it belongs to,
the answer model of DESIGN §10.5 (``composer_output.answer``) read for the page, and the run's
evidence and tool calls as people read them (tool and status names in Chinese, arguments as
``key=value``, no raw ids or paths — those are the audit console's).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from diagnosis import vocabulary as V
from diagnosis.composer.answer import Answer, KeyEvidence, TimelineEntry
from diagnosis.schemas.self_evaluation import SelfEvaluation
from diagnosis.selectors.runs import ClaimCheckRow, InvocationRow, RunAudit, Statement
from diagnosis.selectors.series import ChartRef

#: Argument values longer than this are cut in the tool table (the admin shows them whole).
ARGUMENT_CHARS = 160


# --- Charts beside their claims --------------------------------------------------------------
def charts_by_claim(charts: Iterable[ChartRef]) -> dict[str, list[ChartRef]]:
    """Each chart under the first claim that cites it (a chart is drawn once per page)."""
    owned: dict[str, list[ChartRef]] = {}
    for chart in charts:
        if chart.claim_ids:
            owned.setdefault(chart.claim_ids[0], []).append(chart)
    return owned


@dataclass(frozen=True)
class StatementCard:
    statement: Statement
    charts: list[ChartRef]


@dataclass(frozen=True)
class ClaimCheckCard:
    check: ClaimCheckRow
    charts: list[ChartRef]


def statement_cards(audit: RunAudit, charts: Iterable[ChartRef]) -> list[StatementCard]:
    """The confirmed statements of the answer page, each with the charts it cites."""
    owned = charts_by_claim(charts)
    return [StatementCard(s, owned.get(s.claim_id, [])) for s in audit.confirmed_statements]


def claim_check_cards(audit: RunAudit, charts: Iterable[ChartRef]) -> list[ClaimCheckCard]:
    """The admin's claim-check rows, each with the charts of its claim (drawn under the row)."""
    owned = charts_by_claim(charts)
    return [ClaimCheckCard(c, owned.get(c.claim_id, [])) for c in audit.claim_checks]


# --- Tool calls as people read them ---------------------------------------------------------------
@dataclass(frozen=True)
class ToolCall:
    """One tool invocation on the answer page: what was asked of which tool, and what came back."""

    anchor: str  # the element id the statements link to (never shown as text)
    number: int  # "第 n 次调用", in the order they ran
    tool: str
    tool_label: str
    status: str
    status_label: str
    round: int
    arguments: list[tuple[str, str]]
    evidence: list[str]  # the texts of its evidence elements
    error: str
    truncated: bool
    duration_ms: int


def _argument_text(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= ARGUMENT_CHARS else text[: ARGUMENT_CHARS - 1] + "…"


def tool_calls(invocations: Sequence[InvocationRow]) -> list[ToolCall]:
    return [
        ToolCall(
            anchor=f"call-{number}",
            number=number,
            tool=inv.tool_name,
            tool_label=V.label(V.TOOL, inv.tool_name),
            status=inv.status,
            status_label=V.label(V.INVOCATION_STATUS, inv.status),
            round=inv.round,
            arguments=[(str(k), _argument_text(v)) for k, v in _arguments(inv.arguments_json).items()],
            evidence=[ref.get("text", "") for ref in inv.evidence_refs if ref.get("text")],
            error=inv.error,
            truncated=inv.output_truncated,
            duration_ms=inv.duration_ms,
        )
        for number, inv in enumerate(invocations, start=1)
    ]


def _arguments(arguments_json: str) -> Mapping[str, Any]:
    try:
        value = json.loads(arguments_json)
    except ValueError:
        return {}
    return value if isinstance(value, Mapping) else {}


def call_anchors(calls: Iterable[ToolCall], audit: RunAudit) -> dict[str, ToolCall]:
    """invocation id → its tool call, so a statement links to the call its evidence came from."""
    by_position = list(calls)
    return {inv.invocation_id: call for inv, call in zip(audit.invocations, by_position, strict=True)}


@dataclass(frozen=True)
class Excerpt:
    """A verified excerpt under a statement, with the call it came from (by number, not by id)."""

    text: str
    call: ToolCall | None


@dataclass(frozen=True)
class StatementView:
    card: StatementCard
    excerpts: list[Excerpt] = field(default_factory=list)


def statement_views(cards: Iterable[StatementCard], calls: Mapping[str, ToolCall]) -> list[StatementView]:
    return [
        StatementView(card, [Excerpt(e.matched_text, calls.get(e.invocation_id)) for e in card.statement.evidence])
        for card in cards
    ]


# --- The answer model (DESIGN §10.5) ---------------------------------------------------------------
# The composer's own model (``composer.answer.Answer``) validates the stored dump; a run stored
# before it existed, or a shape it cannot read, falls back to the answer text.
def _moment(value: str) -> datetime | None:
    try:
        return datetime.fromisoformat(value) if value else None
    except ValueError:
        return None


@dataclass(frozen=True)
class KeyEvidenceView:
    item: KeyEvidence
    charts: list[ChartRef]

    @property
    def at(self) -> datetime | None:
        return _moment(self.item.at)


@dataclass(frozen=True)
class TimelineView:
    entry: TimelineEntry

    @property
    def at(self) -> datetime | None:
        return _moment(self.entry.at)

    @property
    def kind_label(self) -> str:
        return V.label(V.TIMELINE_KIND, self.entry.kind)


@dataclass(frozen=True)
class AnswerView:
    answer: Answer
    key_evidence: list[KeyEvidenceView]
    timeline: list[TimelineView]


def answer_view(audit: RunAudit, charts: Iterable[ChartRef]) -> AnswerView | None:
    """The stored answer model, with each key evidence item's chart; None when the run has none
    (a run answered before it existed, a clarification) or it does not read as the §10.5 shape."""
    composer = SelfEvaluation.stored(audit.run.self_evaluation).verifier.composer_output
    raw = composer.answer if composer is not None else None
    if raw is None:
        return None
    try:
        answer = Answer.model_validate(raw)
    except ValidationError:
        return None
    if not answer.conclusion and not answer.key_evidence:
        return None
    owned = charts_by_claim(charts)
    return AnswerView(answer, [KeyEvidenceView(item, owned.get(item.claim_id, [])) for item in answer.key_evidence],
                      [TimelineView(entry) for entry in answer.timeline])
