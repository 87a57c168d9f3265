"""Evidence → Executor V2 contract (pure, no Django): the offline Executor's reasoning.

Input: what the question asks (``QuestionFacts``, the time window) and every tool invocation of
the run so far (``ToolCallResult``: status, output, evidence refs). Output: the §5.1 contract.

- Only ``success`` invocations give evidence; each evidence ref is read together with the output
  element its ``raw_path`` points at (a log record, an alert, a series summary, a runbook hit).
- Logs, alerts and series of the asked services are candidates (any service when none was
  named; none when the question only names services the data does not know). Repeated log lines
  are grouped by message signature; a group is cited by its first record (and its last one,
  when it repeated, so "repeatedly" rests on two cited lines).
- Candidates are ranked by the question's symptoms, then severity, then how concrete they are.
  Narrow questions get at most two claims, broad ones at most five.
- Every claim's text is assembled from spans of its ref text (time, service, level, message,
  alert fields, series numbers) plus Chinese glosses whose evidence spelling is in that text, so
  every number, code and name it states is in its excerpt; the excerpt is a verbatim span of the
  ref text (the Gatekeeper re-checks it).
- Runbook hits only become ``hypotheses`` (常见原因) and ``recommended_actions`` (处理方案 …), never
  claims (spec "Runbook and skill guidance do not become incident facts").
- Failed, no-hit and deduped calls, unknown services and symptoms without evidence become
  ``missing_info``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from diagnosis.agents.base import ServiceInfo, ToolCallResult
from diagnosis.agents.offline.entities import QuestionFacts, evidence_symptoms
from diagnosis.agents.offline.text import fold
from diagnosis.agents.offline.time_expressions import TimeWindow
from diagnosis.agents.offline.vocabulary import (
    ERRORISH,
    GLOSS_TERMS,
    KEY_TERMS_BY_WORD,
    SYMPTOMS_BY_ID,
    any_spelling_in,
)
from gatekeeper.normalize import is_word_char

ANSWER_VERSION = "executor_evidence_v2"
MAX_CLAIMS_BROAD = 5
MAX_CLAIMS_NARROW = 2
MAX_LOG_CLAIMS = 3
MAX_EXCERPT_CHARS = 420  # below the Gatekeeper's matched_text cap, so the Verifier sees it all
MAX_MESSAGE_CHARS = 300
MAX_HYPOTHESES = 3
MAX_ACTIONS = 3
MAX_ACTIONS_NARROW = 2
MAX_MISSING = 6
MAX_RUNBOOK_DOCS = 2

EVIDENCE_TOOLS = ("query_logs", "query_metrics", "lookup_knowledge")
SOURCE_TYPE = {"query_logs": "log", "query_metrics": "metric", "lookup_knowledge": "knowledge"}
LEVEL_SCORE = {"FATAL": 3, "ERROR": 2, "WARN": 1, "WARNING": 1}

_LOG_TEXT = re.compile(r"^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) (\S+) ([A-Z]+) (.*)$", re.S)
_SINCE = re.compile(r"since (?:\d{4}-\d{2}-\d{2} )?(\d{2}:\d{2}(?::\d{2})?)")
_RESOLVED_AT = re.compile(r"resolved at (?:\d{4}-\d{2}-\d{2} )?(\d{2}:\d{2}(?::\d{2})?)")
_SERIES_SPAN = re.compile(r"^\S+ \S+ (\d{4}-\d{2}-\d{2} \S+?–(?:\d{4}-\d{2}-\d{2} )?\S+) ")
# "max 14.8%", "max 50 connections" (a spelled-out unit follows the number after a space).
_SERIES_FIELD = {
    k: re.compile(rf"(?<![a-z]){k} ([^\s;]+(?: (?!(?:min|max|avg|last) )[A-Za-z_/]+)?)(?=[ ;]|$)")
    for k in ("min", "max", "avg", "last")
}
_CROSSED = re.compile(r"超过阈值 (\S+) 于 (\S+?)(?=[ ;(]|$)")
_NOT_CROSSED = re.compile(r"未超过阈值 (\S+?)(?=[ ;(]|$)")
_PEAK = re.compile(r"峰值于 (\S+?)(?=[ ;(]|$)")
_SIGNATURE_NOISE = re.compile(r"0x[0-9a-f]+|[0-9a-f]{8,}|\d+(?:\.\d+)?")


# --- Evidence --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Ref:
    invocation_id: str
    tool_name: str
    round: int
    raw_path: str
    text: str
    kind: str  # log | alert | series | hit
    element: dict[str, Any]
    service: str  # canonical when known
    level: str = ""
    clock: str = ""  # HH:MM:SS (logs) / HH:MM (alert start)
    symptoms: frozenset[str] = frozenset()

    @property
    def message(self) -> str:
        m = _LOG_TEXT.match(self.text)
        return m.group(5) if m else str(self.element.get("message") or self.text)


def _pointer_element(output: Any, raw_path: str) -> dict[str, Any]:
    """The output element a ``/records/3``-style pointer designates ({} when it does not resolve)."""
    node = output
    for token in raw_path.split("/")[1:]:
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        elif isinstance(node, dict) and token in node:
            node = node[token]
        else:
            return {}
    return node if isinstance(node, dict) else {}


def canonical_service(name: str, services: Sequence[ServiceInfo]) -> str:
    wanted = fold(name).strip()
    for service in services:
        if wanted == fold(service.name) or any(wanted == fold(a) for a in service.aliases):
            return service.name
    return name


def collect_refs(history: Sequence[ToolCallResult], services: Sequence[ServiceInfo]) -> list[Ref]:
    """Every evidence ref of every successful evidence call (a log line or alert once)."""
    seen: set[tuple[str, str]] = set()
    refs: list[Ref] = []
    for call in history:
        if call.status != "success" or call.tool_name not in EVIDENCE_TOOLS:
            continue
        for ref in call.evidence_refs or []:
            raw_path, text = str(ref.get("raw_path") or ""), str(ref.get("text") or "")
            if not raw_path or not text:
                continue
            element = _pointer_element(call.output, raw_path)
            kind = {"records": "log", "alerts": "alert", "series": "series", "hits": "hit"}.get(
                raw_path.split("/")[1] if raw_path.count("/") >= 1 else "", ""
            )
            if not kind:
                continue
            # A log line or alert seen by two calls is one piece of evidence (cite the first call);
            # runbook hits are kept per call, so each lookup keeps its own ranking.
            identity = (kind, text if kind != "hit" else f"{call.invocation_id}\n{text}")
            if identity in seen:
                continue
            seen.add(identity)
            service = str(element.get("service") or "")
            level, clock = "", ""
            if kind == "log":
                m = _LOG_TEXT.match(text)
                if m:
                    clock, service, level = m.group(2), service or m.group(3), m.group(4)
                level = str(element.get("level") or level).upper()
            elif kind == "alert":
                m = _SINCE.search(text)
                clock = m.group(1) if m else ""
            refs.append(
                Ref(
                    invocation_id=call.invocation_id,
                    tool_name=call.tool_name,
                    round=call.round,
                    raw_path=raw_path,
                    text=text,
                    kind=kind,
                    element=element,
                    service=canonical_service(service, services) if service else "",
                    level=level,
                    clock=clock,
                    symptoms=frozenset(evidence_symptoms(text)),
                )
            )
    return refs


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


def gloss(text: str, limit: int = 3) -> list[str]:
    """Chinese key terms whose evidence spellings occur in ``text``, in reading order."""
    folded = fold(text)
    found = [t for t in GLOSS_TERMS if any_spelling_in(KEY_TERMS_BY_WORD[t].evidence, folded)]
    # Keep the most specific: drop a term contained in a longer found term (连接 ⊂ 连接池).
    return [t for t in found if not any(t != o and t in o for o in found)][:limit]


def _binding(ref: Ref, excerpt: str) -> dict[str, Any]:
    return {
        "source_type": SOURCE_TYPE[ref.tool_name],
        "tool_name": ref.tool_name,
        "source_invocation_id": ref.invocation_id,
        "raw_path": ref.raw_path,
        "evidence_excerpt": excerpt,
    }


# --- Candidates --------------------------------------------------------------------------------------
@dataclass
class Candidate:
    kind: str
    refs: list[Ref]  # the cited refs (first = representative)
    score: float
    order: str  # sort key for timeline order

    @property
    def first(self) -> Ref:
        return self.refs[0]


def _signature(ref: Ref) -> str:
    return f"{ref.service}|{ref.level}|{_SIGNATURE_NOISE.sub('#', fold(ref.message))[:160]}"


@dataclass(frozen=True)
class Focus:
    """What makes evidence relevant: the question's symptoms (primary) and the symptoms of the
    runbook causes the executor went on to check (secondary, weaker)."""

    primary: frozenset[str]
    secondary: frozenset[str] = frozenset()

    @classmethod
    def of(cls, facts: QuestionFacts, secondary: Iterable[str] = ()) -> Focus:
        primary = frozenset(facts.symptoms) or frozenset({"error"})
        return cls(primary, frozenset(secondary) - primary)

    def with_alerts(self) -> Focus:
        return Focus(self.primary | {"alert"}, self.secondary)


def _relevance(ref: Ref, focus: Focus) -> int:
    """3 per asked symptom the text shows, 2 per checked runbook cause (evidence for a cause beats
    a generic error line); an error line answers an error-like question even when it names no
    symptom word."""
    score = 3 * len(ref.symptoms & focus.primary) + 2 * len(ref.symptoms & focus.secondary)
    if not score and focus.primary & ERRORISH and ref.level in ("ERROR", "FATAL"):
        return 1
    return score


def _concreteness(text: str) -> int:
    return min(
        3, len(re.findall(r"[a-z_]+=\d|\d+(?:\.\d+)?\s*(?:ms|s|%|mb|gb|mi|gi)\b|\b[45]\d\d\b", fold(text)))
    )


def log_candidates(refs: Iterable[Ref], focus: Focus) -> list[Candidate]:
    groups: dict[str, list[Ref]] = {}
    for ref in refs:
        if ref.kind != "log":
            continue
        if LEVEL_SCORE.get(ref.level, 0) == 0 and not (ref.symptoms & (focus.primary | focus.secondary)):
            continue  # an INFO line counts only when it shows the asked symptom
        groups.setdefault(_signature(ref), []).append(ref)
    out: list[Candidate] = []
    for members in groups.values():
        members.sort(key=lambda r: (r.text[:19], r.invocation_id, r.raw_path))
        first, last = members[0], members[-1]
        cited = [first] if last.clock == first.clock else [first, last]
        score = (
            10 * _relevance(first, focus) + 3 * LEVEL_SCORE.get(first.level, 0) + _concreteness(first.text)
        )
        out.append(Candidate("log", cited, score + min(len(members), 5) * 0.1, first.text[:19]))
    return out


def alert_candidates(refs: Iterable[Ref], focus: Focus) -> list[Candidate]:
    out = []
    for ref in refs:
        if ref.kind != "alert":
            continue
        firing = str(ref.element.get("state") or "").lower() == "firing"
        severity = fold(str(ref.element.get("severity") or ""))
        score = (
            10 * _relevance(ref, focus.with_alerts())
            + (4 if firing else 0)
            + (2 if severity == "critical" else 0)
        )
        out.append(Candidate("alert", [ref], score, str(ref.element.get("starts_at") or "")))
    return out


def series_candidates(refs: Iterable[Ref], focus: Focus) -> list[Candidate]:
    out = []
    for ref in refs:
        if ref.kind != "series":
            continue
        crossed = bool(ref.element.get("crossed_at"))
        score = 10 * _relevance(ref, focus) + (4 if crossed else 0)
        out.append(
            Candidate(
                "series", [ref], score, str(ref.element.get("crossed_at") or ref.element.get("peak_at") or "")
            )
        )
    return out


def _ranked(candidates: list[Candidate]) -> list[Candidate]:
    return sorted(candidates, key=lambda c: (-c.score, c.order, c.first.invocation_id, c.first.raw_path))


# --- Claim text ---------------------------------------------------------------------------------------
def _log_claim(c: Candidate) -> tuple[str, list[dict[str, Any]]]:
    first = c.first
    m = _LOG_TEXT.match(first.text)
    excerpt = excerpt_of(first.text)
    if not m:
        return f"{first.service} 日志记录：{excerpt}", [_binding(first, excerpt)]
    message = m.group(5)
    shown = excerpt[len(first.text) - len(message) :] if len(excerpt) < len(first.text) else message
    shown = shown if len(shown) <= MAX_MESSAGE_CHARS else excerpt_of(shown, MAX_MESSAGE_CHARS)
    terms = gloss(shown)
    label = f"（{'、'.join(terms)}）" if terms else ""
    service, level = m.group(3), m.group(4)
    bindings = [_binding(first, excerpt)]
    if len(c.refs) > 1:
        last = c.refs[-1]
        bindings.append(_binding(last, excerpt_of(last.text)))
        text = f"{first.clock} 起 {service} 反复出现 {level} 日志{label}，最近一条在 {last.clock}：{shown}"
    else:
        text = f"{first.clock} {service} 出现 {level} 日志{label}：{shown}"
    return text, bindings


def _alert_claim(c: Candidate) -> tuple[str, str, list[dict[str, Any]]]:
    ref = c.first
    e, text = ref.element, ref.text
    excerpt = excerpt_of(text)
    name = str(e.get("name") or "")
    parts = [
        f"{ref.service or e.get('service', '')} 的告警 {name}"
        if name and name in excerpt
        else f"{ref.service} 的告警"
    ]
    severity = str(e.get("severity") or "")
    if severity and f" {severity} " in excerpt:
        parts[0] += f"（{severity}）"
    state = str(e.get("state") or "")
    since = _SINCE.search(excerpt)
    if state == "firing" and " firing " in excerpt:
        parts.append("正在触发（firing）" + (f"，开始于 {since.group(1)}" if since else ""))
    elif state == "resolved" and " resolved " in excerpt:
        resolved = _RESOLVED_AT.search(excerpt)
        parts.append(
            (f"开始于 {since.group(1)}，" if since else "")
            + "已恢复（resolved）"
            + (f"，恢复于 {resolved.group(1)}" if resolved else "")
        )
    value = str(e.get("value") or "")
    if value and f" value {value}" in excerpt:
        parts.append(f"值 {value}")
    summary = str(e.get("summary") or "")
    if summary and summary in excerpt:
        parts.append(f"摘要：{summary}")
    claim_type = "observation"
    return "，".join(parts), claim_type, [_binding(ref, excerpt)]


def _series_claim(c: Candidate) -> tuple[str, str, list[dict[str, Any]]]:
    ref = c.first
    e, excerpt = ref.element, excerpt_of(ref.text)
    name, service = str(e.get("name") or ""), ref.service or str(e.get("service") or "")
    head = f"{service} 指标 {name}" if name and name in excerpt else f"{service} 指标"
    span = _SERIES_SPAN.search(excerpt)
    parts = [head + (f" 在 {span.group(1)} 内" if span else "")]
    fields = {k: rx.search(excerpt) for k, rx in _SERIES_FIELD.items()}
    if fields["max"]:
        parts.append(f"最大值 {fields['max'].group(1)}")
    peak = _PEAK.search(excerpt)
    if peak and fields["max"]:
        parts[-1] += f"（峰值于 {peak.group(1)}）"
    if fields["last"]:
        parts.append(f"最新值 {fields['last'].group(1)}")
    crossed, not_crossed = _CROSSED.search(excerpt), _NOT_CROSSED.search(excerpt)
    claim_type = "observation"
    if crossed:
        parts.append(f"于 {crossed.group(2)} 超过阈值 {crossed.group(1)}")
    elif not_crossed:
        parts.append(f"未超过阈值 {not_crossed.group(1)}")
        claim_type = "negative_observation"
    if len(parts) == 1:  # an unfamiliar rendering: quote it
        return f"{head}：{excerpt}", claim_type, [_binding(ref, excerpt)]
    return "，".join(parts), claim_type, [_binding(ref, excerpt)]


# --- Runbooks → hypotheses and actions ----------------------------------------------------------------
_CAUSE_HEADING = ("常见原因", "可能原因", "原因", "根因")
_ACTION_HEADING = ("处理方案", "处理步骤", "处理措施", "应急", "止血", "解决", "恢复步骤", "建议", "处置")
_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.、)])\s+(.*\S)\s*$")
_MARKDOWN = re.compile(r"\*\*|__|`")


def _bullets(text: str) -> list[str]:
    items = []
    for line in text.splitlines():
        m = _BULLET.match(line)
        if not m:
            continue
        item = _MARKDOWN.sub("", m.group(1)).strip()
        if len(item) < 6 or item.endswith(("：", ":")):
            continue  # a sub-heading ("止血（5 分钟内）：") rather than an action
        items.append(item)
    if not items:
        items = [s.strip() for s in re.split(r"(?<=[。；;])", _MARKDOWN.sub("", text)) if len(s.strip()) >= 6]
    return items


def _shorten(text: str, limit: int = 120) -> str:
    if len(text) <= limit:
        return text
    cut = max(text.rfind(p, 0, limit) for p in "。；;，,")
    return text[: cut + 1] if cut >= limit // 3 else text[: limit - 1] + "…"


def ranked_sections(refs: Sequence[Ref]) -> list[Ref]:
    """Runbook hits of the best documents, best document first, each section once.

    Documents are ranked by the summed scores of their hits in the first lookup listed (the
    evidence-driven one when there is one): a runbook matching on several sections beats one
    matching on a single generic section."""
    hits = [r for r in refs if r.kind == "hit"]
    if not hits:
        return []
    lead = hits[0].invocation_id
    doc_score: dict[str, float] = {}
    first_seen: dict[str, int] = {}
    for i, ref in enumerate(hits):
        title = str(ref.element.get("document_title") or "")
        first_seen.setdefault(title, i)
        if ref.invocation_id == lead:
            score = ref.element.get("score")
            doc_score[title] = doc_score.get(title, 0.0) + (
                float(score) if isinstance(score, int | float) else 1.0
            )
    docs = sorted(first_seen, key=lambda t: (-doc_score.get(t, 0.0), first_seen[t]))[:MAX_RUNBOOK_DOCS]
    out: list[Ref] = []
    seen: set[tuple[str, str]] = set()
    for title in docs:
        for ref in hits:
            section = (title, str(ref.element.get("heading_path") or ""))
            if str(ref.element.get("document_title") or "") == title and section not in seen:
                seen.add(section)
                out.append(ref)
    return out


def runbook_guidance(refs: Sequence[Ref]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(hypotheses, recommended_actions) from the best runbooks' sections — guidance, never facts."""
    hypotheses: list[dict[str, Any]] = []
    actions: list[dict[str, Any]] = []
    for ref in ranked_sections(refs):
        title = str(ref.element.get("document_title") or "")
        path = str(ref.element.get("heading_path") or "").split(" / ")
        heading = path[-1] if len(path) > 1 else ""  # a document's intro is no guidance section
        body = str(ref.element.get("text") or "")
        if any(h in heading for h in _CAUSE_HEADING):
            for item in _bullets(body):
                if len(hypotheses) >= MAX_HYPOTHESES:
                    break
                head, sep, rest = item.partition("：")
                text = head if sep and 2 <= len(head) <= 30 else _shorten(item, 80)
                detail = _shorten(rest, 100) if sep else ""
                hypotheses.append(
                    {
                        "hypothesis_id": f"h{len(hypotheses) + 1}",
                        "text": text,
                        "rationale": f"《{title}》「{heading}」列出的常见原因（手册内容，未经本次证据验证）"
                        + (f"：{detail}" if detail else ""),
                    }
                )
        elif any(h in heading for h in _ACTION_HEADING):
            for item in _bullets(body):
                if len(actions) >= MAX_ACTIONS:
                    break
                actions.append(
                    {
                        "action": _shorten(item),
                        "priority": "high" if not actions else "medium",
                        "basis": "runbook",
                    }
                )
    return hypotheses, actions


