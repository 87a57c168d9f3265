"""DRF views: thin adapters (STYLE §1) — parse, call one service or selector, serialise.

Auth policy (every view here): DRF token auth first, then session auth. Token first so an
anonymous caller gets ``401`` with ``WWW-Authenticate: Token`` (not a bare 403); session auth
keeps DRF's CSRF enforcement for cookie-authenticated writes. Responses are JSON only (no
browsable API), errors go through ``diagnosis.api.errors.api_exception_handler``.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from typing import Any

from django.db.models import Count
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.pagination import PageNumberPagination
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from diagnosis.api import schema as _schema_extensions  # noqa: F401 — registers the OpenAPI extensions
from diagnosis.api.errors import ApiError
from diagnosis.api.parsers import MAX_JSON_DEPTH, StrictJSONParser
from diagnosis.api.serializers import (
    ChatRequestSerializer,
    ErrorSerializer,
    EvidenceScopeSerializer,
    KnowledgeDocumentSerializer,
    KnowledgeFileUploadSerializer,
    KnowledgeJsonUploadSerializer,
    RunDetailSerializer,
    RunSummarySerializer,
    SessionDetailSerializer,
    SessionSerializer,
)
from diagnosis.api.throttles import ApiUserRateThrottle, ChatRateThrottle
from diagnosis.evidence.knowledge import MAX_CONTENT_BYTES, knowledge_document_ingest
from diagnosis.models import DiagnosisRun, KnowledgeDocument
from diagnosis.selectors.runs import (
    TERMINAL_STATUSES,
    knowledge_documents_list,
    run_with_audit_rows,
    runs_visible_to,
    session_list_with_stats,
    sessions_visible_to,
)
from diagnosis.selectors.scopes import scopes_list
from diagnosis.services.idempotency import (
    IDEMPOTENCY_KEY_MAX_CHARS,
    IDEMPOTENCY_KEY_PATTERN,
    RunStart,
    diagnosis_run_create_idempotent,
    idempotency_key_clean,
)
from diagnosis.services.runs import diagnosis_run_submit, scope_resolve

IDEMPOTENCY_HEADER = "Idempotency-Key"
REPLAYED_HEADER = "Idempotent-Replayed"
KNOWLEDGE_EXTENSIONS = (".md", ".markdown", ".txt")

MESSAGE_FILE_TYPE = "只支持 .md / .markdown / .txt 文件。"
MESSAGE_FILE_TOO_LARGE = "文件过大：最大 {limit} KB。"
MESSAGE_FILE_ENCODING = "文件不是合法的 UTF-8 文本。"
MESSAGE_STAFF_ONLY = "只有员工账号可以上传知识文档。"

MESSAGE_PAGE = "page 必须是大于等于 1 的整数。"
MESSAGE_PAGE_SIZE = "page_size 必须是 1–{limit} 之间的整数。"

# The error responses every operation can give (all in the shape of ErrorSerializer, message in
# Chinese). Operations that read a body add BODY_ERRORS; chat adds its own 409/422.
ERRORS = {
    400: OpenApiResponse(ErrorSerializer, description="参数无效（如 page / page_size 不是范围内的整数）"),
    401: OpenApiResponse(ErrorSerializer, description="未认证"),
    403: OpenApiResponse(ErrorSerializer, description="无权限或 CSRF 校验失败"),
    404: OpenApiResponse(ErrorSerializer, description="不存在或不属于调用者"),
    406: OpenApiResponse(ErrorSerializer, description="Accept 请求头不接受 application/json"),
    429: OpenApiResponse(ErrorSerializer, description="限流（带 Retry-After）"),
}
BODY_ERRORS = {
    **ERRORS,
    400: OpenApiResponse(
        ErrorSerializer,
        description=(
            f"请求体无效：非法 JSON（malformed_json）、不是 UTF-8（invalid_utf8）、嵌套超过 {MAX_JSON_DEPTH} 层"
            "（json_too_deep）、不是 JSON 对象（not_an_object）、含孤立代理项（invalid_unicode）、未知字段"
            "（unknown_field）或字段校验失败"
        ),
    ),
    413: OpenApiResponse(ErrorSerializer, description="请求体超过 DATA_UPLOAD_MAX_MEMORY_SIZE（默认 2.5 MB）"),
    415: OpenApiResponse(ErrorSerializer, description="不支持的 Content-Type"),
}
IDEMPOTENCY_ERRORS = {
    409: OpenApiResponse(ErrorSerializer, description="idempotency_in_flight：相同 Idempotency-Key 的请求仍在运行"),
    422: OpenApiResponse(ErrorSerializer, description="idempotency_key_reused：Idempotency-Key 已用于不同的请求体"),
}


class ApiPolicy:
    """Shared by every API view (and borrowed by the SSE view)."""

    authentication_classes = [TokenAuthentication, SessionAuthentication]
    permission_classes = [IsAuthenticated]
    parser_classes = [StrictJSONParser]
    renderer_classes = [JSONRenderer]
    throttle_classes = [ApiUserRateThrottle]


def _positive_int_digits(request: Request, name: str, *, maximum: int | None, message: str) -> str | None:
    """The query parameter's digits (no leading zeros) when it is an integer in ``1..maximum``;
    None when absent; otherwise a Chinese 400.

    Checked on the text, not with ``int()``: ``int()`` refuses digit strings past 4,300 digits,
    yet such a ``page`` is a valid page number per the schema (past the end: 404).
    """
    raw = request.query_params.get(name)
    if raw is None:
        return None
    digits = raw.lstrip("0") if raw.isascii() and raw.isdigit() else ""
    too_big = maximum is not None and (len(digits) > len(str(maximum)) or int(digits or 0) > maximum)
    if not digits or too_big:
        raise ApiError(message, code=f"invalid_{name}")
    return digits


class ApiPagination(PageNumberPagination):
    """DRF's page-number pagination, strict about its parameters: DRF silently ignores a
    ``page_size`` it cannot read (``page_size=null`` → the default) and clamps one above the
    maximum; here both are a 400, as the schema's ``integer`` with ``minimum``/``maximum`` says."""

    page_size = 20
    page_size_query_param = "page_size"
    max_page_size = 100

    def get_page_size(self, request: Request) -> int:
        size = _positive_int_digits(
            request, self.page_size_query_param, maximum=self.max_page_size, message=MESSAGE_PAGE_SIZE.format(limit=self.max_page_size)
        )
        return int(size) if size else self.page_size

    def paginate_queryset(self, queryset: Any, request: Request, view: Any = None) -> Any:
        # Any positive integer is a page number; one past the last page is DRF's 404.
        _positive_int_digits(request, self.page_query_param, maximum=None, message=MESSAGE_PAGE)
        return super().paginate_queryset(queryset, request, view)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        return [
            {
                "name": self.page_query_param,
                "required": False,
                "in": "query",
                "description": "页码，从 1 开始；超出最后一页返回 404",
                "schema": {"type": "integer", "minimum": 1},
            },
            {
                "name": self.page_size_query_param,
                "required": False,
                "in": "query",
                "description": f"每页条数，默认 {self.page_size}",
                "schema": {"type": "integer", "minimum": 1, "maximum": self.max_page_size},
            },
        ]

    def get_paginated_response_schema(self, schema: dict[str, Any]) -> dict[str, Any]:
        # DRF's version spells OpenAPI 3.0 ``nullable``; the schema is OpenAPI 3.1.
        link = {"type": ["string", "null"], "format": "uri"}
        return {
            "type": "object",
            "required": ["count", "results"],
            "properties": {"count": {"type": "integer"}, "next": link, "previous": link, "results": schema},
        }


