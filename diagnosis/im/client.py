"""The IM platforms' APIs the bot calls. Feishu's open API: the tenant access token (cached until
shortly before it expires), a reply to a message, and the update of a card the bot sent.
DingTalk: a post to a conversation's session webhook.

No redirects are followed (a 3xx must not carry the token elsewhere); a failure raises
``ImApiError`` with a short reason that holds neither a token, the app secret nor a webhook URL.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from django.conf import settings
from pydantic import BaseModel, ValidationError

from contracts.im import DingTalkReply, FeishuReply, FeishuTenantToken

USER_AGENT: Final = "superbiz-diagnosis/im-bot"
MAX_REPLY_BYTES: Final = 64 * 1024
TOKEN_PATH: Final = "/open-apis/auth/v3/tenant_access_token/internal"
REPLY_PATH: Final = "/open-apis/im/v1/messages/{message_id}/reply"
UPDATE_PATH: Final = "/open-apis/im/v1/messages/{message_id}"
#: Renew the token this long before Feishu says it expires (it lives 2 h).
TOKEN_MARGIN_S: Final = 300


class ImApiError(RuntimeError):
    pass


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        return None


_OPENER: Final = urllib.request.build_opener(_NoRedirect())


@dataclass
class _Token:
    app_id: str
    value: str
    expires_at: float


M = TypeVar("M", bound=BaseModel)

_token: _Token | None = None
_token_lock = threading.Lock()


def _call(what: str, method: str, url: str, body: dict[str, Any], model: type[M], token: str = "") -> M:
    headers = {"Content-Type": "application/json; charset=utf-8", "User-Agent": USER_AGENT}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        url,
        data=json.dumps(body, ensure_ascii=False).encode("utf-8"),
        method=method,
        headers=headers,
    )
    try:
        with _OPENER.open(request, timeout=settings.FEISHU_TIMEOUT_S) as response:
            raw = response.read(MAX_REPLY_BYTES)
    except urllib.error.HTTPError as exc:
        raise ImApiError(f"{what}: HTTP {exc.code}") from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise ImApiError(f"{what}: {type(exc).__name__}") from None
    try:
        return model.model_validate_json(raw)
    except ValidationError:
        raise ImApiError(f"{what}: unreadable answer") from None


def tenant_access_token() -> str:
    global _token
    with _token_lock:
        now = time.monotonic()
        if _token is not None and _token.app_id == settings.FEISHU_APP_ID and now < _token.expires_at:
            return _token.value
        answer = _call(
            "tenant_access_token",
            "POST",
            settings.FEISHU_API_BASE + TOKEN_PATH,
            {"app_id": settings.FEISHU_APP_ID, "app_secret": settings.FEISHU_APP_SECRET},
            FeishuTenantToken,
        )
        if answer.code != 0 or not answer.tenant_access_token:
            raise ImApiError(f"tenant_access_token: code {answer.code}")
        _token = _Token(settings.FEISHU_APP_ID, answer.tenant_access_token, now + max(answer.expire - TOKEN_MARGIN_S, 0))
        return _token.value


def _checked(answer: FeishuReply, what: str) -> FeishuReply:
    if answer.code != 0:
        raise ImApiError(f"{what}: code {answer.code}")
    return answer


def message_reply(*, message_id: str, msg_type: str, content: str) -> str:
    """Reply to ``message_id`` in its thread; the id of the message sent."""
    answer = _call(
        "reply",
        "POST",
        settings.FEISHU_API_BASE + REPLY_PATH.format(message_id=message_id),
        {"msg_type": msg_type, "content": content},
        FeishuReply,
        tenant_access_token(),
    )
    data = _checked(answer, "reply").data
    return data.message_id if data is not None else ""


def card_update(*, message_id: str, content: str) -> None:
    """Replace the content of a card the bot sent (``update_multi`` cards: everyone sees the new one)."""
    answer = _call("update", "PATCH", settings.FEISHU_API_BASE + UPDATE_PATH.format(message_id=message_id), {"content": content}, FeishuReply, tenant_access_token())
    _checked(answer, "update")


def dingtalk_session_post(*, url: str, body: dict[str, Any]) -> None:
    """Post a message to a DingTalk conversation through its session webhook."""
    answer = _call("sessionWebhook", "POST", url, body, DingTalkReply)
    if answer.errcode != 0:
        raise ImApiError(f"sessionWebhook: errcode {answer.errcode}")
