"""Request and response shapes of the API.

Request serializers are strict: a field they do not declare is a 400 (``unknown_field``), not
silently ignored — a client that misspells ``session_id`` must learn it, not get a new session.
Response serializers read the promoted run columns and the ``self_evaluation`` container as
persisted; the container's shape is documented from its pydantic model (STYLE §2).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any
from uuid import UUID

from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from contracts.time_bounds import time_in_range
from diagnosis import vocabulary as V
from diagnosis.api.parsers import MESSAGE_NOT_OBJECT
from diagnosis.evidence.knowledge import MAX_CONTENT_BYTES, MAX_SOURCE_CHARS, MAX_TITLE_CHARS
from diagnosis.masking.config import answer_for_viewer
from diagnosis.models import (
    SCOPE_NAME_MAX_CHARS,
    DiagnosisRun,
    DiagnosisSession,
    EvidenceScope,
    KnowledgeDocument,
    OrchestrationEvent,
    ToolInvocation,
)
from diagnosis.schemas.self_evaluation import SelfEvaluation
from diagnosis.selectors.runs import event_elapsed_ms
from diagnosis.services.runs import MSG_QUESTION_EMPTY as MESSAGE_QUESTION_EMPTY
from diagnosis.services.runs import MSG_QUESTION_TOO_LONG, QUESTION_MAX_CHARS, InvalidQuestion, question_clean

MESSAGE_UNKNOWN_FIELD = "不支持的字段：{name}。"
MESSAGE_QUESTION_REQUIRED = "缺少问题（question）。"
MESSAGE_SESSION_ID = "session_id 必须是 8-4-4-4-12 形式的 UUID（如 12345678-1234-5678-1234-567812345678）。"
MESSAGE_CONTENT_REQUIRED = "缺少文档内容（content）。"
MESSAGE_TEXT_FIELD = "{name} 必须是非空字符串。"
MESSAGE_TEXT_TOO_LONG = "{name} 过长：最多 {limit} 个字符。"
MESSAGE_CONTENT_TOO_LARGE = "content 过大：UTF-8 编码后最多 {limit} 字节（当前 {size} 字节）。"
MESSAGE_NUL = "{name} 中不能包含 NUL 字符。"

# The characters Python's ``str.strip()`` removes (the services strip every text field), as
# \uXXXX escapes that Python's ``re``, ECMA-262 and the Rust regex crate read alike. The
# highest is U+3000; tests/api/test_schema_matches_behaviour.py checks every code point.
_WHITESPACE = "".join(f"\\u{code:04x}" for code in range(0x3001) if chr(code).isspace())
# A text field's documented shape: no NUL anywhere and at least one character that is not
# whitespace — exactly what the validation below (and the services) accept, so schema-valid
# text is never refused as blank. Lengths (``maxLength``) count the text *as sent*, before any
# stripping, so the schema's limit and the validated limit are the same number.
TEXT_PATTERN = f"^[^\\u0000]*[^\\u0000{_WHITESPACE}][^\\u0000]*$"
# The one UUID spelling the API documents and accepts for ids it is sent (Python's ``uuid``
# would also take 32 bare hex digits, braces or a ``urn:uuid:`` prefix — the schema does not).
UUID_PATTERN = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"
_UUID = re.compile(UUID_PATTERN.rstrip("$") + r"\Z")


class StrictSerializer(serializers.Serializer):
    """Rejects any key the serializer does not declare (400 ``unknown_field``).

    The schema says so too: ``diagnosis.api.schema`` documents every StrictSerializer with
    ``additionalProperties: false``.
    """

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, Mapping):
            raise serializers.ValidationError({"non_field_errors": [MESSAGE_NOT_OBJECT]}, code="not_an_object")
        unknown = sorted(str(k) for k in data.keys() if k not in self.fields)
        if unknown:
            raise serializers.ValidationError(
                {
                    name: [serializers.ErrorDetail(MESSAGE_UNKNOWN_FIELD.format(name=name), code="unknown_field")]
                    for name in unknown
                }
            )
        return super().to_internal_value(data)


class TextField(serializers.Field):
    """A string field validated exactly as ``diagnosis.api.schema`` documents it.

    A string, no NUL, at most ``max_chars`` characters *as sent*, not only whitespace
    (``TEXT_PATTERN``); returned stripped when ``strip`` (titles, sources), as sent otherwise
    (document content). ``max_bytes`` adds the UTF-8 size limit JSON Schema cannot express (the
    schema's description states it).
    """

    def __init__(self, *, max_chars: int, strip: bool = True, max_bytes: int | None = None, **kwargs: Any) -> None:
        self.max_chars = max_chars
        self.strip = strip
        self.max_bytes = max_bytes
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> str:
        name = self.field_name
        if not isinstance(data, str) or not data.strip():
            raise serializers.ValidationError(MESSAGE_TEXT_FIELD.format(name=name), code="blank")
        if "\x00" in data:
            raise serializers.ValidationError(MESSAGE_NUL.format(name=name), code="nul")
        if len(data) > self.max_chars:
            raise serializers.ValidationError(MESSAGE_TEXT_TOO_LONG.format(name=name, limit=self.max_chars), code="too_long")
        if self.max_bytes is not None and (size := len(data.encode("utf-8"))) > self.max_bytes:
            raise serializers.ValidationError(
                MESSAGE_CONTENT_TOO_LARGE.format(limit=self.max_bytes, size=size), code="too_large"
            )
        return data.strip() if self.strip else data

    def to_representation(self, value: Any) -> str:
        return str(value)


class QuestionField(TextField):
    """The question text with the runs service's rules and error codes (question_empty / _nul /
    _too_long / _not_text). The length is checked on the text as sent — the service strips
    first, so a question padded with stripped characters (``\\x1e`` …) would otherwise pass a
    limit the schema says it breaks."""

    default_error_messages = {"required": MESSAGE_QUESTION_REQUIRED, "null": MESSAGE_QUESTION_EMPTY}

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("help_text", f"中文问题，1–{QUESTION_MAX_CHARS} 个字符（按原文计），不能只含空白，不能含 NUL。")
        super().__init__(max_chars=QUESTION_MAX_CHARS, **kwargs)

    def to_internal_value(self, data: Any) -> str:
        if isinstance(data, str) and len(data) > QUESTION_MAX_CHARS:
            raise serializers.ValidationError(
                MSG_QUESTION_TOO_LONG.format(limit=QUESTION_MAX_CHARS, length=len(data)), code="question_too_long"
            )
        try:
            return question_clean(data)
        except InvalidQuestion as exc:
            raise serializers.ValidationError(exc.message, code=exc.code) from None


@extend_schema_field({"type": "string", "format": "uuid", "pattern": UUID_PATTERN})  # allow_null adds "null"
class SessionIdField(serializers.Field):
    def to_internal_value(self, data: Any) -> UUID:
        if not isinstance(data, str) or not _UUID.match(data):
            raise serializers.ValidationError(MESSAGE_SESSION_ID, code="invalid_session_id")
        return UUID(data)

    def to_representation(self, value: Any) -> str:
        return str(value)


@extend_schema_field({"type": ["string", "null"]})
class DisplayField(serializers.Field):
    """``<field>_display``: the Chinese label of another field's enum value, from the one label
    table the web UI and the admin use (diagnosis.vocabulary); null when that field is empty."""

    def __init__(self, table: Mapping[str, str], **kwargs: Any) -> None:
        self.table = table
        super().__init__(read_only=True, **kwargs)

    def to_representation(self, value: Any) -> str | None:
        return V.label(self.table, value) or None


def scope_name_field(help_text: str, *, allow_null: bool = False) -> TextField:
    return TextField(max_chars=SCOPE_NAME_MAX_CHARS, required=False, allow_null=allow_null, help_text=help_text)


class ChatRequestSerializer(StrictSerializer):
    question = QuestionField()
    session_id = SessionIdField(required=False, allow_null=True, help_text="继续一个已有会话；省略或 null 则新建会话。")
    scope = scope_name_field(
        "证据范围名称（见 GET /api/scopes）。新会话绑定到该范围；省略则为默认范围（配置了真实后端时为 live，"
        "否则为演示范围）。继续已有会话时若给出，必须与会话的范围相同，否则 400 scope_mismatch；不存在的范围 400 unknown_scope。",
        allow_null=True,
    )


class BoundedDateTimeField(serializers.DateTimeField):
    """A stored time outside the accepted range (``time_bounds``; rows written before the loader
    checked, or by hand) is shown as null — never a 500, never a made-up instant."""

    def to_representation(self, value: Any) -> Any:
        return super().to_representation(value) if time_in_range(value) else None


class EvidenceScopeSerializer(serializers.ModelSerializer):
    kind_display = DisplayField(V.SCOPE_KIND, source="kind", help_text="kind 的中文名称")
    reference_time = BoundedDateTimeField(
        read_only=True, allow_null=True, help_text="回放范围的参考时间（问题中的相对时间按它解析）；live 或未设置为 null。"
    )
    reference_time_valid = serializers.SerializerMethodField(
        help_text="存储的参考时间是否有效；false 表示它超出 1970–2200 的范围（显示为 null，问题按真实时钟解析）。"
    )

    class Meta:
        model = EvidenceScope
        fields = ["name", "kind", "kind_display", "reference_time", "reference_time_valid"]
        read_only_fields = fields

    def get_reference_time_valid(self, scope: EvidenceScope) -> bool:
        return scope.reference_time is None or time_in_range(scope.reference_time)


def run_links(run: DiagnosisRun, absolute: Callable[[str], str] | None = None) -> dict[str, str]:
    """The links of a run (JSON API and SSE alike): absolute URLs when ``absolute`` is the request's
    ``build_absolute_uri``, paths otherwise."""

    def url(name: str, pk: Any) -> str:
        path = reverse(name, kwargs={"pk": pk})
        return absolute(path) if absolute is not None else path

    return {
        "run": url("api:run-detail", run.pk),
        "session": url("api:session-detail", run.session_id),
        "web": url("web:run-detail", run.pk),
    }


def _links(request: Any, run: DiagnosisRun) -> dict[str, str]:
    return run_links(run, request.build_absolute_uri if request is not None else None)


class LinksSerializer(serializers.Serializer):
    run = serializers.URLField()
    session = serializers.URLField()
    web = serializers.URLField(help_text="员工 Web 界面的回答页")


class RunSummarySerializer(serializers.ModelSerializer):
    """What ``POST /api/chat`` answers and what run lists show."""

    run_id = serializers.UUIDField(source="id", read_only=True)
    session_id = serializers.UUIDField(read_only=True)
    outcome = serializers.SerializerMethodField()
    verdict = serializers.SerializerMethodField()
    answer = serializers.SerializerMethodField()
    links = serializers.SerializerMethodField()
    status_display = DisplayField(V.RUN_STATUS, source="status", help_text="status 的中文名称")
    outcome_display = DisplayField(V.OUTCOME, source="outcome", help_text="outcome 的中文名称；未完成时为 null")
    verdict_display = DisplayField(V.VERDICT, source="verdict", help_text="verdict 的中文名称；兜底或未完成时为 null")

    class Meta:
        model = DiagnosisRun
        fields = [
            "run_id",
            "session_id",
            "question",
            "status",
            "status_display",
            "outcome",
            "outcome_display",
            "verdict",
            "verdict_display",
            "answer",
            "evidence_retry_count",
            "created_at",
            "finished_at",
            "links",
        ]
        read_only_fields = fields

    @extend_schema_field(
        {"type": ["string", "null"], "enum": [c for c, _ in DiagnosisRun.Outcome.choices] + [None]}
    )
    def get_outcome(self, run: DiagnosisRun) -> str | None:
        return run.outcome or None

    @extend_schema_field(
        {
            "type": ["string", "null"],
            "enum": [c for c, _ in DiagnosisRun.Verdict.choices] + [None],
            "description": "有效结论；兜底（fallback）或未完成时为 null",
        }
    )
    def get_verdict(self, run: DiagnosisRun) -> str | None:
        return run.verdict or None

    @extend_schema_field({"type": ["string", "null"], "description": "中文回答；运行完成前为 null"})
    def get_answer(self, run: DiagnosisRun) -> str | None:
        request = self.context.get("request")
        return answer_for_viewer(run.final_answer, getattr(request, "user", None)) or None

    @extend_schema_field(LinksSerializer)
    def get_links(self, run: DiagnosisRun) -> dict[str, str]:
        return _links(self.context.get("request"), run)


class EvidenceRefSerializer(serializers.Serializer):
    raw_path = serializers.CharField()
    text = serializers.CharField()
    source_id = serializers.CharField(required=False)
    label = serializers.CharField(required=False)


class ToolInvocationSerializer(serializers.ModelSerializer):
    evidence_refs = serializers.SerializerMethodField()
    tool_display = DisplayField(V.TOOL, source="tool_name", help_text="工具的中文名称")
    status_display = DisplayField(V.INVOCATION_STATUS, source="status", help_text="status 的中文名称")

    class Meta:
        model = ToolInvocation
        fields = [
            "invocation_id",
            "seq",
            "round",
            "tool_name",
            "tool_display",
            "evidence_bearing",
            "arguments",
            "status",
            "status_display",
            "evidence_refs",
            "error",
            "output_truncated",
            "deduped_from",
            "output",
            "retrieval_details",
            "started_at",
            "duration_ms",
        ]
        read_only_fields = fields

    @extend_schema_field(EvidenceRefSerializer(many=True))
    def get_evidence_refs(self, inv: ToolInvocation) -> list[dict[str, Any]]:
        return inv.evidence_refs


class OrchestrationEventSerializer(serializers.ModelSerializer):
    elapsed_ms = serializers.SerializerMethodField()
    label = serializers.SerializerMethodField(help_text="阶段的中文说明（与 SSE stage 的 label 相同）")

    class Meta:
        model = OrchestrationEvent
        fields = ["seq", "node", "event", "label", "detail", "at", "elapsed_ms"]
        read_only_fields = fields

    def get_label(self, event: OrchestrationEvent) -> str:
        return V.stage_label(event.node, event.event, event.detail)

    def get_elapsed_ms(self, event: OrchestrationEvent) -> int | None:
        return event_elapsed_ms(event, event.run.created_at)


@extend_schema_field(SelfEvaluation)
class SelfEvaluationField(serializers.JSONField):
    """The persisted container as it is (channels unknown to this version are kept)."""


class RunDetailSerializer(RunSummarySerializer):
    """``GET /api/runs/{id}``: the full audit view of one run."""

    self_evaluation = SelfEvaluationField(read_only=True)
    tool_invocations = ToolInvocationSerializer(many=True, read_only=True)
    events = OrchestrationEventSerializer(many=True, read_only=True)
    token_usage = serializers.SerializerMethodField()
    gatekeeper_severity = serializers.SerializerMethodField()
    gatekeeper_severity_display = DisplayField(
        V.GATEKEEPER_SEVERITY, source="gatekeeper_severity", help_text="gatekeeper_severity 的中文名称"
    )
    fallback_reason_display = DisplayField(
        V.FALLBACK_REASON, source="fallback_reason", help_text="兜底原因的中文说明；没有兜底时为 null"
    )

    class Meta(RunSummarySerializer.Meta):
        fields = RunSummarySerializer.Meta.fields + [
            "gatekeeper_severity",
            "gatekeeper_severity_display",
            "fallback_reason",
            "fallback_reason_display",
            "provider",
            "model",
            "token_usage",
            "started_at",
            "duration_ms",
            "idempotency_key",
            "self_evaluation",
            "tool_invocations",
            "events",
        ]
        read_only_fields = fields

    # A run that never reached the Gatekeeper (failed, fallback before gating, still running)
    # stores "" — not a severity. The API says null, like ``verdict`` and ``outcome``: the enum
    # stays the closed set a client can switch on, and "no result" is not a fourth severity.
    @extend_schema_field(
        {
            "type": ["string", "null"],
            "enum": [c for c, _ in DiagnosisRun.GatekeeperSeverity.choices] + [None],
            "description": "Gatekeeper 的判定严重度；运行未经过 Gatekeeper（失败、提前兜底、未完成）时为 null",
        }
    )
    def get_gatekeeper_severity(self, run: DiagnosisRun) -> str | None:
        return run.gatekeeper_severity or None

    @extend_schema_field(
        {
            "type": "object",
            "properties": {
                "prompt_tokens": {"type": "integer"},
                "completion_tokens": {"type": "integer"},
                "by_role": {"type": "object", "additionalProperties": True},
            },
        }
    )
    def get_token_usage(self, run: DiagnosisRun) -> dict[str, Any]:
        return {
            "prompt_tokens": run.prompt_tokens,
            "completion_tokens": run.completion_tokens,
            "by_role": run.token_usage or {},
        }


class SessionSerializer(serializers.ModelSerializer):
    session_id = serializers.UUIDField(source="id", read_only=True)
    scope = serializers.CharField(source="scope.name", read_only=True, help_text="会话绑定的证据范围")
    run_count = serializers.IntegerField(read_only=True, required=False)
    last_run_at = serializers.DateTimeField(read_only=True, required=False, allow_null=True)
    url = serializers.SerializerMethodField()

    class Meta:
        model = DiagnosisSession
        fields = ["session_id", "title", "scope", "created_at", "updated_at", "run_count", "last_run_at", "url"]
        read_only_fields = fields

    def get_url(self, session: DiagnosisSession) -> str:
        path = reverse("api:session-detail", kwargs={"pk": session.pk})
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request is not None else path


class SessionDetailSerializer(SessionSerializer):
    runs = serializers.SerializerMethodField()

    class Meta(SessionSerializer.Meta):
        fields = SessionSerializer.Meta.fields + ["runs"]
        read_only_fields = fields

    @extend_schema_field(RunSummarySerializer(many=True))
    def get_runs(self, session: DiagnosisSession) -> list[dict[str, Any]]:
        runs = session.runs.order_by("created_at")
        return RunSummarySerializer(runs, many=True, context=self.context).data


# --- Knowledge ----------------------------------------------------------------------------
class KnowledgeJsonUploadSerializer(StrictSerializer):
    title = TextField(max_chars=MAX_TITLE_CHARS, help_text=f"标题，最多 {MAX_TITLE_CHARS} 个字符")
    content = TextField(
        max_chars=MAX_CONTENT_BYTES,
        max_bytes=MAX_CONTENT_BYTES,
        strip=False,
        help_text=f"Markdown 或纯文本；UTF-8 编码后最多 {MAX_CONTENT_BYTES} 字节（maxLength 只能按字符计，超出字节数返回 400 too_large）",
    )
    source = TextField(
        max_chars=MAX_SOURCE_CHARS, required=False, help_text="来源路径，如 runbooks/payment.md；省略则为 api/<标题>"
    )
    scope = scope_name_field("放入哪个证据范围；省略则为默认范围")


class KnowledgeFileUploadSerializer(StrictSerializer):
    file = serializers.FileField(help_text=".md / .markdown / .txt，UTF-8，最大 200 KB")
    title = TextField(max_chars=MAX_TITLE_CHARS, required=False, help_text=f"标题，最多 {MAX_TITLE_CHARS} 个字符；省略则取文档首个标题")
    source = TextField(max_chars=MAX_SOURCE_CHARS, required=False, help_text="来源路径；省略则为 uploads/<文件名>")
    scope = scope_name_field("放入哪个证据范围；省略则为默认范围")


class KnowledgeDocumentSerializer(serializers.ModelSerializer):
    chunk_count = serializers.IntegerField(read_only=True)
    uploaded_by = serializers.SerializerMethodField()
    size_bytes = serializers.SerializerMethodField()
    scope = serializers.CharField(source="scope.name", read_only=True)

    class Meta:
        model = KnowledgeDocument
        fields = ["id", "title", "source", "scope", "content_hash", "size_bytes", "chunk_count", "uploaded_by", "created_at"]
        read_only_fields = fields

    def get_uploaded_by(self, doc: KnowledgeDocument) -> str | None:
        return doc.uploaded_by.get_username() if doc.uploaded_by_id else None

    def get_size_bytes(self, doc: KnowledgeDocument) -> int:
        return len(doc.content.encode("utf-8"))


ERROR_SCHEMA = {
    "type": "object",
    "required": ["code", "message"],
    "properties": {
        "code": {"type": "string", "description": "机器可读的错误码，如 question_empty / idempotency_in_flight"},
        "message": {"type": "string", "description": "中文错误说明"},
        "fields": {
            "type": "object",
            "description": "按字段列出的校验错误",
            "additionalProperties": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"code": {"type": "string"}, "message": {"type": "string"}},
                },
            },
        },
    },
}


@extend_schema_field(ERROR_SCHEMA)
class ErrorObjectField(serializers.JSONField):
    pass


class ErrorSerializer(serializers.Serializer):
    """Every error response: ``{"error": {"code", "message", "fields"?}}``."""

    error = ErrorObjectField()
