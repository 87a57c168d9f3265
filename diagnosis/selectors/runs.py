"""Reads over sessions and runs: who may see what, and the audit view of one run.

Ownership lives here and nowhere else (issue 6 "ownership enforced in selectors"): every API
view, SSE view and web page gets its querysets from ``runs_visible_to`` / ``sessions_visible_to``,
so another user's id is simply not found (404), never "forbidden" (which would leak existence).

Visibility rule: a user sees their own sessions and runs; staff users see everyone's (the API's
"staff see all"). Lists in the web UI default to the caller's own (``runs_owned_by``), reviewers
browse everything in the admin.

``run_audit_view`` turns the persisted ``self_evaluation`` container (EXAMPLE-RUN §7) into plain
rows for the admin audit console and the staff answer page. The container is read through its
model (``SelfEvaluation.stored``): a missing key reads as its default and a container that does
not validate as an empty one, never as a crash. Rendering (and escaping) is the templates' job.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any
from uuid import UUID

from django.db import connections, router
from django.db.models import Count, Max, Q, QuerySet
from pydantic import BaseModel

from contracts.asked import Asked, asked_label
from contracts.executor import RecommendedAction
from contracts.gatekeeper import VerifiedEvidence, VerifiedOutput
from contracts.verdict import Verdict
from contracts.verifier import CheckRef
from diagnosis import vocabulary as V
from diagnosis.models import (
    DiagnosisRun,
    DiagnosisSession,
    KnowledgeDocument,
    OrchestrationEvent,
    Service,
    ToolInvocation,
)
from diagnosis.schemas.self_evaluation import PromptAudit, SelfEvaluation
from diagnosis.tools.prose import tool_prose
from diagnosis.tools.quoting import ToolText, quote_copies
from diagnosis.verification.verdict import CONFIRMED
from diagnosis.vocabulary import PRIORITY, SOURCE, VERIFICATION, label, number

# Verifier classifications (DESIGN §1.4) that make a claim a confirmed statement in the UI;
# the rest (overstated, unsupported, external_unknown, contradicted) are shown as not confirmed.
CONFIRMED_CLASSIFICATIONS = CONFIRMED
TERMINAL_STATUSES = (DiagnosisRun.Status.COMPLETED, DiagnosisRun.Status.FAILED)


# --- Visibility ----------------------------------------------------------------------------
def _is_staff(user: Any) -> bool:
    return bool(getattr(user, "is_authenticated", False) and getattr(user, "is_staff", False))


def sessions_visible_to(user: Any) -> QuerySet[DiagnosisSession]:
    if not getattr(user, "is_authenticated", False):
        return DiagnosisSession.objects.none()
    qs = DiagnosisSession.objects.select_related("owner", "scope")
    return qs if _is_staff(user) else qs.filter(owner=user)


def sessions_owned_by(user: Any) -> QuerySet[DiagnosisSession]:
    if not getattr(user, "is_authenticated", False):
        return DiagnosisSession.objects.none()
    return DiagnosisSession.objects.filter(owner=user)


def sessions_in_history(user: Any) -> QuerySet[DiagnosisSession]:
    """The web UI's session list: the caller's own sessions and, for staff, every alert-started one
    too — those belong to an alert receiver's service account, which never signs in, so staff are
    the people who read them (they may open any session anyway)."""
    if not getattr(user, "is_authenticated", False):
        return DiagnosisSession.objects.none()
    own = Q(owner=user)
    return DiagnosisSession.objects.filter(own | Q(origin=DiagnosisSession.Origin.ALERT) if _is_staff(user) else own)


def runs_visible_to(user: Any) -> QuerySet[DiagnosisRun]:
    if not getattr(user, "is_authenticated", False):
        return DiagnosisRun.objects.none()
    qs = DiagnosisRun.objects.select_related("session", "owner")
    return qs if _is_staff(user) else qs.filter(owner=user)


def runs_owned_by(user: Any) -> QuerySet[DiagnosisRun]:
    if not getattr(user, "is_authenticated", False):
        return DiagnosisRun.objects.none()
    return DiagnosisRun.objects.select_related("session").filter(owner=user)


def session_list_with_stats(qs: QuerySet[DiagnosisSession]) -> QuerySet[DiagnosisSession]:
    """Sessions annotated with ``run_count`` and ``last_run_at`` (for the lists)."""
    return qs.annotate(run_count=Count("runs"), last_run_at=Max("runs__created_at")).order_by("-updated_at")


def run_get_visible(*, user: Any, run_id: UUID | str) -> DiagnosisRun:
    """The run if ``user`` may see it; raises ``DiagnosisRun.DoesNotExist`` otherwise."""
    return runs_visible_to(user).get(pk=run_id)


def session_get_visible(*, user: Any, session_id: UUID | str) -> DiagnosisSession:
    """The session if ``user`` may see it; raises ``DiagnosisSession.DoesNotExist`` otherwise."""
    return sessions_visible_to(user).get(pk=session_id)


def session_runs(session: DiagnosisSession) -> QuerySet[DiagnosisRun]:
    """The session's runs in the order they were asked (the run history)."""
    return session.runs.order_by("created_at")


