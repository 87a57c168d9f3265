"""The one JSON parser of every API view (``ApiPolicy.parser_classes``), strict about hostile bodies.

DRF's ``JSONParser`` answers some hostile bodies with a 500 or in English (issue 9): a body nested
~1,000 levels deep raises ``RecursionError``; a lone surrogate escape (``"\\ud800"``) in a *key*
parses, reaches an error message, and the renderer then fails to encode it; a ``null`` body gets
DRF's English "No data provided". This parser refuses each of them, before any view code runs,
with a Chinese 400 in the API's error shape:

==================  =====================================================================
code                refused body
==================  =====================================================================
invalid_utf8        bytes that are not UTF-8 (JSON is UTF-8, RFC 8259 §8.1; no other charset)
json_too_deep       arrays/objects nested deeper than ``MAX_JSON_DEPTH`` (the body object is
                    level 1), measured before parsing (``json_depth``)
malformed_json      not JSON: syntax errors, ``NaN``/``Infinity``, a BOM, trailing data,
                    integers longer than Python's 4,300-digit conversion limit
not_an_object       valid JSON whose top level is not an object (``null``, arrays, scalars)
invalid_unicode     a lone UTF-16 surrogate escape anywhere — key or value, at any depth
==================  =====================================================================

A body larger than ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (Django's setting, 2.5 MB by default) is
``RequestDataTooBig`` → 413 ``request_too_large``; the parser reads at most one byte past the limit.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from rest_framework.parsers import JSONParser

from diagnosis.api.errors import MESSAGE_MALFORMED, ApiError
from diagnosis.api.json_depth import json_nesting_depth

# Every request body of this API is a flat object ({question, session_id}, {title, content,
# source}); 64 levels leave clients room for any future shape and keep ``json`` far below
# Python's recursion limit (~1,000 frames) whatever the call stack above it.
MAX_JSON_DEPTH = 64

MESSAGE_INVALID_UTF8 = "请求体不是合法的 UTF-8 编码。"
MESSAGE_JSON_TOO_DEEP = "请求体 JSON 嵌套过深：最多 {limit} 层。"
MESSAGE_NOT_OBJECT = "请求体必须是一个 JSON 对象。"
MESSAGE_LONE_SURROGATE = "请求体包含无效的 Unicode 字符（孤立的代理项）。"


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _read_bounded(stream: Any) -> bytes:
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    if limit is None:
        return stream.read()
    raw = stream.read(limit + 1)
    if len(raw) > limit:
        raise RequestDataTooBig("Request body exceeded settings.DATA_UPLOAD_MAX_MEMORY_SIZE.")
    return raw


def json_body_parse(raw: bytes) -> dict[str, Any]:
    """The JSON object in ``raw``, or an ``ApiError`` (400) naming what is wrong with it."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ApiError(MESSAGE_INVALID_UTF8, code="invalid_utf8") from None
    too_deep = ApiError(MESSAGE_JSON_TOO_DEEP.format(limit=MAX_JSON_DEPTH), code="json_too_deep")
    if json_nesting_depth(text, stop_above=MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
        raise too_deep
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except RecursionError:  # not reachable below the depth limit; kept so it can never be a 500
        raise too_deep from None
    except ValueError:
        raise ApiError(MESSAGE_MALFORMED, code="malformed_json") from None
    if not isinstance(data, dict):
        raise ApiError(MESSAGE_NOT_OBJECT, code="not_an_object")
    try:
        # Strictly decoded UTF-8 holds no surrogates, so any here came from a \\uXXXX escape;
        # a valid pair was already joined into one character by ``json``.
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise ApiError(MESSAGE_LONE_SURROGATE, code="invalid_unicode") from None
    return data


class StrictJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> dict[str, Any]:
        return json_body_parse(_read_bounded(stream))
