"""Masking at the one door to the model provider (DESIGN §10.4, issue 14 item 1).

Every request of every role goes through ``ChatCaller.call``: its messages are masked here (the
question, tool results, the Verifier payload, the Composer material — whatever the role sends),
and the reply's text and tool-call arguments are unmasked before any agent parses them. So the
Gatekeeper, the Verifier arithmetic, tools and the user all see real values; the provider sees
``<TYPE_n>`` placeholders. Doing it at the door, not per role, is what makes "every path" true
for paths added later (the fallback, a new role) without anyone remembering to call it.
"""

from __future__ import annotations

from dataclasses import is_dataclass, replace
from typing import TYPE_CHECKING, Any

from diagnosis.masking.masker import Masker

if TYPE_CHECKING:
    from diagnosis.agents.openai.client import ChatReply


def mask_messages(messages: list[dict[str, Any]], masker: Masker | None) -> list[dict[str, Any]]:
    """A masked copy of the request messages (content and tool-call arguments; ids and roles
    are kept so the provider can pair tool results with their calls).

    The request is masked as one text, after it is built (issue 25 item 3): a value found in any
    message — the question's ``password=…`` — is replaced in every message, also where it stands
    alone (the ``asked`` terms the question was split into, the session context's earlier turns)."""
    if masker is None:
        return messages
    slots: list[tuple[int, str, int | None]] = []  # (message, "content" | "arguments", call index)
    texts: list[str] = []
    for index, message in enumerate(messages):
        if isinstance(message.get("content"), str):
            slots.append((index, "content", None))
            texts.append(message["content"])
        for position, call in enumerate(message.get("tool_calls") or []):
            function = call.get("function") if isinstance(call, dict) else None
            if isinstance(function, dict) and isinstance(function.get("arguments"), str):
                slots.append((index, "arguments", position))
                texts.append(function["arguments"])
    masked_texts = masker.mask_request(texts)
    masked = [dict(message) for message in messages]
    for (index, field, position), text in zip(slots, masked_texts, strict=True):
        if position is None:
            masked[index][field] = text
            continue
        calls = masked[index]["tool_calls"] = list(masked[index]["tool_calls"])
        call = dict(calls[position])
        call["function"] = {**call["function"], "arguments": text}
        calls[position] = call
    return masked


def unmask_reply(reply: ChatReply, masker: Masker | None) -> ChatReply:
    if masker is None:
        return reply
    return replace(
        reply, content=masker.unmask(reply.content), tool_calls=[_unmask_call(c, masker) for c in reply.tool_calls]
    )


def _unmask_call(call: Any, masker: Masker) -> Any:
    # Tool calls are the streaming module's frozen dataclasses (assembled from the deltas).
    function = getattr(call, "function", None)
    arguments = getattr(function, "arguments", None)
    if not isinstance(arguments, str) or not is_dataclass(call) or not is_dataclass(function):
        return call
    return replace(call, function=replace(function, arguments=masker.unmask(arguments)))
