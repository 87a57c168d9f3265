"""Question → plan of tool calls (pure, no Django): the offline Planner's reasoning.

NORMAL mode: the services, window and symptoms of the question decide the calls (≤ 6):

- per named service (at most two): ``query_logs`` at the level the symptoms need (ERROR for
  error-like symptoms, WARN otherwise), a keyword read for a symptom with a telling log word
  (``timeout``, ``pool``, ``slow``, ``oom``, ``disk``), and ``query_metrics`` (alerts + series);
  a question only about alerts skips the logs;
- no service named: the same reads across all services (broad, never a refusal);
- ``lookup_knowledge`` with the symptoms in Chinese plus terms from the named services'
  descriptions (their connection pool, database, runtime …), for runbook guidance.

The question comes read (``PlannerRequest.reading``: in a session, a follow-up read against the
previous turn by ``conversation.resolve``): its resolved services and window are what the calls
read, and a follow-up's ``asked`` has ``source = followup``.

EVIDENCE_GAP_ONLY mode: one or two calls per Verifier gap, nothing else — the gap's suggested
tool, its suggested query read for services/symptoms/times, over a window widened by 30 minutes
(and a larger limit) so the call is not a repeat of a round-1 call.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from contracts.plan import Plan, PlanStep, ServiceInfo
from contracts.reading import QuestionFacts, Reading, TimeWindow
from contracts.tools import LOOKUP_KNOWLEDGE, QUERY_K8S, QUERY_LOGS, QUERY_METRICS, ToolCallResult
from contracts.verifier import EvidenceGap
from diagnosis.agents.offline.changes import ANOMALY_HORIZON, READ_WORDS, span_start
from diagnosis.agents.offline.k8s_claims import KINDS as K8S_KINDS
from diagnosis.agents.offline.novelty import BASELINE, LEAD
from diagnosis.agents.offline.refs import EVIDENCE_TOOLS
from diagnosis.reading.asking import log_terms, question_metric
from diagnosis.reading.entities import ALERT_NAME, analyse, find_symptoms
from diagnosis.reading.text import nfkc
from diagnosis.reading.time_expressions import resolve_window
from diagnosis.reading.vocabulary import (
    ERRORISH,
    K8S_TRIGGERS,
    KEY_TERMS,
    QUESTION_WORDS,
    SYMPTOMS_BY_ID,
    any_spelling_in,
)

MAX_STEPS = 6
MAX_SERVICES = 2
LOG_LIMIT = 50
GAP_LOG_LIMIT = 100
GAP_TOP_K = 8  # a gap's runbook lookup reads more sections than the planned one (top_k 5)
GAP_WIDEN = timedelta(minutes=30)
MAX_GAPS = 3
MAX_K8S_STEPS = len(K8S_KINDS)  # planned beside (not instead of) the ≤ 6 log/metric/runbook steps
K8S_LIMIT = 20
K8S_PURPOSE = {
    "pods": "Pod 状态（就绪、重启、等待/终止原因）",
    "events": "Kubernetes 事件",
    "deployments": "Deployment 版本与变更",
}

_DESCRIPTION_IDENT = re.compile(r"(?<![A-Za-z0-9_])[A-Z][A-Za-z]{2,}(?:[A-Z][A-Za-z]*)*(?![A-Za-z0-9_])")


def log_keyword(symptoms: Sequence[str]) -> str | None:
    """The telling log word of the first of ``symptoms`` that has one (``timeout``, ``pool`` …)."""
    return next((keyword for s in symptoms if (keyword := SYMPTOMS_BY_ID[s].log_keyword)), None)


def knowledge_query(facts: QuestionFacts, services: Sequence[ServiceInfo]) -> str:
    """Chinese symptom words + the technologies named in the asked services' descriptions."""
    terms: list[str] = []
    for symptom_id in facts.symptoms or ("error",):
        symptom = SYMPTOMS_BY_ID[symptom_id]
        terms.append(symptom.label.split("/")[0])
        terms.extend(symptom.knowledge_terms)
    by_name = {s.name: s for s in services}
    for name in facts.known_services[:MAX_SERVICES]:
        description = nfkc(by_name[name].description) if name in by_name else ""
        terms.extend(_DESCRIPTION_IDENT.findall(description)[:3])
        terms.extend([k.term for k in KEY_TERMS if len(k.term) >= 2 and k.term in description][:3])
    terms.append("处理手册")
    return " ".join(dict.fromkeys(t for t in terms if t))[:200]


