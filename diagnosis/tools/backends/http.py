"""The small HTTP client the external evidence backends (Loki, Prometheus) share.

Standard library only (``urllib``): one GET per call, a JSON body back. Every call is bounded —
a socket timeout per operation *and* an overall deadline checked while reading, and at most
``MAX_RESPONSE_BYTES`` of body — because a tool call must end (the tool layer abandons the worker
thread at ``TOOL_TIMEOUT_S``, and the thread should not outlive it by much).

Credentials: a base URL may carry basic-auth userinfo (``http://user:pass@loki:3100``). It is
moved into an ``Authorization`` header, and every message this module produces names the URL
*without* it (and scrubs the password should a server echo it back). Redirects are not followed:
urllib would forward the Authorization header to wherever a 3xx points.

Errors raise ``BackendHTTPError`` (a ``ToolError``): the tool layer stores its message on the
failed invocation, so it says what went wrong in one line — HTTP status and the server's own
``error`` text, a timeout, a body that is not JSON — and nothing else.
"""

from __future__ import annotations

import base64
import http.client
import json
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ImproperlyConfigured

from diagnosis.tools.base import ToolError

MAX_RESPONSE_BYTES = 5 * 1024 * 1024
MAX_ERROR_DETAIL_CHARS = 300
_CHUNK = 64 * 1024
USER_AGENT = "superbiz-diagnosis/evidence-backend"


class BackendHTTPError(ToolError):
    """An external evidence backend could not answer (the message is safe to show and store)."""


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None  # the 3xx surfaces as an HTTPError


_OPENER = urllib.request.build_opener(_NoRedirect())


@dataclass(frozen=True)
class Endpoint:
    """A backend's base URL split into what is sent (``base``, ``authorization``) and what may be
    shown (``display``: scheme://host[:port][/prefix], never the userinfo)."""

    label: str  # "Loki", "Prometheus": how messages name the backend
    base: str
    display: str
    authorization: str = field(default="", repr=False)
    secret: str = field(default="", repr=False)  # the password, to scrub from anything echoed back

    @classmethod
    def from_url(cls, url: str, *, label: str, setting: str) -> Endpoint:
        invalid = ImproperlyConfigured(f"{setting} 必须是 http:// 或 https:// URL (got {_redact(url)!r})")
        try:
            parts = urllib.parse.urlsplit(url.strip())
            port = parts.port
        except ValueError:  # a bad port or bracketed host
            raise invalid from None
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise invalid
        netloc = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
        if port is not None:
            netloc += f":{port}"
        path = parts.path.rstrip("/")
        base = urllib.parse.urlunsplit((parts.scheme, netloc, path, "", ""))
        authorization = secret = ""
        if parts.username is not None:
            user = urllib.parse.unquote(parts.username)
            secret = urllib.parse.unquote(parts.password or "")
            token = base64.b64encode(f"{user}:{secret}".encode()).decode("ascii")
            authorization = f"Basic {token}"
        return cls(label=label, base=base, display=base, authorization=authorization, secret=secret)

    def scrub(self, text: str) -> str:
        if self.secret:
            text = text.replace(self.secret, "***")
        return text

    def fail(self, detail: str) -> BackendHTTPError:
        return BackendHTTPError(self.scrub(f"{self.label} ({self.display}) {detail}"))

    def get_json(
        self, path: str, params: dict[str, Any], *, timeout: float, max_bytes: int | None = None
    ) -> Any:
        """GET ``base + path`` with ``params``; the decoded JSON body (a 2xx response), or
        ``BackendHTTPError``. A non-2xx response's body is read for the server's ``error``.
        ``max_bytes`` defaults to ``MAX_RESPONSE_BYTES``."""
        if max_bytes is None:
            max_bytes = MAX_RESPONSE_BYTES
        url = f"{self.base}{path}?{urllib.parse.urlencode(params)}"
        headers = {"Accept": "application/json", "User-Agent": USER_AGENT}
        if self.authorization:
            headers["Authorization"] = self.authorization
        request = urllib.request.Request(url, headers=headers, method="GET")
        deadline = time.monotonic() + timeout
        try:
            with _OPENER.open(request, timeout=timeout) as response:
                body = _read_bounded(response, deadline=deadline, max_bytes=max_bytes)
        except urllib.error.HTTPError as exc:
            try:
                body = _read_bounded(exc, deadline=deadline, max_bytes=64 * 1024)
            except (_TooLarge, _Timeout, OSError):
                body = b""
            finally:
                exc.close()
            raise self.fail(f"HTTP {exc.code}: {error_detail(body) or exc.reason}") from None
        except _TooLarge:
            raise self.fail(f"响应超过 {_size(max_bytes)} 上限 (response too large)") from None
        except _Timeout:
            raise self.fail(f"请求超时 (timed out after {timeout:g}s)") from None
        except TimeoutError:
            raise self.fail(f"请求超时 (timed out after {timeout:g}s)") from None
        except urllib.error.URLError as exc:
            reason = exc.reason
            if isinstance(reason, TimeoutError):
                raise self.fail(f"请求超时 (timed out after {timeout:g}s)") from None
            raise self.fail(f"无法连接 (unreachable): {reason}") from None
        except (OSError, ValueError, http.client.HTTPException) as exc:  # reset, bad status line, …
            raise self.fail(f"请求失败 (request failed): {type(exc).__name__}: {exc}") from None
        try:
            return json.loads(body)
        except (ValueError, RecursionError):
            raise self.fail(f"返回的不是合法 JSON (malformed JSON response): {_snippet(body)!r}") from None


