"""``POST /api/chat/stream``: one chat run as Server-Sent Events.

An async Django view (ASGI, uvicorn) returning a ``StreamingHttpResponse`` over an async
iterator. Before the stream opens, the request goes through exactly the policy of the DRF
views — token or session auth (session auth with DRF's CSRF check), the shared ``chat``
throttle, strict body validation, ``Idempotency-Key`` — by running the DRF request cycle of a
non-routed ``APIView`` (``ChatStreamGate``) in a worker thread (``sync_to_async``). A failure
there is an ordinary JSON error response (same codes as ``POST /api/chat``); the view itself is
``csrf_exempt`` for Django's middleware for the same reason every DRF view is: DRF's
SessionAuthentication does the CSRF check, and token callers need none.

Once open, the stream sends::

    event: run     data: {"run_id", "session_id", "status", "replayed"}
    event: stage   data: {"seq", "node", "event", "label", "elapsed_ms", "at", "detail"}   (one per OrchestrationEvent;
                   ``at`` in TIME_ZONE as DRF writes ``created_at``; ``label`` from diagnosis.vocabulary)
    event: answer  data: {"run_id", "status", "outcome", "verdict", "answer", "links"}  (links absolute, as /api/chat's)
    event: done    data: {"run_id", "status"}
    event: error   data: {"code", "message"}                         (then done)
    : keep-alive   (a comment line when nothing happened for KEEPALIVE_S)

The view starts the graph (``diagnosis_run_execute``) in a worker thread of a small pool
*before* it returns the response, and the stream only reads the run's OrchestrationEvent rows
by ``seq`` until that thread is done — whenever the thread has stored a batch of them
(``audit.progress`` wakes it; at least every WAKE_TIMEOUT_S). A client that goes away cancels the
stream (CancelledError / GeneratorExit in the generator), never the thread: the run finishes
and is persisted. A pool future rather than an asyncio task because it belongs to no event
loop — under WSGI the view and the stream run in two different short-lived loops. With
``RUN_EXECUTION=celery`` the run is submitted to the queue instead and the stream reads the
run's persisted events and status until it is finished (bounded by ``max_wait_s``): whenever the
worker has committed some (``audit.progress_relay`` carries the worker's wake-up over Redis; at
least every WAKE_TIMEOUT_S), or every POLL_S while this process is not subscribed (Redis down).

Under WSGI (runserver, the test live server) Django consumes the async iterator to the end
before sending anything: the same events arrive, only all at once.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Future
from contextlib import ExitStack
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework.exceptions import MethodNotAllowed
from rest_framework.fields import DateTimeField
from rest_framework.negotiation import BaseContentNegotiation, DefaultContentNegotiation
from rest_framework.views import APIView

from diagnosis import vocabulary as V
from diagnosis.api.serializers import ChatRequestSerializer, run_links
from diagnosis.api.throttles import ApiUserRateThrottle, ChatRateThrottle
from diagnosis.api.views import (
    BODY_ERRORS,
    IDEMPOTENCY_ERRORS,
    IDEMPOTENCY_PARAMETER,
    REPLAYED_HEADER,
    ApiPolicy,
    chat_start,
)
from diagnosis.audit.progress import progress_notify, progress_watch
from diagnosis.audit.progress_relay import progress_relay_listen
from diagnosis.masking.config import answer_for_viewer
from diagnosis.models import DiagnosisRun
from diagnosis.selectors.runs import TERMINAL_STATUSES, event_elapsed_ms, run_events_after
from diagnosis.services.idempotency import RunStart
from diagnosis.services.runs import diagnosis_run_submit

logger = logging.getLogger(__name__)

UriBuilder = Callable[[str], str]

#: How often a stream that no wake-up can reach reads (a replayed inline run; Redis down).
POLL_S = 0.2
#: An inline run's stream reads when the run's thread has stored events (``audit.progress``), a
#: celery run's when its worker has (``audit.progress_relay``); this is only the longest it
#: sleeps without being woken.
WAKE_TIMEOUT_S = 1.0
KEEPALIVE_S = 10.0


def max_wait_s() -> float:
    """How long the stream waits for a queued (celery) run: the reaper closes any run by
    RUN_STALE_AFTER_S, so past that (plus two reaper passes) something else is wrong."""
    return settings.RUN_STALE_AFTER_S + 2 * settings.RUN_REAPER_INTERVAL_S


MESSAGE_RUN_CRASHED = "诊断运行意外中断，请稍后重试或联系管理员。"
MESSAGE_TIMEOUT = "等待诊断结果超时，请稍后在运行详情中查看。"

STREAM_DESCRIPTION = """以 Server-Sent Events（`text/event-stream`）返回一次诊断运行的进度与结果。

