"""The MCP server over streamable HTTP, behind the API's DRF token (issue 31).

``Authorization: Bearer <token>`` (what MCP clients send) or ``Token <token>`` (what the API
documents) names the user; a missing, malformed or unknown token, or an inactive user, is a 401
with the API's Chinese error body, before the MCP transport sees the request.

The transport is stateless with JSON responses: every POST carries its own token and is served
on its own, so no MCP session outlives (or is shared across) the token that opened it.
"""

from __future__ import annotations

import json
from typing import Any, Final

from mcp.server.transport_security import TransportSecuritySettings
from rest_framework.authtoken.models import Token
from starlette.types import ASGIApp, Receive, Scope, Send

from diagnosis.api.errors import MESSAGE_AUTHENTICATION_FAILED, MESSAGE_NOT_AUTHENTICATED, error_body
from diagnosis.mcp.server import diagnosis_mcp_server

MCP_PATH: Final = "/mcp"
AUTH_SCHEMES: Final = ("bearer", "token")


def _token_key(scope: Scope) -> str | None:
    """The token of the Authorization header, or None when there is none of a known scheme."""
    for name, value in scope.get("headers", []):
        if name == b"authorization":
            scheme, _, key = value.decode("latin-1").strip().partition(" ")
            return key.strip() or None if scheme.lower() in AUTH_SCHEMES else None
    return None


async def _user_of(key: str) -> Any:
    try:
        token = await Token.objects.select_related("user").aget(key=key)
    except Token.DoesNotExist:
        return None
    return token.user if token.user.is_active else None


async def _refuse(send: Send, code: str, message: str) -> None:
    body = json.dumps(error_body(code, message), ensure_ascii=False).encode("utf-8")
    await send(
        {
            "type": "http.response.start",
            "status": 401,
            "headers": [
                (b"content-type", b"application/json; charset=utf-8"),
                (b"content-length", str(len(body)).encode()),
                (b"www-authenticate", b'Bearer realm="mcp"'),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class TokenAuthenticated:
    """Lets a request through to ``app`` with ``scope["user"]`` set, or answers 401."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        key = _token_key(scope)
        if key is None:
            await _refuse(send, "not_authenticated", MESSAGE_NOT_AUTHENTICATED)
            return
        user = await _user_of(key)
        if user is None:
            await _refuse(send, "authentication_failed", MESSAGE_AUTHENTICATION_FAILED)
            return
        await self.app({**scope, "user": user}, receive, send)


def mcp_http_app() -> ASGIApp:
    """The streamable-HTTP app serving ``MCP_PATH``, token-authenticated. Its lifespan runs the
    SDK's session manager: the ASGI entry point must hand it the server's lifespan events."""
    app = diagnosis_mcp_server().streamable_http_app(
        streamable_http_path=MCP_PATH,
        stateless_http=True,
        json_response=True,
        # The SDK's DNS-rebinding guard only admits localhost Host headers; behind a real host
        # name it would refuse every request. A rebinding page cannot send the API token that
        # every request here needs, and Django's ALLOWED_HOSTS still guards the rest of the site.
        transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
    )
    return TokenAuthenticated(app)
