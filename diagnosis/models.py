"""Data model of DESIGN §4: conversations, runs, tool invocations, orchestration events and the
embedded evidence stores (services, knowledge, logs, alerts, metrics)."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from typing import Any, Final

from django.conf import settings
from django.db import models
from django.db.models import Q

from contracts.verdict import Severity as SeverityName
from contracts.verdict import Verdict as VerdictName
from diagnosis.vocabulary import (
    GATEKEEPER_SEVERITY,
    INVOCATION_STATUS,
    OUTCOME,
    RUN_STATUS,
    SCOPE_KIND,
    SESSION_ORIGIN,
)

# --- Evidence scopes (DESIGN §10.3) ----------------------------------------------------------
#: The longest evidence scope name (``EvidenceScope.name``), also what the API and the loader accept.
SCOPE_NAME_MAX_CHARS: Final = 200


class EvidenceScope(models.Model):
    """One world of evidence: the ``live`` stack (configured backends, real clock) or one replayed
    bundle (builtin stores, its own ``reference_time``). Every evidence row and every session
    belongs to exactly one scope; a run reads only its session's scope."""

    class Kind(models.TextChoices):
        LIVE = "live", SCOPE_KIND["live"]
        REPLAY = "replay", SCOPE_KIND["replay"]

    name = models.CharField(max_length=SCOPE_NAME_MAX_CHARS, unique=True, verbose_name="名称")
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.REPLAY, verbose_name="类型")
    reference_time = models.DateTimeField(null=True, blank=True, verbose_name="参考时间")
    created_at = models.DateTimeField(auto_now_add=True, verbose_name="创建时间")
    #: When a bundle was last loaded into the scope ("the most recently loaded replay scope").
    loaded_at = models.DateTimeField(null=True, blank=True, verbose_name="最近加载")

    class Meta:
        ordering = ["name"]
        indexes = [models.Index(fields=["kind", "-loaded_at"], name="scope_kind_loaded")]
        verbose_name = "证据范围"
        verbose_name_plural = "证据范围"

    def __str__(self) -> str:
        return self.name

    @property
    def is_live(self) -> bool:
        return self.kind == self.Kind.LIVE


class ScopedQuerySet(models.QuerySet):
    """``for_scope(scope)``: the rows of one evidence scope. A model names the path to its scope in
    ``SCOPE_PATH`` (``"scope"`` for rows with their own FK, ``"document__scope"`` for a child row);
    a new evidence model gets a ``scope`` FK and ``objects = ScopedManager()``."""

    def for_scope(self, scope: EvidenceScope | int) -> ScopedQuerySet:
        return self.filter(**{getattr(self.model, "SCOPE_PATH", "scope"): scope})


ScopedManager = models.Manager.from_queryset(ScopedQuerySet)


def scope_fk(related_name: str) -> Any:
    """The scope FK every evidence row carries (a scope's evidence goes with it)."""
    return models.ForeignKey(EvidenceScope, on_delete=models.CASCADE, related_name=related_name, verbose_name="证据范围")


# --- Conversations and runs ----------------------------------------------------------------
class DiagnosisSession(models.Model):
    class Origin(models.TextChoices):
        USER = "user", SESSION_ORIGIN["user"]
        ALERT = "alert", SESSION_ORIGIN["alert"]

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False, verbose_name="会话 ID")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="diagnosis_sessions", verbose_name="所有者")
    # The one evidence world every run of the session reads (PROTECT: deleting a scope does not
    # silently delete people's conversations).
    scope = models.ForeignKey(EvidenceScope, on_delete=models.PROTECT, related_name="sessions", verbose_name="证据范围")
    title = models.CharField(max_length=200, blank=True, verbose_name="标题")
    # Who started the conversation: a person, or an Alertmanager notification (diagnosis.alerts).
    origin = models.CharField(max_length=16, choices=Origin.choices, default=Origin.USER, verbose_name="来源")
    created_at = models.DateTimeField(auto_now_add=True, verbose_name="创建时间")
    updated_at = models.DateTimeField(auto_now=True, verbose_name="更新时间")

    class Meta:
        ordering = ["-updated_at"]
        indexes = [
            models.Index(fields=["owner", "-updated_at"], name="session_owner_updated"),
            models.Index(fields=["origin", "-updated_at"], name="session_origin_updated"),  # staff history
        ]
        verbose_name = "诊断会话"
        verbose_name_plural = "诊断会话"

    def __str__(self) -> str:
        return self.title or str(self.id)