请求体、认证（Token 或会话 + CSRF）、限流（chat 作用域，与 `POST /api/chat` 共享）和
`Idempotency-Key` 语义与 `POST /api/chat` 相同；流打开前的错误是普通 JSON 错误响应。

事件（`data` 均为一行 JSON）：

| event | data |
|---|---|
| `run` | `{"run_id", "session_id", "status", "replayed"}` — 首个事件 |
| `stage` | `{"seq", "node", "event", "label", "elapsed_ms", "at", "detail"}` — 每个编排事件一条，按 seq 递增 |
| `answer` | `{"run_id", "status", "outcome", "verdict", "answer", "links"}` — verdict 在兜底时为 null |
| `done` | `{"run_id", "status"}` — 最后一个事件 |
| `error` | `{"code", "message"}` — 中文说明，随后仍发送 `done` |

无新事件时每 10 秒发送注释行 `: keep-alive`。客户端断开不会中断运行：运行在后台线程中完成并持久化。
EventSource 不能发 POST：浏览器请用 `fetch` 读取响应流。
"""

SSE_EXAMPLE = (
    'event: run\ndata: {"run_id": "…", "session_id": "…", "status": "queued", "replayed": false}\n\n'
    'event: stage\ndata: {"seq": 1, "node": "planner", "event": "start", "label": "规划取证 · 开始", "elapsed_ms": 3}\n\n'
    'event: answer\ndata: {"run_id": "…", "outcome": "pass", "verdict": "PASS", "answer": "结论（已验证）…"}\n\n'
    'event: done\ndata: {"run_id": "…", "status": "completed"}\n\n'
)


SSE_EVENTS = ("run", "stage", "answer", "done", "error")  # the order of SSE_DATA_SCHEMAS below

_STATUS = {"type": "string", "enum": [c for c, _ in DiagnosisRun.Status.choices]}
_UUID = {"type": "string", "format": "uuid"}
# The ``data`` JSON of each event, as ``event_stream`` and ``_run_payload`` build it.
SSE_DATA_SCHEMAS: dict[str, dict[str, Any]] = {
    "run": {
        "type": "object",
        "required": ["run_id", "session_id", "status", "replayed"],
        "properties": {"run_id": _UUID, "session_id": _UUID, "status": _STATUS, "replayed": {"type": "boolean"}},
    },
    "stage": {
        "type": "object",
        "required": ["seq", "node", "event", "label", "elapsed_ms", "at", "detail"],
        "properties": {
            "seq": {"type": "integer"},
            "node": {"type": "string"},
            "event": {"type": "string"},
            "label": {"type": "string", "description": "中文阶段名"},
            "elapsed_ms": {"type": ["integer", "null"]},
            "at": {"type": ["string", "null"], "format": "date-time"},
            "detail": {"type": "object"},
        },
    },
    "answer": {
        "type": "object",
        "required": ["run_id", "status", "outcome", "verdict", "answer", "links"],
        "properties": {
            "run_id": _UUID,
            "status": _STATUS,
            "outcome": {"type": ["string", "null"], "enum": [c for c, _ in DiagnosisRun.Outcome.choices] + [None]},
            "verdict": {"type": ["string", "null"], "enum": [c for c, _ in DiagnosisRun.Verdict.choices] + [None]},
            "answer": {"type": ["string", "null"]},
            "links": {
                "type": "object",
                "required": ["run", "session", "web"],
                "properties": {"run": {"type": "string"}, "session": {"type": "string"}, "web": {"type": "string"}},
            },
        },
    },
    "done": {
        "type": "object",
        "required": ["run_id", "status"],
        "properties": {"run_id": _UUID, "status": {"type": ["string", "null"], "enum": _STATUS["enum"] + [None]}},
    },
    "error": {
        "type": "object",
        "required": ["code", "message"],
        "properties": {"code": {"type": "string"}, "message": {"type": "string", "description": "中文说明"}},
    },
}
# Before OpenAPI 3.2 (``itemSchema``) the schema of a ``text/event-stream`` response describes
# one event — ``{event, data, id?, retry?}`` with ``data`` the frame's text — which is how
# schemathesis reads and checks every event the stream sends. ``data`` is one line of JSON whose
# shape ``contentSchema`` gives per event name; ``: keep-alive`` comment lines are not events.
SSE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "一个 SSE 事件：`event: <名称>` + `data: <一行 JSON>` + 空行（另有 `: keep-alive` 注释行）",
    "required": ["event", "data"],
    "oneOf": [
        {
            "properties": {
                "event": {"const": name},
                "data": {"type": "string", "contentMediaType": "application/json", "contentSchema": data_schema},
            }
        }
        for name, data_schema in SSE_DATA_SCHEMAS.items()
    ],
}


def sse(event: str, data: Any) -> str:
    """One SSE frame. JSON keeps newlines escaped, so ``data`` is always a single line.

    Only the documented event names (``SSE_EVENTS``) can be sent."""
    if event not in SSE_EVENTS:
        raise ValueError(f"undocumented SSE event {event!r}")
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False, default=str)}\n\n"


class JsonErrorsNegotiation(BaseContentNegotiation):
    """The stream's client asks for ``text/event-stream``; what the gate itself renders (only
    ever an error) is JSON regardless of ``Accept``."""

    def select_parser(self, request: Any, parsers: list[Any]) -> Any:
        return DefaultContentNegotiation().select_parser(request, parsers)

    def select_renderer(self, request: Any, renderers: list[Any], format_suffix: str | None = None) -> tuple[Any, str]:
        return renderers[0], renderers[0].media_type


class ChatStreamGate(ApiPolicy, APIView):
    """Never routed: the SSE view borrows this view's DRF request policy."""

    content_negotiation_class = JsonErrorsNegotiation
    throttle_classes = [ChatRateThrottle, ApiUserRateThrottle]

    @property
    def allowed_methods(self) -> list[str]:
        # The ``Allow`` header of a 405: the stream answers POST only (this class has no handler
        # methods of its own, so DRF's default would say "OPTIONS").
        return ["POST"]


