"""``/api/alerts/…``: Alertmanager's webhook (its routes live with the alert package, which sits above
the API's shared parsers and errors)."""

from __future__ import annotations

from django.urls import path

from diagnosis.alerts.views import AlertmanagerWebhookView

urlpatterns = [
    path("alertmanager", AlertmanagerWebhookView.as_view(), name="alerts-alertmanager"),
]
