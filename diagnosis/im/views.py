"""``POST /api/im/feishu/events``: Feishu's event subscription URL (a thin adapter: the request's
bytes and signature headers to ``feishu_event_receive``, its answer or refusal as JSON)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from diagnosis.im.services import MESSAGE_NOT_CONFIGURED, EventRefused, feishu_event_receive


@csrf_exempt
@require_POST
def feishu_events(request: HttpRequest) -> JsonResponse:
    if not settings.FEISHU_APP_ID:
        return JsonResponse({"detail": MESSAGE_NOT_CONFIGURED}, status=404, json_dumps_params={"ensure_ascii": False})
    try:
        accepted = feishu_event_receive(
            raw=request.body,
            timestamp=request.headers.get("X-Lark-Request-Timestamp", ""),
            nonce=request.headers.get("X-Lark-Request-Nonce", ""),
            signature=request.headers.get("X-Lark-Signature", ""),
        )
    except EventRefused as exc:
        return JsonResponse({"detail": exc.message}, status=exc.status, json_dumps_params={"ensure_ascii": False})
    return JsonResponse(accepted.body)