def change_step(window: TimeWindow, anomaly: datetime | None = None, service: str = "") -> PlanStep:
    """The INFO lines of every service (or of ``service``) naming a change (``changes.READ_WORDS``)
    in the window and the lookback before it or before the first ``anomaly``
    (``changes.span_start``): a deploy or a config push is logged at INFO, and the failures a job
    or a consumer logs at WARN/ERROR with the same words ("job tj-… failed") would crowd the read."""
    span = {"start": span_start(window.start, anomaly).isoformat(), "end": window.end.isoformat()}
    arguments = _given(
        service=service, level="INFO", max_level="INFO", any_keyword="|".join(READ_WORDS), **span, limit=GAP_LOG_LIMIT
    )
    return PlanStep(
        tool=QUERY_LOGS, arguments=arguments, purpose="窗口内及之前的变更记录（发布、配置、回滚）"
    )


def neighbour_change_step(service: str, red: datetime) -> PlanStep:
    """A neighbour's own changes in the ``ANOMALY_HORIZON`` before it went ``red`` with the failure:
    what fills a broker's disk or a database's connections can begin hours before it shows."""
    span = {"start": (red - ANOMALY_HORIZON).isoformat(), "end": red.isoformat()}
    arguments = {"service": service, "level": "INFO", "max_level": "INFO", "any_keyword": "|".join(READ_WORDS), **span}
    return PlanStep(tool=QUERY_LOGS, arguments={**arguments, "limit": GAP_LOG_LIMIT}, purpose="邻近服务此前的变更记录")


def novelty_step(anomaly: datetime) -> PlanStep:
    """Every service's log templates (``group="template"``) in the ``novelty.LEAD`` before the first
    ``anomaly``, counted against the ``novelty.BASELINE`` before that: a template no service logged
    before and logged just before the failure is a candidate trigger, whatever its words."""
    arguments = {
        "start": (anomaly - LEAD).isoformat(),
        "end": anomaly.isoformat(),
        "baseline_start": (anomaly - LEAD - BASELINE).isoformat(),
        "group": "template",
        "limit": LOG_LIMIT,
    }
    return PlanStep(tool=QUERY_LOGS, arguments=arguments, purpose="异常前新出现的日志模板（对比此前基线）")


def listing_novelty_step(window: TimeWindow, service: str) -> PlanStep:
    """``service``'s log templates over the asked ``window`` against the span as long before it: what
    it did in the window that it had not done before — a change listing's actions whatever their words."""
    arguments = {
        "service": service,
        "start": window.start.isoformat(),
        "end": window.end.isoformat(),
        "baseline_start": (window.start - (window.end - window.start)).isoformat(),
        "group": "template",
        "limit": LOG_LIMIT,
    }
    return PlanStep(tool=QUERY_LOGS, arguments=arguments, purpose="窗口内新出现的日志模板（对比此前同长时段）")


def earlier_change_step(step: PlanStep, read: ToolCallResult, anomaly: datetime | None = None) -> PlanStep | None:
    """When the change read returned more lines than its evidence refs hold (or than its limit),
    the newest ones are what it offers: the same read once more up to the oldest line with a ref
    (or the first ``anomaly``, when earlier), where the changes that can explain a failure are;
    None when every line it found is evidence."""
    output = read.output if isinstance(read.output, dict) else {}
    records = [r for r in output.get("records") or [] if isinstance(r, dict)]
    held = sum(1 for ref in read.evidence_refs or [] if str(ref.get("raw_path") or "").startswith("/records/"))
    if not records or (held >= len(records) and not output.get("truncated")):
        return None
    try:
        times = [datetime.fromisoformat(str(r["timestamp"])) for r in records[: held or len(records)]]
        start = datetime.fromisoformat(str(step.arguments["start"]))
    except (KeyError, TypeError, ValueError):
        return None
    end = min([*times, *([anomaly] if anomaly else [])])
    if end <= start:
        return None
    arguments = {**step.arguments, "end": end.isoformat()}
    return PlanStep(tool=step.tool, arguments=arguments, purpose="更早的变更记录（上一次读取的证据已达上限）")


