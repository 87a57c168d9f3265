"""Rate limit of the alert intake: the ``alerts`` scope of DEFAULT_THROTTLE_RATES, per receiver
(``API_THROTTLE_ALERTS``), read per request like the other scopes (``diagnosis.api.throttles``)."""

from __future__ import annotations

from typing import Any

from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

from diagnosis.alerts.models import AlertReceiver


class AlertReceiverRateThrottle(SimpleRateThrottle):
    scope = "alerts"

    def get_rate(self) -> str | None:
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        receiver = request.auth
        if not isinstance(receiver, AlertReceiver):
            return None
        return self.cache_format % {"scope": self.scope, "ident": receiver.pk}
