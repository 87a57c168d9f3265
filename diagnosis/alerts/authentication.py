"""``Authorization: Bearer <receiver token>`` for the alert intake (DRF authentication).

A valid token of an active receiver whose service account is active authenticates as that service
account (``request.user``) with the receiver as ``request.auth``. Anything else — no header, another
scheme, an unknown or inactive token — is a 401 with ``WWW-Authenticate: Bearer``; unknown and
inactive answer alike, so a token cannot be probed for existence.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any, Final

from django.utils import timezone
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.request import Request

from diagnosis.alerts.models import AlertReceiver
from diagnosis.alerts.tokens import TOKEN_MAX_CHARS, token_digest, token_matches

SCHEME: Final = b"bearer"
#: ``last_used_at`` is written at most this often per receiver (no write on every notification).
LAST_USED_RESOLUTION: Final = timedelta(minutes=1)


class AlertReceiverAuthentication(BaseAuthentication):
    def authenticate(self, request: Request) -> tuple[Any, AlertReceiver] | None:
        parts = get_authorization_header(request).split()
        if not parts:
            return None  # → NotAuthenticated (401): no credentials at all
        if parts[0].lower() != SCHEME or len(parts) != 2 or len(parts[1]) > TOKEN_MAX_CHARS:
            raise exceptions.AuthenticationFailed()
        try:
            token = parts[1].decode("ascii")
        except UnicodeDecodeError:
            raise exceptions.AuthenticationFailed() from None
        receiver = (
            AlertReceiver.objects.select_related("service_account")
            .filter(token_hash=token_digest(token), active=True, service_account__is_active=True)
            .first()
        )
        if receiver is None or not token_matches(token, receiver.token_hash):
            raise exceptions.AuthenticationFailed()
        now = timezone.now()
        if receiver.last_used_at is None or now - receiver.last_used_at >= LAST_USED_RESOLUTION:
            AlertReceiver.objects.filter(pk=receiver.pk).update(last_used_at=now)
            receiver.last_used_at = now
        return receiver.service_account, receiver

    def authenticate_header(self, request: Request) -> str:
        return 'Bearer realm="alerts"'
