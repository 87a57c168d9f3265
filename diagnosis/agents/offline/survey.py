"""The cluster survey (issue 26 item 3), offline and pure: a question asking which component of the
cluster or namespace is at fault (``QuestionFacts.survey``) reads every kind of Kubernetes state and
the ERROR lines of every service (``survey_steps``), and is answered from what they show
(``survey_claims``):

- the analyzer's findings (``k8s_analysis.analyze``), ranked, joined with the callers' error lines
  that point at a component (``k8s_analysis.chain``); the lines also say who calls whom, which the
  NetworkPolicy checks need;
- the **root cause** as one ``root_cause`` claim bound to the exact elements it rests on (the
  finding's evidence, or the tied lines and the Service they point at), so the Gatekeeper checks
  it like every claim; the chain (the callers' lines that point at it) as observation claims, each
  bound to its line and the Service it names; the next findings as secondary observations;
- a **healthy** cluster (no root cause, no tie, no serving service logging ERROR) as one observation
  bound to the workloads read available;
- a kind it could not read (a 403, a timeout) or read only in part (truncated) as a gap line:
  the survey says what it could not read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from contracts.plan import ServiceInfo
from contracts.tools import K8S_KINDS, LIMIT_MAX, QUERY_K8S, QUERY_LOGS, ToolCallResult
from diagnosis.agents.offline.neighbours import described
from diagnosis.agents.offline.refs import binding, direct_claim, element_at
from diagnosis.k8s_analysis import analyze, state_from_calls
from diagnosis.k8s_analysis.chain import LogLine, Survey, survey, tie_lines
from diagnosis.k8s_analysis.claims import ELLIPSIS, excerpt_for, finding_claim
from diagnosis.k8s_analysis.engine import Finding
from diagnosis.k8s_analysis.rules import load_rules
from diagnosis.k8s_analysis.state import ClusterState
from diagnosis.reading.vocabulary import OVERSTATEMENT_MARKERS, any_spelling_in

ORIGIN = "survey"
#: Kinds the rules' facts relate an element to (facts.build_graph): a pod's events and node, a PVC's
#: volume, a ReplicaSet's LimitRanges.
RELATED_KINDS = ("events", "nodes", "pvs", "limitranges")
LOG_LIMIT = 100
MAX_CHAIN_CLAIMS = 3
MAX_SECONDARY = 2
MAX_HEALTHY_BINDINGS = 8  # the evidence a claim is verified against is capped
ROOT_CLAIM = "root_cause"
BLAME_CLAUSE = "，问题在"  # rules.toml: where a finding's text says what to fix
UNSHOWN_WORDS = ("一直 ",)
MAX_QUOTED = 60
MATCHED_CHARS = 480  # below the Gatekeeper's matched-text cap (500)
_QUOTED = re.compile(r"（([^（）]*)）")  # a duration a reading at one moment does not show
SECONDARY_RATIONALE = "集群巡检的其他发现，排在根因之后（严重程度、开始时间或影响范围不及根因）"


def probe_step(span: Mapping[str, str]) -> tuple[str, dict[str, Any]]:
    """The read that says whether an asked service's errors point into a cluster: its Services."""
    return QUERY_K8S, {"kind": "services", **span, "limit": LIMIT_MAX}


def points_elsewhere(history: Sequence[ToolCallResult], catalog: Sequence[ServiceInfo], asked: Sequence[str]) -> bool:
    """An asked service's error lines are tied (``chain``) to a component of the cluster the reads so
    far show (another one, or its own client configuration): the cluster is surveyed, and only a
    root cause its lines are tied to answers (``survey_claims``' ``callers``)."""
    state = state_from_calls(history)
    ties = tie_lines(log_lines(history), state, dependencies(catalog))
    return any(t.caller in asked for t in ties)


def survey_kinds() -> list[str]:
    """The kinds that break: those the analyzer rules judge or require, and the kinds their facts
    relate them to (``RELATED_KINDS``), in the order of ``K8S_KINDS`` — not Secrets', ConfigMaps'
    or EndpointSlices' own listings (the pods name what they miss; the Services carry endpoints)."""
    wanted = {k for rule in load_rules() for k in (rule.kind, *rule.requires)} | set(RELATED_KINDS)
    return [kind for kind in K8S_KINDS if kind in wanted]


def survey_steps(span: Mapping[str, str]) -> list[tuple[str, dict[str, Any]]]:
    """The reads of a survey: every service's ERROR lines, then the kinds that break."""
    steps: list[tuple[str, dict[str, Any]]] = [(QUERY_LOGS, {"level": "ERROR", **span, "limit": LOG_LIMIT})]
    steps += [(QUERY_K8S, {"kind": kind, **span, "limit": LIMIT_MAX}) for kind in survey_kinds()]
    return steps


def _at(value: Any) -> datetime | None:
    try:
        return datetime.fromisoformat(str(value)) if value else None
    except ValueError:
        return None