class DiagnosisRun(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", RUN_STATUS["queued"]
        RUNNING = "running", RUN_STATUS["running"]
        COMPLETED = "completed", RUN_STATUS["completed"]
        FAILED = "failed", RUN_STATUS["failed"]

    class Outcome(models.TextChoices):
        PASS = "pass", OUTCOME["pass"]
        LOW_CONFID = "low_confid", OUTCOME["low_confid"]
        REJECT = "reject", OUTCOME["reject"]
        FALLBACK = "fallback", OUTCOME["fallback"]
        CLARIFY = "clarify", OUTCOME["clarify"]

    class Verdict(models.TextChoices):
        # The values are the one Verdict enum's (gatekeeper.severity); the labels are the same.
        PASS = VerdictName.PASS.value, VerdictName.PASS.value
        LOW_CONFID = VerdictName.LOW_CONFID.value, VerdictName.LOW_CONFID.value
        REJECT = VerdictName.REJECT.value, VerdictName.REJECT.value

    class GatekeeperSeverity(models.TextChoices):
        NONE = SeverityName.NONE.value, GATEKEEPER_SEVERITY[SeverityName.NONE]
        LOW_CONFID = SeverityName.LOW_CONFID.value, GATEKEEPER_SEVERITY[SeverityName.LOW_CONFID]
        REJECT = SeverityName.REJECT.value, GATEKEEPER_SEVERITY[SeverityName.REJECT]

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False, verbose_name="运行 ID")
    session = models.ForeignKey(DiagnosisSession, on_delete=models.CASCADE, related_name="runs", verbose_name="会话")
    # Denormalised from the session so ownership checks and the idempotency constraint are one index.
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="diagnosis_runs", verbose_name="所有者")
    #: ``question__icontains`` (the admin's search) reads PostgreSQL's indexes over ``upper(question)``
    #: (migration 0013; its lookup: ``selectors.run_search.QuestionIContains``).
    question = models.TextField(verbose_name="问题")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED, verbose_name="状态")
    outcome = models.CharField(max_length=16, choices=Outcome.choices, blank=True, default="", verbose_name="结果")
    # Hot keys of self_evaluation promoted to indexed columns for the admin filters (STYLE §11).
    verdict = models.CharField(max_length=16, choices=Verdict.choices, blank=True, default="", verbose_name="判定")
    gatekeeper_severity = models.CharField(max_length=16, choices=GatekeeperSeverity.choices, blank=True, default="", verbose_name="守门严重度")
    fallback_reason = models.CharField(max_length=64, blank=True, default="", verbose_name="兜底原因")
    final_answer = models.TextField(blank=True, default="", verbose_name="最终回答")
    evidence_retry_count = models.PositiveSmallIntegerField(default=0, verbose_name="补充取证次数")
    # The JSON container of evaluation channels. Written only through
    # diagnosis.audit.self_evaluation (row lock + read-modify-write); save() never writes it.
    self_evaluation = models.JSONField(null=True, blank=True, verbose_name="自评估记录")
    provider = models.CharField(max_length=32, blank=True, default="", verbose_name="模型提供方")
    model = models.CharField(max_length=128, blank=True, default="", verbose_name="模型")
    prompt_tokens = models.PositiveIntegerField(default=0, verbose_name="输入 token")
    completion_tokens = models.PositiveIntegerField(default=0, verbose_name="输出 token")
    token_usage = models.JSONField(default=dict, blank=True, verbose_name="各角色 token 用量")  # per role: {"planner": {"prompt": n, "completion": m}}
    # NULL (not "") when absent, so the partial unique constraint ignores runs without a key.
    idempotency_key = models.CharField(max_length=128, null=True, blank=True, verbose_name="幂等键")  # noqa: DJ001
    request_fingerprint = models.CharField(max_length=64, blank=True, default="", verbose_name="请求指纹")
    error = models.TextField(blank=True, default="", verbose_name="错误")
    created_at = models.DateTimeField(auto_now_add=True, verbose_name="创建时间")
    started_at = models.DateTimeField(null=True, blank=True, verbose_name="开始时间")
    finished_at = models.DateTimeField(null=True, blank=True, verbose_name="结束时间")
    duration_ms = models.PositiveIntegerField(null=True, blank=True, verbose_name="耗时（毫秒）")

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["owner", "-created_at"], name="run_owner_created"),
            models.Index(fields=["-created_at"], name="run_created"),  # admin list order (P5)
            models.Index(fields=["session", "created_at"], name="run_session_created"),
            models.Index(fields=["outcome"], name="run_outcome"),
            models.Index(fields=["verdict"], name="run_verdict"),
            models.Index(fields=["gatekeeper_severity"], name="run_gk_severity"),
            models.Index(fields=["fallback_reason"], name="run_fallback_reason"),
            models.Index(fields=["provider"], name="run_provider"),
            models.Index(fields=["status"], name="run_status"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "idempotency_key"],
                condition=Q(idempotency_key__isnull=False),
                name="run_owner_idempotency_key_unique",
            )
        ]
        verbose_name = "诊断运行"
        verbose_name_plural = "诊断运行"

    def __str__(self) -> str:
        return f"{self.question[:40]} ({self.status})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        # A plain save() of an existing row must never write back a (possibly stale) in-memory
        # self_evaluation container: concurrent channel writers would lose updates (spec 000
        # "no whole-object overwrite after initialization"). Only the channel service lists the
        # field explicitly in update_fields.
        if not self._state.adding and kwargs.get("update_fields") is None and not kwargs.get("force_insert"):
            kwargs["update_fields"] = [
                f.attname for f in self._meta.concrete_fields if not f.primary_key and f.name != "self_evaluation"
            ]
        super().save(*args, **kwargs)