# --- Missing information ------------------------------------------------------------------------------
def _describe_call(call: ToolCallResult) -> str:
    args = call.arguments or {}
    if call.tool_name == "lookup_knowledge":
        return f"处理手册检索「{str(args.get('query') or '')[:40]}」"
    what = {"query_logs": "日志", "query_metrics": "告警与指标"}.get(call.tool_name, call.tool_name)
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
    allowed_services: set[str] | None,
    current_round: int,
    claims_made: bool = True,
) -> list[dict[str, str]]:
    items: list[dict[str, str]] = []
    label = window.label()
    for name in facts.unknown_services:
        items.append(
            {
                "item": f"{_spaced(name)}的日志、告警与指标",
                "reason": f"已加载的数据中没有名为{_spaced(name, both=True)}的服务，相关查询无结果",
            }
        )
    relevant = [
        r for r in refs if r.kind != "hit" and (allowed_services is None or r.service in allowed_services)
    ]
    for service in facts.known_services:
        if not any(r.service == service for r in relevant):
            items.append(
                {
                    "item": f"{service} 在 {label} 的日志、告警与指标",
                    "reason": "本次查询没有返回该服务的任何记录",
                }
            )
    scope = "、".join(facts.known_services) or "相关服务"
    if relevant:
        for symptom_id in facts.symptoms:
            if not any(symptom_id in r.symptoms for r in relevant):
                symptom = SYMPTOMS_BY_ID[symptom_id].label
                items.append(
                    {
                        "item": f"{_spaced(scope)}的{symptom}证据",
                        "reason": f"本次查询到的日志、告警与指标中没有与{symptom}直接相关的记录",
                    }
                )
    if not claims_made and not items and not facts.unknown_services:
        items.append(
            {
                "item": f"{_spaced(scope)}在 {label} 与问题直接相关的证据",
                "reason": "查询到的日志、告警与指标中没有与问题直接相关的记录",
            }
        )
    for call in history:
        if call.tool_name not in EVIDENCE_TOOLS:
            continue
        if call.status == "failed":
            items.append(
                {"item": _describe_call(call), "reason": f"调用失败：{(call.error or '未知错误')[:120]}"}
            )
        elif call.status == "deduped" and call.round == current_round:
            reason = f"与 {call.deduped_from or '之前的调用'} 重复，没有带来新证据"
            items.append({"item": _describe_call(call), "reason": reason})
        elif call.status == "no_hit" and call.tool_name == "lookup_knowledge":
            items.append({"item": _describe_call(call), "reason": "知识库中没有匹配的处理手册"})
    unique: list[dict[str, str]] = []
    for item in items:
        if item not in unique:
            unique.append(item)
    return unique[:MAX_MISSING]