class IsStaffForWrites(BasePermission):
    message = MESSAGE_STAFF_ONLY

    def has_permission(self, request: Request, view: Any) -> bool:
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return True
        return bool(request.user and request.user.is_staff)


# --- Chat -----------------------------------------------------------------------------------
def chat_start(request: Request) -> RunStart:
    """Validate a chat request and create (or find, by Idempotency-Key) its run; no execution."""
    serializer = ChatRequestSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    key = idempotency_key_clean(request.headers.get(IDEMPOTENCY_HEADER))
    return diagnosis_run_create_idempotent(
        owner=request.user,
        question=serializer.validated_data["question"],
        session_id=serializer.validated_data.get("session_id"),
        scope=serializer.validated_data.get("scope"),
        idempotency_key=key,
    )


IDEMPOTENCY_PARAMETER = OpenApiParameter(
    IDEMPOTENCY_HEADER,
    type={"type": "string", "minLength": 1, "maxLength": IDEMPOTENCY_KEY_MAX_CHARS, "pattern": IDEMPOTENCY_KEY_PATTERN},
    location=OpenApiParameter.HEADER,
    required=False,
    description=(
        "1–128 个可打印 ASCII 字符，按用户隔离。相同 key + 相同请求体 → 返回首次请求的结果（同一 run_id，"
        "响应头 Idempotent-Replayed: true，不会新建运行）；首次请求仍在运行 → 409；相同 key + 不同请求体 → 422。"
    ),
)


