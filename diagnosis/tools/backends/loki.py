"""``LOGS_BACKEND=loki``: query_logs over Grafana Loki's HTTP API (``LOKI_URL``).

One ``query_range`` call (``direction=backward``) per search, its LogQL built from the query:

    {service=~"(?i)(?:payment-service|支付服务)"} |~ "(?i)HikariPool" | level=~"(?i)(?:ERROR|FATAL|ERR|CRITICAL)"

- **Service**: a regex matcher on the ``LOKI_SERVICE_LABEL`` stream label (default ``service``)
  over every name of the service (canonical name and aliases, resolved by the tool), matched
  case-insensitively like the builtin backend. No service → ``{service=~".+"}`` (every stream
  that has the label; LogQL needs one matcher that does not match the empty string).
- **Keywords**: one case-insensitive line filter ``|~ "(?i)<literal>"`` per keyword (the tool's
  keywords are case-insensitive substrings; Loki turns this form into a case-insensitive
  contains); the ``any_keywords`` (at least one must occur) are one ``|~ "(?i)(?:a|b)"`` filter.
  Line filters come before the label filter because they are cheaper.
- **Level**: a *label filter* on ``LOKI_LEVEL_LABEL`` (default ``level``) — it sees stream
  labels and structured metadata, so it works when the level is indexed or attached as
  metadata; on Loki 3 ``LOKI_LEVEL_LABEL=detected_level`` uses Loki's own detection. A level
  that exists only inside the line text (unparsed JSON/logfmt) is not seen: a line filter on
  "ERROR" would match messages that merely mention errors, which is worse evidence.

Every value from the arguments reaches the query only as an RE2-quoted literal inside a
Go-escaped string (``http.quote_meta`` / ``http.quote_string``): an argument cannot close the
string, add a pipeline stage or change the selector.

**Total**: the records call asks for ``limit + 1`` lines; when more than ``limit`` exist, a
second, metric query (``sum(count_over_time(<same LogQL>[window]))``) counts them, so
``total``/``truncated`` mean what they mean with the builtin backend. Should that count fail,
``total`` is ``limit + 1`` — a lower bound ("more than limit"), never an undercount.
"""

from __future__ import annotations

import logging
import math
import re
from datetime import UTC, datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from diagnosis.tools.backends import LogEntry, LogQuery, LogResult
from diagnosis.tools.backends.http import (
    BackendHTTPError,
    Endpoint,
    any_of_regex,
    label_name,
    quote_meta,
    quote_string,
    str_dict,
    success_data,
)

logger = logging.getLogger(__name__)

QUERY_RANGE_PATH = "/loki/api/v1/query_range"
QUERY_PATH = "/loki/api/v1/query"
UNKNOWN_LEVEL = "UNKNOWN"

# Where a record's fields come from when the configured labels are absent, in order.
SERVICE_FALLBACK_LABELS = ("service_name", "app", "job")
LEVEL_FALLBACK_LABELS = ("detected_level", "level", "severity")
INSTANCE_LABELS = ("instance", "pod", "host", "hostname")
TRACE_LABELS = ("trace_id", "traceID", "traceId", "traceid")
_LINE_LEVEL = re.compile(
    r"""(?:\blevel["']?\s*[=:]\s*["']?(?P<kv>[A-Za-z]+))|\b(?P<word>TRACE|DEBUG|INFO|WARN|WARNING|ERROR|ERR|FATAL|CRITICAL)\b"""
)

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def to_ns(moment: datetime) -> int:
    """Nanoseconds since the epoch, exactly (no float rounding)."""
    return (moment - _EPOCH) // timedelta(microseconds=1) * 1000


