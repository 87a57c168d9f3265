"""Data model of DESIGN §4: conversations, runs, tool invocations, orchestration events and the
embedded evidence stores (services, knowledge, logs, alerts, metrics)."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q

from diagnosis.reviews import calibration as cal
from gatekeeper.severity import Severity as SeverityName
from gatekeeper.severity import Verdict as VerdictName


# --- Conversations and runs ----------------------------------------------------------------
class DiagnosisSession(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="diagnosis_sessions")
    title = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]
        indexes = [models.Index(fields=["owner", "-updated_at"], name="session_owner_updated")]
        verbose_name = "诊断会话"
        verbose_name_plural = "诊断会话"

    def __str__(self) -> str:
        return self.title or str(self.id)


class DiagnosisRun(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", "排队中"
        RUNNING = "running", "运行中"
        COMPLETED = "completed", "已完成"
        FAILED = "failed", "失败"

    class Outcome(models.TextChoices):
        PASS = "pass", "通过"
        LOW_CONFID = "low_confid", "低置信"
        REJECT = "reject", "拒绝"
        FALLBACK = "fallback", "兜底"

    class Verdict(models.TextChoices):
        # The values are the one Verdict enum's (gatekeeper.severity); the labels are the same.
        PASS = VerdictName.PASS.value, VerdictName.PASS.value
        LOW_CONFID = VerdictName.LOW_CONFID.value, VerdictName.LOW_CONFID.value
        REJECT = VerdictName.REJECT.value, VerdictName.REJECT.value

    class GatekeeperSeverity(models.TextChoices):
        NONE = SeverityName.NONE.value, SeverityName.NONE.value
        LOW_CONFID = SeverityName.LOW_CONFID.value, SeverityName.LOW_CONFID.value
        REJECT = SeverityName.REJECT.value, SeverityName.REJECT.value

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    session = models.ForeignKey(DiagnosisSession, on_delete=models.CASCADE, related_name="runs")
    # Denormalised from the session so ownership checks and the idempotency constraint are one index.
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="diagnosis_runs")
    question = models.TextField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    outcome = models.CharField(max_length=16, choices=Outcome.choices, blank=True, default="")
    # Hot keys of self_evaluation promoted to indexed columns for the admin filters (STYLE §11).
    verdict = models.CharField(max_length=16, choices=Verdict.choices, blank=True, default="")
    gatekeeper_severity = models.CharField(max_length=16, choices=GatekeeperSeverity.choices, blank=True, default="")
    fallback_reason = models.CharField(max_length=64, blank=True, default="")
    final_answer = models.TextField(blank=True, default="")
    evidence_retry_count = models.PositiveSmallIntegerField(default=0)
    # The JSON container of evaluation channels. Written only through
    # diagnosis.audit.self_evaluation (row lock + read-modify-write); save() never writes it.
    self_evaluation = models.JSONField(null=True, blank=True)
    provider = models.CharField(max_length=32, blank=True, default="")
    model = models.CharField(max_length=128, blank=True, default="")
    prompt_tokens = models.PositiveIntegerField(default=0)
    completion_tokens = models.PositiveIntegerField(default=0)
    token_usage = models.JSONField(default=dict, blank=True)  # per role: {"planner": {"prompt": n, "completion": m}}
    # NULL (not "") when absent, so the partial unique constraint ignores runs without a key.
    idempotency_key = models.CharField(max_length=128, null=True, blank=True)  # noqa: DJ001
    request_fingerprint = models.CharField(max_length=64, blank=True, default="")
    error = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    duration_ms = models.PositiveIntegerField(null=True, blank=True)

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
        SUCCESS = "success", "success"
        NO_HIT = "no_hit", "no_hit"
        FAILED = "failed", "failed"
        DEDUPED = "deduped", "deduped"

    run = models.ForeignKey(DiagnosisRun, on_delete=models.CASCADE, related_name="tool_invocations")
    invocation_id = models.CharField(max_length=16)
    seq = models.PositiveIntegerField()
    round = models.PositiveSmallIntegerField(default=1)
    tool_name = models.CharField(max_length=64)
    evidence_bearing = models.BooleanField(default=True)
    arguments = models.JSONField(default=dict, blank=True)
    arguments_key = models.CharField(max_length=64, blank=True, default="")  # hash of tool + normalised args (dedup)
    status = models.CharField(max_length=16, choices=Status.choices)
    output = models.JSONField(null=True, blank=True)
    output_truncated = models.BooleanField(default=False)
    retrieval_details = models.JSONField(default=dict, blank=True)
    deduped_from = models.CharField(max_length=16, blank=True, default="")
    error = models.TextField(blank=True, default="")
    started_at = models.DateTimeField()
    duration_ms = models.PositiveIntegerField(default=0)

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
    run = models.ForeignKey(DiagnosisRun, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    node = models.CharField(max_length=32)
    event = models.CharField(max_length=32)  # start | finish | retry | route | error
    detail = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField()

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

    name = models.CharField(max_length=200)
    bundle_version = models.PositiveSmallIntegerField(default=1)
    content_hash = models.CharField(max_length=64, unique=True)
    reference_time = models.DateTimeField(null=True, blank=True)
    counts = models.JSONField(default=dict, blank=True)
    loaded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-loaded_at"]
        verbose_name = "证据包"
        verbose_name_plural = "证据包"

    def __str__(self) -> str:
        return self.name


class Service(models.Model):
    name = models.CharField(max_length=100, unique=True)
    aliases = models.JSONField(default=list, blank=True)
    description = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["name"]
        verbose_name = "服务"
        verbose_name_plural = "服务"

    def __str__(self) -> str:
        return self.name

    def all_names(self) -> Iterable[str]:
        yield self.name
        yield from (a for a in self.aliases if isinstance(a, str))


class KnowledgeDocument(models.Model):
    title = models.CharField(max_length=300)
    source = models.CharField(max_length=300)
    content = models.TextField()
    content_hash = models.CharField(max_length=64)
    bundle = models.ForeignKey(EvidenceBundle, on_delete=models.SET_NULL, null=True, blank=True, related_name="documents")
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="knowledge_documents"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["title"]
        constraints = [models.UniqueConstraint(fields=["source", "content_hash"], name="document_source_hash_unique")]
        verbose_name = "知识文档"
        verbose_name_plural = "知识文档"

    def __str__(self) -> str:
        return self.title


class KnowledgeChunk(models.Model):
    document = models.ForeignKey(KnowledgeDocument, on_delete=models.CASCADE, related_name="chunks")
    seq = models.PositiveIntegerField()
    heading_path = models.CharField(max_length=500, blank=True, default="")  # "数据库连接池耗尽处理手册 / 处理方案"
    text = models.TextField()
    tokens = models.TextField(blank=True, default="")  # space-joined search terms (jieba), for BM25
    token_count = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["document", "seq"]
        constraints = [models.UniqueConstraint(fields=["document", "seq"], name="chunk_seq_unique_in_document")]
        verbose_name = "知识片段"
        verbose_name_plural = "知识片段"

    def __str__(self) -> str:
        return self.heading_path or self.text[:40]


class LogRecord(models.Model):
    timestamp = models.DateTimeField()
    service = models.CharField(max_length=100)
    level = models.CharField(max_length=16)
    instance = models.CharField(max_length=200, blank=True, default="")
    message = models.TextField()
    trace_id = models.CharField(max_length=100, blank=True, default="")
    attributes = models.JSONField(default=dict, blank=True)
    fingerprint = models.CharField(max_length=64, unique=True)
    bundle = models.ForeignKey(EvidenceBundle, on_delete=models.SET_NULL, null=True, blank=True, related_name="logs")

    class Meta:
        ordering = ["-timestamp", "-id"]
        indexes = [
            models.Index(fields=["service", "-timestamp"], name="log_service_time"),
            models.Index(fields=["level"], name="log_level"),
            models.Index(fields=["-timestamp"], name="log_time"),
        ]
        verbose_name = "日志记录"
        verbose_name_plural = "日志记录"

    def __str__(self) -> str:
        return f"{self.timestamp:%Y-%m-%d %H:%M:%S} {self.service} {self.level}"


class Alert(models.Model):
    name = models.CharField(max_length=200)
    service = models.CharField(max_length=100)
    severity = models.CharField(max_length=32, blank=True, default="")
    state = models.CharField(max_length=16)  # firing | resolved
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField(null=True, blank=True)
    value = models.CharField(max_length=100, blank=True, default="")
    summary = models.TextField(blank=True, default="")
    labels = models.JSONField(default=dict, blank=True)
    fingerprint = models.CharField(max_length=64, unique=True)
    bundle = models.ForeignKey(EvidenceBundle, on_delete=models.SET_NULL, null=True, blank=True, related_name="alerts")

    class Meta:
        ordering = ["-starts_at"]
        indexes = [
            models.Index(fields=["service", "-starts_at"], name="alert_service_time"),
            models.Index(fields=["state"], name="alert_state"),
        ]
        verbose_name = "告警"
        verbose_name_plural = "告警"

    def __str__(self) -> str:
        return f"{self.name} {self.service} {self.state}"


class MetricSeries(models.Model):
    name = models.CharField(max_length=200)
    service = models.CharField(max_length=100)
    unit = models.CharField(max_length=32, blank=True, default="")
    labels = models.JSONField(default=dict, blank=True)
    threshold = models.FloatField(null=True, blank=True)
    fingerprint = models.CharField(max_length=64, unique=True)
    bundle = models.ForeignKey(EvidenceBundle, on_delete=models.SET_NULL, null=True, blank=True, related_name="metrics")

    class Meta:
        ordering = ["service", "name"]
        indexes = [models.Index(fields=["service", "name"], name="metric_service_name")]
        verbose_name = "指标序列"
        verbose_name_plural = "指标序列"

    def __str__(self) -> str:
        return f"{self.name}{{service={self.service}}}"


class MetricPoint(models.Model):
    series = models.ForeignKey(MetricSeries, on_delete=models.CASCADE, related_name="points")
    timestamp = models.DateTimeField()
    value = models.FloatField()

    class Meta:
        ordering = ["series", "timestamp"]
        constraints = [models.UniqueConstraint(fields=["series", "timestamp"], name="metric_point_unique")]
        verbose_name = "指标点"
        verbose_name_plural = "指标点"

    def __str__(self) -> str:
        return f"{self.timestamp:%Y-%m-%d %H:%M:%S} {self.value}"


# --- Reviewer labels and evaluation history (issue 14 item 3) --------------------------------
# Labels are their own records: the audit records they judge stay read-only. One label per
# reviewer per run (and per claim); labelling again replaces the reviewer's earlier judgement.
class RunLabel(models.Model):
    class Label(models.TextChoices):  # the vocabulary lives in diagnosis.reviews.calibration
        VERDICT_CORRECT = cal.VERDICT_CORRECT, cal.RUN_LABEL_NAMES[cal.VERDICT_CORRECT]
        VERDICT_TOO_HIGH = cal.VERDICT_TOO_HIGH, cal.RUN_LABEL_NAMES[cal.VERDICT_TOO_HIGH]
        VERDICT_TOO_LOW = cal.VERDICT_TOO_LOW, cal.RUN_LABEL_NAMES[cal.VERDICT_TOO_LOW]

    run = models.ForeignKey(DiagnosisRun, on_delete=models.CASCADE, related_name="labels")
    reviewer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="run_labels")
    label = models.CharField(max_length=32, choices=Label.choices)
    note = models.TextField(blank=True, default="")
    # What was judged, as it was when judged (the calibration groups by these).
    verdict = models.CharField(max_length=16, blank=True, default="")
    provider = models.CharField(max_length=32, blank=True, default="")
    model = models.CharField(max_length=128, blank=True, default="")
    prompt_version = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]
        constraints = [models.UniqueConstraint(fields=["run", "reviewer"], name="run_label_one_per_reviewer")]
        indexes = [models.Index(fields=["verdict"], name="run_label_verdict")]
        verbose_name = "运行标注"
        verbose_name_plural = "运行标注"

    def __str__(self) -> str:
        return f"{self.get_label_display()} · {self.reviewer}"


class ClaimLabel(models.Model):
    class Label(models.TextChoices):
        CORRECT = cal.CLAIM_CORRECT, cal.CLAIM_LABEL_NAMES[cal.CLAIM_CORRECT]
        WRONG = cal.CLAIM_WRONG, cal.CLAIM_LABEL_NAMES[cal.CLAIM_WRONG]

    run = models.ForeignKey(DiagnosisRun, on_delete=models.CASCADE, related_name="claim_labels")
    claim_id = models.CharField(max_length=64)
    reviewer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="claim_labels")
    label = models.CharField(max_length=16, choices=Label.choices)
    classification = models.CharField(max_length=32, blank=True, default="")  # the Verifier's, when judged
    note = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["run", "claim_id"]
        constraints = [
            models.UniqueConstraint(fields=["run", "claim_id", "reviewer"], name="claim_label_one_per_reviewer")
        ]
        verbose_name = "声明标注"
        verbose_name_plural = "声明标注"

    def __str__(self) -> str:
        return f"{self.claim_id}: {self.get_label_display()}"


class EvaluationRecord(models.Model):
    """The figures of one ``manage.py evaluate --save`` run, with what produced them."""

    git_revision = models.CharField(max_length=64, blank=True, default="")
    prompt_version = models.CharField(max_length=64, blank=True, default="")
    provider = models.CharField(max_length=32, blank=True, default="")
    scenarios = models.PositiveIntegerField(default=0)
    figures = models.JSONField(default=dict, blank=True)  # the suite's summary (metrics.summary_json)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = "评测记录"
        verbose_name_plural = "评测记录"

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.git_revision[:10]} {self.prompt_version}"
