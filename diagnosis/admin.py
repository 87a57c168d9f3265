"""The admin audit console (reviewers) and the evidence stores.

Audit records — runs, tool invocations, orchestration events (and the evaluations inside the
run's ``self_evaluation``) — are read-only: no add, change or delete, for anyone. The run page
renders the persisted audit data as tables (``templates/diagnosis/audit/sections.html`` over
``diagnosis.selectors.runs.run_audit_view``); every piece of model or tool text goes through
template auto-escaping or ``format_html`` — nothing here marks model or tool text safe.
"""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.db.models import Count, QuerySet
from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.text import Truncator

import diagnosis.im.admin  # noqa: F401 - registers the IM bot's bindings, threads and cards
from contracts import reasons as R
from contracts.time_bounds import MSG_INVALID_TIME, time_in_range, time_problem
from diagnosis import vocabulary as V
from diagnosis.alerts.admin import alert_inlines_for
from diagnosis.models import (
    Alert,
    DiagnosisRun,
    DiagnosisSession,
    EvidenceBundle,
    EvidenceScope,
    KnowledgeChunk,
    KnowledgeDocument,
    LogRecord,
    MetricPoint,
    MetricSeries,
    OrchestrationEvent,
    Service,
    ToolInvocation,
)
from diagnosis.reviews.views import calibration_page, label_forms_context, run_label_post
from diagnosis.selectors.runs import pretty_json, run_audit_view, run_badge
from diagnosis.selectors.series import cited_series
from diagnosis.web.presenter import claim_check_cards

QUESTION_LIST_CHARS = 60

admin.site.site_header = "SuperBiz Diagnosis 审计控制台"
admin.site.site_title = "SuperBiz Diagnosis"
admin.site.index_title = "诊断运行审计与证据数据"
# The audit tables need the page's width (issue 27: the run list cut off its last columns beside
# the app sidebar at 1280 px); the index and the breadcrumbs lead to every list instead.
admin.site.enable_nav_sidebar = False


def _reference_time(obj: EvidenceScope | EvidenceBundle) -> Any:
    """The stored reference time, or 无效时间 when it lies outside the accepted range (a row
    written before the loader checked, or by hand: ``time_bounds``)."""
    value = obj.reference_time
    if value is None or time_in_range(value):
        return value if value is not None else admin.site.empty_value_display
    return MSG_INVALID_TIME


def _pre(value: Any) -> str:
    return format_html('<pre class="audit-json">{}</pre>', pretty_json(value))