def log_lines(history: Sequence[ToolCallResult]) -> list[LogLine]:
    """Every log line the run read (once), with the ref it was read as."""
    lines: dict[tuple[str, str, str], LogLine] = {}
    for call in history:
        if call.tool_name != QUERY_LOGS or call.status != "success":
            continue
        for ref in call.evidence_refs or []:
            raw_path = str(ref.get("raw_path") or "")
            record = element_at(call.output, raw_path)
            if not record:
                continue
            key = (str(record.get("timestamp")), str(record.get("service")), str(record.get("message")))
            lines.setdefault(key, LogLine(ref=f"{call.invocation_id}{raw_path}", service=str(record.get("service") or ""),
                                          level=str(record.get("level") or ""), at=_at(record.get("timestamp")),
                                          message=str(record.get("message") or "")))  # fmt: skip
    return list(lines.values())


def dependencies(catalog: Sequence[ServiceInfo]) -> dict[str, list[str]]:
    """Each service's neighbours: those its catalog description names (购物车，数据在 redis-cart), then
    those whose description names it as their owner (mongodb-geo: geo 服务的 MongoDB)."""

    def names(owner: str, text: str) -> bool:
        return re.search(rf"(?<![\w-]){re.escape(owner.casefold())}(?![\w-])", text.casefold()) is not None

    return {s.name: list(dict.fromkeys([*described([s.name], catalog),
                                        *(o.name for o in catalog if o.name != s.name and names(s.name, o.description))]))
            for s in catalog}  # fmt: skip


def run_survey(history: Sequence[ToolCallResult], catalog: Sequence[ServiceInfo]) -> tuple[ClusterState, Survey, dict[str, LogLine]]:
    state = state_from_calls(history)
    lines = log_lines(history)
    depends = dependencies(catalog)
    callers: dict[str, list[str]] = {}
    for tie in tie_lines(lines, state, depends):
        callers.setdefault(tie.target, []).append(tie.caller)
    findings = analyze(state, callers=callers)
    return state, survey(state, findings, lines, depends), {x.ref: x for x in lines}


def _split(ref: str) -> tuple[str, str]:
    at = ref.find("/")
    return ref[:at], ref[at:]


def _line_binding(line: LogLine, texts: Mapping[str, str], excerpt: Any) -> dict[str, Any]:
    invocation_id, raw_path = _split(line.ref)
    return binding(QUERY_LOGS, invocation_id, raw_path, excerpt(texts[line.ref]))


def _element_binding(state: ClusterState, ref: str, needles: Sequence[str]) -> dict[str, Any] | None:
    element = state.by_ref().get(ref)
    if element is None:
        return None
    return binding(QUERY_K8S, element.invocation_id, element.raw_path, excerpt_for(element.text, needles))


def _service_ref(state: ClusterState, name: str) -> str:
    return next((s.ref for s in state.of("services") if s.name == name), "")


def _texts(history: Sequence[ToolCallResult]) -> dict[str, str]:
    return {f"{c.invocation_id}{r.get('raw_path')}": str(r.get("text") or "") for c in history
            if c.tool_name == QUERY_LOGS for r in c.evidence_refs or []}  # fmt: skip


def verified_text(text: str, excerpt: str) -> str:
    """What the Verifier reads of a binding: the element's text from the excerpt's first segment to
    its last, to the Gatekeeper's cap (gatekeeper.excerpt.matched_original)."""
    segments = [x for x in excerpt.split(ELLIPSIS) if x]
    if not segments:
        return ""
    start = text.find(segments[0])
    end = text.rfind(segments[-1])
    if start < 0 or end < 0:
        return ""
    return text[start : min(end + len(segments[-1]), start + MATCHED_CHARS)]


def _fitted(inner: str, shown: Sequence[str]) -> str:
    """The longest head of a quoted value (cut at a space) that a binding shows within the part of
    its element's text the Verifier reads (``verified_text``); "" when none does."""
    head = inner
    while head:
        if any(head in text for text in shown):
            return head
        cut = head.rfind(" ")
        head = head[:cut].rstrip(" ,.:;") if cut > 0 else ""
    return ""


def root_text(finding: Finding, shown: Sequence[str] = ()) -> str:
    """The root cause as the evidence shows it: the finding's observation (its text up to the
    rule's reading of where to fix it, which names fields no element states), each long value it
    quotes in （…） cut to the head its bindings show (``shown``: what the Verifier reads of them), a
    short one they do not show left out, and the component."""

    def shorten(found: re.Match[str]) -> str:
        inner = found.group(1)
        if not shown or any(inner in text for text in shown):
            return found.group(0)
        if len(inner) <= MAX_QUOTED:
            return ""  # a gloss no element shows (（cordon）)
        head = _fitted(inner, shown)
        return f"（{head}…）" if head else ""

    text = _QUOTED.sub(shorten, finding.text_zh.split(BLAME_CLAUSE, 1)[0])
    for word in UNSHOWN_WORDS:
        text = text.replace(word, "")
    for word, backing in OVERSTATEMENT_MARKERS.items():  # a generalisation no element backs
        if word in text and not any(any_spelling_in(backing, shown_text) for shown_text in shown):
            text = text.replace(word, "")
    blamed = finding.blames
    return f"{text}，出问题的组件是 {blamed.kind} {blamed.name}"


