"""Alert intake records. Defined here, registered under the ``diagnosis`` app (imported at the end
of ``diagnosis.models``); foreign keys are strings so this module never imports ``diagnosis.models``."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class AlertReceiver(models.Model):
    """One Alertmanager receiver allowed to post alerts. The token is shown once by
    ``manage.py create_alert_receiver`` and stored only as its sha256 (``diagnosis.alerts.tokens``)."""

    name = models.CharField(max_length=100, unique=True)
    token_hash = models.CharField(max_length=64, unique=True)
    # The runs an alert starts belong to this user (it never logs in: no usable password).
    service_account = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="alert_receivers"
    )
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

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

    receiver = models.ForeignKey(AlertReceiver, on_delete=models.PROTECT, related_name="group_runs")
    group_key = models.TextField()  # bounded by the payload model
    group_key_hash = models.CharField(max_length=64)  # sha256 of group_key (resolved lookups)
    # sha256 of the group key and the sorted firing fingerprints: what "the same notification" means.
    fingerprints_hash = models.CharField(max_length=64)
    fingerprints = models.JSONField(default=list, blank=True)  # sorted firing fingerprints
    resolved_fingerprints = models.JSONField(default=list, blank=True)
    run = models.OneToOneField(
        "diagnosis.DiagnosisRun", on_delete=models.CASCADE, related_name="alert_group"
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.FIRING)
    alert_name = models.CharField(max_length=200, blank=True, default="")
    service = models.CharField(max_length=200, blank=True, default="")
    notifications = models.PositiveIntegerField(default=1)
    first_received_at = models.DateTimeField()
    last_received_at = models.DateTimeField()
    resolved_at = models.DateTimeField(null=True, blank=True)
    # The first notification as received, bounded (``services.PAYLOAD_MAX_CHARS``); for the audit.
    payload = models.JSONField(default=dict, blank=True)
    notified_at = models.DateTimeField(null=True, blank=True)
    notify_error = models.CharField(max_length=300, blank=True, default="")

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

    receiver = models.ForeignKey(AlertReceiver, on_delete=models.CASCADE, related_name="early_resolutions")
    group_key_hash = models.CharField(max_length=64)
    fingerprint = models.CharField(max_length=64)
    ends_at = models.DateTimeField()
    received_at = models.DateTimeField()

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
