"""Assembling a streamed chat completion (SSE chunks) into one whole reply.

Why stream at all: a server that aborts generation when its client disconnects (vLLM,
llama.cpp) stops spending tokens the moment we stop waiting — a timeout or a spent run budget
closes the stream. The reply is still assembled and parsed whole: the agents see exactly what a
non-streamed completion would have given them (content, tool calls, finish reason, usage).

Only the first choice (``index`` 0) is read. A chunk that is not a chat-completion chunk, or a
choice without a ``delta``, is :class:`MalformedChunk`; the run's deadline passing between two
chunks is :class:`DeadlineReached` (the caller closes the stream).

The events are decoded here (:func:`sse_events`: ``data:`` lines, comments skipped, ``[DONE]``
ends) and each one is read as plain JSON — not through the ``openai`` client's per-chunk model
construction, which costs ~0.9 ms of pure Python per chunk on the 2-core benchmark machine
(benchmark P1: ~35 ms per call for a 1 KB reply in 8-character deltas; a real server sends one
token per chunk, so a 500-character Chinese answer would cost ~0.4 s of CPU). An ``error`` object
in the stream is the ``openai.APIError`` the client itself would raise; transport errors while
reading are the client's ``APITimeoutError`` / ``APIConnectionError``.

Some gateways ignore ``stream`` and answer with one plain ``chat.completion`` JSON body
(Content-Type ``application/json``): that whole reply is read as the one chunk it amounts to, so
it is a normal completion rather than a stream without choices (``llm_empty_choices``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Final

import httpx2
import openai

DONE = "[DONE]"
STREAM_ERROR_MESSAGE = "An error occurred during streaming"  # the openai client's wording


class MalformedChunk(ValueError):
    """A streamed event that is not a chat-completion chunk."""


class DeadlineReached(Exception):
    """The run's time budget ran out while the reply was still streaming."""


@dataclass(frozen=True)
class StreamedFunction:
    name: str
    arguments: str


@dataclass(frozen=True)
class StreamedToolCall:
    """The shape the executor reads (``id``, ``function.name``, ``function.arguments``)."""

    id: str
    function: StreamedFunction
    type: str = "function"


@dataclass
class Assembled:
    content: str = ""
    finish_reason: str = ""
    tool_calls: list[StreamedToolCall] = field(default_factory=list)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    usage_reported: bool = False
    delta_chunks: int = 0  # chunks that carried content or tool-call text (≈ tokens on llama.cpp)
    saw_choice: bool = False
    content_is_text: bool = True


@dataclass
class _ToolCallParts:
    id: str = ""
    name: str = ""
    arguments: list[str] = field(default_factory=list)


def _int(value: Any) -> int:
    try:
        return int(value or 0)
    except (TypeError, ValueError):
        return 0


#: Lines read past ``[DONE]`` to finish the response body (normally none or one).
DRAIN_AFTER_DONE_LINES: Final = 8


def sse_events(lines: Iterable[str]) -> Iterator[str]:
    """The ``data`` of each Server-Sent Event in ``lines`` (multi-line data joined by newlines),
    up to ``[DONE]``; comments (``: ping``) and other fields are skipped."""
    data: list[str] = []
    for line in lines:
        if not line:
            if data:
                event = "\n".join(data)
                data = []
                if event.startswith(DONE):
                    return
                yield event
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(":")
        if name == "data":
            data.append(value[1:] if value.startswith(" ") else value)
    if data and not data[0].startswith(DONE):
        yield "\n".join(data)


def stream_chunks(response: httpx2.Response) -> Iterator[Any]:
    """The JSON of each event of a streamed chat completion, as the client's ``Stream`` would
    see it: a non-JSON event is a ``ValueError``, an ``{"error": …}`` event an ``openai.APIError``,
    a timeout or a broken connection while reading the client's own exception."""
    try:
        if _is_plain_json(response):
            yield _error_or(json.loads(response.read()), response)
            return
        lines = response.iter_lines()
        for event in sse_events(lines):
            yield _error_or(json.loads(event), response)
        # After [DONE] only the end of the chunked body is left: read it, so the connection goes
        # back to the pool (closing a half-read response drops it: a new TCP connection per
        # call). A server that keeps talking after [DONE] is cut off after a few lines.
        for _ in zip(range(DRAIN_AFTER_DONE_LINES), lines, strict=False):
            pass
    except httpx2.TimeoutException as err:
        raise openai.APITimeoutError(request=response.request) from err
    except httpx2.RequestError as err:
        raise openai.APIConnectionError(request=response.request) from err


def _is_plain_json(response: httpx2.Response) -> bool:
    """Whether the server answered the streamed request with one JSON body instead of events
    (gateways that ignore ``stream``)."""
    return response.headers.get("content-type", "").split(";")[0].strip().lower() == "application/json"


