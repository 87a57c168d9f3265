"""Admin of the alert intake: receivers (token digest never shown; tokens are made by
``manage.py create_alert_receiver``) and the alert records, read-only, plus the inline on a run."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from diagnosis.alerts.models import AlertGroupRun, AlertReceiver


class _ReadOnly:
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


ALERT_FIELDS = (
    "receiver",
    "alert_name",
    "service",
    "status",
    "group_key",
    "fingerprints",
    "resolved_fingerprints",
    "notifications",
    "first_received_at",
    "last_received_at",
    "resolved_at",
    "notified_at",
    "notify_error",
)


class AlertGroupRunInline(_ReadOnly, admin.StackedInline):
    """On a run's admin page: the alert notification that started it."""

    model = AlertGroupRun
    fk_name = "run"
    extra = 0
    can_delete = False
    fields = ALERT_FIELDS
    readonly_fields = ALERT_FIELDS
    verbose_name = "触发该运行的告警"
    verbose_name_plural = "触发该运行的告警"


def alert_inlines_for(run: Any) -> tuple[type[admin.options.InlineModelAdmin], ...]:
    """The run admin's inlines: the alert record, only on a run an alert started (a user's run
    page stays as it was)."""
    if run is None or not AlertGroupRun.objects.filter(run=run).exists():
        return ()
    return (AlertGroupRunInline,)


@admin.register(AlertReceiver)
class AlertReceiverAdmin(admin.ModelAdmin):
    """Receivers can be deactivated (and reactivated) here; created by the management command."""

    list_display = ("name", "service_account", "active", "created_at", "last_used_at")
    list_filter = ("active",)
    search_fields = ("name",)
    list_select_related = ("service_account",)
    fields = ("name", "service_account", "active", "created_at", "last_used_at")
    readonly_fields = ("name", "service_account", "created_at", "last_used_at")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # the token must be shown once to whoever creates it: manage.py create_alert_receiver

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # its runs keep pointing at it; deactivate instead


@admin.register(AlertGroupRun)
class AlertGroupRunAdmin(_ReadOnly, admin.ModelAdmin):
    list_display = ("__str__", "service", "receiver", "status", "notifications", "first_received_at", "resolved_at", "run_link")
    list_filter = ("status", "receiver", "first_received_at")
    search_fields = ("alert_name", "service", "group_key")
    list_select_related = ("receiver", "run")
    raw_id_fields = ("run",)
    fields = ("run_link", *ALERT_FIELDS, "fingerprints_hash", "payload")
    readonly_fields = ("run_link", *ALERT_FIELDS, "fingerprints_hash", "payload")

    @admin.display(description="诊断运行")
    def run_link(self, group: AlertGroupRun) -> str:
        url = reverse("admin:diagnosis_diagnosisrun_change", args=[group.run_id])
        return format_html('<a href="{}">{}</a>', url, group.run)
