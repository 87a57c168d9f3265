"""The field rules every imported element shares (pure: pydantic and the standard library): the one
timestamp rule (ISO 8601 with an offset, inside ``time_bounds``' range) and a text's size in UTF-8
bytes. The evidence bundle's models and the Kubernetes models (``contracts.k8s``) validate with
them, so a time or a message is accepted or refused the same way wherever it enters.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator
from pydantic_core import PydanticCustomError

from contracts.time_bounds import time_problem


def short_repr(value: Any, limit: int = 60) -> str:
    """``value``'s repr cut to ``limit`` characters: how a refused value is named in a message."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def json_kind(value: Any) -> str:
    """What JSON kind ``value`` is ("a string", "null" …), for a message."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def parse_timestamp(value: Any) -> dt.datetime:
    if isinstance(value, dt.datetime):
        parsed = value
    elif isinstance(value, str):
        try:
            parsed = dt.datetime.fromisoformat(value)
        except ValueError:
            raise PydanticCustomError(
                "timestamp_format",
                "not an ISO 8601 timestamp: {value} (expected e.g. 2026-11-28T10:05:12+08:00)",
                {"value": short_repr(value)},
            ) from None
    else:
        raise PydanticCustomError(
            "timestamp_kind", "expected an ISO 8601 timestamp string, got {kind}", {"kind": json_kind(value)}
        )
    if parsed.tzinfo is None or parsed.utcoffset() is None:
        raise PydanticCustomError(
            "timestamp_naive",
            "timestamp {value} has no UTC offset; write it with one, e.g. 2026-11-28T10:05:12+08:00",
            {"value": short_repr(value)},
        )
    problem = time_problem(parsed)  # 1970 .. 2200 UTC: the one bound of every accepted time
    if problem is not None:
        raise PydanticCustomError("timestamp_range", problem)
    return parsed


def max_bytes(limit: int) -> AfterValidator:
    """A text of at most ``limit`` bytes in UTF-8."""

    def check(value: str) -> str:
        size = len(value.encode("utf-8", "surrogatepass"))
        if size > limit:
            raise PydanticCustomError(
                "too_many_bytes", "is {size} bytes, over the {limit}-byte limit", {"size": size, "limit": limit}
            )
        return value

    return AfterValidator(check)


Timestamp = Annotated[dt.datetime, BeforeValidator(parse_timestamp)]
