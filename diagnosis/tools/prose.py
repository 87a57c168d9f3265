"""Which parts of a tool's output are prose written by the monitored system — log messages,
alert summaries and labels, runbook text — as opposed to the structured fields the system itself
states (times, service names, levels, numbers). The composer shows prose only as a quotation
(``diagnosis.tools.quoting``); this module is the one place that knows where prose sits in
each tool's output shape, as data."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from contracts.tools import LOOKUP_KNOWLEDGE, QUERY_LOGS, QUERY_METRICS
from diagnosis.tools.quoting import neutral

#: tool → (list key, prose fields, how the system names one element's prose).
PROSE_FIELDS: Final[dict[str, tuple[str, tuple[str, ...], str]]] = {
    QUERY_LOGS: ("records", ("message",), "{service} 的日志"),
    QUERY_METRICS: ("alerts", ("summary", "labels"), "告警 {name} 的内容"),
    LOOKUP_KNOWLEDGE: ("hits", ("text", "heading_path"), "处理手册《{document_title}》"),
}
FAILED_LABEL: Final = "{tool_name} 返回的错误信息"


class _Blank(dict):
    def __missing__(self, key: str) -> str:
        return ""


def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def tool_prose(tool_name: str, output: Any, error: str = "") -> list[tuple[str, str]]:
    """(label, text) of every prose piece of one invocation's output (and its error message,
    which a backend may fill with text it received)."""
    pieces: list[tuple[str, str]] = []
    if error:
        pieces.append((FAILED_LABEL.format(tool_name=tool_name), error))
    spec = PROSE_FIELDS.get(tool_name)
    if spec is None or not isinstance(output, Mapping):
        return pieces
    key, fields, label = spec
    for element in output.get(key) or []:
        if not isinstance(element, Mapping):
            continue
        # The fields named in a label are tool data too: neutralised, a title cannot close 《…》.
        names = _Blank({k: neutral(v) for k, v in element.items() if isinstance(v, str)})
        for name in fields:
            for text in _strings(element.get(name)):
                if text.strip():
                    pieces.append((label.format_map(names), text))
    return pieces
