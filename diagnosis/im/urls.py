"""``/api/im/…``: the IM platforms' event URLs."""

from __future__ import annotations

from django.urls import path

from diagnosis.im.views import feishu_events

urlpatterns = [
    path("feishu/events", feishu_events, name="im-feishu-events"),
]
