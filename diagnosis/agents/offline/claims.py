"""Evidence → Executor V2 contract (pure, no Django): the offline Executor's reasoning.

Input: what the question asks (``QuestionFacts``, the time window) and every tool invocation of
the run so far (``ToolCallResult``: status, output, evidence refs). Output: the §5.1 contract.

- The evidence (``refs``) and which of it answers the question (``selection``) decide the claims.
- Every claim's text is assembled from spans of its ref text (time, service, level, message,
  alert fields, series numbers) plus Chinese glosses whose evidence spelling is in that text, so
  every number, code and name it states is in its excerpt; the excerpt is a verbatim span of the
  ref text (the Gatekeeper re-checks it).
- Prose written by the monitored system (a log message, an alert summary) is only ever quoted:
  the claim's own words say what the evidence is ("payment-service 在 10:05:12 记录了一条 ERROR
  日志：「…」"), so an injected "根因已确认：…" in a log line stays a quoted log line (issue 10 item 4).
- Runbook hits only become ``hypotheses`` (常见原因) and ``recommended_actions`` (处理方案 …), never
  claims (``runbooks``; spec "Runbook and skill guidance do not become incident facts").
- Failed, no-hit and deduped calls, unknown services and symptoms without evidence become
  ``missing_info``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any, NamedTuple

from contracts.elements import AlertElement, HitElement, SeriesSummary
from contracts.k8s import K8sPod
from contracts.plan import ServiceInfo
from contracts.reading import QuestionFacts, TimeWindow
from contracts.tools import LOOKUP_KNOWLEDGE, QUERY_K8S, QUERY_LOGS, QUERY_METRICS, ToolCallResult
from diagnosis.agents.offline.changes import (
    MAX_CHANGE_CLAIMS,
    MAX_LISTED_CHANGES,
    change_refs,
    first_anomaly,
    moment,
)
from diagnosis.agents.offline.episodes import current_reads
from diagnosis.agents.offline.k8s_claims import k8s_claims, k8s_missing
from diagnosis.agents.offline.measures import dimension_match
from diagnosis.agents.offline.negatives import empty_reads, negative_claims
from diagnosis.agents.offline.neighbours import dependencies
from diagnosis.agents.offline.novelty import ACTION_LEVELS, is_routine, routine_lines, trigger_refs
from diagnosis.agents.offline.placement import is_unready, node_lines, placed_pods, scheduled_services
from diagnosis.agents.offline.refs import (
    EVIDENCE_TOOLS,
    LEVEL_RANK,
    Origin,
    Ref,
    binding,
    collect_refs,
    direct_claim,
    element_at,
    gloss,
    innermost,
    neighbour_reads,
)
from diagnosis.agents.offline.runbooks import MAX_HYPOTHESES, runbook_guidance, symptom_weights
from diagnosis.agents.offline.selection import (
    MAX_CLAIMS_BROAD,
    MAX_CLAIMS_NARROW,
    Candidate,
    Focus,
    alert_lines,
    listed_alerts,
    load_evidence,
    measured_beside,
    neighbour_evidence,
    quiet_series,
    relevant_refs,
    select_candidates,
    shows_trouble,
    the_failure,
)
from diagnosis.agents.offline.survey import secondary_findings, survey_claims, survey_missing
from diagnosis.reading.entities import shows_items
from diagnosis.reading.told import bridged_codes, told_match, told_overlap
from diagnosis.reading.vocabulary import EFFECTS, SYMPTOMS_BY_ID
from diagnosis.tools.element_text import SeriesText, clock_of_day, dated_clock, number, plain_head, with_unit
from diagnosis.tools.quoting import quote, quote_name
from gatekeeper.normalize import is_word_char

ANSWER_VERSION = "executor_evidence_v2"
MAX_SURVEY_HYPOTHESES = 4
MAX_EXCERPT_CHARS = 420  # below the Gatekeeper's matched_text cap, so the Verifier sees it all
MAX_MESSAGE_CHARS = 300
TAIL_CHARS = 140  # of a long message, the end quoted after its head (the innermost cause)
MIN_TAIL_CHARS = 20
MAX_ACTIONS_NARROW = 2
MAX_MISSING = 6

# An alert listing longer than the claim budget: say that the list is not complete.
UNLISTED_ALERTS = {
    "item": "其余告警的逐条信息",
    "reason": "符合条件的告警超出本次回答可列出的条数，未逐条列出；可按服务再查询 query_metrics",
}

# The order of confirmed anomalies (order_hypotheses), read from what each symptom measures, not from
# a list of names: something that took longer (a duration) before a resource counted to its limit (a
# count that is no outside effect: a pool, the connections, the file descriptors …) suggests the
# resource waits on it — a hypothesis, never a confirmed cause.
SLOW_SYMPTOMS = frozenset(s for s, v in SYMPTOMS_BY_ID.items() if v.measure == "time")
EXHAUSTED_SYMPTOMS = frozenset(s for s, v in SYMPTOMS_BY_ID.items() if v.measure == "count" and s not in EFFECTS)
#: What a call read, for a gap's wording.
_WHAT_READ: dict[str, str] = {QUERY_LOGS: "日志", QUERY_METRICS: "告警与指标"}
_EXTREME_PHRASE = {"max:time": "用时最长", "min:time": "用时最短", "max": "数值最大", "min": "数值最小"}


# --- Excerpts and glosses -------------------------------------------------------------------------
def _splits_token(text: str, cut: int) -> bool:
    """Would ending an excerpt at ``cut`` end it inside a token (the Gatekeeper's boundary rule)?"""
    before, after = text[cut - 1], text[cut]
    if is_word_char(before) and is_word_char(after):
        return True
    # "12" of "12.5", "12." of "12.5"
    if before.isdigit() and after == "." and cut + 1 < len(text) and text[cut + 1].isdigit():
        return True
    return before == "." and after.isdigit() and cut >= 2 and text[cut - 2].isdigit()


def excerpt_of(text: str, limit: int = MAX_EXCERPT_CHARS) -> str:
    """A verbatim prefix of ``text`` (the whole text when short) that ends on a token boundary;
    a multi-line text (a stack trace) is cut at its first line."""
    newline = text.find("\n")
    if 0 < newline:
        text = text[:newline].rstrip()
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit)
    if cut < limit // 2:
        cut = limit
        while cut > 1 and _splits_token(text, cut):
            cut -= 1
    return text[:cut].rstrip()