def _given(**arguments: Any) -> dict[str, Any]:
    """Tool arguments without the empty ones (no service = every service)."""
    return {k: v for k, v in arguments.items() if v}


def k8s_steps(triggers: Sequence[str], services: Sequence[str], span: dict[str, str]) -> list[PlanStep]:
    """A query_k8s call per kind the question's ``k8s.toml`` triggers call for (restarts → pods and
    events …), for the first asked service or the whole cluster; none when no trigger matched."""
    wanted = {kind for id_, _, kinds in K8S_TRIGGERS if id_ in triggers for kind in kinds}
    service = services[0] if services else None
    return [
        PlanStep(
            tool=QUERY_K8S,
            arguments=_given(kind=kind, name=service, **span, limit=K8S_LIMIT),
            purpose=f"{service or '全部服务'} 的{K8S_PURPOSE[kind]}",
        )
        for kind in K8S_KINDS
        if kind in wanted
    ]


def baseline_step(steps: Sequence[PlanStep], window: TimeWindow) -> PlanStep | None:
    """The first planned log read over the equally long window just before the asked one: the
    usual rate of each log template, against which the asked window's templates are ranked."""
    read = next((s for s in steps if s.tool == QUERY_LOGS and not s.arguments.get("keyword")), None)
    if read is None:
        return None
    start = window.start - (window.end - window.start)
    arguments = {**read.arguments, "start": start.isoformat(), "end": window.start.isoformat()}
    return PlanStep(tool=QUERY_LOGS, arguments=arguments, purpose="问题时间窗之前同样长度的日志（基线）")


def window_span(window: TimeWindow) -> dict[str, str]:
    """The window as the ``start`` / ``end`` arguments of a tool call."""
    start, end = window.iso()
    return {"start": start, "end": end}


def plan_normal(*, services: Sequence[ServiceInfo], reading: Reading) -> Plan:
    """The first round's calls, from the question's ``reading`` (in a session, a follow-up's
    references resolved against the previous turn: its services and window are what is read)."""
    facts, window = reading.facts, reading.window
    span = window_span(window)
    symptoms = list(facts.symptoms)
    level = "ERROR" if not symptoms or set(symptoms) & ERRORISH else "WARN"
    # The asked symptom's telling word; else an exact term the question spells (401, KeyError).
    unnamed = [t for t in log_terms(reading.asked.dimension.terms) if not find_symptoms(t)]  # 401, not 500
    keyword = log_keyword(symptoms) or next(iter(unnamed), None)
    # An alert the story tells (告警到现在还在响，到底怎么回事) is context: the failure is read in the logs.
    alerts_only = symptoms == ["alert"] and not facts.alert_told
    targets = [m.name for m in facts.services][:MAX_SERVICES]
    steps: list[PlanStep] = []
    focus = "、".join(SYMPTOMS_BY_ID[s].label for s in symptoms) or "报错与告警"
    per_service: list[str | None] = list(targets) or [None]
    for service in per_service:
        who = service or "全部服务"
        if not alerts_only:
            arguments = _given(service=service, level=level, **span, limit=LOG_LIMIT)
            purpose = f"{who} 在 {window.label()} 的 {level} 及以上日志"
            steps.append(PlanStep(tool=QUERY_LOGS, arguments=arguments, purpose=purpose))
        metrics = _given(service=service, **span)
        steps.append(PlanStep(tool=QUERY_METRICS, arguments=metrics, purpose=f"{who} 的告警与指标"))
    if keyword and not alerts_only:
        service = per_service[0]
        arguments = _given(service=service, keyword=keyword, **span, limit=LOG_LIMIT)
        purpose = f"{service or '全部服务'} 中含 {keyword} 的日志"
        steps.insert(1, PlanStep(tool=QUERY_LOGS, arguments=arguments, purpose=purpose))
    steps = steps[: MAX_STEPS - 1]
    lookup = {"query": knowledge_query(facts, services)}
    steps.append(PlanStep(tool=LOOKUP_KNOWLEDGE, arguments=lookup, purpose="相关处理手册"))
    if not facts.survey:  # a survey reads every kind that breaks itself (offline.survey)
        steps += k8s_steps(reading.own_facts.k8s_triggers, targets, span)  # Kubernetes state, when the question calls for it
    subject = "、".join(targets) or "全部服务"
    aim = f"{subject} 在 {window.label()} 的{focus}"
    goal = f"确认 {aim}" if facts.narrow else f"定位 {aim}及其原因"
    if reading.followup:
        goal = f"承接上文：{goal}"
    return Plan(mode="NORMAL", goal=goal, steps=steps, asked=reading.asked)


