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
    are kept so the provider can pair tool results with their calls)."""
    if masker is None:
        return messages
    masked: list[dict[str, Any]] = []
    for message in messages:
        copy = dict(message)
        if isinstance(copy.get("content"), str):
            copy["content"] = masker.mask(copy["content"])
        if isinstance(copy.get("tool_calls"), list):
            copy["tool_calls"] = [_mask_call(call, masker) for call in copy["tool_calls"]]
        masked.append(copy)
    return masked


def _mask_call(call: Any, masker: Masker) -> Any:
    if not isinstance(call, dict) or not isinstance(call.get("function"), dict):
        return call
    function = dict(call["function"])
    if isinstance(function.get("arguments"), str):
        function["arguments"] = masker.mask(function["arguments"])
    return {**call, "function": function}


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
