"""The IM platforms' event URLs (thin adapters: the request's bytes and signature headers to the
service, its answer or refusal as JSON). ``POST /api/im/feishu/events``: Feishu's event
subscription URL; ``POST /api/im/dingtalk/events``: the DingTalk robot's HTTP callback."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from diagnosis.im.services import (
    MESSAGE_DINGTALK_NOT_CONFIGURED,
    MESSAGE_NOT_CONFIGURED,
    EventRefused,
    dingtalk_message_receive,
    feishu_event_receive,
)

_CHINESE = {"ensure_ascii": False}


@csrf_exempt
@require_POST
def feishu_events(request: HttpRequest) -> JsonResponse:
    if not settings.FEISHU_APP_ID:
        return JsonResponse({"detail": MESSAGE_NOT_CONFIGURED}, status=404, json_dumps_params=_CHINESE)
    try:
        accepted = feishu_event_receive(
            raw=request.body,
            timestamp=request.headers.get("X-Lark-Request-Timestamp", ""),
            nonce=request.headers.get("X-Lark-Request-Nonce", ""),
            signature=request.headers.get("X-Lark-Signature", ""),
        )
    except EventRefused as exc:
        return JsonResponse({"detail": exc.message}, status=exc.status, json_dumps_params=_CHINESE)
    return JsonResponse(accepted.body)


@csrf_exempt
@require_POST
def dingtalk_events(request: HttpRequest) -> JsonResponse:
    if not settings.DINGTALK_APP_SECRET:
        return JsonResponse({"detail": MESSAGE_DINGTALK_NOT_CONFIGURED}, status=404, json_dumps_params=_CHINESE)
    try:
        answer = dingtalk_message_receive(
            raw=request.body, timestamp=request.headers.get("timestamp", ""), sign=request.headers.get("sign", "")
        )
    except EventRefused as exc:
        return JsonResponse({"detail": exc.message}, status=exc.status, json_dumps_params=_CHINESE)
    return JsonResponse(answer, json_dumps_params=_CHINESE)
