"""The system-side ``/query`` evidence element (DESIGN §10.1 "Negative observations need evidence too").

Every evidence tool writes one element describing the query itself — tool, normalised arguments,
window, how many elements it returned — at ``output["query"]`` and lists it in ``evidence_refs``
with ``raw_path`` ``/query``, also when the call is a ``no_hit``. A ``negative_observation`` claim
("edge-gateway 今天上午没有 ERROR 日志") binds to it; the invocation's status stays ``no_hit``.

``query_text`` is the one place the text is built: a pure function of the normalised arguments,
the window and the count (nothing from the tool's output prose, so nothing a backend returned can
reach it). The element is a ``QueryElement`` (``contracts.elements``); the verifier layer's
restatement check reads it typed (``read_query_element``), never the text back.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, Final

from contracts.elements import QueryElement
from contracts.tools import LOOKUP_KNOWLEDGE, QUERY_K8S, QUERY_LOGS, QUERY_METRICS
from diagnosis.tools.base import bounded, evidence_ref

QUERY_KEY: Final = "query"
QUERY_RAW_PATH: Final = "/query"
QUERY_LABEL: Final = "query"
ARROW: Final = "→"
#: What each tool counts (the noun after the count); tools not listed count "条结果".
COUNT_NOUNS: Final[dict[str, str]] = {
    QUERY_LOGS: "条记录",
    QUERY_METRICS: "条告警或指标序列",
    LOOKUP_KNOWLEDGE: "条知识片段",
    QUERY_K8S: "条对象",
}
DEFAULT_NOUN: Final = "条结果"
#: Arguments that bound the result size, not its scope (not part of the text).
NOT_SCOPE: Final = frozenset({"start", "end", "limit", "top_k"})
MAX_VALUE_CHARS: Final = 120
#: Room a tool's capped output keeps for the element (its text ≤ 1000 characters, bounded arguments).
QUERY_RESERVE_BYTES: Final = 8192


def _value(value: Any) -> str:
    if isinstance(value, list | tuple):
        text = ",".join(str(v) for v in value)
    else:
        text = str(value)
    return bounded(" ".join(text.split()), MAX_VALUE_CHARS)


def _moment(value: str) -> datetime | None:
    try:
        return datetime.fromisoformat(value)
    except (TypeError, ValueError):
        return None


def window_text(window: Mapping[str, Any] | None) -> str:
    """``2026-08-14 10:30–11:00`` (one day) or ``2026-08-14 23:30–2026-08-15 00:30``; "" without a window."""
    if not window:
        return ""
    start, end = _moment(str(window.get("start") or "")), _moment(str(window.get("end") or ""))
    if start is None or end is None:
        return ""
    if start.date() == end.date():
        return f"{start:%Y-%m-%d %H:%M}–{end:%H:%M}"
    return f"{start:%Y-%m-%d %H:%M}–{end:%Y-%m-%d %H:%M}"


def query_text(tool: str, arguments: Mapping[str, Any], window: Mapping[str, Any] | None, count: int) -> str:
    """``query_logs service=config-center level>=ERROR 2026-08-14 10:30–11:00 → 0 条记录``.

    Deterministic: the arguments in key order (``level`` as ``level>=``), then the window, then the
    count and what was counted."""
    parts = [tool]
    for key in sorted(arguments):
        value = arguments[key]
        if key in NOT_SCOPE or value is None or value == "" or value == []:
            continue
        parts.append(f"level>={_value(value)}" if key == "level" else f"{key}={_value(value)}")
    when = window_text(window)
    if when:
        parts.append(when)
    return f"{' '.join(parts)} {ARROW} {int(count)} {COUNT_NOUNS.get(tool, DEFAULT_NOUN)}"


def query_element(tool: str, arguments: Mapping[str, Any], window: Mapping[str, Any] | None, count: int) -> QueryElement:
    """The ``output["query"]`` element: what was asked of which tool, and how many it returned."""
    return QueryElement(
        tool=tool,
        arguments={k: v for k, v in arguments.items() if v is not None},
        window=dict(window) if window else None,
        count=int(count),
        text=query_text(tool, arguments, window, count),
    )


def write_query_element(
    tool: str, arguments: Mapping[str, Any], output: dict[str, Any], refs: list[dict[str, Any]], count: int
) -> None:
    """Add the ``/query`` element to a tool's ``output`` and its ref to ``refs`` (in place). The one
    writer every evidence tool goes through (``diagnosis.tools.service``); the window is the one
    the tool resolved (``output["window"]``) when it has one."""
    window = output.get("window") if isinstance(output.get("window"), Mapping) else None
    element = query_element(tool, arguments, window, count)
    output[QUERY_KEY] = element.model_dump()
    refs.append(evidence_ref(QUERY_RAW_PATH, element.text, label=QUERY_LABEL))


def read_query_element(output: Any) -> QueryElement | None:
    """The typed ``/query`` element of an invocation's stored ``output`` (None when it has none:
    a tool that is not evidence, or a failed call)."""
    element = output.get(QUERY_KEY) if isinstance(output, Mapping) else None
    return QueryElement.model_validate(element) if isinstance(element, Mapping) else None