def _binding(ref: Ref, excerpt: str) -> dict[str, Any]:
    return binding(ref.tool_name, ref.invocation_id, ref.raw_path, excerpt)


def _message_shown(ref: Ref, excerpt: str) -> tuple[str, list[dict[str, Any]]]:
    """The part of a log line's message (as its text shows it, ``Ref.message``) a claim quotes, and
    the bindings it needs beyond ``excerpt`` (the ref text's prefix): the message when short; else
    its head and — an exception chain ends with its innermost cause (``Caused by: … FATAL:
    remaining connection slots …``) — that cause (``refs.innermost``: not the SQL a MyBatis section
    prints after it) or the line's tail, bound by an excerpt of its own, joined by an ellipsis."""
    message = ref.message
    shown = excerpt[len(ref.text) - len(message) :] if len(excerpt) < len(ref.text) else message
    shown = shown if len(shown) <= MAX_MESSAGE_CHARS else excerpt_of(shown, MAX_MESSAGE_CHARS)
    line = message.split("\n", 1)[0].rstrip()
    cause = innermost(message)
    if cause not in line and len(cause) >= MIN_TAIL_CHARS // 2 and cause not in shown:
        # A stack trace over several lines: its first line says *that*, its last exception *why*.
        head = excerpt_of(shown, MAX_MESSAGE_CHARS - len(cause))
        return f"{head} … {cause}", [_binding(ref, cause)]
    if len(line) <= len(shown) + 1:
        return shown, []
    cut = line.find(" ", len(line) - TAIL_CHARS) + 1
    tail = cause if cause != line and len(cause) <= TAIL_CHARS else line[cut:] if cut > 0 else ""
    if len(tail) < MIN_TAIL_CHARS or tail in shown:
        return shown, []
    head = excerpt_of(shown, MAX_MESSAGE_CHARS - len(tail))
    return f"{head} … {tail}", [_binding(ref, tail)]


# --- Claim text ---------------------------------------------------------------------------------------
def _log_claim(c: Candidate) -> tuple[str, list[dict[str, Any]]]:
    first = c.first
    excerpt = excerpt_of(first.text)
    if not plain_head(first.record):
        return f"{first.service} 的日志记录：{quote(excerpt)}", [_binding(first, excerpt)]
    shown, tail = _message_shown(first, excerpt)
    terms = gloss(shown)
    label = f"（{'、'.join(terms)}）" if terms else ""
    service, level = first.record.service, first.record.level
    bindings = [_binding(first, excerpt), *tail]
    if c.extreme:
        # A superlative question: the line with the extreme figure among the lines read.
        which = _EXTREME_PHRASE.get(c.extreme) or _EXTREME_PHRASE[c.extreme.split(":")[0]]
        text = (
            f"{service} 在 {first.clock} 记录了一条 {level} 日志{label}，"
            f"是本次查到的同类日志中{which}的一条：{quote(shown)}"
        )
    elif len(c.refs) > 1:
        last = c.refs[-1]
        bindings.append(_binding(last, excerpt_of(last.text)))
        text = f"{service} 自 {first.clock} 起反复记录 {level} 日志{label}，最近一条在 {last.clock}：{quote(shown)}"
    else:
        text = f"{service} 在 {first.clock} 记录了一条 {level} 日志{label}：{quote(shown)}"
    return text, bindings


def _since(alert: AlertElement, excerpt: str, today: str) -> str:
    """When an alert started, when its excerpt shows it: the clock, with the date when not ``today``."""
    if f"since {dated_clock(alert.starts_at)}" not in excerpt:
        return ""
    return clock_of_day(alert.starts_at) if f"{alert.starts_at:%Y-%m-%d}" == today else dated_clock(alert.starts_at)


def _resolved(alert: AlertElement, excerpt: str) -> str:
    """When an alert resolved, when its excerpt shows it: the clock."""
    end = alert.resolved_at
    return clock_of_day(end) if end is not None and f"resolved at {dated_clock(end)}" in excerpt else ""


