"""Rate limits of the chat endpoints.

``ChatRateThrottle`` is the ``chat`` scope of REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], per user.
``POST /api/chat`` and ``POST /api/chat/stream`` share one budget (same scope, same cache key):
both start a whole graph run. The rate is read per request (DRF's default reads it once at
import), so a settings override takes effect at once — the tests rely on that.
"""

from __future__ import annotations

from rest_framework.settings import api_settings
from rest_framework.throttling import UserRateThrottle


class ChatRateThrottle(UserRateThrottle):
    scope = "chat"

    def get_rate(self) -> str | None:
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)


class ApiUserRateThrottle(UserRateThrottle):
    """The general ``user`` budget, also read per request."""

    scope = "user"

    def get_rate(self) -> str | None:
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)