class ChatView(ApiPolicy, APIView):
    throttle_classes = [ChatRateThrottle, ApiUserRateThrottle]

    @extend_schema(
        operation_id="chat_create",
        summary="提问：新建一次诊断运行",
        description=(
            "RUN_EXECUTION=inline 时在请求内执行整张图，完成后返回 201；RUN_EXECUTION=celery 时返回 202"
            "（status=queued），之后用 links.run 轮询。限流：chat 作用域（与 /api/chat/stream 共享），"
            "超限返回 429 与 Retry-After。"
        ),
        request=ChatRequestSerializer,
        parameters=[IDEMPOTENCY_PARAMETER],
        responses={201: RunSummarySerializer, 202: RunSummarySerializer, **BODY_ERRORS, **IDEMPOTENCY_ERRORS},
        examples=[
            OpenApiExample(
                "新会话",
                value={"question": "payment-service 10:05 开始大量 500，原因是什么？"},
                request_only=True,
            )
        ],
        tags=["chat"],
    )
    def post(self, request: Request) -> Response:
        start = chat_start(request)
        run = start.run
        if not start.replayed:
            diagnosis_run_submit(run=run)
            run.refresh_from_db()
        body = RunSummarySerializer(run, context={"request": request}).data
        code = status.HTTP_201_CREATED if run.status in TERMINAL_STATUSES else status.HTTP_202_ACCEPTED
        headers = {"Location": body["links"]["run"]}
        if start.replayed:
            headers[REPLAYED_HEADER] = "true"
        return Response(body, status=code, headers=headers)