def _change_claim(kind: str, ref: Ref) -> tuple[str, list[dict[str, Any]]]:
    """A change event as a timeline entry: "09:31:05 config-center 记录配置变更（INFO）：「…」"."""
    excerpt = excerpt_of(ref.text)
    if not plain_head(ref.record):
        return f"{ref.service} 记录{kind}：{quote(excerpt)}", [_binding(ref, excerpt)]
    shown, tail = _message_shown(ref, excerpt)
    return f"{ref.clock} {ref.record.service} 记录{kind}（{ref.record.level}）：{quote(shown)}", [_binding(ref, excerpt), *tail]


def placement_claims(
    history: Sequence[ToolCallResult], failing: Sequence[Ref], asked: Sequence[str] = ()
) -> list[tuple[str, list[dict[str, Any]]]]:
    """Per read node: the failing pod that runs on it — or, none failing there, an ``asked``
    service's pod that never came up on it (``placement.is_unready``) — and what the node kept
    reporting, in one claim bound to both (the pod's ``query_k8s`` line names the node; the node's
    log line its trouble): "rh-prescription 报错的 Pod …-kxfw5 运行在节点 node-07；该节点自 10:48:20
    起记录 WARN：「…」"."""
    pods = placed_pods(history)
    where = {p.name.casefold(): p for p in pods}
    refs = {  # each pod's line of the pods reads (its text names its node)
        K8sPod.model_validate(element).name: binding(call.tool_name, call.invocation_id, path, excerpt_of(str(ref.get("text") or "")))
        for call in history
        if call.tool_name == QUERY_K8S and call.status == "success"
        for ref in call.evidence_refs or []
        if (path := str(ref.get("raw_path") or "")).startswith("/pods/") and (element := element_at(call.output, path))
    }
    out: list[tuple[str, list[dict[str, Any]]]] = []
    for node, lines in node_lines(history).items():
        pod = next((where[i] for r in failing if (i := r.record.instance.casefold()) in where
                    and where[i].node == node), None)
        stuck = None if pod is not None else next(
            (p for p in pods if p.node == node and p.service in asked and is_unready(p)), None
        )
        pod = pod or stuck
        pod_binding = refs.get(pod.name) if pod is not None else None
        if pod is None or pod_binding is None or not lines:
            continue
        line = lines[0]
        if f"节点 {node}" not in pod_binding["evidence_excerpt"] or not plain_head(line.record):
            continue
        excerpt = excerpt_of(line.text)
        shown, tail = _message_shown(line, excerpt)
        which = f"未就绪（{pod.waiting_reason or pod.phase}）的" if stuck is not None else "报错的"
        text = (f"{pod.service} {which} Pod {pod.name} 运行在节点 {node}；该节点自 {line.clock} 起记录 "
                f"{line.record.level}：{quote(shown)}")
        # The node's line speaks for the claim (the composer reads its first binding): a node in trouble.
        out.append((text, [_binding(line, excerpt), pod_binding, *tail]))
    return out


class Bridge(NamedTuple):
    """A code a runbook says a told message is: 反潜回 → ``ANTI_PASSBACK`` by 《反潜回拒绝处理手册》."""

    message: str
    code: str
    runbook: Ref  # the runbook's opening, as the told lookup found it


def told_bridges(history: Sequence[ToolCallResult], messages: Sequence[str]) -> list[Bridge]:
    """Each code a runbook the told lookup found says one of ``messages`` is
    (``reading.told.bridged_codes``), once per message and code."""
    calls = [c for c in history if c.origin == Origin.TOLD and c.status == "success"]
    hits = [r for r in collect_refs(calls, (), only=Origin.TOLD) if r.kind == "hit"]
    return list({
        (message, code): Bridge(message, code, hit)
        for message in messages for hit in hits
        for code in bridged_codes(message, [HitElement.model_validate(hit.element)])
    }.values())


def told_or_story(facts: QuestionFacts) -> tuple[str, ...]:
    """What the asker saw: the messages a question quotes, else — a cause asked — the story's own
    words (``QuestionFacts.story``), which only a runbook's title can tie to the lines."""
    return facts.told or (facts.story if facts.cause and not facts.narrow else ())


def _holds_code(code: str, text: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9_]){re.escape(code)}(?![A-Za-z0-9_])", text) is not None


def _is_warning(line: Ref) -> bool:
    return LEVEL_RANK.get(line.level, 0) >= LEVEL_RANK["WARN"]


def _said_line(message: str, lines: Sequence[Ref]) -> Ref | None:
    """The line that says most of ``message`` in its own words: a warning or worse before a note,
    the earliest of equals."""
    said = [(overlap, line) for line in lines if (overlap := told_overlap(message, line.message))]
    if not said:
        return None
    return min(said, key=lambda x: (-x[0], not _is_warning(x[1]), x[1].record.timestamp))[1]


def _said_claim(message: str, line: Ref) -> tuple[str, list[dict[str, Any]]] | None:
    """``line`` quoted with the words it shares with ``message`` (None when its shown part lacks them)."""
    excerpt = excerpt_of(line.text)
    shown, tail = _message_shown(line, excerpt)
    match = told_match(message, shown)
    if not match:
        return None
    text = f"{line.record.service} 在 {line.clock} 记录了一条 {line.record.level} 日志，写有所述的{quote(match)}：{quote(shown)}"
    return text, [_binding(line, excerpt), *tail]


