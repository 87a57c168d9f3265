"""Parse a Server-Sent Events body into (event, data) pairs; comment lines are counted apart."""

from __future__ import annotations

import json
from typing import Any


def parse_sse(text: str) -> tuple[list[tuple[str, Any]], int]:
    events: list[tuple[str, Any]] = []
    comments = 0
    for frame in text.replace("\r\n", "\n").split("\n\n"):
        if not frame.strip():
            continue
        name, data = "message", []
        for line in frame.split("\n"):
            if line.startswith(":"):
                comments += 1
            elif line.startswith("event:"):
                name = line[len("event:"):].strip()
            elif line.startswith("data:"):
                data.append(line[len("data:"):].strip())
        if data:
            events.append((name, json.loads("\n".join(data))))
    return events, comments
