"""Small, lenient reading of a model's JSON reply (one surrounding code fence is tolerated)."""

from __future__ import annotations

import json
import re
from typing import Any

_FENCE = re.compile(r"^```[A-Za-z0-9_-]*\s*\n?(?P<body>.*?)\n?```$", re.DOTALL)


def strip_one_fence(text: str) -> str:
    """``text`` without one surrounding Markdown code fence (```json … ```), trimmed."""
    stripped = text.strip()
    match = _FENCE.match(stripped)
    return match.group("body").strip() if match else stripped


def json_object(text: str) -> dict[str, Any]:
    """The JSON object in ``text`` (after removing one fence); ValueError when it is not one."""
    value = json.loads(strip_one_fence(text))
    if not isinstance(value, dict):
        raise ValueError("reply is JSON but not an object")
    return value


def dumps(value: Any) -> str:
    """Compact JSON with Chinese kept readable (what every user message the provider builds uses)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