def _bridged_claim(message: str, lines: Sequence[Ref], bridges: Sequence[Bridge]) -> tuple[str, list[dict[str, Any]]] | None:
    """The line holding a code a runbook says ``message`` is, quoted through that runbook."""
    coded = [(b, line) for b in bridges if b.message == message for line in lines if _holds_code(b.code, line.message)]
    if not coded:
        return None
    bridge, line = min(coded, key=lambda x: (not _is_warning(x[1]), x[1].record.timestamp))
    excerpt = excerpt_of(line.text)
    shown, tail = _message_shown(line, excerpt)
    title = HitElement.model_validate(bridge.runbook.element).document_title
    match = told_match(message, title)
    if not _holds_code(bridge.code, shown) or not match:
        return None
    text = (f"{line.record.service} 在 {line.clock} 记录了一条 {line.record.level} 日志，写有{quote(bridge.code)}"
            f"（处理手册《{title}》所说的所述{quote(match)}）：{quote(shown)}")
    return text, [_binding(line, excerpt), *tail, _binding(bridge.runbook, excerpt_of(bridge.runbook.text))]


def told_claims(history: Sequence[ToolCallResult], facts: QuestionFacts,
                services: Sequence[ServiceInfo]) -> list[tuple[str, list[dict[str, Any]]]]:
    """Per message the asker saw (``told_or_story``): the line of the told read (``Origin.TOLD``)
    that says most of it — a warning or worse before a note, the earliest of equals — quoted with the
    words it shares with the message: "jq-risk-precheck 在 09:15:02 记录了一条 WARN 日志，写有所述的
    「委托价格超出涨跌停」：「…」". A line that says none of its words but the code a runbook says the
    message is (``told_bridges``) shows it through that runbook, bound to it as well: "…写有「ANTI_PASSBACK」
    （处理手册《反潜回拒绝处理手册》所说的所述「反潜回」）：「…」". The story's own words are matched only so."""
    calls = [c for c in history if c.origin == Origin.TOLD and c.status == "success"]
    lines = [r for r in collect_refs(calls, services, only=Origin.TOLD) if r.kind == "log" and plain_head(r.record)]
    messages = told_or_story(facts)
    bridges = told_bridges(history, messages)
    out = []
    for message in messages:
        line = _said_line(message, lines) if facts.told else None
        claim = _said_claim(message, line) if line is not None else _bridged_claim(message, lines, bridges)
        if claim is not None:
            out.append(claim)
    return out


def _shown(e: dict[str, Any], key: str, excerpt: str, shape: str = "{}") -> str:
    """The element's ``key`` value when the excerpt shows it (as ``shape``), else ""."""
    value = str(e.get(key) or "")
    return value if value and shape.format(value) in excerpt else ""


def _alert_claim(c: Candidate, today: str = "") -> tuple[str, str, list[dict[str, Any]]]:
    ref = c.first
    e, excerpt = ref.element, excerpt_of(ref.text)
    name, severity = _shown(e, "name", excerpt), _shown(e, "severity", excerpt, " {} ")
    head = f"{ref.service or e.get('service', '')} 的告警 {quote_name(name)}" if name else f"{ref.service} 的告警"
    parts = [head + (f"（{severity}）" if severity else "")]
    state, since = _shown(e, "state", excerpt, " {} "), _since(ref.alert, excerpt, today)
    if state == "firing":
        parts.append("正在触发（firing）" + (f"，开始于 {since}" if since else ""))
    elif state == "resolved":
        resolved = _resolved(ref.alert, excerpt)
        parts.append((f"开始于 {since}，" if since else "") + "已恢复（resolved）" + (f"，恢复于 {resolved}" if resolved else ""))
    if value := _shown(e, "value", excerpt, " value {}"):
        parts.append(f"值 {value}")
    if summary := _shown(e, "summary", excerpt):
        parts.append(f"摘要：{quote(summary)}")
    return "，".join(parts), "observation", [_binding(ref, excerpt)]


def _alert_list_claim(c: Candidate, today: str = "") -> tuple[str, str, list[dict[str, Any]]]:
    """Several alerts of one service in one claim, each item from its own alert text and bound
    to it: "api-gateway 正在触发（firing）的告警：UpstreamErrorRate（critical，开始于 10:06，值 7.1%）；…"."""
    states = {str(r.element.get("state") or "") for r in c.refs}
    head = {
        frozenset({"firing"}): "正在触发（firing）的告警",
        frozenset({"resolved"}): "已恢复（resolved）的告警",
    }.get(frozenset(states), "的告警")
    items: list[str] = []
    bindings: list[dict[str, Any]] = []
    for ref in c.refs:
        e, excerpt = ref.element, excerpt_of(ref.text)
        name = _shown(e, "name", excerpt)
        if not name:
            continue
        state, resolved = str(e.get("state") or ""), _resolved(ref.alert, excerpt)
        bits = [
            _shown(e, "severity", excerpt, " {} "),
            _shown(e, "state", excerpt, " {} ") if len(states) > 1 else "",
            f"开始于 {since}" if (since := _since(ref.alert, excerpt, today)) else "",
            f"恢复于 {resolved}" if state == "resolved" and resolved else "",
            f"值 {value}" if (value := _shown(e, "value", excerpt, " value {}")) else "",
        ]
        bits = [b for b in bits if b]
        items.append(quote_name(name) + (f"（{'，'.join(bits)}）" if bits else ""))
        bindings.append(_binding(ref, excerpt))
    service = c.first.service or str(c.first.element.get("service") or "")
    return f"{_spaced(service)}{head}：" + "；".join(items), "observation", bindings


