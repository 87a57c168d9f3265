"""Alert intake records. Defined here, registered under the ``diagnosis`` app (imported at the end
of ``diagnosis.models``); foreign keys are strings so this module never imports ``diagnosis.models``."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class AlertReceiver(models.Model):
    """One Alertmanager receiver allowed to post alerts. The token is shown once by
    ``manage.py create_alert_receiver`` and stored only as its sha256 (``diagnosis.alerts.tokens``)."""

    name = models.CharField(max_length=100, unique=True, verbose_name="名称")
    token_hash = models.CharField(max_length=64, unique=True, verbose_name="令牌摘要")
    # The runs an alert starts belong to this user (it never logs in: no usable password).
    service_account = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="alert_receivers", verbose_name="服务账号"
    )
    active = models.BooleanField(default=True, verbose_name="启用")
    created_at = models.DateTimeField(auto_now_add=True, verbose_name="创建时间")
    last_used_at = models.DateTimeField(null=True, blank=True, verbose_name="最近使用")

    class Meta:
        app_label = "diagnosis"
        ordering = ["name"]
        verbose_name = "告警接收器"
        verbose_name_plural = "告警接收器"

    def __str__(self) -> str:
        return self.name


class AlertGroupRun(models.Model):
    """One firing alert group (group key + its set of firing fingerprints) and the run it started.

    A re-sent notification of the same group and fingerprints within ``ALERT_DEDUP_WINDOW_S``
    finds this row instead of starting a second run; a resolved notification is recorded here."""

    class Status(models.TextChoices):
        FIRING = "firing", "触发中"
        RESOLVED = "resolved", "已恢复"

    receiver = models.ForeignKey(AlertReceiver, on_delete=models.PROTECT, related_name="group_runs", verbose_name="接收器")
    group_key = models.TextField(verbose_name="分组键")  # bounded by the payload model
    group_key_hash = models.CharField(max_length=64, verbose_name="分组键摘要")  # sha256 of group_key (resolved lookups)
    # sha256 of the group key and the sorted firing fingerprints: what "the same notification" means.
    fingerprints_hash = models.CharField(max_length=64, verbose_name="指纹摘要")
    fingerprints = models.JSONField(default=list, blank=True, verbose_name="告警指纹")  # sorted firing fingerprints
    resolved_fingerprints = models.JSONField(default=list, blank=True, verbose_name="已恢复的指纹")
    run = models.OneToOneField(
        "diagnosis.DiagnosisRun", on_delete=models.CASCADE, related_name="alert_group", verbose_name="诊断运行"
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.FIRING, verbose_name="状态")
    alert_name = models.CharField(max_length=200, blank=True, default="", verbose_name="告警名称")
    service = models.CharField(max_length=200, blank=True, default="", verbose_name="服务")
    notifications = models.PositiveIntegerField(default=1, verbose_name="收到通知次数")
    first_received_at = models.DateTimeField(verbose_name="首次收到")
    last_received_at = models.DateTimeField(verbose_name="最近收到")
    resolved_at = models.DateTimeField(null=True, blank=True, verbose_name="恢复时间")
    # The first notification as received, bounded (``services.PAYLOAD_MAX_CHARS``); for the audit.
    payload = models.JSONField(default=dict, blank=True, verbose_name="原始载荷")
    notified_at = models.DateTimeField(null=True, blank=True, verbose_name="结果通知时间")
    notify_error = models.CharField(max_length=300, blank=True, default="", verbose_name="结果通知错误")

    class Meta:
        app_label = "diagnosis"
        ordering = ["-first_received_at"]
        indexes = [
            models.Index(
                fields=["receiver", "fingerprints_hash", "-first_received_at"], name="alert_group_dedup"
            ),
            models.Index(fields=["receiver", "group_key_hash", "-first_received_at"], name="alert_group_key"),
            models.Index(fields=["status"], name="alert_group_status"),
        ]
        verbose_name = "告警组运行"
        verbose_name_plural = "告警组运行"

    def __str__(self) -> str:
        return f"{self.alert_name or self.group_key[:40]} ({self.get_status_display()})"


class AlertEarlyResolution(models.Model):
    """A resolved alert whose group had no record yet: the firing copy may still arrive (a retry
    delivered late, a second Alertmanager replica). When it does, the record it creates is marked
    resolved for this fingerprint — if the alert started before this resolution ended — instead
    of staying ``firing`` forever. Kept for ``services.EARLY_RESOLUTION_KEEP``."""

    receiver = models.ForeignKey(AlertReceiver, on_delete=models.CASCADE, related_name="early_resolutions", verbose_name="接收器")
    group_key_hash = models.CharField(max_length=64, verbose_name="分组键摘要")
    fingerprint = models.CharField(max_length=64, verbose_name="告警指纹")
    ends_at = models.DateTimeField(verbose_name="恢复时间")
    received_at = models.DateTimeField(verbose_name="收到时间")

    class Meta:
        app_label = "diagnosis"
        indexes = [
            models.Index(fields=["receiver", "group_key_hash", "fingerprint"], name="alert_early_resolution"),
            models.Index(fields=["received_at"], name="alert_early_resolution_age"),
        ]
        verbose_name = "提前到达的恢复通知"
        verbose_name_plural = "提前到达的恢复通知"

    def __str__(self) -> str:
        return f"{self.fingerprint} 恢复于 {self.ends_at:%Y-%m-%d %H:%M}"