# --- The contract -------------------------------------------------------------------------------------
def relevant_refs(refs: Sequence[Ref], facts: QuestionFacts) -> tuple[list[Ref], set[str] | None]:
    """The evidence refs the question is about, and the allowed services (None = any)."""
    if facts.known_services:
        allowed: set[str] | None = set(facts.known_services)
    elif facts.unknown_services:
        allowed = set()  # the question is about services the data does not have
    else:
        allowed = None
    chosen = [r for r in refs if r.kind == "hit" or allowed is None or r.service in allowed]
    return chosen, allowed


def _diverse(logs: Sequence[Candidate], limit: int) -> list[Candidate]:
    """Top log groups, skipping one that shows nothing new (its glosses ⊆ a picked group's,
    same service) — two phrasings of one failure are one observation."""
    picked: list[Candidate] = []
    seen: list[tuple[str, set[str]]] = []
    for c in logs:
        terms = set(gloss(c.first.message))
        if terms and any(service == c.first.service and terms <= other for service, other in seen):
            continue
        picked.append(c)
        seen.append((c.first.service, terms))
        if len(picked) >= limit:
            break
    return picked


def select_candidates(
    refs: Sequence[Ref], facts: QuestionFacts, focus: Focus | None = None
) -> list[Candidate]:
    focus = focus or Focus.of(facts)
    logs = _ranked(log_candidates(refs, focus))
    alerts = _ranked(alert_candidates(refs, focus))
    series = _ranked(series_candidates(refs, focus))
    wants_alert = "alert" in facts.symptoms
    if facts.narrow:
        # Confirm one thing: the best match of the asked kind, plus at most one corroboration.
        if wants_alert:
            primary = alerts or series
        else:
            primary = [c for c in logs if c.score >= 10] or [c for c in alerts + series if c.score >= 10]
        picked = primary[:1]
        if wants_alert and picked and picked[0].kind == "alert":
            pool = [c for c in alerts if c not in picked and c.score >= 10]
        else:
            pool = [c for c in (alerts + series + logs) if c not in picked and c.score >= 10]
        picked += _ranked(pool)[:1]
        return picked[:MAX_CLAIMS_NARROW]
    # Broad: the most relevant log groups (symptom + mechanism), one or two alerts, one series.
    picked_logs = _diverse([c for c in logs if c.score >= 3], MAX_LOG_CLAIMS)
    # Without a named service, a firing alert or a crossed series only counts for a service the
    # picked lines are about (another service's latency does not answer "who is erroring").
    named = bool(facts.services)
    services = {c.first.service for c in picked_logs}

    def related(c: Candidate) -> bool:
        asked = bool(c.first.symptoms & focus.primary)
        return asked or named or not services or c.first.service in services

    picked_alerts = [c for c in alerts if c.score >= 4 and related(c)][: 1 if picked_logs else 2]
    picked_series = [
        c for c in series if (c.score >= 10 or c.first.element.get("crossed_at")) and related(c)
    ][:1]
    picked = picked_logs + picked_alerts + picked_series
    if not picked:
        picked = [c for c in logs + alerts + series if c.score >= 3][:1]
    picked = picked[:MAX_CLAIMS_BROAD]
    # Present logs in time order (a readable timeline), then alerts and series.
    kind_order = {"log": 0, "alert": 1, "series": 2}
    return sorted(picked, key=lambda c: (kind_order[c.kind], c.order))


