"""IM bot records (issue 31). Defined here, registered under the ``diagnosis`` app (listed in
``diagnosis.apps.FEATURE_MODELS``); foreign keys are strings so this module never imports
``diagnosis.models``."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Platform(models.TextChoices):
    FEISHU = "feishu", "飞书"
    DINGTALK = "dingtalk", "钉钉"


class ImAccountBinding(models.Model):
    """Which account a person on an IM platform asks as. Registered by an administrator; a sender
    without an active binding is refused."""

    platform = models.CharField(max_length=16, choices=Platform.choices, default=Platform.FEISHU, verbose_name="平台")
    # Feishu: the open_id (per app) or the user_id (per tenant) of the sender; DingTalk: the
    # senderStaffId (the userid in the organisation) or the senderId.
    im_user_id = models.CharField(max_length=128, verbose_name="IM 用户 ID")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="im_bindings", verbose_name="系统账号"
    )
    active = models.BooleanField(default=True, verbose_name="启用")
    note = models.CharField(max_length=200, blank=True, default="", verbose_name="备注")
    created_at = models.DateTimeField(auto_now_add=True, verbose_name="创建时间")

    class Meta:
        app_label = "diagnosis"
        ordering = ["platform", "im_user_id"]
        constraints = [models.UniqueConstraint(fields=["platform", "im_user_id"], name="im_binding_unique")]
        verbose_name = "IM 账号绑定"
        verbose_name_plural = "IM 账号绑定"

    def __str__(self) -> str:
        return f"{self.get_platform_display()} {self.im_user_id}"


class ImThread(models.Model):
    """One IM conversation thread (its root message) and the diagnosis session it asks in."""

    platform = models.CharField(max_length=16, choices=Platform.choices, verbose_name="平台")
    chat_id = models.CharField(max_length=128, verbose_name="会话 ID")
    thread_key = models.CharField(max_length=128, verbose_name="话题根消息 ID")
    session = models.ForeignKey(
        "diagnosis.DiagnosisSession", on_delete=models.CASCADE, related_name="im_threads", verbose_name="诊断会话"
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name="创建时间")

    class Meta:
        app_label = "diagnosis"
        constraints = [models.UniqueConstraint(fields=["platform", "thread_key"], name="im_thread_unique")]
        verbose_name = "IM 话题"
        verbose_name_plural = "IM 话题"

    def __str__(self) -> str:
        return f"{self.get_platform_display()} {self.thread_key}"


class ImEvent(models.Model):
    """An event already received (its platform event id), so a redelivery is ignored. Kept for
    ``IM_EVENT_MAX_AGE_S`` twice over; older events are refused as replays anyway."""

    platform = models.CharField(max_length=16, choices=Platform.choices, verbose_name="平台")
    event_id = models.CharField(max_length=128, verbose_name="事件 ID")
    received_at = models.DateTimeField(auto_now_add=True, db_index=True, verbose_name="接收时间")

    class Meta:
        app_label = "diagnosis"
        constraints = [models.UniqueConstraint(fields=["platform", "event_id"], name="im_event_unique")]
        verbose_name = "IM 事件"
        verbose_name_plural = "IM 事件"

    def __str__(self) -> str:
        return self.event_id


class ImCard(models.Model):
    """Where a run's answer goes. Feishu: the card replied "正在排查…" at once, updated when the run
    ends. DingTalk: the question's message; the result is posted to its session webhook."""

    platform = models.CharField(max_length=16, choices=Platform.choices, verbose_name="平台")
    run = models.OneToOneField(
        "diagnosis.DiagnosisRun", on_delete=models.CASCADE, related_name="im_card", verbose_name="诊断运行"
    )
    message_id = models.CharField(max_length=128, verbose_name="卡片消息 ID")
    # DingTalk's sessionWebhook (valid for about 1.5 h; a credential): cleared once used.
    reply_url = models.TextField(blank=True, default="", verbose_name="回复地址")
    updated_at = models.DateTimeField(null=True, blank=True, verbose_name="更新时间")
    error = models.CharField(max_length=300, blank=True, default="", verbose_name="发送错误")

    class Meta:
        app_label = "diagnosis"
        verbose_name = "IM 卡片"
        verbose_name_plural = "IM 卡片"

    def __str__(self) -> str:
        return self.message_id