# --- How a series claim states its figures ----------------------------------------------------------
def _stated_figure(series: SeriesSummary, field: str) -> str:
    """``field``'s figure ("min", "max", "last") as the series' evidence text renders it."""
    value = {"min": series.min, "max": series.max, "last": series.last}[field]
    return with_unit(value, series.unit, exact=True) if series.unit else number(value, exact=True)


def _series_claim(c: Candidate) -> tuple[str, str, list[dict[str, Any]]]:
    """What a series summary shows, each figure from its typed field, worded as its text shows it
    (``SeriesText``), and only the figures its excerpt shows."""
    ref = c.first
    series, excerpt = ref.series, excerpt_of(ref.text)
    t = SeriesText.of(series)
    service = ref.service or series.service
    # The labels that tell it apart (instance=xe-zk-2) belong to its name.
    name = t.name if t.name in excerpt else series.name
    head = f"{service} 指标 {quote_name(name)}" if name and name in excerpt else f"{service} 指标"
    spanned = bool(series.service) and excerpt.startswith(f"{t.name} {series.service} {t.span} ")
    parts = [head + (f" 在 {t.span} 内" if spanned else "")]
    figures = {k: _stated_figure(series, k) for k in ("min", "max", "last")}
    shown = {k: v for k, v in figures.items() if f"{k} {v}" in excerpt}
    if c.extreme == "min" and "min" in shown:  # asked for the lowest value
        parts.append(f"最小值 {shown['min']}")
    if "max" in shown:
        parts.append(f"最大值 {shown['max']}")
        if f"峰值于 {t.peak_at}" in excerpt:
            parts[-1] += f"（峰值于 {t.peak_at}）"
    if "last" in shown:
        parts.append(f"最新值 {shown['last']}")
    claim_type = "observation"
    if t.threshold is not None:
        threshold = t.threshold
        if t.crossed_at is None:
            if f"未超过阈值 {threshold}" in excerpt:
                parts.append(f"未超过阈值 {threshold}")
                claim_type = "negative_observation"
        elif f"超过阈值 {threshold} 于 {t.crossed_at}" in excerpt:
            parts.append(f"于 {t.crossed_at} 超过阈值 {threshold}")
    if len(parts) == 1:  # an unfamiliar rendering: quote it
        return f"{head}：{quote(excerpt)}", claim_type, [_binding(ref, excerpt)]
    return "，".join(parts), claim_type, [_binding(ref, excerpt)]


def _hypothesis(text: str) -> dict[str, Any]:
    rationale = "按事件先后推断（未经验证）：前者早于后者开始，二者相关与否需要回滚、对比或进一步排查确认"
    return {"hypothesis_id": "h1", "text": text, "rationale": rationale}


def _first(candidates: Sequence[Candidate], symptoms: frozenset[str]) -> tuple[datetime, Candidate] | None:
    timed = [(t, c) for c in candidates if c.first.symptoms & symptoms if (t := moment(c.first)) is not None]
    return min(timed, key=lambda tc: tc[0], default=None)


def order_hypotheses(
    changes: Sequence[tuple[str, Ref]],
    candidates: Sequence[Candidate],
    runbook: Sequence[dict[str, Any]] = (),
) -> list[dict[str, Any]]:
    """Directions by the order of the confirmed anomalies, never a confirmed cause, around the
    ``runbook`` ones (at most MAX_HYPOTHESES in all, these two kept): first the likeliest change
    before the first anomaly (``changes`` in that order: ``change_refs``), last a slow dependency
    (``SLOW_SYMPTOMS``) before a resource's exhaustion (``EXHAUSTED_SYMPTOMS``)."""
    out: list[dict[str, Any]] = []
    after: list[dict[str, Any]] = []
    first = first_anomaly(r for c in candidates for r in c.refs)
    earlier = [(kind, ref) for kind, ref in changes if first and (t := moment(ref)) and t <= first]
    if earlier:
        kind, change = earlier[0]
        out.append(
            _hypothesis(f"{change.clock} {change.service} 的{kind}与其后 {first:%H:%M:%S} 起的异常有关")
        )
    slow, pool = _first(candidates, SLOW_SYMPTOMS), _first(candidates, EXHAUSTED_SYMPTOMS)
    if slow and pool and slow[0] < pool[0] and slow[1] is not pool[1]:
        a, b = slow[1].first, pool[1].first
        exhausted = "、".join(SYMPTOMS_BY_ID[s].label for s in sorted(b.symptoms & EXHAUSTED_SYMPTOMS))
        after.append(
            _hypothesis(
                f"{a.service} 在 {a.clock} 起变慢，早于 {b.clock} 起 {b.service} 的{exhausted}异常："
                "后者可能被慢的依赖占满"
            )
        )
    merged = out + list(runbook)[: max(0, MAX_HYPOTHESES - len(out) - len(after))] + after
    return [{**h, "hypothesis_id": f"h{i}"} for i, h in enumerate(merged, 1)]


