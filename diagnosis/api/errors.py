"""Every API error is JSON: ``{"error": {"code": "...", "message": "中文…", "fields": {...}?}}``.

- ``api_exception_handler`` (REST_FRAMEWORK["EXCEPTION_HANDLER"]) maps DRF exceptions, the
  domain exceptions of the services (invalid question, unknown session, idempotency conflicts,
  bad uploads) and *anything unexpected* (logged with its traceback, answered with a plain 500
  body — never a stack trace) to that shape.
- ``handler404`` / ``handler500`` (superbiz.urls) answer ``/api/…`` paths that no DRF view
  handled (unknown URL, a crash outside DRF) with the same JSON shape and leave HTML pages to
  Django's defaults.
- A database that refuses or cannot be reached (SQLite file read-only or locked past its busy
  timeout, PostgreSQL down: ``OperationalError`` / ``InterfaceError``) is not a bug of ours: a
  503 ``database_unavailable`` with ``Retry-After`` and one log line, not a 500 with a traceback
  (issue 25) — in DRF views here, everywhere else in ``DatabaseUnavailableMiddleware``.

``code`` is machine-readable and stable; ``message`` is the Chinese text for people.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.views import defaults
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import set_rollback

from diagnosis.selectors.scopes import UnknownScope
from diagnosis.services.idempotency import IdempotencyError
from diagnosis.services.runs import InvalidQuestion, ScopeMismatch, SessionNotFound

logger = logging.getLogger(__name__)

API_PREFIX = "/api/"
#: Seconds a client should wait before retrying when the database is unavailable.
DATABASE_RETRY_AFTER_S = 30

MESSAGE_NOT_AUTHENTICATED = "需要登录或提供有效的 API Token。"
MESSAGE_AUTHENTICATION_FAILED = "认证失败：Token 或会话无效。"
MESSAGE_PERMISSION_DENIED = "没有权限执行此操作。"
MESSAGE_CSRF_FAILED = "CSRF 校验失败：会话认证的写请求须携带 X-CSRFToken 请求头。"
MESSAGE_NOT_FOUND = "未找到请求的资源。"
MESSAGE_METHOD_NOT_ALLOWED = "不支持的请求方法：{method}。"
MESSAGE_MALFORMED = "请求体不是合法的 JSON（或无法解析）。"
MESSAGE_UNSUPPORTED_MEDIA = "不支持的请求内容类型：{media_type}。"
MESSAGE_NOT_ACCEPTABLE = "无法按 Accept 请求头指定的格式返回。"
MESSAGE_THROTTLED = "请求过于频繁，请 {wait} 秒后再试。"
MESSAGE_TOO_LARGE = "请求体过大。"
MESSAGE_INTERNAL = "服务器内部错误，请稍后重试。"
MESSAGE_DATABASE_UNAVAILABLE = "数据库暂时不可用（只读、被占用或无法连接），本次请求未保存，请稍后重试。"
MESSAGE_SESSION_NOT_FOUND = "会话不存在或无权访问。"
MESSAGE_VALIDATION = "请求参数无效。"


class ApiError(exceptions.APIException):
    """A domain error with a stable code and a Chinese message."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "bad_request"

    def __init__(self, message: str, *, code: str | None = None, status_code: int | None = None) -> None:
        super().__init__(detail=message, code=code or self.default_code)
        self.code = code or self.default_code
        self.message = message
        if status_code is not None:
            self.status_code = status_code


def error_body(code: str, message: str, *, fields: Mapping[str, Any] | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"code": code, "message": message}
    if fields:
        body["fields"] = dict(fields)
    return {"error": body}


