"""A fake OpenAI-compatible chat-completions server for tests (stdlib only, 127.0.0.1).

A request with ``"stream": true`` gets Server-Sent Events like OpenAI's: a role chunk, the content
in pieces of ``chunk_size`` characters, tool calls as deltas (id and name first, then the
arguments in pieces), a finish chunk, a usage chunk when ``stream_options.include_usage`` asks
for it, then ``data: [DONE]``. ``chunk_delay_s`` trickles the events and ``stall_s`` sends only ``: ping`` comments first
(as sse-starlette does while llama.cpp reads a long prompt); a client that goes away
before the end is recorded (``RecordedRequest.stream_closed``, ``closed`` event) — the fake
behaves like vLLM/llama.cpp, which stop generating when the client disconnects. A ``raw_body``
is sent as one event verbatim (malformed-chunk tests); error statuses answer with a JSON body, and
so does ``ignore_stream`` (a gateway that ignores ``stream``: one whole ``chat.completion``).

Replies are scripted per role, keyed by the ``X-Prompt-Name`` header the provider sends: a FIFO
queue of :class:`Reply` specs (or callables that receive the :class:`RecordedRequest` and return
a ``Reply``, so a scripted executor can build its contract from the tool messages it was sent).
Every request is recorded — path, headers, parsed body, raw bytes, time — for assertions.

A role may also have a *standing* script (:meth:`FakeLLMServer.script_always`), answered whenever
its queue is empty — for load runs, where many conversations interleave and a FIFO cannot know
which one a request belongs to (the standing script decides from the request itself).

HTTP as a model server speaks it (uvicorn under vLLM, llama.cpp's server): HTTP/1.1 with
keep-alive, streams in chunked transfer encoding, ``TCP_NODELAY`` — so a client pays one TCP
connect per pooled connection, not one per call, and no small write waits for a delayed ACK.
``delay_s`` is a fixed latency counted from the request's arrival: reading and parsing the body,
the script and the encoding of the reply happen inside it, and the whole reply (every event of a
stream without ``chunk_delay_s``) leaves in one write at ``arrival + delay_s``, as from a model
that has finished generating. Each request records when its handling ended (``answered_at``), so
a benchmark can tell the fake's own time from the client's.

A request nobody scripted gets a 500 (with ``x-should-retry: false`` so the client does not
hammer it) and is recorded in ``unscripted``; the pytest fixture fails the test on teardown.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

CHAT_PATH = "/v1/chat/completions"
DEFAULT_USAGE = {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18}


@dataclass
class ToolCall:
    name: str
    arguments: str = "{}"
    id: str = ""


@dataclass
class Reply:
    """One scripted response. Defaults: 200, one choice, ``finish_reason`` stop (tool_calls when
    ``tool_calls`` is set), the default usage."""

    content: str | None = None
    tool_calls: list[ToolCall] = field(default_factory=list)
    finish_reason: str | None = None
    usage: dict[str, int] | None = field(default_factory=lambda: dict(DEFAULT_USAGE))
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0  # answer this long after the request arrived (fixed model latency; hang tests)
    raw_body: bytes | None = None  # sent verbatim (malformed JSON tests)
    empty_choices: bool = False
    error_message: str = "scripted error"
    chunk_size: int = 8  # streamed content / arguments: characters per delta
    chunk_delay_s: float = 0.0  # streamed: sleep between events (after the first)
    stall_s: float = 0.0  # streamed: after the headers, only SSE ": ping" comments for this long
    ping_every_s: float = 0.2
    ignore_stream: bool = False  # answer a streamed request with one plain chat.completion JSON body

    def finish(self) -> str:
        return self.finish_reason or ("tool_calls" if self.tool_calls else "stop")

    def stream_events(self, model: str, *, include_usage: bool) -> list[bytes]:
        """The SSE ``data`` payloads of this reply as a stream (without ``[DONE]``)."""
        if self.raw_body is not None:
            return [self.raw_body]
        base = {"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": int(time.time()), "model": model}

        def chunk(choices: list[dict[str, Any]], **extra: Any) -> bytes:
            return json.dumps({**base, "choices": choices, **extra}, ensure_ascii=False).encode()

        def delta(d: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
            return {"index": 0, "delta": d, "finish_reason": finish, "logprobs": None}

        events: list[bytes] = []
        if not self.empty_choices:
            events.append(chunk([delta({"role": "assistant", "content": "" if self.content is not None else None})]))
            text = self.content or ""
            for i in range(0, len(text), max(1, self.chunk_size)):
                events.append(chunk([delta({"content": text[i : i + self.chunk_size]})]))
            for index, tc in enumerate(self.tool_calls):
                head = {"index": index, "id": tc.id or f"call_{index}", "type": "function",
                        "function": {"name": tc.name, "arguments": ""}}
                events.append(chunk([delta({"tool_calls": [head]})]))
                for i in range(0, len(tc.arguments), max(1, self.chunk_size)):
                    piece = {"index": index, "function": {"arguments": tc.arguments[i : i + self.chunk_size]}}
                    events.append(chunk([delta({"tool_calls": [piece]})]))
            events.append(chunk([delta({}, self.finish())]))
        else:
            events.append(chunk([]))
        if include_usage and self.usage is not None:
            events.append(chunk([], usage=self.usage))
        return events

    def body(self, model: str) -> bytes:
        if self.raw_body is not None:
            return self.raw_body
        if self.status >= 400:
            return json.dumps({"error": {"message": self.error_message, "type": "server_error", "code": None}}).encode()
        choices: list[dict[str, Any]] = []
        if not self.empty_choices:
            message: dict[str, Any] = {"role": "assistant", "content": self.content}
            if self.tool_calls:
                message["tool_calls"] = [
                    {"id": tc.id or f"call_{i}", "type": "function", "function": {"name": tc.name, "arguments": tc.arguments}}
                    for i, tc in enumerate(self.tool_calls)
                ]
            choices = [{"index": 0, "message": message, "finish_reason": self.finish(), "logprobs": None}]
        payload: dict[str, Any] = {
            "id": "chatcmpl-fake",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": model,
            "choices": choices,
        }
        if self.usage is not None:
            payload["usage"] = self.usage
        return json.dumps(payload, ensure_ascii=False).encode()


@dataclass
class RecordedRequest:
    path: str
    headers: dict[str, str]  # lower-cased names
    body: Any  # parsed JSON (None when not JSON)
    raw: bytes
    at: float
    role: str
    arrived: float = 0.0  # time.monotonic() when the request line was read
    answered_at: float = 0.0  # time.monotonic() when the last byte of the reply was written
    reply_status: int = 0
    streamed: bool = False  # answered as an SSE stream
    stream_finished: bool = False  # every event and [DONE] were written
    stream_closed: bool = False  # the client went away before the end of the stream
    closed: threading.Event = field(default_factory=threading.Event, repr=False)  # set with stream_closed
    # Set when the server is done with a streamed reply (finished or closed): the client can read the
    # last byte before the server's thread records how the stream ended.
    ended: threading.Event = field(default_factory=threading.Event, repr=False)
    peer: tuple[str, int] = ("", 0)  # the client's address: one TCP connection, one peer

    @property
    def messages(self) -> list[dict[str, Any]]:
        return list((self.body or {}).get("messages", []))

    def user_message(self) -> str:
        return next(m["content"] for m in self.messages if m.get("role") == "user")

    def tool_messages(self) -> list[dict[str, Any]]:
        """The tool result messages, content parsed as JSON."""
        return [json.loads(m["content"]) for m in self.messages if m.get("role") == "tool"]


Script = Reply | Callable[[RecordedRequest], Reply]
_LAST_CHUNK = b"0\r\n\r\n"


def _chunk(data: bytes) -> bytes:
    """One frame of chunked transfer encoding."""
    return b"%x\r\n%s\r\n" % (len(data), data)


class FakeLLMServer:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._queues: dict[str, deque[Script]] = {}
        self._standing: dict[str, Script] = {}
        self._stop = threading.Event()
        self.requests: list[RecordedRequest] = []
        self.unscripted: list[str] = []
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._httpd.daemon_threads = True
        self._httpd.block_on_close = False
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, name="fake-llm", daemon=True
        )

    # --- lifecycle -------------------------------------------------------------------
    @property
    def port(self) -> int:
        return self._httpd.server_address[1]

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> FakeLLMServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()  # wakes hanging handlers
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    # --- scripting -------------------------------------------------------------------
    def script(self, role: str, *replies: Script) -> None:
        with self._lock:
            self._queues.setdefault(role, deque()).extend(replies)

    def script_always(self, role: str, reply: Script) -> None:
        """Answer every request of ``role`` with ``reply`` once its queue is empty."""
        with self._lock:
            self._standing[role] = reply

    def pending(self, role: str | None = None) -> int:
        with self._lock:
            if role is not None:
                return len(self._queues.get(role, ()))
            return sum(len(q) for q in self._queues.values())

    def requests_for(self, role: str) -> list[RecordedRequest]:
        return [r for r in self.requests if r.role == role]

    def roles(self) -> list[str]:
        return [r.role for r in self.requests]

    def _next(self, role: str) -> Script | None:
        with self._lock:
            queue = self._queues.get(role)
            return queue.popleft() if queue else self._standing.get(role)

    # --- HTTP ------------------------------------------------------------------------
    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive, as model servers speak it
            disable_nagle_algorithm = True  # TCP_NODELAY: no write waits for a delayed ACK
            wbufsize = 1 << 16  # buffered: the status line, headers and body leave in one write at flush()

            def parse_request(self) -> bool:
                self.arrived = time.monotonic()  # the request line was just read
                return super().parse_request()

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 — silence stderr
                pass

            def do_POST(self) -> None:  # noqa: N802
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                try:
                    body = json.loads(raw) if raw else None
                except ValueError:
                    body = None
                headers = {k.lower(): v for k, v in self.headers.items()}
                role = headers.get("x-prompt-name", "")
                record = RecordedRequest(path=self.path, headers=headers, body=body, raw=raw, at=time.time(), role=role,
                                         peer=tuple(self.client_address[:2]),
                                         arrived=self.arrived)
                with server._lock:
                    server.requests.append(record)
                if self.path != CHAT_PATH:
                    return self._unscripted(record, f"unexpected path {self.path}")
                script = server._next(role)
                if script is None:
                    return self._unscripted(record, f"no scripted reply left for X-Prompt-Name={role!r}")
                try:
                    reply = script(record) if callable(script) else script
                except Exception as exc:  # noqa: BLE001 — a broken script must fail the test, loudly
                    return self._unscripted(record, f"script for {role!r} raised {type(exc).__name__}: {exc}")
                model = (body or {}).get("model", "fake-model") if isinstance(body, dict) else "fake-model"
                streamed = (isinstance(body, dict) and bool(body.get("stream")) and reply.status < 400
                            and not reply.ignore_stream)
                if streamed:
                    include_usage = bool((body.get("stream_options") or {}).get("include_usage"))
                    events = reply.stream_events(model, include_usage=include_usage)
                else:
                    payload = reply.body(model)
                wait = self.arrived + reply.delay_s - time.monotonic()
                if reply.delay_s and server._stop.wait(max(0.0, wait)):
                    self.close_connection = True
                    return
                if streamed:
                    return self._stream(record, reply, events)
                self._send(record, reply.status, payload, reply.headers)

            def _stream(self, record: RecordedRequest, reply: Reply, events: list[bytes]) -> None:
                record.reply_status, record.streamed = 200, True
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.send_header("Transfer-Encoding", "chunked")
                for name, value in reply.headers.items():
                    if name.lower() != "content-type":
                        self.send_header(name, value)
                frames = [_chunk(b"data: " + event + b"\n\n") for event in [*events, b"[DONE]"]] + [_LAST_CHUNK]
                try:
                    self.end_headers()
                    if not reply.stall_s and not reply.chunk_delay_s:
                        self.wfile.writelines(frames)  # a finished generation: the whole stream at once
                        self.wfile.flush()
                    else:
                        self._trickle(reply, frames)
                    record.stream_finished = not self.close_connection
                    record.answered_at = time.monotonic()
                except (BrokenPipeError, ConnectionResetError):
                    # The client closed the connection mid-stream: a real server stops generating here.
                    self.close_connection = True
                    record.stream_closed = True
                    record.closed.set()
                finally:
                    record.ended.set()

            def _trickle(self, reply: Reply, frames: list[bytes]) -> None:
                stall_until = time.monotonic() + reply.stall_s
                while time.monotonic() < stall_until:  # "still thinking": keep-alive comments only
                    self.wfile.write(_chunk(b": ping\n\n"))
                    self.wfile.flush()
                    if server._stop.wait(reply.ping_every_s):
                        self.close_connection = True
                        return
                for n, frame in enumerate(frames):
                    if n and reply.chunk_delay_s and frame is not _LAST_CHUNK and server._stop.wait(reply.chunk_delay_s):
                        self.close_connection = True
                        return
                    self.wfile.write(frame)
                    self.wfile.flush()

            def _unscripted(self, record: RecordedRequest, message: str) -> None:
                with server._lock:
                    server.unscripted.append(message)
                payload = json.dumps({"error": {"message": f"fake LLM: {message}", "type": "unscripted"}}).encode()
                self._send(record, 500, payload, {"x-should-retry": "false"})

            def _send(self, record: RecordedRequest, status: int, payload: bytes, headers: dict[str, str]) -> None:
                record.reply_status = status
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", headers.get("Content-Type", "application/json"))
                    self.send_header("Content-Length", str(len(payload)))
                    for name, value in headers.items():
                        if name.lower() != "content-type":
                            self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(payload)
                    self.wfile.flush()
                    record.answered_at = time.monotonic()
                except (BrokenPipeError, ConnectionResetError):
                    self.close_connection = True  # the client gave up (timeout tests)

        return Handler