def from_ns(ns: int) -> datetime:
    return _EPOCH + timedelta(microseconds=ns // 1000)


class LokiLogsBackend:
    name = "loki"

    def __init__(self, *, url: str, service_label: str = "service", level_label: str = "level") -> None:
        self.endpoint = Endpoint.from_url(url, label="Loki", setting="LOKI_URL")
        self.service_label = label_name(service_label, setting="LOKI_SERVICE_LABEL")
        self.level_label = label_name(level_label, setting="LOKI_LEVEL_LABEL")

    @classmethod
    def from_settings(cls) -> LokiLogsBackend:
        url = getattr(settings, "LOKI_URL", "")
        if not url:
            raise ImproperlyConfigured("LOGS_BACKEND=loki 需要设置环境变量 LOKI_URL")
        return cls(
            url=url,
            service_label=getattr(settings, "LOKI_SERVICE_LABEL", "service"),
            level_label=getattr(settings, "LOKI_LEVEL_LABEL", "level"),
        )

    # --- LogQL ------------------------------------------------------------------------------------
    def logql(self, query: LogQuery) -> str:
        services = [s for s in query.services if s]
        matcher = quote_string(any_of_regex(services)) if services else quote_string(".+")
        instance = f", {INSTANCE_LABELS[0]}=~{quote_string('(?i)' + quote_meta(query.instance))}" if query.instance else ""
        parts = [f"{{{self.service_label}=~{matcher}{instance}}}"]
        for keyword in query.keywords:
            if keyword:
                parts.append(f"|~ {quote_string('(?i)' + quote_meta(keyword))}")
        if any(query.any_keywords):
            parts.append(f"|~ {quote_string(any_of_regex([k for k in query.any_keywords if k]))}")
        levels = [lvl for lvl in query.levels if lvl]
        if levels:
            parts.append(f"| {self.level_label}=~{quote_string(any_of_regex(levels))}")
        return " ".join(parts)

    # --- Search -----------------------------------------------------------------------------------
    def search_logs(self, query: LogQuery) -> LogResult:
        logql = self.logql(query)
        start_ns = to_ns(query.start)
        end_ns = to_ns(query.end) + 1  # the builtin window includes its end; Loki's end is exclusive
        timeout = float(settings.TOOL_TIMEOUT_S)
        payload = self.endpoint.get_json(
            QUERY_RANGE_PATH,
            {
                "query": logql,
                "start": start_ns,
                "end": end_ns,
                "limit": query.limit + 1,
                "direction": "backward",
            },
            timeout=timeout,
        )
        entries = self._entries(payload)
        entries.sort(key=lambda e: e[0], reverse=True)
        records = [self._record(ts, labels, line) for ts, labels, line in entries[: query.limit]]
        total = len(entries)
        if len(entries) > query.limit:
            total = max(self._count(logql, start_ns, end_ns, timeout=timeout) or 0, len(entries))
        return LogResult(records=records, total=total)

    def _count(self, logql: str, start_ns: int, end_ns: int, *, timeout: float) -> int | None:
        """How many lines match in the window (a metric query), or None when Loki cannot say."""
        range_ms = max(1, math.ceil((end_ns - start_ns) / 1_000_000))
        try:
            count_query = f"sum(count_over_time({logql} [{range_ms}ms]))"
            payload = self.endpoint.get_json(
                QUERY_PATH, {"query": count_query, "time": end_ns}, timeout=timeout
            )
            data = success_data(self.endpoint, payload)
            result = data.get("result")
            if not isinstance(result, list) or not result:
                return None
            return int(float(result[0]["value"][1]))
        except (BackendHTTPError, KeyError, IndexError, TypeError, ValueError) as exc:
            # The records are fine; only the count is missing: report "more than limit" instead.
            logger.warning("Loki count query failed, total is a lower bound: %s", exc)
            return None

    def _entries(self, payload: Any) -> list[tuple[int, dict[str, str], str]]:
        data = success_data(self.endpoint, payload)
        if data.get("resultType") != "streams" or not isinstance(data.get("result"), list):
            raise self.endpoint.fail(
                f"返回了意外的结果类型 (unexpected resultType {data.get('resultType')!r})"
            )
        entries: list[tuple[int, dict[str, str], str]] = []
        for stream in data["result"]:
            if not isinstance(stream, dict) or not isinstance(stream.get("values"), list):
                raise self.endpoint.fail("返回了格式错误的 stream (malformed stream in response)")
            labels = str_dict(stream.get("stream"))
            for value in stream["values"]:
                if not isinstance(value, list) or len(value) < 2 or not isinstance(value[1], str):
                    raise self.endpoint.fail("返回了格式错误的日志条目 (malformed log entry in response)")
                try:
                    ts = int(value[0])
                except (TypeError, ValueError):
                    raise self.endpoint.fail(f"返回了无效的时间戳 (invalid timestamp {value[0]!r})") from None
                entry_labels = labels
                if len(value) > 2 and isinstance(value[2], dict):
                    # categorize-labels encoding: structured metadata / parsed labels per entry
                    entry_labels = {**labels}
                    for group in ("structuredMetadata", "parsed"):
                        entry_labels.update(str_dict(value[2].get(group)))
                entries.append((ts, entry_labels, value[1]))
        return entries

    def _record(self, ts: int, labels: dict[str, str], line: str) -> LogEntry:
        return LogEntry(
            timestamp=from_ns(ts),
            service=_first(labels, (self.service_label, *SERVICE_FALLBACK_LABELS)),
            level=_first(labels, (self.level_label, *LEVEL_FALLBACK_LABELS)) or _level_in_line(line),
            message=line,
            instance=_first(labels, INSTANCE_LABELS),
            trace_id=_first(labels, TRACE_LABELS),
        )


def _first(labels: dict[str, str], names: tuple[str, ...]) -> str:
    for name in names:
        if labels.get(name):
            return labels[name]
    return ""


def _level_in_line(line: str) -> str:
    """The level written in the line (``level=error``, ``"level":"warn"``, a bare ``ERROR``)."""
    match = _LINE_LEVEL.search(line[:500])
    if match is None:
        return UNKNOWN_LEVEL
    return (match.group("kv") or match.group("word")).upper()