def _error_or(value: Any, response: httpx2.Response) -> Any:
    """``value`` (an event's or the body's JSON), unless it is an ``{"error": …}`` object: that
    is the ``openai.APIError`` the client itself would raise. A whole ``chat.completion`` is
    returned as the one chunk it amounts to (see :func:`completion_as_chunk`)."""
    if isinstance(value, dict) and value.get("error"):
        error = value["error"]
        message = error.get("message") if isinstance(error, dict) else None
        raise openai.APIError(
            message=message if message and isinstance(message, str) else STREAM_ERROR_MESSAGE,
            request=response.request,
            body=error,
        )
    if isinstance(value, dict) and value.get("object") == "chat.completion":
        return completion_as_chunk(value)
    return value


def completion_as_chunk(completion: dict[str, Any]) -> dict[str, Any]:
    """A non-streamed ``chat.completion`` as the one chunk that carries all of it: each choice's
    ``message`` becomes its ``delta`` (a choice without one stays as it is and is refused as
    malformed by :func:`assemble`)."""
    choices = completion.get("choices")
    as_deltas = [
        {**{k: v for k, v in choice.items() if k != "message"}, "delta": choice["message"]}
        if isinstance(choice, dict) and isinstance(choice.get("message"), dict) else choice
        for choice in (choices if isinstance(choices, list) else [])
    ]
    return {**completion, "object": "chat.completion.chunk", "choices": as_deltas}


def assemble(chunks: Iterable[Any], *, seconds_left: Callable[[], float | None] = lambda: None) -> Assembled:
    """The whole reply of a stream of chat-completion chunks (decoded JSON, see
    :func:`stream_chunks`); ``seconds_left`` is asked after every chunk (``None``: no deadline)."""
    out = Assembled()
    content: list[str] = []
    calls: dict[int, _ToolCallParts] = {}
    for chunk in chunks:
        if not isinstance(chunk, dict):
            raise MalformedChunk(f"stream event is not a chat.completion.chunk: {str(chunk)[:120]}")
        usage = chunk.get("usage")
        if isinstance(usage, dict):
            out.prompt_tokens = _int(usage.get("prompt_tokens", 0))
            out.completion_tokens = _int(usage.get("completion_tokens", 0))
            out.usage_reported = True
        choices = chunk.get("choices")
        for choice in choices if isinstance(choices, list) else []:
            if not isinstance(choice, dict):
                raise MalformedChunk("stream choice is not an object")
            if _int(choice.get("index", 0)) != 0:
                continue
            _add_choice(choice, out, content, calls)
        left = seconds_left()
        if left is not None and left <= 0:
            raise DeadlineReached()
    out.content = "".join(content)
    out.tool_calls = [
        StreamedToolCall(id=parts.id, function=StreamedFunction(name=parts.name, arguments="".join(parts.arguments)))
        for _, parts in sorted(calls.items())
    ]
    return out


def _add_choice(choice: dict[str, Any], out: Assembled, content: list[str], calls: dict[int, _ToolCallParts]) -> None:
    finish = choice.get("finish_reason")
    delta = choice.get("delta")
    if delta is None:
        # A bare finish chunk is fine; a non-streamed ``message`` (or nothing) is not a chunk.
        if finish is None or choice.get("message") is not None:
            raise MalformedChunk("stream choice without a delta")
    elif not isinstance(delta, dict):
        raise MalformedChunk("stream choice delta is not an object")
    out.saw_choice = True
    if finish:
        out.finish_reason = str(finish)
    if delta is None:
        return
    piece = delta.get("content")
    if piece is not None:
        if isinstance(piece, str):
            content.append(piece)
        else:
            out.content_is_text = False
    tool_deltas = delta.get("tool_calls") or []
    if not isinstance(tool_deltas, list):
        raise MalformedChunk("stream tool_calls delta is not a list")
    if piece or tool_deltas:
        out.delta_chunks += 1
    for position, call in enumerate(tool_deltas):
        if not isinstance(call, dict):
            raise MalformedChunk("stream tool call delta is not an object")
        index = call.get("index")
        parts = calls.setdefault(index if isinstance(index, int) else position, _ToolCallParts())
        if call.get("id"):
            parts.id = str(call["id"])
        function = call.get("function")
        if isinstance(function, dict):
            name = function.get("name")
            if name:
                # Sent once by OpenAI/vLLM/llama.cpp; a server repeating it must not double it.
                parts.name = parts.name + str(name) if parts.name and str(name) != parts.name else str(name)
            arguments = function.get("arguments")
            if arguments:
                parts.arguments.append(arguments if isinstance(arguments, str) else str(arguments))