def _validation_body(exc: exceptions.ValidationError) -> dict[str, Any]:
    details = exc.get_full_details()
    if not isinstance(details, Mapping):
        details = {"non_field_errors": details}
    fields: dict[str, list[dict[str, str]]] = {}
    for name, items in details.items():
        flat = _flatten(items)
        fields[str(name)] = [{"code": str(i.get("code", "invalid")), "message": str(i.get("message", ""))} for i in flat]
    first = next((items[0] for items in fields.values() if items), {"code": "invalid", "message": MESSAGE_VALIDATION})
    return error_body(first["code"], first["message"], fields=fields)


def _flatten(items: Any) -> list[Mapping[str, Any]]:
    if isinstance(items, Mapping) and "message" in items:
        return [items]
    if isinstance(items, Mapping):
        return [leaf for value in items.values() for leaf in _flatten(value)]
    if isinstance(items, (list, tuple)):
        return [leaf for value in items for leaf in _flatten(value)]
    return [{"code": "invalid", "message": str(items)}]


def _classify(exc: Exception, context: Mapping[str, Any]) -> tuple[int, dict[str, Any], dict[str, str]]:
    """(status, body, extra headers) for one exception."""
    headers: dict[str, str] = {}
    if database_unavailable(exc):
        headers["Retry-After"] = str(DATABASE_RETRY_AFTER_S)
        return 503, error_body("database_unavailable", MESSAGE_DATABASE_UNAVAILABLE), headers
    if isinstance(exc, ApiError):
        return exc.status_code, error_body(exc.code, exc.message), headers
    if isinstance(exc, IdempotencyError):
        return exc.status_code, error_body(exc.code, exc.message), headers
    if isinstance(exc, InvalidQuestion):
        code = getattr(exc, "code", None) or "invalid_question"
        return 400, error_body(str(code), str(exc), fields={"question": [{"code": str(code), "message": str(exc)}]}), headers
    if isinstance(exc, SessionNotFound):
        return 404, error_body("session_not_found", MESSAGE_SESSION_NOT_FOUND), headers
    if isinstance(exc, (UnknownScope, ScopeMismatch)):
        code = "scope_mismatch" if isinstance(exc, ScopeMismatch) else "unknown_scope"
        return 400, error_body(code, exc.message, fields={"scope": [{"code": code, "message": exc.message}]}), headers
    if isinstance(exc, exceptions.ValidationError):
        return 400, _validation_body(exc), headers
    if isinstance(exc, exceptions.ParseError):
        return 400, error_body("malformed_json", MESSAGE_MALFORMED), headers
    if isinstance(exc, exceptions.NotAuthenticated):
        return exc.status_code, error_body("not_authenticated", MESSAGE_NOT_AUTHENTICATED), headers
    if isinstance(exc, exceptions.AuthenticationFailed):
        return exc.status_code, error_body("authentication_failed", MESSAGE_AUTHENTICATION_FAILED), headers
    if isinstance(exc, exceptions.PermissionDenied):
        if str(exc.detail).startswith("CSRF Failed"):
            return 403, error_body("csrf_failed", MESSAGE_CSRF_FAILED), headers
        return 403, error_body("permission_denied", MESSAGE_PERMISSION_DENIED), headers
    if isinstance(exc, (exceptions.NotFound, Http404)):
        return 404, error_body("not_found", MESSAGE_NOT_FOUND), headers
    if isinstance(exc, exceptions.MethodNotAllowed):
        request = context.get("request")
        method = getattr(request, "method", "") or ""
        return 405, error_body("method_not_allowed", MESSAGE_METHOD_NOT_ALLOWED.format(method=method)), headers
    if isinstance(exc, exceptions.UnsupportedMediaType):
        media_type = getattr(context.get("request"), "content_type", "") or ""
        return 415, error_body("unsupported_media_type", MESSAGE_UNSUPPORTED_MEDIA.format(media_type=media_type)), headers
    if isinstance(exc, exceptions.NotAcceptable):
        return 406, error_body("not_acceptable", MESSAGE_NOT_ACCEPTABLE), headers
    if isinstance(exc, exceptions.Throttled):
        wait = int(exc.wait) if exc.wait is not None else 1
        headers["Retry-After"] = str(max(wait, 1))
        return 429, error_body("throttled", MESSAGE_THROTTLED.format(wait=max(wait, 1))), headers
    if isinstance(exc, RequestDataTooBig):
        return 413, error_body("request_too_large", MESSAGE_TOO_LARGE), headers
    if isinstance(exc, DjangoPermissionDenied):
        return 403, error_body("permission_denied", MESSAGE_PERMISSION_DENIED), headers
    if isinstance(exc, SuspiciousOperation):
        return 400, error_body("bad_request", MESSAGE_VALIDATION), headers
    if isinstance(exc, exceptions.APIException):
        return exc.status_code, error_body(str(exc.default_code), MESSAGE_VALIDATION), headers
    return 500, error_body("internal_error", MESSAGE_INTERNAL), headers