def run_with_audit_rows(qs: QuerySet[DiagnosisRun]) -> QuerySet[DiagnosisRun]:
    """Prefetch what the full audit view reads (tool invocations and events, in order)."""
    return qs.prefetch_related("tool_invocations", "events")


# --- Progress (SSE) ------------------------------------------------------------------------
@lru_cache(maxsize=16)
def _events_after_sql(alias: str) -> str:
    """The SQL of ``run_events_after`` on ``alias``, compiled once: the SSE streams read it
    several times per run, and building and compiling the queryset each time cost more CPU than
    the database's answer (issue 30). Parameters: the run's id (as stored), ``after_seq``."""
    queryset = OrchestrationEvent.objects.using(alias).filter(run_id=UUID(int=0), seq__gt=0).order_by("seq")
    sql, params = queryset.query.get_compiler(using=alias).as_sql()
    if len(params) != 2:  # pragma: no cover — the ORM changed the query's shape
        raise AssertionError(f"unexpected parameters of the events query: {params!r}")
    return sql


def run_events_after(*, run_id: UUID | str, after_seq: int) -> list[OrchestrationEvent]:
    """Orchestration events of the run with ``seq > after_seq``, in order."""
    alias = router.db_for_read(OrchestrationEvent)
    stored_id = OrchestrationEvent._meta.get_field("run").get_db_prep_value(run_id, connections[alias])
    return list(OrchestrationEvent.objects.db_manager(alias).raw(_events_after_sql(alias), [stored_id, after_seq]))


def run_status(*, run_id: UUID | str) -> str:
    return DiagnosisRun.objects.filter(pk=run_id).values_list("status", flat=True).get()


def run_is_finished(*, run_id: UUID | str) -> bool:
    return run_status(run_id=run_id) in TERMINAL_STATUSES


# --- Knowledge ----------------------------------------------------------------------------
def knowledge_documents_list() -> QuerySet[KnowledgeDocument]:
    return (
        KnowledgeDocument.objects.select_related("uploaded_by", "scope")
        .annotate(chunk_count=Count("chunks"))
        .order_by("title", "pk")
    )


# --- Audit view ----------------------------------------------------------------------------
def pretty_json(value: Any) -> str:
    """Pretty-printed JSON with Chinese intact (the raw views in the admin and the UI)."""
    return json.dumps(value, ensure_ascii=False, indent=2, sort_keys=False, default=str)


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return str(value)  # a StrEnum member reads as its value
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float)):
        return number(value)  # 0.9333333333333332 reads 0.93; the raw JSON keeps what was stored
    return json.dumps(value, ensure_ascii=False, default=str)


def _stored(model: BaseModel | None, keys: Iterable[str] | None = None) -> list[tuple[str, Any]]:
    """(key, value as stored in JSON) of each key the stored ``model`` holds (of ``keys``, in that
    order, when given): the audit tables list what was stored, not defaults filled in on reading."""
    if model is None:
        return []
    values = model.model_dump(mode="json", exclude_unset=True)
    return [(k, values[k]) for k in (values if keys is None else keys) if k in values]


@dataclass(frozen=True)
class Badge:
    label: str
    css: str  # pass | low | reject | fallback | pending
    title: str = ""  # what the badge means, in Chinese (the badge's tooltip)


@dataclass(frozen=True)
class EvidenceItem:
    claim_id: str
    invocation_id: str
    tool_name: str
    raw_path: str
    matched_text: str

    @property
    def ref_label(self) -> str:
        return " ".join(part for part in (self.invocation_id, self.tool_name, self.raw_path) if part)


