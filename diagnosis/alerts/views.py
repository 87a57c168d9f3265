"""``POST /api/alerts/alertmanager`` — Alertmanager's webhook receiver (a thin adapter, STYLE §1).

Authentication is the receiver's bearer token only (``AlertReceiverAuthentication``; no session,
so no CSRF), the body goes through the API's strict JSON parser, then the one payload model.
Answers, all JSON:

- 201 ``started`` (202 while the run is queued under Celery): a new run for a firing group;
- 200 ``deduplicated``: the same group notification again — the existing run, nothing started;
- 200 ``resolved`` / ``resolved_unknown``: recorded on the group's run / no run of that group;
- 400 invalid payload, 401 bad token, 413 body too large, 415 not JSON, 429 throttled.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from diagnosis.alerts.authentication import AlertReceiverAuthentication
from diagnosis.alerts.payload import InvalidPayload, payload_parse
from diagnosis.alerts.services import RESULT_STARTED, IntakeResult, alert_notification_receive
from diagnosis.alerts.throttles import AlertReceiverRateThrottle
from diagnosis.api.errors import ApiError
from diagnosis.api.parsers import StrictJSONParser
from diagnosis.api.serializers import ErrorSerializer
from diagnosis.api.views import BODY_ERRORS
from diagnosis.selectors.runs import TERMINAL_STATUSES

IntakeSerializer = inline_serializer(
    "AlertIntakeResult",
    fields={
        "result": serializers.ChoiceField(choices=["started", "deduplicated", "resolved", "resolved_unknown"]),
        "run_id": serializers.UUIDField(allow_null=True),
        "session_id": serializers.UUIDField(allow_null=True),
        "status": serializers.CharField(allow_null=True),
        "outcome": serializers.CharField(allow_null=True),
        "verdict": serializers.CharField(allow_null=True),
        "links": serializers.DictField(child=serializers.CharField()),
    },
)


def _body(request: Request, intake: IntakeResult) -> dict:
    run = intake.run
    return {
        "result": intake.result,
        "run_id": str(run.pk) if run else None,
        "session_id": str(run.session_id) if run else None,
        "status": run.status if run else None,
        "outcome": (run.outcome or None) if run else None,
        "verdict": (run.verdict or None) if run else None,
        "links": {"run": reverse("api:run-detail", args=[run.pk], request=request)} if run else {},
    }


class AlertmanagerWebhookView(APIView):
    authentication_classes = [AlertReceiverAuthentication]
    permission_classes = [IsAuthenticated]
    parser_classes = [StrictJSONParser]
    renderer_classes = [JSONRenderer]
    throttle_classes = [AlertReceiverRateThrottle]

    @extend_schema(
        operation_id="alerts_alertmanager",
        summary="Alertmanager webhook：告警组触发一次诊断运行",
        description=(
            "Alertmanager webhook JSON（version 4）。认证：Authorization: Bearer <接收器 Token>"
            "（manage.py create_alert_receiver NAME 生成）。同一告警组（groupKey + 指纹）在 ALERT_DEDUP_WINDOW_S"
            " 内重复通知返回 200 与已有的 run_id，不新建运行；resolved 通知记录在该运行的告警记录上。"
        ),
        request=inline_serializer("AlertmanagerPayload", fields={"version": serializers.CharField()}),
        responses={
            201: IntakeSerializer,
            202: IntakeSerializer,
            200: IntakeSerializer,
            **{code: r for code, r in BODY_ERRORS.items() if code != 403},
            401: OpenApiResponse(ErrorSerializer, description="缺少、未知或已停用的接收器 Token"),
        },
        tags=["alerts"],
    )
    def post(self, request: Request) -> Response:
        try:
            payload = payload_parse(request.data)
        except InvalidPayload as exc:
            raise ApiError(exc.message, code=exc.code) from None
        intake = alert_notification_receive(receiver=request.auth, payload=payload)
        code = status.HTTP_200_OK
        if intake.result == RESULT_STARTED:
            finished = intake.run is not None and intake.run.status in TERMINAL_STATUSES
            code = status.HTTP_201_CREATED if finished else status.HTTP_202_ACCEPTED
        return Response(_body(request, intake), status=code)