class ReadOnlyAdminMixin:
    """View-only for everyone (audit records and loaded evidence are never edited by hand)."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnlyInline(ReadOnlyAdminMixin, admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = True


# --- Runs ---------------------------------------------------------------------------------
class FallbackReasonFilter(admin.SimpleListFilter):
    """Filter on the promoted ``fallback_reason`` column; the choices are the reasons present."""

    title = "兜底原因"
    parameter_name = "fallback_reason"
    NONE = "__none__"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        # The reasons are a closed vocabulary: no DISTINCT scan of every run per page (P5).
        reasons = sorted({*R.FALLBACK_REASONS, *R.RUN_FAILURE_REASONS})
        return [(self.NONE, "（无兜底）")] + [(r, V.label(V.FALLBACK_REASON, r)) for r in reasons]

    def queryset(self, request: HttpRequest, queryset: QuerySet[DiagnosisRun]) -> QuerySet[DiagnosisRun]:
        value = self.value()
        if value == self.NONE:
            return queryset.filter(fallback_reason="")
        if value:
            return queryset.filter(fallback_reason=value)
        return queryset


@admin.register(DiagnosisRun)
class DiagnosisRunAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    change_form_template = "admin/diagnosis/diagnosisrun/change_form.html"
    list_display = (
        "short_question",
        "origin_column",
        "outcome_column",
        "verdict_badge",
        "severity_column",
        "retry_column",
        "provider_column",
        "owner",
        "created_column",
    )
    list_display_links = ("short_question",)
    list_filter = (
        "outcome",
        "verdict",
        "gatekeeper_severity",
        FallbackReasonFilter,
        "provider",
        "status",
        "session__origin",
        "session__scope",  # every scope (a small table), not a DISTINCT over all runs
        "created_at",
    )
    # Every word's question__icontains, through PostgreSQL's indexes (selectors/run_search.py).
    search_fields = ("question",)
    list_select_related = ("owner", "session")
    # No date_hierarchy: it scans every run for its months on each page (P5, 100k runs); the
    # created_at list filter offers the date ranges. No full count beside the filtered one.
    show_full_result_count = False
    list_per_page = 50
    #: What the list never shows: not read (nor JSON-decoded) for 50 rows per page.
    LIST_DEFERRED = ("self_evaluation", "token_usage", "final_answer", "error", "request_fingerprint")
    fieldsets = (
        (
            "运行",
            {
                "fields": (
                    "question",
                    ("status", "outcome", "verdict_badge"),
                    ("gatekeeper_severity", "fallback_reason", "evidence_retry_count"),
                    ("provider", "model"),
                    ("owner", "session_link", "origin_column"),
                    ("created_at", "started_at", "finished_at", "duration_ms"),
                    ("prompt_tokens", "completion_tokens"),
                    "idempotency_key",
                    "error",
                )
            },
        ),
        ("最终回答", {"fields": ("answer_text",)}),
    )
    readonly_fields = ("verdict_badge", "session_link", "origin_column", "answer_text")

    class Media:
        css = {"all": ("css/audit-admin.css",)}

    def get_inlines(self, request: HttpRequest, obj: DiagnosisRun | None) -> Any:
        # The alert that started the run, if one did.
        return alert_inlines_for(obj)

    def get_changelist(self, request: HttpRequest, **kwargs: Any) -> type:
        changelist = super().get_changelist(request, **kwargs)
        deferred = self.LIST_DEFERRED

        class LightChangeList(changelist):  # type: ignore[misc, valid-type]
            def get_queryset(self, request: HttpRequest, exclude_parameters: Any = None) -> QuerySet[DiagnosisRun]:
                return super().get_queryset(request, exclude_parameters).defer(*deferred)

        return LightChangeList

    @admin.display(description="问题", ordering="question")
    def short_question(self, run: DiagnosisRun) -> str:
        return Truncator(run.question).chars(QUESTION_LIST_CHARS)

    @admin.display(description="结果", ordering="outcome")
    def outcome_column(self, run: DiagnosisRun) -> str:
        return run.get_outcome_display() if run.outcome else run.get_status_display()

    @admin.display(description="守门严重度", ordering="gatekeeper_severity")
    def severity_column(self, run: DiagnosisRun) -> str:
        return V.label(V.GATEKEEPER_SEVERITY, run.gatekeeper_severity) or "—"

    @admin.display(description="补充取证", ordering="evidence_retry_count")
    def retry_column(self, run: DiagnosisRun) -> int:
        return run.evidence_retry_count

    @admin.display(description="模型提供方", ordering="provider")
    def provider_column(self, run: DiagnosisRun) -> str:
        return run.provider or "—"

    @admin.display(description="创建时间", ordering="created_at")
    def created_column(self, run: DiagnosisRun) -> Any:
        return run.created_at

    @admin.display(description="判定", ordering="verdict")
    def verdict_badge(self, run: DiagnosisRun) -> str:
        badge = run_badge(run)
        return format_html(
            '<span class="audit-badge audit-badge-{}" title="{}">{}</span>', badge.css, badge.title, badge.label
        )

    @admin.display(description="来源", ordering="session__origin")
    def origin_column(self, run: DiagnosisRun) -> str:
        return run.session.get_origin_display()

    @admin.display(description="会话")
    def session_link(self, run: DiagnosisRun) -> str:
        url = reverse("admin:diagnosis_diagnosissession_change", args=[run.session_id])
        return format_html('<a href="{}">{}</a>', url, run.session)

    @admin.display(description="中文回答")
    def answer_text(self, run: DiagnosisRun) -> str:
        return format_html('<div class="audit-answer">{}</div>', run.final_answer or "—")

    def change_view(
        self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        extra_context = dict(extra_context or {})
        run = (
            self.get_queryset(request)
            .prefetch_related("tool_invocations", "events")
            .filter(pk=object_id)
            .first()
            if _is_uuid(object_id)
            else None
        )
        if run is not None:
            extra_context["audit"] = audit = run_audit_view(run)
            extra_context["claim_cards"] = claim_check_cards(audit, cited_series(audit))
            extra_context.update(label_forms_context(run, request.user, audit))
            extra_context["label_url"] = reverse("admin:diagnosis_diagnosisrun_label", args=[run.pk])
            extra_context["next_url"] = request.get_full_path()
        return super().change_view(request, object_id, form_url, extra_context)

    def get_urls(self) -> list[URLPattern]:
        # Labels are their own records (the run stays read-only): a POST view beside the run page,
        # and the calibration page over all labels. admin_view = staff login, CSRF.
        own = [
            path("calibration/", self.admin_site.admin_view(self.calibration_view), name="diagnosis_calibration"),
            path("<uuid:run_id>/label/", self.admin_site.admin_view(self.label_view), name="diagnosis_diagnosisrun_label"),
        ]
        return own + super().get_urls()

    def label_view(self, request: HttpRequest, run_id: uuid.UUID) -> HttpResponse:
        # The admin's own permission check (issue 25 item 7): reading runs; run_label_post then
        # asks for the add permission of the label record it writes. Without them: 403, nothing written.
        if not self.has_view_permission(request):
            raise PermissionDenied
        fallback = reverse("admin:diagnosis_diagnosisrun_change", args=[run_id])
        return run_label_post(request, run_id, fallback_url=fallback)

    def calibration_view(self, request: HttpRequest) -> HttpResponse:
        if not self.has_view_permission(request):  # it lists runs' verdicts and reviewers' notes
            raise PermissionDenied
        return calibration_page(request, context=self.admin_site.each_context(request))

    def changelist_view(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
        extra_context = {**(extra_context or {}), "calibration_url": reverse("admin:diagnosis_calibration")}
        return super().changelist_view(request, extra_context)


def _is_uuid(value: str) -> bool:
    try:
        uuid.UUID(str(value))
    except ValueError:
        return False
    return True


@admin.register(ToolInvocation)
class ToolInvocationAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("invocation_id", "tool_name", "status", "round", "evidence_bearing", "output_truncated", "duration_ms", "run_link")
    list_filter = ("tool_name", "status", "evidence_bearing", "output_truncated", "round")
    search_fields = ("invocation_id", "tool_name", "run__question", "error")
    list_select_related = ("run",)
    raw_id_fields = ("run",)
    fields = (
        "run_link",
        ("invocation_id", "seq", "round"),
        ("tool_name", "evidence_bearing", "status"),
        "arguments_pretty",
        "evidence_refs_table",
        "error",
        ("output_truncated", "deduped_from", "arguments_key"),
        "output_pretty",
        "retrieval_details_pretty",
        ("started_at", "duration_ms"),
    )
    readonly_fields = ("run_link", "arguments_pretty", "evidence_refs_table", "output_pretty", "retrieval_details_pretty")

    @admin.display(description="运行")
    def run_link(self, inv: ToolInvocation) -> str:
        url = reverse("admin:diagnosis_diagnosisrun_change", args=[inv.run_id])
        return format_html('<a href="{}">{}</a>', url, Truncator(inv.run.question).chars(QUESTION_LIST_CHARS))

    @admin.display(description="参数 arguments")
    def arguments_pretty(self, inv: ToolInvocation) -> str:
        return _pre(inv.arguments)

    @admin.display(description="证据引用 evidence_refs")
    def evidence_refs_table(self, inv: ToolInvocation) -> str:
        refs = inv.evidence_refs
        if not refs:
            return "—"
        rows = format_html_join(
            "",
            "<tr><td><code>{}</code></td><td>{}</td><td>{}</td></tr>",
            ((ref.get("raw_path", ""), ref.get("text", ""), ref.get("source_id", "")) for ref in refs),
        )
        return format_html(
            '<table class="audit-table"><thead><tr><th>raw_path</th><th>text</th><th>source_id</th></tr></thead>'
            "<tbody>{}</tbody></table>",
            rows,
        )

    @admin.display(description="输出 output")
    def output_pretty(self, inv: ToolInvocation) -> str:
        return format_html("<details><summary>展开</summary>{}</details>", _pre(inv.output))

    @admin.display(description="检索详情")
    def retrieval_details_pretty(self, inv: ToolInvocation) -> str:
        return format_html("<details><summary>展开</summary>{}</details>", _pre(inv.retrieval_details))

    class Media:
        css = {"all": ("css/audit-admin.css",)}


@admin.register(OrchestrationEvent)
class OrchestrationEventAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("run", "seq", "node", "event", "at")
    list_filter = ("node", "event")
    search_fields = ("run__question", "node", "event")
    list_select_related = ("run",)
    raw_id_fields = ("run",)
    fields = ("run", ("seq", "node", "event", "at"), "detail_pretty")
    readonly_fields = ("detail_pretty",)

    @admin.display(description="详情")
    def detail_pretty(self, event: OrchestrationEvent) -> str:
        return _pre(event.detail)

    class Media:
        css = {"all": ("css/audit-admin.css",)}


class SessionRunInline(ReadOnlyInline):
    model = DiagnosisRun
    fields = ("question", "status", "outcome", "verdict", "evidence_retry_count", "created_at")
    readonly_fields = fields
    ordering = ("created_at",)
    verbose_name = "运行"
    verbose_name_plural = "本会话的运行"


@admin.register(DiagnosisSession)
class DiagnosisSessionAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("__str__", "owner", "origin", "scope", "run_count", "created_at", "updated_at")
    list_filter = ("origin", "scope", "created_at")
    search_fields = ("title", "owner__username", "runs__question")
    list_select_related = ("owner", "scope")
    raw_id_fields = ("owner",)
    fields = ("id", "title", "owner", "origin", "scope", "created_at", "updated_at")
    readonly_fields = ("id", "created_at", "updated_at")
    inlines = (SessionRunInline,)

    def get_queryset(self, request: HttpRequest) -> QuerySet[DiagnosisSession]:
        return super().get_queryset(request).annotate(_run_count=Count("runs"))

    @admin.display(description="运行数", ordering="_run_count")
    def run_count(self, session: DiagnosisSession) -> int:
        return getattr(session, "_run_count", 0)


# --- Evidence stores ------------------------------------------------------------------------
class EvidenceScopeForm(forms.ModelForm):
    """Re-clocking a replay scope is a door like the bundle loader: the same time bound."""

    class Meta:
        model = EvidenceScope
        fields = ("name", "kind", "reference_time")

    def clean_reference_time(self) -> Any:
        value = self.cleaned_data.get("reference_time")
        problem = time_problem(value) if value is not None else None
        if problem is not None:
            raise forms.ValidationError(problem)
        return value


@admin.register(EvidenceScope)
class EvidenceScopeAdmin(admin.ModelAdmin):
    """Scopes are created by loading bundles (``load_evidence --scope``); here they are listed,
    and a replay scope can be renamed, re-clocked or deleted with its evidence (a scope that
    still has sessions cannot be deleted: sessions are PROTECTed)."""

    form = EvidenceScopeForm
    list_display = ("name", "kind", "reference_time_shown", "loaded_at", "created_at")
    list_filter = ("kind",)
    search_fields = ("name",)
    readonly_fields = ("created_at", "loaded_at")

    @admin.display(description="参考时间", ordering="reference_time")
    def reference_time_shown(self, scope: EvidenceScope) -> Any:
        return _reference_time(scope)


@admin.register(Service)
class ServiceAdmin(admin.ModelAdmin):
    """The one editable store: operators fix descriptions and aliases (名称别名) by hand."""

    list_display = ("name", "scope", "alias_list", "short_description")
    list_filter = ("scope",)
    list_select_related = ("scope",)
    search_fields = ("name", "description", "aliases")

    @admin.display(description="别名")
    def alias_list(self, service: Service) -> str:
        return "、".join(str(a) for a in service.aliases or [])

    @admin.display(description="说明")
    def short_description(self, service: Service) -> str:
        return Truncator(service.description).chars(80)


@admin.register(EvidenceBundle)
class EvidenceBundleAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("name", "scope", "bundle_version", "reference_time_shown", "counts_text", "loaded_at")
    list_filter = ("scope",)
    list_select_related = ("scope",)
    search_fields = ("name", "content_hash")

    @admin.display(description="参考时间", ordering="reference_time")
    def reference_time_shown(self, bundle: EvidenceBundle) -> Any:
        return _reference_time(bundle)

    @admin.display(description="条目数")
    def counts_text(self, bundle: EvidenceBundle) -> str:
        return ", ".join(f"{k}={v}" for k, v in (bundle.counts or {}).items())


class KnowledgeChunkInline(ReadOnlyInline):
    model = KnowledgeChunk
    fields = ("seq", "heading_path", "text", "token_count")
    readonly_fields = fields
    show_change_link = False


@admin.register(KnowledgeDocument)
class KnowledgeDocumentAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Read-only: a document is ingested (API upload, bundles) so its chunks stay in step."""

    list_display = ("title", "source", "scope", "chunk_count", "bundle", "uploaded_by", "created_at")
    list_filter = ("scope", "bundle", "created_at")
    search_fields = ("title", "source", "content")
    list_select_related = ("scope", "bundle", "uploaded_by")
    raw_id_fields = ("bundle", "uploaded_by")
    inlines = (KnowledgeChunkInline,)

    def get_queryset(self, request: HttpRequest) -> QuerySet[KnowledgeDocument]:
        return super().get_queryset(request).annotate(_chunk_count=Count("chunks"))

    @admin.display(description="片段数", ordering="_chunk_count")
    def chunk_count(self, doc: KnowledgeDocument) -> int:
        return getattr(doc, "_chunk_count", 0)