# --- Runs and sessions ---------------------------------------------------------------------
class RunListView(ApiPolicy, generics.ListAPIView):
    serializer_class = RunSummarySerializer
    pagination_class = ApiPagination

    def get_queryset(self):
        return runs_visible_to(self.request.user).order_by("-created_at")

    @extend_schema(summary="调用者的运行列表（员工可见全部）", responses={200: RunSummarySerializer(many=True), **ERRORS}, tags=["runs"])
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class RunDetailView(ApiPolicy, generics.RetrieveAPIView):
    serializer_class = RunDetailSerializer

    def get_queryset(self):
        return run_with_audit_rows(runs_visible_to(self.request.user))

    @extend_schema(
        summary="一次运行的完整审计视图",
        description="self_evaluation 容器、工具调用（参数、状态、证据引用、错误、截断标记）与编排事件。",
        responses={200: RunDetailSerializer, **ERRORS},
        tags=["runs"],
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class SessionListView(ApiPolicy, generics.ListAPIView):
    serializer_class = SessionSerializer
    pagination_class = ApiPagination

    def get_queryset(self):
        return session_list_with_stats(sessions_visible_to(self.request.user))

    @extend_schema(summary="调用者的会话列表（员工可见全部）", responses={200: SessionSerializer(many=True), **ERRORS}, tags=["sessions"])
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class SessionDetailView(ApiPolicy, generics.RetrieveAPIView):
    serializer_class = SessionDetailSerializer

    def get_queryset(self):
        return session_list_with_stats(sessions_visible_to(self.request.user))

    @extend_schema(summary="一个会话及其全部运行", responses={200: SessionDetailSerializer, **ERRORS}, tags=["sessions"])
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


# --- Evidence scopes ----------------------------------------------------------------------
class ScopeListView(ApiPolicy, generics.ListAPIView):
    serializer_class = EvidenceScopeSerializer
    pagination_class = None

    def get_queryset(self):
        return scopes_list()

    @extend_schema(
        summary="证据范围列表",
        description=(
            "每个范围是一个互不混合的证据世界：live（配置的 Loki/Prometheus 后端与真实时钟）或 replay"
            "（回放的证据包，以其 reference_time 为“现在”）。POST /api/chat 的 scope 取这里的 name。"
        ),
        responses={200: EvidenceScopeSerializer(many=True), **ERRORS},
        tags=["scopes"],
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


# --- Knowledge ----------------------------------------------------------------------------
def _title_from(content: str, filename: str) -> str:
    match = re.search(r"^\s{0,3}#\s+(.+?)\s*#*\s*$", content, flags=re.MULTILINE)
    title = match.group(1) if match else PurePosixPath(filename).stem
    return title.strip()[:300] or "untitled"


def _document_from_upload(serializer: KnowledgeFileUploadSerializer) -> dict[str, str]:
    upload = serializer.validated_data["file"]
    name = PurePosixPath(upload.name or "").name
    if not name.lower().endswith(KNOWLEDGE_EXTENSIONS):
        raise ApiError(MESSAGE_FILE_TYPE, code="unsupported_file_type")
    if upload.size is not None and upload.size > MAX_CONTENT_BYTES:
        raise ApiError(MESSAGE_FILE_TOO_LARGE.format(limit=MAX_CONTENT_BYTES // 1024), code="file_too_large")
    raw = upload.read(MAX_CONTENT_BYTES + 1)
    if len(raw) > MAX_CONTENT_BYTES:
        raise ApiError(MESSAGE_FILE_TOO_LARGE.format(limit=MAX_CONTENT_BYTES // 1024), code="file_too_large")
    try:
        content = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ApiError(MESSAGE_FILE_ENCODING, code="invalid_encoding") from None
    return {
        "title": serializer.validated_data.get("title") or _title_from(content, name),
        "source": serializer.validated_data.get("source") or f"uploads/{name}",
        "content": content,
    }


class KnowledgeView(ApiPolicy, generics.ListAPIView):
    serializer_class = KnowledgeDocumentSerializer
    pagination_class = ApiPagination
    parser_classes = [StrictJSONParser, MultiPartParser]
    permission_classes = [IsAuthenticated, IsStaffForWrites]

    def get_queryset(self):
        return knowledge_documents_list()

    @extend_schema(summary="知识文档列表", responses={200: KnowledgeDocumentSerializer(many=True), **ERRORS}, tags=["knowledge"])
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        summary="上传知识文档（仅员工）",
        description=(
            "multipart/form-data：file（.md/.markdown/.txt，UTF-8，最大 200 KB），可选 title、source；"
            "或 JSON：{title, content, source?}。同一 source 的新内容替换旧版本；完全相同的文档返回 200。"
        ),
        request={
            "multipart/form-data": KnowledgeFileUploadSerializer,
            "application/json": KnowledgeJsonUploadSerializer,
        },
        responses={201: KnowledgeDocumentSerializer, 200: KnowledgeDocumentSerializer, **BODY_ERRORS},
        tags=["knowledge"],
    )
    def post(self, request: Request) -> Response:
        if (request.content_type or "").startswith("multipart/"):
            upload = KnowledgeFileUploadSerializer(data=request.data)
            upload.is_valid(raise_exception=True)
            fields = _document_from_upload(upload)
        else:
            upload = KnowledgeJsonUploadSerializer(data=request.data)
            upload.is_valid(raise_exception=True)
            data = upload.validated_data
            fields = {
                "title": data["title"],
                "source": data.get("source") or f"api/{data['title']}",
                "content": data["content"],
            }
        scope = scope_resolve(upload.validated_data.get("scope"))
        known_ids = set(
            KnowledgeDocument.objects.for_scope(scope).filter(source=fields["source"]).values_list("pk", flat=True)
        )
        try:
            document = knowledge_document_ingest(uploaded_by=request.user, scope=scope, **fields)
        except ValueError as exc:
            raise ApiError(str(exc), code="invalid_document") from None
        document = KnowledgeDocument.objects.annotate(chunk_count=Count("chunks")).get(pk=document.pk)
        code = status.HTTP_200_OK if document.pk in known_ids else status.HTTP_201_CREATED
        return Response(KnowledgeDocumentSerializer(document).data, status=code)


__all__ = [
    "BODY_ERRORS",
    "ERRORS",
    "IDEMPOTENCY_ERRORS",
    "ApiPolicy",
    "ChatView",
    "DiagnosisRun",
    "KnowledgeView",
    "RunDetailView",
    "RunListView",
    "SessionDetailView",
    "SessionListView",
    "chat_start",
]
