"""Assembling a streamed chat completion (SSE chunks) into one whole reply.

Why stream at all: a server that aborts generation when its client disconnects (vLLM,
llama.cpp) stops spending tokens the moment we stop waiting — a timeout or a spent run budget
closes the stream. The reply is still assembled and parsed whole: the agents see exactly what a
non-streamed completion would have given them (content, tool calls, finish reason, usage).

Only the first choice (``index`` 0) is read. A chunk that is not a chat-completion chunk, or a
choice without a ``delta``, is :class:`MalformedChunk`; the run's deadline passing between two
chunks is :class:`DeadlineReached` (the caller closes the stream).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from openai.types.chat import ChatCompletionChunk
from openai.types.chat.chat_completion_chunk import ChoiceDelta


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


def assemble(chunks: Iterable[Any], *, seconds_left: Callable[[], float | None] = lambda: None) -> Assembled:
    """The whole reply of a stream of ``ChatCompletionChunk``; ``seconds_left`` is asked after
    every chunk (``None``: no deadline)."""
    out = Assembled()
    content: list[str] = []
    calls: dict[int, _ToolCallParts] = {}
    for chunk in chunks:
        if not isinstance(chunk, ChatCompletionChunk):
            raise MalformedChunk(f"stream event is not a chat.completion.chunk: {str(chunk)[:120]}")
        usage = getattr(chunk, "usage", None)
        if usage is not None:
            out.prompt_tokens = _int(getattr(usage, "prompt_tokens", 0))
            out.completion_tokens = _int(getattr(usage, "completion_tokens", 0))
            out.usage_reported = True
        choices = getattr(chunk, "choices", None)
        for choice in choices if isinstance(choices, list) else []:
            if _int(getattr(choice, "index", 0)) != 0:
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


def _add_choice(choice: Any, out: Assembled, content: list[str], calls: dict[int, _ToolCallParts]) -> None:
    finish = getattr(choice, "finish_reason", None)
    delta = getattr(choice, "delta", None)
    if delta is None:
        # A bare finish chunk is fine; a non-streamed ``message`` (or nothing) is not a chunk.
        if finish is None or getattr(choice, "message", None) is not None:
            raise MalformedChunk("stream choice without a delta")
    elif not isinstance(delta, ChoiceDelta):
        raise MalformedChunk("stream choice delta is not an object")
    out.saw_choice = True
    if finish:
        out.finish_reason = str(finish)
    if delta is None:
        return
    piece = getattr(delta, "content", None)
    if piece is not None:
        if isinstance(piece, str):
            content.append(piece)
        else:
            out.content_is_text = False
    tool_deltas = getattr(delta, "tool_calls", None) or []
    if piece or tool_deltas:
        out.delta_chunks += 1
    for position, call in enumerate(tool_deltas):
        index = getattr(call, "index", None)
        parts = calls.setdefault(index if isinstance(index, int) else position, _ToolCallParts())
        if getattr(call, "id", None):
            parts.id = str(call.id)
        function = getattr(call, "function", None)
        if function is not None:
            name = getattr(function, "name", None)
            if name:
                # Sent once by OpenAI/vLLM/llama.cpp; a server repeating it must not double it.
                parts.name = parts.name + str(name) if parts.name and str(name) != parts.name else str(name)
            arguments = getattr(function, "arguments", None)
            if arguments:
                parts.arguments.append(arguments if isinstance(arguments, str) else str(arguments))
