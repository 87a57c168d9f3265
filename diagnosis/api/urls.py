"""``/api/…`` routes. Paths accept an optional trailing slash (``/api/chat`` and ``/api/chat/``)."""

from __future__ import annotations

from django.urls import re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView
from rest_framework.permissions import IsAuthenticated

from diagnosis.api import stream, views

app_name = "api"

UUID = r"(?P<pk>[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})"

# The schema and the docs pages require a login like everything else under /api/ (issue 6:
# "every endpoint requires authentication"); a browser that is logged in to the web UI or the
# admin reads them with its session cookie.
_docs = {"permission_classes": [IsAuthenticated]}

urlpatterns = [
    re_path(r"^chat/?$", views.ChatView.as_view(), name="chat"),
    re_path(r"^chat/stream/?$", stream.chat_stream, name="chat-stream"),
    re_path(r"^runs/?$", views.RunListView.as_view(), name="run-list"),
    re_path(rf"^runs/{UUID}/?$", views.RunDetailView.as_view(), name="run-detail"),
    re_path(r"^sessions/?$", views.SessionListView.as_view(), name="session-list"),
    re_path(rf"^sessions/{UUID}/?$", views.SessionDetailView.as_view(), name="session-detail"),
    re_path(r"^knowledge/?$", views.KnowledgeView.as_view(), name="knowledge"),
    re_path(r"^schema/?$", SpectacularAPIView.as_view(**_docs), name="schema"),
    re_path(r"^docs/?$", SpectacularSwaggerView.as_view(url_name="api:schema", **_docs), name="docs"),
    re_path(r"^redoc/?$", SpectacularRedocView.as_view(url_name="api:schema", **_docs), name="redoc"),
]