# --- Missing information ------------------------------------------------------------------------------
def _describe_call(call: ToolCallResult) -> str:
    args = call.arguments or {}
    if call.tool_name == LOOKUP_KNOWLEDGE:
        return f"处理手册检索「{str(args.get('query') or '')[:40]}」"
    what = _WHAT_READ.get(call.tool_name, call.tool_name)
    bits = [str(args.get("service") or "全部服务")]
    if args.get("level"):
        bits.append(f"{args['level']} 及以上")
    if args.get("keyword"):
        bits.append(f"关键词 {args['keyword']}")
    return f"{' '.join(bits)} 的{what}（{call.invocation_id}）"


def _spaced(name: str, both: bool = False) -> str:
    """A name set in Chinese text: ASCII names get spaces around them, Chinese ones none."""
    if not name.isascii():
        return name
    return f" {name} " if both else f"{name} "


def missing_info(
    *,
    facts: QuestionFacts,
    window: TimeWindow,
    history: Sequence[ToolCallResult],
    refs: Sequence[Ref],
    current_round: int,
    claims_made: bool = True,
) -> list[dict[str, str]]:
    """What the answer lacks: unknown services, asked services and symptoms the evidence ``refs``
    (the relevant ones, no runbook hits) do not show, and failed, repeated or empty calls."""
    items: list[tuple[str, str]] = []  # (item, reason)
    label = window.label()
    for name in facts.unknown_services:
        reason = f"已加载的数据中没有名为{_spaced(name, both=True)}的服务，相关查询无结果"
        items.append((f"{_spaced(name)}的日志、告警与指标", reason))
    for service in facts.known_services:
        if not any(r.service == service for r in refs):
            items.append((f"{service} 在 {label} 的日志、告警与指标", "本次查询没有返回该服务的任何记录"))
    scope = "、".join(facts.known_services) or "相关服务"
    for symptom_id in facts.symptoms if refs else ():
        if not any(symptom_id in r.symptoms for r in refs):
            symptom = SYMPTOMS_BY_ID[symptom_id].label
            reason = f"本次查询到的日志、告警与指标中没有与{symptom}直接相关的记录"
            items.append((f"{_spaced(scope)}的{symptom}证据", reason))
    if not claims_made and not items and not facts.unknown_services:
        reason = "查询到的日志、告警与指标中没有与问题直接相关的记录"
        items.append((f"{_spaced(scope)}在 {label} 与问题直接相关的证据", reason))
    for call in history:
        if call.tool_name not in EVIDENCE_TOOLS:
            continue
        if call.status == "failed":
            items.append((_describe_call(call), f"调用失败：{(call.error or '未知错误')[:120]}"))
        elif call.status == "deduped" and call.round == current_round:
            items.append(
                (_describe_call(call), f"与 {call.deduped_from or '之前的调用'} 重复，没有带来新证据")
            )
        elif call.status == "no_hit" and call.tool_name == LOOKUP_KNOWLEDGE:
            items.append((_describe_call(call), "知识库中没有匹配的处理手册"))
    return [{"item": item, "reason": reason} for item, reason in dict.fromkeys(items)][:MAX_MISSING]


# --- The contract -------------------------------------------------------------------------------------
def build_claims(
    candidates: Sequence[Candidate],
    today: str = "",
    changes: Sequence[tuple[str, Ref]] = (),
    negatives: Sequence[tuple[str, str, list[dict[str, Any]]]] = (),
) -> list[dict[str, Any]]:
    """Claims for ``candidates``, then the ``negatives`` (empty reads, ``negatives``), then a
    ``timeline`` claim per change event (``changes``: kind, ref); ``today`` (YYYY-MM-DD, the
    window's last day) is the date an alert's start is not repeated for."""
    drafts: list[tuple[str, str, list[dict[str, Any]]]] = []
    for c in candidates:
        if c.kind == "log":
            text, bindings = _log_claim(c)
            drafts.append((text, "observation", bindings))
        else:
            build = {"alert": _alert_claim, "alerts": _alert_list_claim}.get(c.kind)
            drafts.append(build(c, today) if build else _series_claim(c))
    drafts.extend(negatives)
    cited = {r.text for c in candidates for r in c.refs}
    for kind, ref in changes:
        if ref.text not in cited:
            text, bindings = _change_claim(kind, ref)
            drafts.append((text, "timeline", bindings))
    return [direct_claim(i, *draft) for i, draft in enumerate(drafts, 1)]


def keep_claim_ids(
    claims: Sequence[dict[str, Any]], previous: Sequence[dict[str, Any]]
) -> list[dict[str, Any]]:
    """Give a claim that rests on the same first evidence ref as a previous round's claim that
    claim's id (so an evidence gap's ``claim_id`` still names it); new claims get fresh ids."""

    def key(claim: dict[str, Any]) -> tuple[str, str]:
        first = (claim.get("evidence_bindings") or [{}])[0]
        return str(first.get("source_invocation_id")), str(first.get("raw_path"))

    earlier = {key(c): str(c["claim_id"]) for c in previous}
    taken = set(earlier.values())
    out: list[dict[str, Any]] = []
    used: set[str] = set()
    fresh = 1
    for claim in claims:
        claim_id = earlier.get(key(claim))
        if claim_id is None or claim_id in used:
            while f"c{fresh}" in taken or f"c{fresh}" in used:
                fresh += 1
            claim_id = f"c{fresh}"
        used.add(claim_id)
        out.append({**claim, "claim_id": claim_id})
    return out


