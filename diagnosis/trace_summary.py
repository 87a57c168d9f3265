"""Tool trace summary: a bounded, verifier-facing digest of a run's evidence-tool calls.

Pure (no Django): the input is a sequence of invocation facts — mappings or objects (a
``ToolInvocation`` row works as is) with ``invocation_id``, ``round``, ``tool_name``,
``evidence_bearing``, ``arguments``, ``status``, ``output``, ``retrieval_details``, ``error``,
``deduped_from`` — and the output a ``ToolTraceSummary``. It implements the tool-trace-summary
scenarios of spec 000:

- generated from tool invocation facts; each item has tool name, success state, input summary,
  output summary and evidence level ("tool trace summary derived from tool facts");
- a stable ``trace_ref`` and the ``source_invocation_ids`` per item, plus query samples,
  retrieval layers, relevance and source document labels when available ("preserves
  invocation references");
- only evidence-bearing tools; helpers such as ``get_current_time`` are excluded by default;
- failed and no-hit calls stay in as gaps: ``success`` false, ``evidence_level`` ``none``;
- deduped calls are ``no_new_evidence`` and never count as fresh support;
- repeated calls of the same tool + topic + round are compacted into one item that keeps the
  first effective hit and the ``repeated`` / ``failed`` / ``no_hit`` / ``deduped`` counts;
- raw outputs are never passed through: each output summary is a bounded list of concrete facts
  (log lines, alert names, services, values, metric numbers, runbook excerpts) followed by a
  short tail of counts; when the whole summary is over its budget, every item's budget shrinks
  and the tail of each item's fact list goes first, then whole trailing items
  (counted in ``omitted_items``) — never a fact that is not in the tool output.

Evidence levels (a small, closed set):
``direct``           the item carries fresh evidence from the tool output;
``none``             the calls failed or found nothing (an evidence gap);
``no_new_evidence``  the calls only repeated earlier ones (deduped): nothing new to support a claim.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from contracts.tools import LOOKUP_KNOWLEDGE, QUERY_K8S, QUERY_LOGS, QUERY_METRICS
from diagnosis.tools.quoting import quote

TRACE_SUMMARY_VERSION = "tool_trace_summary_v1"

EVIDENCE_TOOLS: frozenset[str] = frozenset({LOOKUP_KNOWLEDGE, QUERY_LOGS, QUERY_METRICS, QUERY_K8S})

DIRECT = "direct"
NONE = "none"
NO_NEW_EVIDENCE = "no_new_evidence"
EvidenceLevel = Literal["direct", "none", "no_new_evidence"]

SUCCESS, NO_HIT, FAILED, DEDUPED = "success", "no_hit", "failed", "deduped"

# Bounds.
MAX_ITEMS = 40
MAX_TOTAL_CHARS = 16_000  # JSON size of the whole summary
MAX_ITEM_OUTPUT_CHARS = 1_200
MIN_ITEM_OUTPUT_CHARS = 160  # the shrinking floor before whole items are dropped
MAX_FACT_CHARS = 400
MAX_FACTS = 12
MAX_INPUT_SUMMARY_CHARS = 200
MAX_ERROR_CHARS = 300
MAX_LIST_ITEMS = 5  # query samples, source labels, relevance scores, retrieval layers
MAX_SOURCE_IDS = 50

ELLIPSIS = "…"
FACT_SEPARATOR = " | "

# Messages are constants (STYLE §6).
TAIL_FAILED = "调用失败：{error}"
TAIL_NO_HIT = "无命中"
TAIL_DEDUPED = "与 {source} 重复，无新证据"
TAIL_MERGED = "合并 {calls} 次调用（重复 {repeated}，失败 {failed}，无命中 {no_hit}，去重 {deduped}）"


# --- Shapes ----------------------------------------------------------------------------------------
class TraceCounts(BaseModel):
    model_config = ConfigDict(extra="forbid")

    calls: int = 1
    repeated: int = 0  # calls merged into this item beyond the first
    failed: int = 0
    no_hit: int = 0
    deduped: int = 0


class TraceSummaryItem(BaseModel):
    model_config = ConfigDict(extra="forbid")

    trace_ref: str
    round: int
    tool_name: str
    status: str  # of the representative call: success | no_hit | failed | deduped
    success: bool
    evidence_level: EvidenceLevel
    input_summary: str
    output_summary: str
    source_invocation_ids: list[str]
    counts: TraceCounts = Field(default_factory=TraceCounts)
    deduped_from: list[str] = Field(default_factory=list)
    query_samples: list[str] = Field(default_factory=list)
    source_labels: list[str] = Field(default_factory=list)
    relevance: list[float] = Field(default_factory=list)
    retrieval_layers: list[str] = Field(default_factory=list)
    error: str = ""


class ToolTraceSummary(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: str = TRACE_SUMMARY_VERSION
    items: list[TraceSummaryItem] = Field(default_factory=list)
    omitted_items: int = 0
    omitted_invocation_ids: list[str] = Field(default_factory=list)

    def by_ref(self) -> dict[str, TraceSummaryItem]:
        return {item.trace_ref: item for item in self.items}


# --- Reading invocation facts defensively -----------------------------------------------------------
@dataclass(frozen=True)
class _Call:
    invocation_id: str
    round: int
    order: tuple[int, int, int]
    tool_name: str
    evidence_bearing: bool
    arguments: dict[str, Any]
    status: str
    output: Any
    details: dict[str, Any]
    error: str
    deduped_from: str


def _get(item: Any, name: str, default: Any = None) -> Any:
    if isinstance(item, Mapping):
        return item.get(name, default)
    return getattr(item, name, default)


def _text(value: Any, limit: int) -> str:
    if value is None:
        return ""
    text = value if isinstance(value, str) else str(value)
    text = re.sub(r"\s+", " ", text.replace("\x00", "")).strip()
    return _cut(text, limit)


def _cut(text: str, limit: int) -> str:
    if limit <= 0:
        return ""
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + ELLIPSIS


def _int(value: Any, default: int) -> int:
    if isinstance(value, bool):
        return default
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        try:  # not str.isdigit(): it accepts "²", which int() refuses
            return int(value.strip())
        except ValueError:
            return default
    return default


def _invocation_number(invocation_id: str) -> int:
    match = re.fullmatch(r"inv_([0-9]{1,9})", invocation_id)
    return int(match.group(1)) if match else 10**9


def _read(item: Any, position: int) -> _Call:
    invocation_id = _text(_get(item, "invocation_id"), 32) or f"pos_{position}"
    tool_name = _text(_get(item, "tool_name"), 64)
    round_no = _int(_get(item, "round", _get(item, "round_no")), 1)
    flag = _get(item, "evidence_bearing")
    evidence_bearing = flag if isinstance(flag, bool) else tool_name in EVIDENCE_TOOLS
    arguments = _get(item, "arguments")
    details = _get(item, "retrieval_details")
    status = _text(_get(item, "status"), 16) or FAILED
    if status not in (SUCCESS, NO_HIT, FAILED, DEDUPED):
        status = FAILED
    return _Call(
        invocation_id=invocation_id,
        round=round_no,
        order=(round_no, _invocation_number(invocation_id), position),
        tool_name=tool_name,
        evidence_bearing=evidence_bearing,
        arguments=dict(arguments) if isinstance(arguments, Mapping) else {},
        status=status,
        output=_get(item, "output"),
        details=dict(details) if isinstance(details, Mapping) else {},
        error=_text(_get(item, "error"), MAX_ERROR_CHARS),
        deduped_from=_text(_get(item, "deduped_from") or "", 32),
    )


# --- Topics, input summaries --------------------------------------------------------------------------
_TOPIC_KEYS: dict[str, tuple[str, ...]] = {
    QUERY_LOGS: ("service", "keyword"),
    QUERY_METRICS: ("service", "alert_name", "metric"),
    LOOKUP_KNOWLEDGE: ("query",),
    QUERY_K8S: ("kind", "namespace", "name", "reason"),
}
_INPUT_KEYS: dict[str, tuple[str, ...]] = {
    QUERY_LOGS: ("service", "level", "keyword", "start", "end", "limit"),
    QUERY_METRICS: ("service", "alert_name", "metric", "start", "end"),
    LOOKUP_KNOWLEDGE: ("query", "top_k"),
    QUERY_K8S: ("kind", "namespace", "name", "reason", "start", "end", "limit"),
}


def _norm(value: Any) -> str:
    return re.sub(r"\s+", " ", str(value)).strip().casefold() if value is not None else ""


def _topic(call: _Call) -> tuple[str, ...]:
    """What a call is *about*: repeats of the same topic in one round may be compacted (window,
    level or limit differences are retries of the same question, not new topics)."""
    args = call.details.get("normalized_arguments")
    args = args if isinstance(args, Mapping) else call.arguments
    keys = _TOPIC_KEYS.get(call.tool_name)
    if keys is None:
        return (json.dumps(args, sort_keys=True, ensure_ascii=False, default=str),)
    return tuple(_norm(args.get(key)) for key in keys)


def _short_time(value: Any) -> str:
    text = str(value)
    match = re.match(r"(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)", text)
    return f"{match.group(1)} {match.group(2)}" if match else text


def _input_summary(call: _Call) -> str:
    args = call.arguments
    if not args:
        raw = "（无参数）" if call.status != FAILED else ""
        return raw
    keys = _INPUT_KEYS.get(call.tool_name) or tuple(sorted(str(k) for k in args))
    parts = []
    for key in keys:
        value = args.get(key)
        if value is None or value == "":
            continue
        shown = _text(_short_time(value) if key in ("start", "end") else value, 80)
        parts.append(f"{key}={quote(shown) if _look_alike(shown) else shown}")
    return _cut(" ".join(parts), MAX_INPUT_SUMMARY_CHARS)


#: Latin letters next to Greek or Cyrillic ones (pаyment-service, Cyrillic а), or an invisible
#: character: a value that imitates another one. Shown to the user only as a quotation (issue 25).
_LATIN: Final = re.compile(r"[A-Za-z]")
_OTHER_ALPHABET: Final = re.compile("[\u0370-\u03ff\u0400-\u052f]")
_INVISIBLE: Final = re.compile("[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]")


def _look_alike(text: str) -> bool:
    return bool(_INVISIBLE.search(text) or (_LATIN.search(text) and _OTHER_ALPHABET.search(text)))


# --- Facts from outputs ---------------------------------------------------------------------------------
def _refs_by_path(call: _Call) -> dict[str, str]:
    refs = call.details.get("evidence_refs")
    out: dict[str, str] = {}
    if isinstance(refs, list):
        for ref in refs:
            if (
                isinstance(ref, Mapping)
                and isinstance(ref.get("raw_path"), str)
                and isinstance(ref.get("text"), str)
            ):
                out[ref["raw_path"]] = ref["text"]
    return out


def _elements(output: Any, key: str) -> list[tuple[int, Mapping[str, Any]]]:
    """(index, element) of the object elements of ``output[key]``; the index is the raw_path index."""
    if not isinstance(output, Mapping):
        return []
    values = output.get(key)
    if not isinstance(values, list):
        return []
    return [(i, v) for i, v in enumerate(values) if isinstance(v, Mapping)]


def _log_facts(call: _Call) -> list[str]:
    refs = _refs_by_path(call)
    groups: dict[tuple[str, str, str], list[Any]] = {}
    for index, record in _elements(call.output, "records"):
        key = (_norm(record.get("service")), _norm(record.get("level")), _norm(record.get("message")))
        text = refs.get(f"/records/{index}") or " ".join(
            _text(part, MAX_FACT_CHARS)
            for part in (
                _short_time(record.get("timestamp", "")),
                record.get("service"),
                record.get("level"),
                record.get("message"),
            )
            if part
        )
        if key in groups:
            groups[key][1] += 1
        else:
            groups[key] = [text, 1]
    facts = []
    for text, count in groups.values():
        suffix = f" (×{count})" if count > 1 else ""
        facts.append(_cut(_text(text, MAX_FACT_CHARS * 2), MAX_FACT_CHARS - len(suffix)) + suffix)
    return facts


def _metric_facts(call: _Call) -> list[str]:
    refs = _refs_by_path(call)
    facts = []
    for index, alert in _elements(call.output, "alerts"):
        text = refs.get(f"/alerts/{index}") or " ".join(
            _text(alert.get(k), 80)
            for k in ("name", "service", "severity", "state", "starts_at", "value", "summary")
            if alert.get(k) not in (None, "")
        )
        facts.append("告警 " + _text(text, MAX_FACT_CHARS - 3))
    for index, series in _elements(call.output, "series"):
        text = refs.get(f"/series/{index}") or " ".join(
            f"{k} {_text(series.get(k), 60)}"
            for k in ("name", "service", "min", "max", "avg", "last", "threshold", "crossed_at")
            if series.get(k) not in (None, "")
        )
        facts.append("指标 " + _text(text, MAX_FACT_CHARS - 3))
    return facts


def _knowledge_facts(call: _Call) -> list[str]:
    refs = _refs_by_path(call)
    facts = []
    for index, hit in _elements(call.output, "hits"):
        text = (
            refs.get(f"/hits/{index}")
            or f"{_text(hit.get('heading_path') or hit.get('document_title'), 120)}: {_text(hit.get('text'), MAX_FACT_CHARS)}"
        )
        facts.append(_text(text, MAX_FACT_CHARS))
    return facts


def _generic_facts(call: _Call) -> list[str]:
    return [_text(ref, MAX_FACT_CHARS) for ref in _refs_by_path(call).values()]


_FACTS: dict[str, Callable[[_Call], list[str]]] = {QUERY_LOGS: _log_facts, QUERY_METRICS: _metric_facts, LOOKUP_KNOWLEDGE: _knowledge_facts}


def _window(output: Any) -> str:
    window = output.get("window") if isinstance(output, Mapping) else None
    if not isinstance(window, Mapping) or not window.get("start") or not window.get("end"):
        return ""
    return f"窗口 {_short_time(window['start'])}–{_short_time(window['end'])}"


def _success_tail(call: _Call) -> str:
    output = call.output if isinstance(call.output, Mapping) else {}
    parts: list[str] = []
    if call.tool_name == QUERY_LOGS:
        total, returned = output.get("total"), output.get("returned")
        if isinstance(total, int) and isinstance(returned, int):
            parts.append(f"共 {total} 条，返回 {returned} 条")
    elif call.tool_name == QUERY_METRICS:
        parts.append(
            f"告警 {len(_elements(output, 'alerts'))} 条，指标 {len(_elements(output, 'series'))} 条"
        )
    elif call.tool_name == QUERY_K8S:
        kind, total = str(output.get("kind") or ""), output.get("total")
        if kind and isinstance(total, int):
            parts.append(f"{kind} 共 {total} 个，返回 {len(_elements(output, kind))} 个")
    elif call.tool_name == LOOKUP_KNOWLEDGE:
        total = output.get("total_chunks")
        hits = len(_elements(output, "hits"))
        parts.append(f"命中 {hits} 个片段" + (f"（共 {total} 个）" if isinstance(total, int) else ""))
    if output.get("truncated") is True:
        parts.append("输出已截断")
    window = _window(output)
    if window:
        parts.append(window)
    return "；".join(parts)


# --- Grouping and items -----------------------------------------------------------------------------------
@dataclass
class _Entry:
    calls: list[_Call]
    representative: _Call
    status: str
    evidence_level: str
    facts: list[str] = field(default_factory=list)
    tail: str = ""

    def render_output(self, limit: int) -> str:
        """Facts first, then the tail; trailing facts go first when over ``limit``."""
        tail = self.tail
        if len(tail) > limit // 3:
            tail = _cut(tail, max(limit // 3, 0))
        budget = limit - (len(tail) + len(FACT_SEPARATOR) if tail else 0)
        kept: list[str] = []
        used = 0
        for fact in self.facts[:MAX_FACTS]:
            cost = len(fact) + (len(FACT_SEPARATOR) if kept else 0)
            if used + cost <= budget:
                kept.append(fact)
                used += cost
            elif not kept and budget > 20:
                kept.append(_cut(fact, budget))  # one concrete fact, cut, beats none
                used = budget
                break
            else:
                break
        body = FACT_SEPARATOR.join(kept)
        text = f"{body}{FACT_SEPARATOR}{tail}" if body and tail else body or tail
        return _cut(text, limit)


def _entry(calls: list[_Call]) -> _Entry:
    successes = [c for c in calls if c.status == SUCCESS]
    no_hits = [c for c in calls if c.status == NO_HIT]
    dedups = [c for c in calls if c.status == DEDUPED]
    if successes:
        rep, status, level = successes[0], SUCCESS, DIRECT  # the first effective hit
        facts = _FACTS.get(rep.tool_name, _generic_facts)(rep)
        tail = _success_tail(rep)
    elif no_hits:
        rep, status, level = no_hits[0], NO_HIT, NONE
        facts, tail = [], "；".join(p for p in (TAIL_NO_HIT, _window(rep.output)) if p)
    elif dedups:
        rep, status, level = dedups[0], DEDUPED, NO_NEW_EVIDENCE
        facts, tail = [], TAIL_DEDUPED.format(source=rep.deduped_from or "更早的调用")
    else:
        rep, status, level = calls[0], FAILED, NONE
        facts, tail = [], TAIL_FAILED.format(error=rep.error or "未知错误")
    if len(calls) > 1:
        counts = _counts(calls)
        merged = TAIL_MERGED.format(**counts.model_dump())
        tail = f"{tail}；{merged}" if tail else merged
    return _Entry(
        calls=calls, representative=rep, status=status, evidence_level=level, facts=facts, tail=tail
    )


def _counts(calls: Sequence[_Call]) -> TraceCounts:
    return TraceCounts(
        calls=len(calls),
        repeated=len(calls) - 1,
        failed=sum(c.status == FAILED for c in calls),
        no_hit=sum(c.status == NO_HIT for c in calls),
        deduped=sum(c.status == DEDUPED for c in calls),
    )


def _distinct(values: Iterable[str], limit: int = MAX_LIST_ITEMS) -> list[str]:
    return [v for v in dict.fromkeys(v for v in values if v)][:limit]


def _item(entry: _Entry, output_limit: int) -> TraceSummaryItem:
    rep, calls = entry.representative, entry.calls
    first = calls[0]
    labels: list[str] = []
    relevance: list[float] = []
    if rep.status == SUCCESS and rep.tool_name == LOOKUP_KNOWLEDGE:
        for _, hit in _elements(rep.output, "hits"):
            labels.append(_text(hit.get("document_title"), 120))
            score = hit.get("score")
            if isinstance(score, (int, float)) and not isinstance(score, bool) and score == score:
                relevance.append(round(float(score), 3))
    layers = [_text(c.details.get("backend"), 40) for c in calls]
    return TraceSummaryItem(
        trace_ref=f"trace:{first.round}:{first.tool_name or 'unknown'}:{first.invocation_id}",
        round=first.round,
        tool_name=first.tool_name,
        status=entry.status,
        success=entry.status == SUCCESS,
        evidence_level=entry.evidence_level,  # type: ignore[arg-type]
        input_summary=_input_summary(rep),
        output_summary=entry.render_output(output_limit),
        source_invocation_ids=[c.invocation_id for c in calls][:MAX_SOURCE_IDS],
        counts=_counts(calls),
        deduped_from=_distinct(c.deduped_from for c in calls if c.status == DEDUPED),
        query_samples=_distinct(_input_summary(c) for c in calls),
        source_labels=_distinct(labels),
        relevance=relevance[:MAX_LIST_ITEMS],
        retrieval_layers=_distinct(layers),
        error=_cut(rep.error, MAX_ERROR_CHARS) if entry.status == FAILED else "",
    )


def _size(summary: ToolTraceSummary) -> int:
    return len(summary.model_dump_json())


def build_tool_trace_summary(
    invocations: Iterable[Any],
    *,
    include_helpers: bool = False,
    compact: bool = True,
    max_items: int = MAX_ITEMS,
    max_chars: int = MAX_TOTAL_CHARS,
    max_item_chars: int = MAX_ITEM_OUTPUT_CHARS,
) -> ToolTraceSummary:
    """The bounded tool trace summary of ``invocations`` (see the module docstring).

    Deterministic: the same invocations (in any order) give the same summary and trace refs.
    Never raises on malformed invocation facts; unreadable parts are skipped.
    """
    calls = sorted((_read(item, i) for i, item in enumerate(invocations or [])), key=lambda c: c.order)
    # Invocation ids are unique within a run (a DB constraint); malformed input repeating one is
    # read first-wins, so trace refs stay unique and no call is counted twice.
    seen_ids: set[str] = set()
    unique_calls = []
    for call in calls:
        if call.invocation_id in seen_ids:
            continue
        seen_ids.add(call.invocation_id)
        unique_calls.append(call)
    calls = unique_calls
    if not include_helpers:
        calls = [c for c in calls if c.evidence_bearing]

    groups: dict[tuple[Any, ...], list[_Call]] = {}
    for call in calls:
        key = (call.round, call.tool_name, _topic(call)) if compact else (call.invocation_id, call.order)
        groups.setdefault(key, []).append(call)
    entries = [_entry(group) for group in groups.values()]

    kept, omitted = entries[:max_items], entries[max_items:]
    limit = max(max_item_chars, 1)

    def assemble() -> ToolTraceSummary:
        return ToolTraceSummary(
            items=[_item(e, limit) for e in kept],
            omitted_items=len(omitted),
            omitted_invocation_ids=[c.invocation_id for e in omitted for c in e.calls][:MAX_SOURCE_IDS],
        )

    summary = assemble()
    # Over budget: shrink every item's output (facts keep their order; the tail of the list goes
    # first), then drop whole items from the end.
    while _size(summary) > max_chars and limit > MIN_ITEM_OUTPUT_CHARS:
        limit = max(MIN_ITEM_OUTPUT_CHARS, int(limit * 0.75))
        summary = assemble()
    while _size(summary) > max_chars and kept:
        omitted.insert(0, kept.pop())
        summary = assemble()
    while _size(summary) > max_chars and summary.omitted_invocation_ids:
        summary.omitted_invocation_ids.pop()
    return summary


# --- Where the summary is used (spec 000 "Tool trace summary is navigation context") ---------------
#: How a tried query ended, in the Chinese the user and the gap planner read.
TRIED_OUTCOME: dict[str, str] = {
    SUCCESS: "有结果",
    NO_HIT: "无命中",
    FAILED: "失败",
    DEDUPED: "重复查询",
}
TRIED_LINE = "{tool} {args} → {outcome}"


def tried_lines(summary: ToolTraceSummary, *, limit: int = MAX_LIST_ITEMS) -> list[str]:
    """One short line per summary item — what was already queried and how it ended — for the
    coverage gap shown to the user ("已查询：…") and the audit view."""
    return [
        TRIED_LINE.format(
            tool=item.tool_name, args=item.input_summary, outcome=TRIED_OUTCOME.get(item.status, item.status)
        ).strip()
        for item in summary.items[:limit]
    ]


def planner_view(summary: ToolTraceSummary) -> list[dict[str, Any]]:
    """What the EVIDENCE_GAP_ONLY planner needs from the summary: each item's tool, arguments,
    status and evidence level (no output text), so it does not repeat a call that came back
    empty, failed or was only a duplicate."""
    return [
        {
            "trace_ref": item.trace_ref,
            "round": item.round,
            "tool_name": item.tool_name,
            "input_summary": item.input_summary,
            "status": item.status,
            "evidence_level": item.evidence_level,
        }
        for item in summary.items
    ]
