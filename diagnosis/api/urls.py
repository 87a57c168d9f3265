"""``/api/…`` routes: resources without a trailing slash (``/api/chat``), the schema and docs with one."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.urls import path
from drf_spectacular.views import SpectacularJSONAPIView, SpectacularRedocView, SpectacularSwaggerView

from diagnosis.api import series, stream, views

app_name = "api"

# The schema and the docs pages require a login like everything else under /api/ (issue 6:
# "every endpoint requires authentication"). The schema (JSON) answers an anonymous caller with
# the API's 401 JSON error; the docs pages are for people and redirect to the login page. A
# browser logged in to the web UI or the admin reads both with its session cookie.
_schema_policy = {
    "authentication_classes": views.ApiPolicy.authentication_classes,
    "permission_classes": views.ApiPolicy.permission_classes,
}

urlpatterns = [
    path("chat", views.ChatView.as_view(), name="chat"),
    path("chat/stream", stream.chat_stream, name="chat-stream"),
    path("runs", views.RunListView.as_view(), name="run-list"),
    path("runs/<uuid:pk>", views.RunDetailView.as_view(), name="run-detail"),
    path("runs/<uuid:pk>/series/<str:invocation>/<path:path>", series.RunSeriesView.as_view(), name="run-series"),
    path("sessions", views.SessionListView.as_view(), name="session-list"),
    path("sessions/<uuid:pk>", views.SessionDetailView.as_view(), name="session-detail"),
    path("scopes", views.ScopeListView.as_view(), name="scope-list"),
    path("knowledge", views.KnowledgeView.as_view(), name="knowledge"),
    path("schema/", SpectacularJSONAPIView.as_view(**_schema_policy), name="schema"),
    path("docs/", login_required(SpectacularSwaggerView.as_view(url_name="api:schema")), name="docs"),
    path("redoc/", login_required(SpectacularRedocView.as_view(url_name="api:schema")), name="redoc"),
]