def _open_stream(django_request: HttpRequest) -> tuple[RunStart | None, HttpResponse | None]:
    """Run the DRF request cycle up to run creation: ``(start, None)`` or ``(None, error)``."""
    gate = ChatStreamGate()
    gate.args, gate.kwargs = (), {}
    gate.format_kwarg = None
    request = gate.initialize_request(django_request)
    gate.request = request
    gate.headers = gate.default_response_headers
    try:
        # Authentication first, as in every DRF view: an anonymous caller learns nothing, not
        # even which methods exist (401 before 405).
        gate.initial(request)
        if request.method != "POST":
            raise MethodNotAllowed(request.method)
        return chat_start(request), None
    except Exception as exc:  # noqa: BLE001 — handle_exception maps everything to a JSON error
        response = gate.finalize_response(request, gate.handle_exception(exc))
        response.render()
        return None, response


def _relative(path: str) -> str:
    return path


def _run_payload(run_id: Any, absolute: UriBuilder = _relative) -> dict[str, Any]:
    run = DiagnosisRun.objects.select_related("owner").get(pk=run_id)
    return {
        "run_id": str(run.pk),
        "status": run.status,
        "outcome": run.outcome or None,
        "verdict": run.verdict or None,
        "answer": answer_for_viewer(run.final_answer, run.owner) or None,  # the stream is the owner's
        "links": run_links(run, absolute),  # absolute, like the JSON API's
    }


#: DRF's own spelling of a datetime (the display time zone, ISO 8601): /api/chat's ``created_at``.
_AT = DateTimeField()


def _stage_payloads(run_id: Any, after_seq: int, created_at: Any) -> list[dict[str, Any]]:
    try:
        events = run_events_after(run_id=run_id, after_seq=after_seq)
    except DatabaseError:
        # SQLite's shared-cache test database answers "table is locked" while the graph thread
        # writes; the next poll reads what this one missed.
        logger.debug("event poll of run %s skipped", run_id, exc_info=True)
        return []
    return [
        {
            "seq": ev.seq,
            "node": ev.node,
            "event": ev.event,
            "label": V.stage_label(ev.node, ev.event, ev.detail),  # the one label table (diagnosis.vocabulary)
            "elapsed_ms": event_elapsed_ms(ev, created_at),
            "at": _AT.to_representation(ev.at) if ev.at else None,
            "detail": ev.detail or {},
        }
        for ev in events
    ]


def _run_status(run_id: Any) -> str | None:
    try:
        return DiagnosisRun.objects.filter(pk=run_id).values_list("status", flat=True).get()
    except DatabaseError:
        return None


def start_execution(start: RunStart) -> Future[None] | None:
    """Start the run before the stream opens (inline: a worker thread; celery: the queue).

    Started here, not inside the event generator, so a client that disconnects before the first
    event still gets its run executed. A thread pool future is bound to no event loop: it works
    under ASGI and under WSGI (where Django drives the stream from a loop of its own).
    Returns the future of an inline run, ``None`` for a replay or a queued (celery) run.
    """
    if start.replayed:
        return None
    return diagnosis_run_submit(run=start.run, background=True)


