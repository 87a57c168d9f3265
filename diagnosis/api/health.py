"""Operations endpoints (issue 12 item 4), outside ``/api/`` and its user authentication:

- ``GET /healthz`` — the process is up and serving (no I/O): a liveness probe.
- ``GET /readyz`` — the database answers, and in celery mode the broker too: a readiness probe
  (503 while a dependency is down). Only ``ok`` / ``unavailable`` per check, never an error
  text (it could carry a host name or a password-bearing URL).
- ``GET /metrics`` — Prometheus text exposition (``diagnosis.metrics``), protected by a bearer
  token (``METRICS_TOKEN``) and/or client networks (``METRICS_ALLOWED_NETWORKS``); with
  neither configured it is off (403). Both configured: both are required.

The probes carry no data worth protecting and must answer a kubelet / load balancer that holds
no credentials, so they are deliberately unauthenticated.
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
from typing import Final

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.http import require_GET

from diagnosis.api.errors import json_error_response
from diagnosis.metrics import metrics_exposition

logger = logging.getLogger(__name__)

BROKER_TIMEOUT_S: Final = 2.0
MSG_METRICS_OFF: Final = "/metrics 未启用：请设置 METRICS_TOKEN 或 METRICS_ALLOWED_NETWORKS。"
MSG_METRICS_TOKEN: Final = "需要有效的 Bearer 令牌才能读取 /metrics。"
MSG_METRICS_NETWORK: Final = "该来源地址不允许读取 /metrics。"


@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    return JsonResponse({"status": "ok"})


def _database_ok() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except Exception:  # noqa: BLE001 - any failure means "not ready"
        logger.warning("readyz: database check failed", exc_info=True)
        return False


def _broker_ok() -> bool:
    from kombu import Connection

    try:
        with Connection(settings.CELERY_BROKER_URL, connect_timeout=BROKER_TIMEOUT_S) as conn:
            conn.ensure_connection(max_retries=1, timeout=BROKER_TIMEOUT_S)
        return True
    except Exception:  # noqa: BLE001
        logger.warning("readyz: broker check failed", exc_info=True)
        return False


@require_GET
def readyz(request: HttpRequest) -> JsonResponse:
    checks = {"database": _database_ok()}
    if settings.RUN_EXECUTION == "celery":
        checks["broker"] = _broker_ok()
    ready = all(checks.values())
    body = {"status": "ok" if ready else "unavailable", "checks": {k: "ok" if v else "unavailable" for k, v in checks.items()}}
    return JsonResponse(body, status=200 if ready else 503)


def _client_allowed(request: HttpRequest) -> bool:
    try:
        address = ipaddress.ip_address(request.META.get("REMOTE_ADDR", ""))
    except ValueError:
        return False
    return any(address in network for network in settings.METRICS_ALLOWED_NETWORKS)


def _token_ok(request: HttpRequest) -> bool:
    scheme, _, given = request.headers.get("Authorization", "").partition(" ")
    return scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(), settings.METRICS_TOKEN.encode())


@require_GET
def metrics(request: HttpRequest) -> HttpResponse:
    if not settings.METRICS_TOKEN and not settings.METRICS_ALLOWED_NETWORKS:
        return json_error_response(403, "metrics_disabled", MSG_METRICS_OFF)
    if settings.METRICS_ALLOWED_NETWORKS and not _client_allowed(request):
        return json_error_response(403, "metrics_forbidden", MSG_METRICS_NETWORK)
    if settings.METRICS_TOKEN and not _token_ok(request):
        return json_error_response(401, "metrics_unauthorized", MSG_METRICS_TOKEN, **{"WWW-Authenticate": "Bearer"})
    body, content_type = metrics_exposition()
    return HttpResponse(body, content_type=content_type)