def build_claims(candidates: Sequence[Candidate]) -> list[dict[str, Any]]:
    claims = []
    for c in candidates:
        if c.kind == "log":
            text, bindings = _log_claim(c)
            claim_type = "observation"
        elif c.kind == "alert":
            text, claim_type, bindings = _alert_claim(c)
        else:
            text, claim_type, bindings = _series_claim(c)
        claims.append(
            {
                "claim_id": f"c{len(claims) + 1}",
                "claim_type": claim_type,
                "claim_text": text,
                "support_level": "direct",
                "evidence_bindings": bindings,
            }
        )
    return claims


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


def build_contract(
    *,
    facts: QuestionFacts,
    window: TimeWindow,
    history: Sequence[ToolCallResult],
    services: Sequence[ServiceInfo],
    current_round: int = 1,
    checked_symptoms: Iterable[str] = (),
    knowledge_first: str = "",
) -> dict[str, Any]:
    """The §5.1 contract for ``facts`` over the run's invocations (deterministic).

    ``checked_symptoms``: symptoms of runbook causes the executor checked (weaker relevance);
    ``knowledge_first``: the lookup_knowledge invocation whose hits guide first."""
    refs = collect_refs(history, services)
    chosen, allowed = relevant_refs(refs, facts)
    focus = Focus.of(facts, checked_symptoms)
    claims = build_claims(select_candidates([r for r in chosen if r.kind != "hit"], facts, focus))
    hits = [r for r in chosen if r.kind == "hit"]
    hits.sort(key=lambda r: r.invocation_id != knowledge_first)  # stable: keeps rank order within a call
    hypotheses, actions = runbook_guidance(hits)
    if facts.narrow:
        # A confirmation question gets the observation, not a diagnosis (spec 001 narrow scope).
        hypotheses, actions = [], actions[:MAX_ACTIONS_NARROW]
    missing = missing_info(
        facts=facts,
        window=window,
        history=history,
        refs=chosen,
        allowed_services=allowed,
        current_round=current_round,
        claims_made=bool(claims),
    )
    return {
        "answer_version": ANSWER_VERSION,
        "claims": claims,
        "hypotheses": hypotheses,
        "recommended_actions": actions,
        "missing_info": missing,
    }
