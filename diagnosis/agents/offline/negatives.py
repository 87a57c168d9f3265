"""What the tools did *not* find (DESIGN §10.1 "Negative observations need evidence too"; issue 24
"healthy"): a question about a service with nothing wrong is answered by what was read and came
back empty — each empty read restated exactly as its system-side ``/query`` element
("query_logs level>=WARN service=notification-service 2026-11-28 09:30–10:30 → 0 条记录") — and by
its series that stayed under their thresholds. Pure, no Django.

Only the asked services' own reads of the asked window count (a baseline read of the hour before,
a change read or a neighbour's read say nothing about the asked service then), one claim per
distinct query: the broadest level read, and every keyword read (``keyword=401``). And only where
the service was observed in that window at all — a series with points, a line read — because an
empty read of a day the data does not cover (tomorrow, last month) is no sign of health.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Final

from contracts.reading import TimeWindow
from contracts.tools import QUERY_LOGS, ToolCallResult
from diagnosis.agents.offline.refs import LEVEL_RANK, Origin, binding

QUERY_PATH: Final = "/query"
#: Reads that are not about the asked service in the asked window.
CONTEXT: Final = frozenset({Origin.BASELINE, Origin.CHANGES, Origin.NEIGHBOUR})
NOTHING_FOUND: Final = "{service} 在所问时间内没有查到{what}：{query}"
WHAT_LEVEL: Final = "{level} 及以上级别的日志"
WHAT_KEYWORD: Final = "含「{keyword}」的日志"
MAX_NEGATIVE_CLAIMS: Final = 3


def _moment(value: Any) -> datetime | None:
    try:
        moment = datetime.fromisoformat(str(value))
    except (TypeError, ValueError):
        return None
    return moment if moment.tzinfo is not None else None


def _in_window(arguments: dict[str, Any], window: TimeWindow) -> bool:
    start, end = _moment(arguments.get("start")), _moment(arguments.get("end"))
    return start is not None and end is not None and start < window.end and end > window.start


def _query_ref(call: ToolCallResult) -> str:
    ref = next((r for r in call.evidence_refs or [] if r.get("raw_path") == QUERY_PATH), None)
    return str(ref.get("text") or "") if ref else ""


def observed(history: Sequence[ToolCallResult], service: str, window: TimeWindow) -> bool:
    """Whether any read of the asked window returned something of ``service``."""
    for call in history:
        if call.status != "success" or call.origin in CONTEXT or not _in_window(call.arguments, window):
            continue
        output = call.output if isinstance(call.output, dict) else {}
        elements = [*(output.get("records") or []), *(output.get("series") or []), *(output.get("alerts") or [])]
        if any(isinstance(e, dict) and e.get("service") == service for e in elements):
            return True
    return False


def empty_reads(history: Sequence[ToolCallResult], service: str, window: TimeWindow, current_round: int) -> list[ToolCallResult]:
    """The asked service's log reads of the asked window that found nothing: the broadest plain
    level read, then each keyword read — none when nothing at all of the service was read then."""
    if not observed(history, service, window):
        return []
    reads = [
        c for c in history
        if c.tool_name == QUERY_LOGS and c.status == "no_hit" and c.round == current_round
        and c.origin not in CONTEXT and c.arguments.get("service") == service and _in_window(c.arguments, window)
        and _query_ref(c)
    ]
    plain = [c for c in reads if not c.arguments.get("keyword") and not c.arguments.get("any_keyword")]
    broadest = sorted(plain, key=lambda c: LEVEL_RANK.get(str(c.arguments.get("level") or "ERROR").upper(), 2))[:1]
    keyed = list({str(c.arguments.get("keyword")): c for c in reads if c.arguments.get("keyword")}.values())
    return broadest + keyed


def negative_claims(calls: Sequence[ToolCallResult], service: str) -> list[tuple[str, str, list[dict[str, Any]]]]:
    """(text, claim type, bindings) of each empty read: its ``/query`` text restated whole."""
    out = []
    for call in calls[:MAX_NEGATIVE_CLAIMS]:
        text = _query_ref(call)
        keyword = call.arguments.get("keyword")
        what = (WHAT_KEYWORD.format(keyword=keyword) if keyword
                else WHAT_LEVEL.format(level=str(call.arguments.get("level") or "ERROR").upper()))
        claim = NOTHING_FOUND.format(service=service, what=what, query=text)
        out.append((claim, "negative_observation", [binding(call.tool_name, call.invocation_id, QUERY_PATH, text)]))
    return out