@admin.register(LogRecord)
class LogRecordAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("timestamp", "scope", "service", "level", "instance", "short_message", "trace_id")
    list_filter = ("scope", "level", "service", "bundle")
    list_select_related = ("scope",)
    search_fields = ("message", "trace_id", "instance", "service")
    date_hierarchy = "timestamp"
    raw_id_fields = ("bundle",)
    list_per_page = 100

    @admin.display(description="消息", ordering="message")
    def short_message(self, log: LogRecord) -> str:
        return Truncator(log.message).chars(120)


@admin.register(Alert)
class AlertAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("name", "scope", "service", "severity", "state", "starts_at", "ends_at", "value")
    list_filter = ("scope", "state", "severity", "service", "bundle")
    list_select_related = ("scope",)
    search_fields = ("name", "service", "summary")
    date_hierarchy = "starts_at"
    raw_id_fields = ("bundle",)


class MetricPointInline(ReadOnlyInline):
    model = MetricPoint
    fields = ("timestamp", "value")
    readonly_fields = fields
    show_change_link = False


@admin.register(MetricSeries)
class MetricSeriesAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("name", "scope", "service", "unit", "threshold", "point_count")
    list_filter = ("scope", "service", "bundle")
    list_select_related = ("scope",)
    search_fields = ("name", "service")
    raw_id_fields = ("bundle",)
    inlines = (MetricPointInline,)

    def get_queryset(self, request: HttpRequest) -> QuerySet[MetricSeries]:
        return super().get_queryset(request).annotate(_point_count=Count("points"))

    @admin.display(description="数据点", ordering="_point_count")
    def point_count(self, series: MetricSeries) -> int:
        return getattr(series, "_point_count", 0)
