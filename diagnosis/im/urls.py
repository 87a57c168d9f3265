"""``/api/im/…``: the IM platforms' event URLs."""

from __future__ import annotations

from django.urls import path

from diagnosis.im.views import dingtalk_events, feishu_events

urlpatterns = [
    path("feishu/events", feishu_events, name="im-feishu-events"),
    path("dingtalk/events", dingtalk_events, name="im-dingtalk-events"),
]