def database_unavailable(exc: BaseException) -> bool:
    """The database refused the statement or could not be reached (not a bad statement of ours)."""
    return isinstance(exc, OperationalError | InterfaceError)


def _log_unavailable(where: str, exc: BaseException) -> None:
    # One line: the same cause repeats on every request until an operator fixes it.
    logger.warning("database unavailable in %s: %s: %s", where, type(exc).__name__, " ".join(str(exc).split())[:300])


def api_exception_handler(exc: Exception, context: Mapping[str, Any]) -> Response:
    status_code, body, headers = _classify(exc, context)
    if status_code == 503 and database_unavailable(exc):
        view = context.get("view")
        _log_unavailable(type(view).__name__ if view else "?", exc)
    elif status_code >= 500:
        view = context.get("view")
        logger.error("unhandled API error in %s", type(view).__name__ if view else "?", exc_info=exc)
    # DRF's own headers (WWW-Authenticate for 401, Allow for 405) are kept.
    if isinstance(exc, exceptions.APIException):
        if getattr(exc, "auth_header", None):
            headers["WWW-Authenticate"] = exc.auth_header
    set_rollback()
    return Response(body, status=status_code, headers=headers)


def json_error_response(status_code: int, code: str, message: str, **extra_headers: str) -> JsonResponse:
    response = JsonResponse(
        error_body(code, message), status=status_code, json_dumps_params={"ensure_ascii": False}
    )
    for name, value in extra_headers.items():
        response[name.replace("_", "-")] = value
    return response


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


class DatabaseUnavailableMiddleware:
    """Outside DRF (web pages, the admin, the SSE view's own reads): a database that is unavailable
    answers 503 — JSON under ``/api/``, a short Chinese page elsewhere — instead of a 500."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not database_unavailable(exception):
            return None
        _log_unavailable(request.path[:200], exception)
        if _is_api(request):
            return json_error_response(503, "database_unavailable", MESSAGE_DATABASE_UNAVAILABLE,
                                       Retry_After=str(DATABASE_RETRY_AFTER_S))  # fmt: skip
        response = HttpResponse(MESSAGE_DATABASE_UNAVAILABLE, status=503, content_type="text/plain; charset=utf-8")
        response["Retry-After"] = str(DATABASE_RETRY_AFTER_S)
        return response


def handler404(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if _is_api(request):
        return json_error_response(404, "not_found", MESSAGE_NOT_FOUND)
    return defaults.page_not_found(request, exception)


def handler403(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if _is_api(request):
        return json_error_response(403, "permission_denied", MESSAGE_PERMISSION_DENIED)
    return defaults.permission_denied(request, exception)


def handler400(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if _is_api(request):
        return json_error_response(400, "bad_request", MESSAGE_VALIDATION)
    return defaults.bad_request(request, exception)


def handler500(request: HttpRequest) -> HttpResponse:
    if _is_api(request):
        return json_error_response(500, "internal_error", MESSAGE_INTERNAL)
    return defaults.server_error(request)
