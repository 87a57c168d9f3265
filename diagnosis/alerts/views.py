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

from drf_spectacular.utils import extend_schema
from rest_framework import status
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
from diagnosis.selectors.runs import TERMINAL_STATUSES


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

    # Not in /api/schema/: the body is Alertmanager's format (its own documentation, the payload
    # model here, docs/ALERTS.md), the caller is Alertmanager rather than an API client, and
    # its receiver-token auth is not the API's Token/session auth that the schema (and the
    # schemathesis suite over it) describes. Its hostile-input behaviour has its own tests
    # (tests/alerts/test_hostile_payloads.py, incl. a hypothesis fuzz of every field).
    @extend_schema(exclude=True)
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