def _first_binding(claim: dict[str, Any]) -> tuple[str, str]:
    first = (claim.get("evidence_bindings") or [{}])[0]
    return str(first.get("source_invocation_id")), str(first.get("raw_path"))


def build_contract(
    *,
    facts: QuestionFacts,
    window: TimeWindow,
    history: Sequence[ToolCallResult],
    services: Sequence[ServiceInfo],
    current_round: int = 1,
    checked_symptoms: Iterable[str] = (),
    knowledge_first: str = "",
    exact_terms: Sequence[str] = (),
) -> dict[str, Any]:
    """The §5.1 contract for ``facts`` over the run's invocations (deterministic).

    ``checked_symptoms``: symptoms of runbook causes the executor checked (weaker relevance);
    ``knowledge_first``: the lookup_knowledge invocation whose hits guide first;
    ``exact_terms``: what the question spells exactly (401, KeyError) — a quiet service is then
    answered by its empty reads for them, not by unrelated quiet series."""
    history = current_reads(history)  # a read over the asked incident's span replaces the planned one
    refs = collect_refs(history, services)
    # A figure counted in the asked measure word only beside the asked services: that series too.
    chosen = [*relevant_refs(refs, facts), *measured_beside(refs, facts)]
    focus = Focus.of(facts, checked_symptoms)
    evidence = [r for r in chosen if r.kind != "hit"]
    baseline = [r for r in collect_refs(history, services, only=Origin.BASELINE) if r.kind == "log"]
    candidates = select_candidates(evidence, facts, focus, baseline)
    routine = routine_lines(history)
    usual = routine_lines(history, outnumbered=False)
    if facts.cause and not (facts.narrow or facts.listing or facts.quantity):
        # A warning the asked service writes all day at its usual rate is not the failure asked about
        # (an ERROR line is kept: a template read with its status as a placeholder may hide a new 502).
        candidates = [c for c in candidates if not (c.kind == "log" and LEVEL_RANK.get(c.first.level, 0) < LEVEL_RANK["ERROR"]
                                                    and is_routine(c.first, usual))]
    if facts.items:
        candidates = [c for c in candidates if shows_items(facts, c.first.text)]
    # An alert asked about that fired is answered with what it counted (the lines behind it), in
    # the room the alerts leave (a yes/no stays short).
    room = (MAX_CLAIMS_NARROW if facts.narrow else MAX_CLAIMS_BROAD) - len(candidates)
    candidates += alert_lines(collect_refs(history, services, only=Origin.ALERT_LINES), focus)[:max(0, room)]
    failing = [r.message for c in candidates if c.kind == "log" for r in c.refs]
    near, said = neighbour_reads(history, services)
    beside = neighbour_evidence(near, candidates, focus, said, routine)
    # The traffic behind it: a request rate (of the asked services or a neighbour) that surged first.
    load = load_evidence(refs, candidates, focus) if facts.cause and not facts.listing and not facts.narrow else []
    beside += load
    failure = the_failure(candidates, beside)
    anomalies = [r for c in failure if c.kind in ("log", "alert") for r in c.refs if not is_routine(r, routine)]
    candidates += beside
    # When each implicated neighbour went red: the one that failed first leads its changes.
    onsets = {s: t for s in {c.first.service for c in beside}
              if (t := first_anomaly(r for c in beside for r in c.refs if r.service == s))}  # fmt: skip
    # The window's last day (an end at midnight belongs to the day before).
    today = (window.end - timedelta(microseconds=1)).strftime("%Y-%m-%d")
    triggers = trigger_refs(history, services)  # what no service logged before, just before the failure
    # What was done to the element the failing lines fail on, hours before (``thread``).
    few = [c for c in history if c.origin == Origin.THREAD and not (c.output if isinstance(c.output, dict) else {}).get("truncated")]
    threaded = [r for r in collect_refs(few, services, only=Origin.THREAD) if r.kind == "log" and r.level.upper() in ACTION_LEVELS]
    # What was scheduled onto the node under the failing pods: tied to them as a neighbour is.
    scheduled = scheduled_services(history, services, node_lines(history))
    changes = (
        change_refs(
            [*collect_refs(history, services, only=Origin.CHANGES), *triggers, *threaded],
            start=window.start,
            end=window.end,
            services=facts.known_services,
            anomalies=anomalies,
            # The path: the described neighbours, those that went red beside the failure, the node's.
            depends_on=[*dependencies(facts.known_services, services, failing), *onsets, *scheduled],
            limit=MAX_LISTED_CHANGES if facts.change else MAX_CHANGE_CLAIMS,
            nearest=not facts.change,
            implicated=[*(str(c.arguments.get("service")) for c in history if c.origin == Origin.NEIGHBOUR), *scheduled],
            onsets=onsets,
            novel={(r.invocation_id, r.raw_path) for r in triggers},
            threaded={(r.invocation_id, r.raw_path) for r in threaded},
        )
        if facts.offers_changes and (facts.known_services or not facts.unknown_services)
        else []
    )
    if facts.change:  # a listing: the latest change before the failure is its likeliest cause
        changes = sorted(changes, key=lambda kc: str(moment(kc[1])), reverse=True)
    # An asked service where nothing went wrong: what was read and found empty, what stayed quiet.
    negatives: list[tuple[str, str, list[dict[str, Any]]]] = []
    if not facts.listing and not facts.quantity:
        for service in facts.known_services:
            if any(shows_trouble(r) for r in evidence if r.service == service):
                continue  # a warning, an alert or a crossing was read: not a quiet service
            cited = {(r.invocation_id, r.raw_path) for x in candidates for r in x.refs}
            # What stayed under its threshold — of the asked dimension when the question names one.
            dims = [d for d in facts.symptoms if d != "alert"]
            candidates += [c for c in quiet_series(evidence, service) if (c.first.invocation_id, c.first.raw_path) not in cited
                           and not exact_terms and (not dims or dimension_match(str(c.first.element.get("name") or ""), dims))]
            negatives += negative_claims(empty_reads(history, service, window, current_round), service)
    claims = build_claims(candidates, today=today, changes=sorted(changes, key=lambda kc: str(moment(kc[1]))),
                          negatives=negatives)
    warned = [r for r in evidence if r.kind == "log" and shows_trouble(r)
              and (r.service in facts.known_services or not facts.known_services)]
    # Where the failure sits comes right after the failing lines themselves (an answer shows its
    # first pieces of evidence).
    placed = [direct_claim(0, text, "observation", bindings) for text, bindings in placement_claims(history, warned, facts.known_services)]
    # What the asker saw, where a service wrote it: the reported failure itself.
    placed += [direct_claim(0, text, "observation", bindings) for text, bindings in told_claims(history, facts, services)
               if not any(b["raw_path"] == _first_binding(c)[1] and b["source_invocation_id"] == _first_binding(c)[0]
                          for c in claims for b in bindings[:1])]
    # So does the load it came under (the caller's surge): what an engineer acts on first.
    surged = {(r.invocation_id, r.raw_path) for c in load for r in c.refs}
    loaded = [c for c in claims if _first_binding(c) in surged]
    if placed or loaded:
        rest = [c for c in claims[1:] if c not in loaded]
        claims = [{**c, "claim_id": f"c{i}"} for i, c in enumerate([*claims[:1], *loaded, *placed, *rest], 1)]
    claims += k8s_claims(history, facts, excerpt=excerpt_of, first_id=len(claims) + 1, today=today)
    called = any(c.origin == Origin.SURVEY for c in history) and not facts.survey  # the errors pointed elsewhere
    surveyed, component = (
        survey_claims(history, services, excerpt=excerpt_of, asked=facts.known_services,
                      callers=facts.known_services if called else ())
        if facts.survey or called else ([], "")
    )  # fmt: skip
    if surveyed:  # the survey's root cause (or a healthy cluster) and its chain, with the changes
        # and what the reads show of the component at fault itself (its pods, its Deployment)
        changed = [c for c in claims if c["claim_type"] == "timeline"
                   or (component and re.search(rf"(?<![\w-]){re.escape(component)}(?![\w-])", c["claim_text"]))]  # fmt: skip
        claims = [{**c, "claim_id": f"c{i}"} for i, c in enumerate([*surveyed, *changed], start=1)]
    hits = [r for r in chosen if r.kind == "hit"]
    hits.sort(key=lambda r: r.invocation_id != knowledge_first)  # stable: keeps rank order within a call
    # The runbook whose title names what the confirmed evidence shows guides (not the search rank).
    weights = symptom_weights([c.first for c in candidates], facts.symptoms)
    hypotheses, actions = runbook_guidance(hits, weights, require_match=bool(facts.listing), claims=claims)
    hypotheses = order_hypotheses(changes, failure, hypotheses)
    if not facts.known_services and facts.unknown_services:
        hypotheses, actions = [], []  # nothing was found to act on: only the gap is stated
    elif facts.narrow:
        # A confirmation question gets the observation, not a diagnosis (spec 001 narrow scope).
        hypotheses, actions = [], actions[:MAX_ACTIONS_NARROW]
    if surveyed:
        hypotheses = [*secondary_findings(history, services), *hypotheses][:MAX_SURVEY_HYPOTHESES]
    missing = missing_info(
        facts=facts,
        window=window,
        history=history,
        refs=evidence,
        current_round=current_round,
        claims_made=bool(claims),
    )
    missing = (missing + k8s_missing(history) + (survey_missing(history) if surveyed else []))[:MAX_MISSING]
    if facts.listing == "alerts":
        cited = {(r.invocation_id, r.raw_path) for c in candidates for r in c.refs}
        if any((r.invocation_id, r.raw_path) not in cited for r in listed_alerts(evidence, facts)):
            missing = [UNLISTED_ALERTS, *missing][:MAX_MISSING]
    return {
        "answer_version": ANSWER_VERSION,
        "claims": claims,
        "hypotheses": hypotheses,
        "recommended_actions": actions,
        "missing_info": missing,
    }