@dataclass(frozen=True)
class Statement:
    claim_id: str
    text: str
    claim_type: str
    classification: str
    classification_label: str
    is_critical: bool | None
    detail: str
    confirmed: bool
    evidence: list[EvidenceItem]


@dataclass(frozen=True)
class ClaimCheckRow:
    claim_id: str
    claim_text: str
    classification: str
    classification_label: str
    is_critical: bool | None
    detail: str
    evidence_refs: list[str]


@dataclass(frozen=True)
class FactRow:
    fact: str
    is_critical: bool | None
    verification: str
    detail: str
    evidence_refs: list[str]


@dataclass(frozen=True)
class BindingRow:
    claim_id: str
    binding_index: str
    invocation_id: str
    tool_name: str
    raw_path: str
    passed: bool | None
    severity: str
    failed_rules: list[str]
    matched_text: str


@dataclass(frozen=True)
class GapRow:
    claim_id: str
    gap: str
    is_critical: bool | None
    suggested_tool: str
    suggested_query: str


@dataclass(frozen=True)
class KeyValue:
    key: str
    value: str
    label: str = ""  # the key in Chinese, shown before the stored key in the audit console


#: The stored keys of the audit summaries, in Chinese (the audit console shows both).
KEY_LABELS: dict[str, str] = {
    "verifier_status": "核验状态",
    "model_verdict": "模型判定",
    "rule_verdict": "规则判定",
    "effective_verdict": "有效判定",
    "verdict_ceiling": "判定上限",
    "groundedness_score": "有据程度",
    "model_groundedness_score": "模型给出的有据程度",
    "critical_fact_count": "关键事实数",
    "evidence_retry_count": "补充取证次数",
    "failure_reason": "兜底原因",
    "route": "路由",
    "plan_source": "计划来源",
    "planner_failure": "规划失败原因",
    "run_budget": "运行预算",
    "traceability_version": "可追溯版本",
    "rationale": "判定理由",
    "executor_output_parse_status": "取证输出解析",
    "masking": "脱敏",
    "status": "状态",
    "severity": "严重度",
    "rule_set_version": "规则集版本",
    "failed_rules": "未通过的规则",
    "warnings": "警告",
    "errors": "错误",
    "kind": "问题类型",
    "services": "服务",
    "window": "时间窗口",
    "dimension": "关注维度",
    "source": "来源",
    "covering_claims": "回答问题的声明",
    "gap": "缺口",
    "tried": "已尝试",
    "coverage_verdict": "覆盖判定",
}
#: Which label table reads the value of a key (its enum values shown in Chinese).
VALUE_TABLES: dict[str, Mapping[str, str]] = {
    "failure_reason": V.FALLBACK_REASON,
    "verifier_status": V.RUN_STATUS,
    "severity": V.GATEKEEPER_SEVERITY,
    "kind": V.ASKED_KIND,
    "source": V.ASKED_SOURCE,
}


def _kv(key: str, value: Any, *, tables: Mapping[str, Mapping[str, str]] = VALUE_TABLES) -> KeyValue:
    table = tables.get(key)
    shown = label(table, value) if table is not None and isinstance(value, str) else _text(value)
    return KeyValue(key, shown, KEY_LABELS.get(key, ""))


@dataclass(frozen=True)
class InvocationRow:
    pk: int
    invocation_id: str
    round: int
    tool_name: str
    status: str
    evidence_bearing: bool
    arguments_json: str
    evidence_refs: list[Mapping[str, str]]
    error: str
    output_truncated: bool
    deduped_from: str
    duration_ms: int
    output_json: str


@dataclass(frozen=True)
class EventRow:
    seq: int
    node: str
    event: str
    at: Any
    elapsed_ms: int | None
    detail_json: str
    label: str = ""  # the stage label, as the live progress shows it