class ToolInvocation(models.Model):
    class Status(models.TextChoices):
        SUCCESS = "success", INVOCATION_STATUS["success"]
        NO_HIT = "no_hit", INVOCATION_STATUS["no_hit"]
        FAILED = "failed", INVOCATION_STATUS["failed"]
        DEDUPED = "deduped", INVOCATION_STATUS["deduped"]

    run = models.ForeignKey(DiagnosisRun, on_delete=models.CASCADE, related_name="tool_invocations", verbose_name="运行")
    invocation_id = models.CharField(max_length=16, verbose_name="调用编号")
    seq = models.PositiveIntegerField(verbose_name="序号")
    round = models.PositiveSmallIntegerField(default=1, verbose_name="轮次")
    tool_name = models.CharField(max_length=64, verbose_name="工具")
    evidence_bearing = models.BooleanField(default=True, verbose_name="提供证据")
    arguments = models.JSONField(default=dict, blank=True, verbose_name="参数")
    arguments_key = models.CharField(max_length=64, blank=True, default="", verbose_name="参数摘要")  # hash of tool + normalised args (dedup)
    status = models.CharField(max_length=16, choices=Status.choices, verbose_name="状态")
    output = models.JSONField(null=True, blank=True, verbose_name="输出")
    output_truncated = models.BooleanField(default=False, verbose_name="输出已截断")
    retrieval_details = models.JSONField(default=dict, blank=True, verbose_name="检索详情")
    deduped_from = models.CharField(max_length=16, blank=True, default="", verbose_name="重复自")
    error = models.TextField(blank=True, default="", verbose_name="错误")
    started_at = models.DateTimeField(verbose_name="开始时间")
    duration_ms = models.PositiveIntegerField(default=0, verbose_name="耗时（毫秒）")

    class Meta:
        ordering = ["run", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["run", "invocation_id"], name="invocation_id_unique_in_run"),
            models.UniqueConstraint(fields=["run", "seq"], name="invocation_seq_unique_in_run"),
        ]
        indexes = [
            models.Index(fields=["tool_name"], name="invocation_tool"),
            models.Index(fields=["status"], name="invocation_status"),
            models.Index(fields=["run", "arguments_key"], name="invocation_run_args"),
        ]
        verbose_name = "工具调用"
        verbose_name_plural = "工具调用"

    def __str__(self) -> str:
        return f"{self.invocation_id} {self.tool_name} ({self.status})"

    @property
    def evidence_refs(self) -> list[dict[str, Any]]:
        refs = (self.retrieval_details or {}).get("evidence_refs") or []
        return [ref for ref in refs if isinstance(ref, dict)]

    def as_fact(self) -> dict[str, Any]:
        """The plain mapping the gatekeeper library takes (DESIGN §8)."""
        return {
            "invocation_id": self.invocation_id,
            "tool_name": self.tool_name,
            "status": self.status,
            "evidence_refs": self.evidence_refs,
        }


