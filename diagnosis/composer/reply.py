"""Parse a model Composer reply: ``{"answer": "…"}`` (DESIGN §7). Lenient about one surrounding
Markdown code fence; anything else that is not such an object, or a blank answer, is ``None``
(the composer node re-asks, then falls back to the template)."""

from __future__ import annotations

import json
import re
from typing import Final

MAX_ANSWER_CHARS: Final = 20_000
_FENCE: Final = re.compile(r"\A```[ \t]*(?:json)?[ \t]*\r?\n(.*?)\r?\n?[ \t]*```\Z", re.DOTALL | re.IGNORECASE)


def parse_composer_reply(text: str) -> str | None:
    if not isinstance(text, str):
        return None
    body = text.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1).strip()
    try:
        value = json.loads(body)
    except (ValueError, RecursionError):
        return None
    if not isinstance(value, dict):
        return None
    answer = value.get("answer")
    if not isinstance(answer, str) or not answer.strip() or len(answer) > MAX_ANSWER_CHARS:
        return None
    return answer.strip()