@dataclass
class RunAudit:
    run: DiagnosisRun
    badge: Badge
    verifier: list[KeyValue] = field(default_factory=list)
    statements: list[Statement] = field(default_factory=list)
    claim_checks: list[ClaimCheckRow] = field(default_factory=list)
    facts_checked: list[FactRow] = field(default_factory=list)
    gatekeeper: list[KeyValue] = field(default_factory=list)
    gatekeeper_rules: list[KeyValue] = field(default_factory=list)
    checked_bindings: list[BindingRow] = field(default_factory=list)
    verified_evidence: list[EvidenceItem] = field(default_factory=list)
    evidence_gaps: list[GapRow] = field(default_factory=list)
    hypotheses: list[KeyValue] = field(default_factory=list)
    recommended_actions: list[KeyValue] = field(default_factory=list)
    missing_info: list[KeyValue] = field(default_factory=list)
    prompt_audit: list[KeyValue] = field(default_factory=list)
    prompt_audit_version: str = ""
    composer_output: list[KeyValue] = field(default_factory=list)
    asked: list[KeyValue] = field(default_factory=list)
    followup_reading: str = ""  # how a follow-up was understood ("payment-service P99，…"), else ""
    coverage: list[KeyValue] = field(default_factory=list)
    coverage_reasons: list[str] = field(default_factory=list)
    dropped_actions: list[KeyValue] = field(default_factory=list)
    rule_evaluation: list[KeyValue] = field(default_factory=list)
    invocations: list[InvocationRow] = field(default_factory=list)
    events: list[EventRow] = field(default_factory=list)
    raw_json: str = ""

    @property
    def confirmed_statements(self) -> list[Statement]:
        return [s for s in self.statements if s.confirmed]

    @property
    def unconfirmed_statements(self) -> list[Statement]:
        return [s for s in self.statements if not s.confirmed]


def run_badge(run: DiagnosisRun) -> Badge:
    """Verdict badge: PASS 绿 / LOW_CONFID 黄 / REJECT 红 / 兜底 灰 (and 进行中 while running)."""
    if run.status not in TERMINAL_STATUSES:
        return Badge(run.get_status_display(), "pending", "运行尚未结束")
    if run.outcome == DiagnosisRun.Outcome.FALLBACK or not run.verdict:
        return Badge("兜底", "fallback", "安全兜底回答：没有可确认的结论")
    css = {Verdict.PASS: "pass", Verdict.LOW_CONFID: "low", Verdict.REJECT: "reject"}.get(run.verdict, "fallback")
    return Badge(run.verdict, css, f"判定：{label(V.VERDICT, run.verdict)}")


def _ref_label(ref: CheckRef) -> str:
    label = " ".join(p for p in (_text(ref.source_invocation_id), _text(ref.tool_name), _text(ref.raw_path)) if p)
    return label or _text(ref.model_dump(mode="json"))


def _key_values(pairs: Iterable[tuple[str, Any]], *, skip: Iterable[str] = ()) -> list[KeyValue]:
    skipped = set(skip)
    return [KeyValue(str(k), _text(v)) for k, v in pairs if k not in skipped]


def _evidence_item(item: VerifiedEvidence) -> EvidenceItem:
    return EvidenceItem(
        claim_id=_text(item.claim_id),
        invocation_id=_text(item.source_invocation_id),
        tool_name=_text(item.tool_name),
        raw_path=_text(item.raw_path),
        matched_text=_text(item.matched_text),
    )


def event_elapsed_ms(event: OrchestrationEvent, run_created_at: Any) -> int | None:
    """Milliseconds from the creation of the run to this event."""
    if run_created_at is None or event.at is None:
        return None
    return max(0, int((event.at - run_created_at).total_seconds() * 1000))


def _quoting_tool_text(invocations: Iterable[ToolInvocation], services: Iterable[Service]) -> Callable[[str], str]:
    """Executor and Verifier prose as shown to people: any stretch copied from the run's tool prose
    stands in 「…」 (issue 10 item 4). The claim-check table keeps the executor's exact words —
    that table is the audit record, not a statement of the system."""
    texts = [ToolText(label, text) for inv in invocations for label, text in tool_prose(inv.tool_name, inv.output, inv.error)]
    names = [name for service in services for name in service.all_names()]
    return lambda text: quote_copies(text, texts, names=names)


def run_followup_reading(run: DiagnosisRun) -> str:
    """How a follow-up question was understood (``asked_label`` of its persisted ``asked``); ""
    for a standalone question, a run not planned yet, or a container that does not validate."""
    return _followup_reading(SelfEvaluation.stored(run.self_evaluation).verifier.asked)


def _followup_reading(asked: Asked | None) -> str:
    return asked_label(asked) if asked is not None and asked.source == "followup" else ""


SUMMARY_KEYS = (
    "verifier_status",
    "model_verdict",
    "rule_verdict",
    "effective_verdict",
    "verdict_ceiling",
    "groundedness_score",
    "model_groundedness_score",
    "critical_fact_count",
    "evidence_retry_count",
    "failure_reason",
    "route",
    "plan_source",
    "planner_failure",
    "run_budget",
    "traceability_version",
    "rationale",
)