class OrchestrationEvent(models.Model):
    run = models.ForeignKey(DiagnosisRun, on_delete=models.CASCADE, related_name="events", verbose_name="运行")
    seq = models.PositiveIntegerField(verbose_name="序号")
    node = models.CharField(max_length=32, verbose_name="节点")
    event = models.CharField(max_length=32, verbose_name="事件")  # start | finish | retry | route | error
    detail = models.JSONField(default=dict, blank=True, verbose_name="详情")
    at = models.DateTimeField(verbose_name="时间")

    class Meta:
        ordering = ["run", "seq"]
        constraints = [models.UniqueConstraint(fields=["run", "seq"], name="event_seq_unique_in_run")]
        indexes = [models.Index(fields=["node", "event"], name="event_node_event")]
        verbose_name = "编排事件"
        verbose_name_plural = "编排事件"

    def __str__(self) -> str:
        return f"#{self.seq} {self.node}.{self.event}"


# --- Evidence stores (the builtin backends) ------------------------------------------------
class EvidenceBundle(models.Model):
    """One loaded bundle file; its content hash makes loading idempotent."""

    scope = scope_fk("bundles")
    name = models.CharField(max_length=200, verbose_name="名称")
    bundle_version = models.PositiveSmallIntegerField(default=1, verbose_name="包格式版本")
    content_hash = models.CharField(max_length=64, verbose_name="内容哈希")
    reference_time = models.DateTimeField(null=True, blank=True, verbose_name="参考时间")
    counts = models.JSONField(default=dict, blank=True, verbose_name="各类条数")
    loaded_at = models.DateTimeField(auto_now_add=True, verbose_name="加载时间")

    objects = ScopedManager()

    class Meta:
        ordering = ["-loaded_at"]
        constraints = [models.UniqueConstraint(fields=["scope", "content_hash"], name="bundle_hash_unique_in_scope")]
        verbose_name = "证据包"
        verbose_name_plural = "证据包"

    def __str__(self) -> str:
        return self.name


class Service(models.Model):
    """A service of one scope's catalogue: two worlds may both have a ``payment-service`` with
    different aliases and descriptions, and the planner and the leak guard see only the run's."""

    scope = scope_fk("services")
    name = models.CharField(max_length=100, verbose_name="服务名")
    aliases = models.JSONField(default=list, blank=True, verbose_name="别名")
    description = models.TextField(blank=True, default="", verbose_name="描述")

    objects = ScopedManager()

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["scope", "name"], name="service_name_unique_in_scope")]
        verbose_name = "服务"
        verbose_name_plural = "服务"

    def __str__(self) -> str:
        return self.name

    def all_names(self) -> Iterable[str]:
        yield self.name
        yield from (a for a in self.aliases if isinstance(a, str))


class KnowledgeDocument(models.Model):
    scope = scope_fk("documents")
    title = models.CharField(max_length=300, verbose_name="标题")
    source = models.CharField(max_length=300, verbose_name="来源")
    content = models.TextField(verbose_name="内容")
    content_hash = models.CharField(max_length=64, verbose_name="内容哈希")
    bundle = models.ForeignKey(EvidenceBundle, on_delete=models.SET_NULL, null=True, blank=True, related_name="documents", verbose_name="证据包")
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="knowledge_documents",
        verbose_name="上传者",
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name="创建时间")

    objects = ScopedManager()

    class Meta:
        ordering = ["title"]
        constraints = [
            models.UniqueConstraint(fields=["scope", "source", "content_hash"], name="document_source_hash_unique")
        ]
        verbose_name = "知识文档"
        verbose_name_plural = "知识文档"

    def __str__(self) -> str:
        return self.title