def _infer_tool(text: str) -> str:
    if any_spelling_in(QUESTION_WORDS["gap_metrics"], text):
        return QUERY_METRICS
    return LOOKUP_KNOWLEDGE if any_spelling_in(QUESTION_WORDS["gap_knowledge"], text) else QUERY_LOGS


def plan_gaps(
    *,
    question: str,
    now: datetime,
    tz: str,
    services: Sequence[ServiceInfo],
    gaps: Sequence[EvidenceGap],
    reading: Reading,
) -> Plan:
    """Calls for the given gaps only (mode EVIDENCE_GAP_ONLY); a follow-up's services and window
    are those its first round resolved (``reading``)."""
    question_facts, question_window = reading.facts, reading.window
    steps: list[PlanStep] = []
    labels: list[str] = []
    for gap in list(gaps)[:MAX_GAPS]:
        query, text = gap.suggested_query or "", gap.gap
        combined = f"{query} {text}".strip()
        tool = gap.suggested_tool if gap.suggested_tool in EVIDENCE_TOOLS else _infer_tool(combined)
        gap_facts = analyse(combined, services)
        window = resolve_window(query, now, tz) if query else question_window
        if not window.explicit:
            window = question_window
        start = max(window.start - GAP_WIDEN, now - timedelta(hours=48))
        end = min(max(window.end + GAP_WIDEN, window.end), now)
        if end <= start:
            start, end = now - timedelta(hours=1), now
        span = {"start": start.isoformat(), "end": end.isoformat()}
        service = (gap_facts.services or question_facts.services or (None,))[0]
        service_name = service.name if service is not None else None
        symptoms = list(gap_facts.symptoms or question_facts.symptoms)
        if tool == LOOKUP_KNOWLEDGE:
            searched = (query or text or question)[:200] + " 排查"
            arguments: dict[str, Any] = {"query": searched, "top_k": GAP_TOP_K}
        elif tool == QUERY_METRICS:
            arguments = {"service": service_name, **span}
            alert, metric = ALERT_NAME.search(nfkc(combined)), question_metric(combined)
            if alert:
                arguments["alert_name"] = alert.group(0)
            elif metric:
                arguments["metric"] = metric
        else:
            read = {"service": service_name, "level": "WARN", "keyword": log_keyword(symptoms)}
            arguments = {**read, **span, "limit": GAP_LOG_LIMIT}
        label = text or query or "证据缺口"
        labels.append(label[:40])
        purpose = f"补充证据（{gap.claim_id or '缺口'}）：{label[:60]}"
        steps.append(PlanStep(tool=str(tool), arguments=_given(**arguments), purpose=purpose))
        if len(steps) >= MAX_STEPS:
            break
    if not steps:  # a gap round always looks once more, at the question's own service
        service = (question_facts.services or (None,))[0]
        start = max(question_window.start - GAP_WIDEN, now - timedelta(hours=48))
        read = {"service": service.name if service else None, "level": "WARN", "start": start.isoformat()}
        arguments = _given(**read, end=question_window.end.isoformat(), limit=GAP_LOG_LIMIT)
        steps.append(PlanStep(tool=QUERY_LOGS, arguments=arguments, purpose="补充证据"))
    goal = "只针对证据缺口补充证据：" + "；".join(labels)[:200]
    return Plan(mode="EVIDENCE_GAP_ONLY", goal=goal, steps=steps)