async def event_stream(
    start: RunStart,
    execution: Future[None] | None,
    *,
    poll_s: float = POLL_S,
    keepalive_s: float = KEEPALIVE_S,
    wake_timeout_s: float = WAKE_TIMEOUT_S,
    absolute: UriBuilder = _relative,
) -> AsyncIterator[str]:
    """``absolute`` turns a path into the URL the client used (``request.build_absolute_uri``)."""
    run = start.run
    yield sse(
        "run",
        {"run_id": str(run.pk), "session_id": str(run.session_id), "status": run.status, "replayed": start.replayed},
    )
    last_seq = 0
    last_sent = time.monotonic()
    began = last_sent
    try:
        with ExitStack() as stack:
            # Inline: the run's thread is in this process and wakes the stream when it has stored
            # events or ended. Celery: the worker's wake-ups arrive over Redis while this process
            # is subscribed; else (an inline replay, Redis down) the stream polls.
            relay = progress_relay_listen() if execution is None else None
            watched = execution is not None or relay is not None
            woken = stack.enter_context(progress_watch(run.pk)) if watched else None
            if execution is not None:
                execution.add_done_callback(lambda _done: progress_notify(run.pk))
            while True:
                if woken is not None:
                    woken.clear()  # a wake-up from here on is for a write this read may not see
                # Check "finished" before reading events, so the last read sees every event.
                if execution is not None:
                    finished = execution.done()
                else:
                    finished = await sync_to_async(_run_status)(run.pk) in TERMINAL_STATUSES
                for payload in await sync_to_async(_stage_payloads)(run.pk, last_seq, run.created_at):
                    last_seq = payload["seq"]
                    last_sent = time.monotonic()
                    yield sse("stage", payload)
                if finished:
                    break
                now = time.monotonic()
                if execution is None and now - began > max_wait_s():
                    yield sse("error", {"code": "timeout", "message": MESSAGE_TIMEOUT})
                    yield sse("done", {"run_id": str(run.pk), "status": await sync_to_async(_run_status)(run.pk)})
                    return
                if now - last_sent >= keepalive_s:
                    last_sent = now
                    yield ": keep-alive\n\n"
                if woken is None or (relay is not None and not relay.connected()):
                    await asyncio.sleep(poll_s)
                    continue
                try:
                    await asyncio.wait_for(woken.wait(), timeout=min(wake_timeout_s, keepalive_s))
                except TimeoutError:
                    pass
        if execution is not None and execution.exception() is not None:
            yield sse("error", {"code": "internal_error", "message": MESSAGE_RUN_CRASHED})
        else:
            yield sse("answer", await sync_to_async(_run_payload)(run.pk, absolute))
        yield sse("done", {"run_id": str(run.pk), "status": await sync_to_async(_run_status)(run.pk)})
    except (asyncio.CancelledError, GeneratorExit):
        # The client went away. The run is not ours to stop: its worker thread completes it and
        # persists it; the caller can read it at /api/runs/{id}.
        logger.info("SSE client of run %s disconnected; the run continues", run.pk)
        raise


class StreamSchemaView(ApiPolicy, APIView):
    """Never serves requests: carries the hand-written OpenAPI description of ``chat_stream``.

    drf-spectacular documents only DRF views; the URL pattern of the async view points its
    ``cls`` at this class (see ``chat_stream.cls`` below), so the schema shows the SSE endpoint
    with its request body, auth, error responses and the ``text/event-stream`` response.
    """

    @extend_schema(
        operation_id="chat_stream",
        summary="提问并以 SSE 流式返回进度与回答",
        description=STREAM_DESCRIPTION,
        request=ChatRequestSerializer,
        parameters=[IDEMPOTENCY_PARAMETER],
        responses={
            (200, "text/event-stream"): OpenApiResponse(SSE_SCHEMA, description="SSE 事件流（见上表）"),
            **BODY_ERRORS,
            **IDEMPOTENCY_ERRORS,
        },
        examples=[
            OpenApiExample(
                "事件流",
                value=SSE_EXAMPLE,
                response_only=True,
                media_type="text/event-stream",
                status_codes=["200"],
            )
        ],
        tags=["chat"],
    )
    def post(self, request: Any) -> HttpResponse:  # pragma: no cover — never routed
        # Only the schema reads this class; requests reach the async ``chat_stream`` view.
        raise MethodNotAllowed("POST", detail="served by the async chat_stream view")


@csrf_exempt
async def chat_stream(request: HttpRequest) -> HttpResponse:
    start, error = await sync_to_async(_open_stream)(request)
    if error is not None:
        return error
    assert start is not None
    execution = await sync_to_async(start_execution)(start)
    stream = event_stream(start, execution, absolute=request.build_absolute_uri)
    response = StreamingHttpResponse(stream, content_type="text/event-stream; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: do not buffer the stream
    if start.replayed:
        response[REPLAYED_HEADER] = "true"
    return response


# Lets drf-spectacular's endpoint enumerator treat the async view as a documented DRF view.
chat_stream.cls = StreamSchemaView  # type: ignore[attr-defined]
chat_stream.initkwargs = {}  # type: ignore[attr-defined]