class KnowledgeChunk(models.Model):
    document = models.ForeignKey(KnowledgeDocument, on_delete=models.CASCADE, related_name="chunks", verbose_name="文档")
    seq = models.PositiveIntegerField(verbose_name="序号")
    heading_path = models.CharField(max_length=500, blank=True, default="", verbose_name="标题路径")  # "数据库连接池耗尽处理手册 / 处理方案"
    text = models.TextField(verbose_name="正文")
    tokens = models.TextField(blank=True, default="", verbose_name="检索词")  # space-joined search terms (jieba), for BM25
    token_count = models.PositiveIntegerField(default=0, verbose_name="词数")

    SCOPE_PATH = "document__scope"
    objects = ScopedManager()

    class Meta:
        ordering = ["document", "seq"]
        constraints = [models.UniqueConstraint(fields=["document", "seq"], name="chunk_seq_unique_in_document")]
        verbose_name = "知识片段"
        verbose_name_plural = "知识片段"

    def __str__(self) -> str:
        return self.heading_path or self.text[:40]


class LogRecord(models.Model):
    scope = scope_fk("logs")
    timestamp = models.DateTimeField(verbose_name="时间")
    service = models.CharField(max_length=100, verbose_name="服务")
    level = models.CharField(max_length=16, verbose_name="级别")
    instance = models.CharField(max_length=200, blank=True, default="", verbose_name="实例")
    message = models.TextField(verbose_name="消息")
    trace_id = models.CharField(max_length=100, blank=True, default="", verbose_name="链路 ID")
    attributes = models.JSONField(default=dict, blank=True, verbose_name="属性")
    fingerprint = models.CharField(max_length=64, verbose_name="指纹")
    bundle = models.ForeignKey(EvidenceBundle, on_delete=models.SET_NULL, null=True, blank=True, related_name="logs", verbose_name="证据包")

    objects = ScopedManager()

    class Meta:
        ordering = ["-timestamp", "-id"]
        constraints = [models.UniqueConstraint(fields=["scope", "fingerprint"], name="log_fingerprint_unique_in_scope")]
        indexes = [
            models.Index(fields=["scope", "service", "-timestamp"], name="log_service_time"),
            models.Index(fields=["level"], name="log_level"),
            models.Index(fields=["scope", "-timestamp"], name="log_time"),
        ]
        verbose_name = "日志记录"
        verbose_name_plural = "日志记录"

    def __str__(self) -> str:
        return f"{self.timestamp:%Y-%m-%d %H:%M:%S} {self.service} {self.level}"


class Alert(models.Model):
    scope = scope_fk("alerts")
    name = models.CharField(max_length=200, verbose_name="告警名称")
    service = models.CharField(max_length=100, verbose_name="服务")
    severity = models.CharField(max_length=32, blank=True, default="", verbose_name="严重程度")
    state = models.CharField(max_length=16, verbose_name="状态")  # firing | resolved
    starts_at = models.DateTimeField(verbose_name="开始时间")
    ends_at = models.DateTimeField(null=True, blank=True, verbose_name="结束时间")
    value = models.CharField(max_length=100, blank=True, default="", verbose_name="值")
    summary = models.TextField(blank=True, default="", verbose_name="摘要")
    labels = models.JSONField(default=dict, blank=True, verbose_name="标签")
    fingerprint = models.CharField(max_length=64, verbose_name="指纹")
    bundle = models.ForeignKey(EvidenceBundle, on_delete=models.SET_NULL, null=True, blank=True, related_name="alerts", verbose_name="证据包")

    objects = ScopedManager()

    class Meta:
        ordering = ["-starts_at"]
        constraints = [
            models.UniqueConstraint(fields=["scope", "fingerprint"], name="alert_fingerprint_unique_in_scope")
        ]
        indexes = [
            models.Index(fields=["scope", "service", "-starts_at"], name="alert_service_time"),
            models.Index(fields=["state"], name="alert_state"),
        ]
        verbose_name = "告警"
        verbose_name_plural = "告警"

    def __str__(self) -> str:
        return f"{self.name} {self.service} {self.state}"