def run_audit_view(run: DiagnosisRun) -> RunAudit:
    """The whole audit record of one run as plain rows (admin console and answer page)."""
    container = SelfEvaluation.stored(run.self_evaluation)
    verifier = container.verifier
    verified_output = verifier.verified_executor_output or VerifiedOutput()
    claims_by_id = {claim.claim_id: claim for claim in verified_output.claims}
    verified_evidence = [_evidence_item(item) for item in verifier.verified_evidence]
    invocations = _prefetched(run, "tool_invocations", ToolInvocation, "seq")
    shown = _quoting_tool_text(invocations, Service.objects.filter(scope__sessions__runs=run))

    audit = RunAudit(run=run, badge=run_badge(run))
    audit.verified_evidence = verified_evidence
    audit.raw_json = pretty_json(run.self_evaluation) if run.self_evaluation is not None else ""

    audit.verifier = [_kv(k, v) for k, v in _stored(verifier, SUMMARY_KEYS) if v not in (None, "")]
    parse_status = _stored(verifier, ("executor_output_parse_status",))
    if parse_status and parse_status[0][1]:
        audit.verifier.append(_kv(*parse_status[0]))
    masking = verifier.masking
    if masking is not None:
        counts = "，".join(f"{kind} {count}" for kind, count in sorted(masking.entities.items())) or "无"
        audit.verifier.append(_kv("masking", f"已脱敏：{counts}" if masking.enabled else "未启用（未向模型发送数据）"))

    for check in verifier.claim_checks:
        claim_id = _text(check.claim_id)
        classification = _text(check.verification)
        claim = claims_by_id.get(claim_id)
        claim_text = claim.claim_text if claim is not None else ""
        audit.claim_checks.append(
            ClaimCheckRow(
                claim_id=claim_id,
                claim_text=claim_text,
                classification=classification,
                classification_label=label(VERIFICATION, classification),
                is_critical=check.is_critical,
                detail=_text(check.detail),
                evidence_refs=[_ref_label(r) for r in check.evidence_refs],
            )
        )
        # The evidence a statement rests on: the verified evidence its check cites, or (when the
        # check cites none) all verified evidence of that claim.
        cited = {(_text(r.source_invocation_id), _text(r.raw_path)) for r in check.evidence_refs}
        own = [e for e in verified_evidence if e.claim_id == claim_id]
        evidence = [e for e in own if (e.invocation_id, e.raw_path) in cited] if cited else own
        audit.statements.append(
            Statement(
                claim_id=claim_id,
                text=shown(claim_text) or claim_id,
                claim_type=_text(claim.claim_type) if claim is not None else "",
                classification=classification,
                classification_label=label(VERIFICATION, classification),
                is_critical=check.is_critical,
                detail=_text(check.detail),
                confirmed=classification in CONFIRMED_CLASSIFICATIONS,
                evidence=evidence or own,
            )
        )

    audit.facts_checked = [
        FactRow(
            fact=_text(f.fact),
            is_critical=f.is_critical,
            verification=_text(f.verification),
            detail=_text(f.detail),
            evidence_refs=[_ref_label(r) for r in f.evidence_refs],
        )
        for f in verifier.facts_checked
    ]

    gatekeeper = verifier.gatekeeper_result
    if gatekeeper is not None:
        audit.gatekeeper = [
            _kv(k, v, tables={"status": V.GATEKEEPER_STATUS, "severity": V.GATEKEEPER_SEVERITY})
            for k, v in _stored(gatekeeper, ("status", "severity", "rule_set_version", "failed_rules", "warnings", "errors"))
        ]
        audit.gatekeeper_rules = [
            KeyValue(_text(r.id), f"{_text(r.default_severity)} — {_text(r.description)}") for r in gatekeeper.rules
        ]
        audit.checked_bindings = [
            BindingRow(
                claim_id=_text(b.claim_id),
                binding_index=_text(b.binding_index),
                invocation_id=_text(b.source_invocation_id),
                tool_name=_text(b.tool_name),
                raw_path=_text(b.raw_path),
                passed=b.passed,
                severity=_text(b.severity),
                failed_rules=[_text(r) for r in b.failed_rules],
                matched_text=_text(b.matched_text),
            )
            for b in gatekeeper.checked_bindings
        ]

    audit.evidence_gaps = [
        GapRow(
            claim_id=_text(g.claim_id),
            gap=shown(_text(g.gap)),
            is_critical=g.is_critical,
            suggested_tool=_text(g.suggested_tool),
            suggested_query=_text(g.suggested_query),
        )
        for g in verifier.evidence_gaps
    ]
    audit.hypotheses = [KeyValue(shown(_text(h.text)), shown(_text(h.rationale))) for h in verified_output.hypotheses]
    audit.recommended_actions = [
        KeyValue(shown(_text(a.action)), _action_note(a)) for a in verified_output.recommended_actions
    ]
    audit.missing_info = [KeyValue(shown(_text(m.item)), shown(_text(m.reason))) for m in verified_output.missing_info]

    prompt_audit = verifier.prompt_audit or PromptAudit()
    audit.prompt_audit_version = _text(prompt_audit.version)
    audit.prompt_audit = [
        KeyValue(_text(p.role), " ".join(x for x in (_text(p.name), _text(p.version)) if x)) for p in prompt_audit.prompts
    ] + _key_values(_stored(prompt_audit), skip=("version", "prompts"))
    composer_output = verifier.composer_output
    audit.composer_output = _key_values(_stored(composer_output), skip=("dropped_actions", "dropped_hypotheses"))
    if composer_output is not None:
        audit.dropped_actions = [
            KeyValue(
                _text(a.get("action")),
                " / ".join(p for p in (label(SOURCE, a.get("basis")), label(V.DROP_REASON, a.get("reason"))) if p),
            )
            for a in composer_output.dropped_actions or []
        ] + [
            KeyValue(
                _text(h.get("hypothesis")),
                " / ".join(p for p in ("可能的方向", _text(h.get("runbook")), label(V.DROP_REASON, h.get("reason"))) if p),
            )
            for h in composer_output.dropped_hypotheses or []
        ]
    audit.followup_reading = _followup_reading(verifier.asked)
    audit.asked = [_kv(k, v) for k, v in _stored(verifier.asked, ("kind", "services", "window", "dimension", "source"))]
    coverage = verifier.coverage
    audit.coverage = [
        _kv(k, v, tables={"status": V.COVERAGE_STATUS})
        for k, v in _stored(coverage, ("status", "covering_claims", "gap", "tried"))
        if v not in (None, "", [])
    ]
    if verifier.coverage_verdict:
        audit.coverage.append(_kv("coverage_verdict", verifier.coverage_verdict))
    audit.coverage_reasons = [_text(r) for r in coverage.reasons] if coverage is not None else []
    audit.rule_evaluation = _key_values(_stored(container.rule_evaluation))

    for inv in invocations:
        audit.invocations.append(
            InvocationRow(
                pk=inv.pk,
                invocation_id=inv.invocation_id,
                round=inv.round,
                tool_name=inv.tool_name,
                status=inv.status,
                evidence_bearing=inv.evidence_bearing,
                arguments_json=pretty_json(inv.arguments),
                evidence_refs=[
                    {k: _text(ref.get(k)) for k in ("raw_path", "text", "source_id", "label")}
                    for ref in inv.evidence_refs
                ],
                error=inv.error,
                output_truncated=inv.output_truncated,
                deduped_from=inv.deduped_from,
                duration_ms=inv.duration_ms,
                output_json=pretty_json(inv.output),
            )
        )
    for ev in _prefetched(run, "events", OrchestrationEvent, "seq"):
        audit.events.append(
            EventRow(
                seq=ev.seq,
                node=ev.node,
                event=ev.event,
                at=ev.at,
                elapsed_ms=event_elapsed_ms(ev, run.created_at),
                detail_json=pretty_json(ev.detail) if ev.detail else "",
                label=V.stage_label(ev.node, ev.event, ev.detail),
            )
        )
    return audit


def _action_note(action: RecommendedAction) -> str:
    """"优先级 高 · 依据 处理手册" for ``{"priority": "high", "basis": "runbook"}``."""
    parts = []
    if action.priority:
        parts.append(f"优先级 {label(PRIORITY, action.priority)}")
    if action.basis:
        parts.append(f"依据 {label(SOURCE, action.basis)}")
    return " · ".join(parts)


def _prefetched(run: DiagnosisRun, relation: str, model: type, order: str) -> list[Any]:
    cache = getattr(run, "_prefetched_objects_cache", {})
    if relation in cache:
        return sorted(cache[relation], key=lambda obj: getattr(obj, order))
    return list(model.objects.filter(run=run).order_by(order))