def survey_claims(
    history: Sequence[ToolCallResult], catalog: Sequence[ServiceInfo], *, excerpt: Any, first_id: int = 1,
    asked: Sequence[str] = (),
    callers: Sequence[str] = (),
) -> tuple[list[dict[str, Any]], str]:
    """The survey's claims (module docstring), ids from ``c{first_id}``, and the name of the component
    at fault ("" for none); no claims when no state was read. ``asked``: the services the question
    names (a healthy cluster's claim names them first); ``callers``: when given (a survey the asked
    services' errors called for), a root cause no line of theirs is tied to gives no claims."""
    if not any(c.tool_name == QUERY_K8S and c.status == "success" for c in history):
        return [], ""
    state, found, lines = run_survey(history, catalog)
    if callers and not any(t.caller in callers for t in found.chain):
        return [], ""
    texts = _texts(history)
    claims: list[dict[str, Any]] = []

    def add(text: str, claim_type: str, bindings: list[dict[str, Any]]) -> None:
        if bindings:
            claims.append(direct_claim(first_id + len(claims), text, claim_type, bindings))

    if found.root is not None:
        claim = finding_claim(found.root, state, first_id)
        shown = [verified_text(state.by_ref()[b["source_invocation_id"] + b["raw_path"]].text, b["evidence_excerpt"])
                 for b in claim["evidence_bindings"]]  # fmt: skip
        claims.append({**claim, "claim_type": ROOT_CLAIM, "claim_text": root_text(found.root, shown)})
        # What the root cause's first element shows, in its own words (a direct observation).
        first = claim["evidence_bindings"][0]
        seen = str(first["evidence_excerpt"])
        if len(verified_text(state.by_ref()[first["source_invocation_id"] + first["raw_path"]].text, seen)) >= MATCHED_CHARS:
            seen = seen.split(ELLIPSIS, 1)[0]  # what the Verifier would not read whole: the head alone
        add(seen, "observation", [{**first, "evidence_excerpt": seen}])
    elif found.root_tie is not None:
        tie = found.root_tie
        tied = [lines[r] for r in tie.lines[:2] if r in lines and r in texts]
        bindings = [_line_binding(x, texts, excerpt) for x in tied]
        for name in dict.fromkeys([tie.target, tie.caller]):
            service = _element_binding(state, _service_ref(state, name), [name])
            if service is not None:
                bindings.append(service)
        add(tie.text_zh, ROOT_CLAIM, bindings)
    for tie in found.chain[:MAX_CHAIN_CLAIMS] if found.root is not None else found.chain[1 : MAX_CHAIN_CLAIMS + 1]:
        line = lines.get(tie.lines[0])
        if line is None or line.ref not in texts:
            continue
        bindings = [_line_binding(line, texts, excerpt)]
        service = _element_binding(state, _service_ref(state, tie.target), [tie.target])
        if service is not None:
            bindings.append(service)
        add(tie.text_zh, "observation", bindings)
    if found.healthy:
        available = sorted((d for d in state.of("deployments") if d.data.replicas and d.data.available >= d.data.replicas),
                           key=lambda d: d.name not in asked)  # fmt: skip
        listed = available[:MAX_HEALTHY_BINDINGS]
        bindings = [b for d in listed if (b := _element_binding(state, d.ref, [d.name])) is not None]
        names = "、".join(d.name for d in listed)
        add(f"集群未发现故障：Deployment {names} 可用", "negative_observation", bindings)
    component = found.component
    return claims, component.name if component is not None else ""


def secondary_findings(history: Sequence[ToolCallResult], catalog: Sequence[ServiceInfo]) -> list[dict[str, Any]]:
    """The survey's other findings, as directions (hypotheses): listed, never confirmed."""
    if not any(c.tool_name == QUERY_K8S and c.status == "success" for c in history):
        return []
    _, found, _ = run_survey(history, catalog)
    return [{"hypothesis_id": f"s{i}", "text": f"次要发现：{f.text_zh}", "rationale": SECONDARY_RATIONALE}
            for i, f in enumerate(found.secondary[:MAX_SECONDARY], start=1)]  # fmt: skip


def survey_missing(history: Sequence[ToolCallResult]) -> list[dict[str, str]]:
    """What the survey read only in part: a kind cut at its limit (a kind whose read failed — a 403,
    a timeout — is named by ``k8s_claims.k8s_missing`` like every failed query_k8s call)."""
    items = []
    for call in history:
        if call.tool_name != QUERY_K8S or call.origin != ORIGIN:
            continue
        kind = str((call.arguments or {}).get("kind") or "")
        output = call.output if isinstance(call.output, Mapping) else {}
        if call.status == "success" and output.get("truncated"):
            returned = len(output.get(kind) or [])
            items.append({"item": f"集群的 Kubernetes {kind}（{call.invocation_id}）",
                          "reason": f"只读到一部分（共 {output.get('total')} 个，返回 {returned} 个），其余未能检查"})  # fmt: skip
    return items