class MetricSeries(models.Model):
    scope = scope_fk("metric_series")
    name = models.CharField(max_length=200, verbose_name="指标名")
    service = models.CharField(max_length=100, verbose_name="服务")
    unit = models.CharField(max_length=32, blank=True, default="", verbose_name="单位")
    labels = models.JSONField(default=dict, blank=True, verbose_name="标签")
    threshold = models.FloatField(null=True, blank=True, verbose_name="阈值")
    fingerprint = models.CharField(max_length=64, verbose_name="指纹")
    bundle = models.ForeignKey(EvidenceBundle, on_delete=models.SET_NULL, null=True, blank=True, related_name="metrics", verbose_name="证据包")

    objects = ScopedManager()

    class Meta:
        ordering = ["service", "name"]
        constraints = [
            models.UniqueConstraint(fields=["scope", "fingerprint"], name="series_fingerprint_unique_in_scope")
        ]
        indexes = [models.Index(fields=["scope", "service", "name"], name="metric_service_name")]
        verbose_name = "指标序列"
        verbose_name_plural = "指标序列"

    def __str__(self) -> str:
        return f"{self.name}{{service={self.service}}}"


class MetricPoint(models.Model):
    series = models.ForeignKey(MetricSeries, on_delete=models.CASCADE, related_name="points", verbose_name="序列")
    timestamp = models.DateTimeField(verbose_name="时间")
    value = models.FloatField(verbose_name="值")

    SCOPE_PATH = "series__scope"
    objects = ScopedManager()

    class Meta:
        ordering = ["series", "timestamp"]
        constraints = [models.UniqueConstraint(fields=["series", "timestamp"], name="metric_point_unique")]
        verbose_name = "指标点"
        verbose_name_plural = "指标点"

    def __str__(self) -> str:
        return f"{self.timestamp:%Y-%m-%d %H:%M:%S} {self.value}"


# --- Kubernetes state (DESIGN §10.2) -----------------------------------------------------------
# Readings of the cluster's state from evidence bundles: one row per object per ``observed_at``
# (a later snapshot of the same pod is a new row), so a replay can ask for the state at a time.
class K8sPod(models.Model):
    scope = scope_fk("k8s_pods")
    namespace = models.CharField(max_length=253)
    name = models.CharField(max_length=253)
    service = models.CharField(max_length=253)
    phase = models.CharField(max_length=128)
    ready = models.CharField(max_length=32)  # "0/1"
    restarts = models.PositiveIntegerField(default=0)
    termination_reason = models.CharField(max_length=128, blank=True, default="")
    termination_exit_code = models.IntegerField(null=True, blank=True)
    terminated_at = models.DateTimeField(null=True, blank=True)
    has_termination = models.BooleanField(default=False)
    waiting_reason = models.CharField(max_length=128, blank=True, default="")
    node = models.CharField(max_length=128, blank=True, default="")
    observed_at = models.DateTimeField()
    # The fields the analyzers read (DESIGN §10.6: labels, owner, containers, conditions …), as the
    # bundle model dumps them (``evidence.loader.POD_DETAILS``).
    details = models.JSONField(default=dict, blank=True)
    fingerprint = models.CharField(max_length=64)
    bundle = models.ForeignKey(EvidenceBundle, on_delete=models.SET_NULL, null=True, blank=True, related_name="k8s_pods")

    objects = ScopedManager()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["scope", "fingerprint"], name="k8s_pod_fingerprint_unique_in_scope")]
        ordering = ["namespace", "name", "-observed_at"]
        indexes = [
            models.Index(fields=["scope", "namespace", "name", "-observed_at"], name="k8s_pod_ns_name_time"),
            models.Index(fields=["service"], name="k8s_pod_service"),
        ]
        verbose_name = "Pod 状态"
        verbose_name_plural = "Pod 状态"

    def __str__(self) -> str:
        return f"{self.namespace}/{self.name} {self.phase} {self.ready}"


