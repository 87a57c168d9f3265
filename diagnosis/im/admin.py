"""The IM bot's records in the admin: bindings are registered here; threads and cards are read-only."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from diagnosis.im.models import ImAccountBinding, ImCard, ImThread


@admin.register(ImAccountBinding)
class ImAccountBindingAdmin(admin.ModelAdmin):
    list_display = ("im_user_id", "platform", "user", "active", "note", "created_at")
    list_filter = ("platform", "active")
    list_select_related = ("user",)
    search_fields = ("im_user_id", "user__username", "note")
    raw_id_fields = ("user",)


class _ReadOnly:
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(ImThread)
class ImThreadAdmin(_ReadOnly, admin.ModelAdmin):
    list_display = ("thread_key", "platform", "chat_id", "session", "created_at")
    list_select_related = ("session",)
    raw_id_fields = ("session",)


@admin.register(ImCard)
class ImCardAdmin(_ReadOnly, admin.ModelAdmin):
    list_display = ("message_id", "platform", "run", "updated_at", "error")
    list_select_related = ("run",)
    raw_id_fields = ("run",)