class _TooLarge(Exception):
    pass


class _Timeout(Exception):
    pass


def _read_bounded(response: Any, *, deadline: float, max_bytes: int) -> bytes:
    """At most ``max_bytes`` of body, reading until ``deadline`` (a slow drip cannot extend it)."""
    chunks: list[bytes] = []
    size = 0
    while True:
        if time.monotonic() > deadline:
            raise _Timeout
        chunk = response.read(_CHUNK)
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > max_bytes:
            raise _TooLarge
        chunks.append(chunk)


def _size(n: int) -> str:
    return f"{n / (1024 * 1024):g} MB" if n >= 1024 * 1024 else f"{n} bytes"


def _snippet(body: bytes, limit: int = 80) -> str:
    return body[:limit].decode("utf-8", errors="replace")


def error_detail(body: bytes) -> str:
    """The server's own explanation: a JSON ``error``/``message`` field (Prometheus, newer Loki),
    or the plain-text body (Loki's usual error format), on one line and bounded."""
    text = body.decode("utf-8", errors="replace").strip()
    try:
        decoded = json.loads(text)
    except ValueError:
        decoded = None
    if isinstance(decoded, dict):
        for key in ("error", "message"):
            if isinstance(decoded.get(key), str) and decoded[key].strip():
                text = decoded[key]
                if isinstance(decoded.get("errorType"), str) and decoded["errorType"]:
                    text = f"{decoded['errorType']}: {text}"
                break
    text = " ".join(text.split())
    if len(text) > MAX_ERROR_DETAIL_CHARS:
        text = text[: MAX_ERROR_DETAIL_CHARS - 1] + "…"
    return text


# --- Shared response and configuration helpers ------------------------------------------------------
LABEL_NAME = re.compile(r"^[a-zA-Z_][a-zA-Z0-9_]*$")


def label_name(value: str, *, setting: str) -> str:
    """``value`` if it is a valid Loki/Prometheus label name; ImproperlyConfigured naming ``setting``."""
    if not isinstance(value, str) or not LABEL_NAME.match(value):
        raise ImproperlyConfigured(f"{setting} 必须是合法的标签名 (a label name like service), got {value!r}")
    return value


def success_data(endpoint: Endpoint, payload: Any) -> dict[str, Any]:
    """The ``data`` of a Prometheus-style envelope (Loki uses the same one); a clear error when
    ``status`` is not ``success`` — the server's ``errorType: error`` — or the shape is wrong."""
    if not isinstance(payload, dict):
        raise endpoint.fail("返回的不是 JSON 对象 (response is not a JSON object)")
    if payload.get("status") != "success":
        detail = payload.get("error") or payload.get("message") or f"status {payload.get('status')!r}"
        if payload.get("errorType"):
            detail = f"{payload['errorType']}: {detail}"
        raise endpoint.fail(f"查询失败 (query failed): {detail}")
    data = payload.get("data")
    if not isinstance(data, dict):
        raise endpoint.fail("返回缺少 data (response has no data)")
    return data


def str_dict(value: Any) -> dict[str, str]:
    """A label set as ``{str: str}`` (anything else → empty)."""
    if not isinstance(value, dict):
        return {}
    return {str(k): str(v) for k, v in value.items() if v is not None}


def _redact(url: str) -> str:
    """``url`` without userinfo (for messages about a URL that could not be parsed)."""
    try:
        parts = urllib.parse.urlsplit(url)
    except ValueError:
        return "<invalid URL>"
    netloc = parts.netloc.rsplit("@", 1)[-1]
    return urllib.parse.urlunsplit((parts.scheme, netloc, parts.path, "", ""))


# --- Query-language literals ----------------------------------------------------------------------
# LogQL and PromQL read double-quoted strings with Go's escape rules (strconv.Unquote) and
# regular expressions with RE2 syntax. Values from tool arguments only ever reach a query through
# these two functions, so an argument cannot end a string literal or a regex early.
_RE2_META = set("\\.+*?()|[]{}^$")


def quote_meta(text: str) -> str:
    """``text`` as an RE2 regex matching it literally (Go's regexp.QuoteMeta)."""
    return "".join(f"\\{ch}" if ch in _RE2_META else ch for ch in text)


def quote_string(text: str) -> str:
    """``text`` as a double-quoted LogQL/PromQL string literal (Go escape rules).

    Backslash and double quote are escaped; control characters become ``\\uXXXX``; lone
    surrogates (which no Go string can hold) become U+FFFD. The result is also valid JSON.
    """
    out = ['"']
    for ch in text:
        code = ord(ch)
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append("\\t")
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\u{code:04x}")
        elif 0xD800 <= code <= 0xDFFF:
            out.append("\ufffd")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def any_of_regex(values: list[str] | tuple[str, ...], *, case_insensitive: bool = True) -> str:
    """An RE2 regex matching exactly one of ``values`` (anchored by LogQL/PromQL themselves)."""
    body = "|".join(quote_meta(v) for v in values)
    return f"(?i)(?:{body})" if case_insensitive else f"(?:{body})"