class K8sEvent(models.Model):
    scope = scope_fk("k8s_events")
    namespace = models.CharField(max_length=253, blank=True, default="")  # "": not known (any namespace)
    type = models.CharField(max_length=128)
    reason = models.CharField(max_length=128)
    object = models.CharField(max_length=253)  # "ReplicaSet/adservice-5f8d7c9b4"
    message = models.TextField(blank=True, default="")
    count = models.PositiveIntegerField(default=1)
    first_seen = models.DateTimeField()
    last_seen = models.DateTimeField()
    fingerprint = models.CharField(max_length=64)
    bundle = models.ForeignKey(EvidenceBundle, on_delete=models.SET_NULL, null=True, blank=True, related_name="k8s_events")

    objects = ScopedManager()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["scope", "fingerprint"], name="k8s_event_fingerprint_unique_in_scope")]
        ordering = ["-last_seen", "-id"]
        indexes = [
            models.Index(fields=["scope", "namespace", "-last_seen"], name="k8s_event_ns_time"),
            models.Index(fields=["reason"], name="k8s_event_reason"),
        ]
        verbose_name = "Kubernetes 事件"
        verbose_name_plural = "Kubernetes 事件"

    def __str__(self) -> str:
        return f"{self.type} {self.reason} {self.object}"


class K8sDeployment(models.Model):
    scope = scope_fk("k8s_deployments")
    namespace = models.CharField(max_length=253)
    name = models.CharField(max_length=253)
    service = models.CharField(max_length=253)
    replicas = models.PositiveIntegerField(default=0)
    ready = models.PositiveIntegerField(default=0)
    available = models.PositiveIntegerField(default=0)
    image = models.CharField(max_length=500, blank=True, default="")
    revision = models.PositiveIntegerField(null=True, blank=True)
    changed_at = models.DateTimeField(null=True, blank=True)
    change_cause = models.TextField(blank=True, default="")
    conditions = models.JSONField(default=list, blank=True)
    observed_at = models.DateTimeField()
    details = models.JSONField(default=dict, blank=True)  # DESIGN §10.6: the selector
    fingerprint = models.CharField(max_length=64)
    bundle = models.ForeignKey(
        EvidenceBundle, on_delete=models.SET_NULL, null=True, blank=True, related_name="k8s_deployments"
    )

    objects = ScopedManager()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["scope", "fingerprint"], name="k8s_deployment_fingerprint_unique_in_scope")]
        ordering = ["namespace", "name", "-observed_at"]
        indexes = [
            models.Index(fields=["scope", "namespace", "name", "-observed_at"], name="k8s_deploy_ns_name_time"),
            models.Index(fields=["service"], name="k8s_deploy_service"),
        ]
        verbose_name = "Deployment 状态"
        verbose_name_plural = "Deployment 状态"

    def __str__(self) -> str:
        return f"{self.namespace}/{self.name} rev {self.revision}"


class K8sObject(models.Model):
    """A reading of one object of the other kinds (DESIGN §10.6: nodes, services, PVCs, quotas …):
    the validated bundle element as JSON (``contracts.k8s``), one row per object per
    ``observed_at``. A Secret or ConfigMap row holds its name, key names and owners — never a value
    (the element has no field for one)."""

    scope = scope_fk("k8s_objects")
    kind = models.CharField(max_length=32)  # a query_k8s kind: nodes, services, pvcs …
    namespace = models.CharField(max_length=253, blank=True, default="")  # "": a cluster-wide kind
    name = models.CharField(max_length=253)
    data = models.JSONField()
    observed_at = models.DateTimeField()
    fingerprint = models.CharField(max_length=64)
    bundle = models.ForeignKey(
        EvidenceBundle, on_delete=models.SET_NULL, null=True, blank=True, related_name="k8s_objects"
    )

    objects = ScopedManager()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["scope", "fingerprint"], name="k8s_object_fingerprint_unique_in_scope")]
        ordering = ["kind", "namespace", "name", "-observed_at"]
        indexes = [models.Index(fields=["scope", "kind", "namespace", "-observed_at"], name="k8s_object_kind_ns_time")]
        verbose_name = "Kubernetes 对象状态"
        verbose_name_plural = "Kubernetes 对象状态"

    def __str__(self) -> str:
        return f"{self.kind} {self.namespace}/{self.name}"
