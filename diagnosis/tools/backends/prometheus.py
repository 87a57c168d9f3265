"""``METRICS_BACKEND=prometheus``: query_metrics over the Prometheus HTTP API (``PROMETHEUS_URL``).

**Alerts** come from ``GET /api/v1/alerts``: the alerts *active now* (``firing`` or ``pending``)
of the server's alerting rules. Prometheus keeps no history of resolved alerts behind that API,
so an alert that fired and resolved inside the window is not returned (``ends_at`` is always
null); a window that ends before an alert became active excludes it. Filters are applied here:
the service (``PROMETHEUS_SERVICE_LABEL``, default ``service``; any name of the service,
case-insensitively) and the alert name (case-insensitive substring, as with the builtin).

**Series** come from ``GET /api/v1/query_range`` with a plain selector:

    http_5xx_rate{service=~"(?i)(?:payment-service|支付服务)"}

The metric name must be an exact Prometheus metric name (``^[a-zA-Z_:][a-zA-Z0-9_:]*$``,
checked before any request); unlike the builtin there is no substring match on names, which would
need a regex over every metric name of the server. The service names reach the query only as an
RE2-quoted literal inside a Go-escaped string (``http.quote_meta`` / ``http.quote_string``). The
step is chosen so a series has at most ~``MAX_POINTS`` points; NaN/Inf samples (stale markers,
division by zero) are dropped. Prometheus has no units or thresholds: ``unit`` is "" and
``threshold`` null, so the summary says nothing about crossing one.

With no ``metric`` argument, series are those of ``PROMETHEUS_DEFAULT_METRICS`` (comma-separated
metric names, one query ``{__name__=~"a|b", service=~…}``); when that is empty (the default),
only alerts are returned — a server holds thousands of series and "all of them" is no evidence.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from diagnosis.tools.backends import AlertEntry, MetricQuery, SeriesEntry
from diagnosis.tools.backends.http import (
    Endpoint,
    any_of_regex,
    label_name,
    quote_string,
    str_dict,
    success_data,
)
from diagnosis.tools.base import ToolError
from diagnosis.tools.element_text import number

ALERTS_PATH = "/api/v1/alerts"
QUERY_RANGE_PATH = "/api/v1/query_range"
METRIC_NAME = re.compile(r"^[a-zA-Z_:][a-zA-Z0-9_:]*$")
MAX_POINTS = 300
ERROR_METRIC_NAME = (
    "指标名无效 (invalid metric name {name!r}: a Prometheus metric name matches ^[a-zA-Z_:][a-zA-Z0-9_:]*$)"
)
_RESERVED_ALERT_LABELS = ("alertname", "severity")


def valid_metric_name(name: str) -> bool:
    return bool(METRIC_NAME.match(name))


class PrometheusMetricsBackend:
    name = "prometheus"

    def __init__(
        self, *, url: str, service_label: str = "service", default_metrics: Sequence[str] = ()
    ) -> None:
        self.endpoint = Endpoint.from_url(url, label="Prometheus", setting="PROMETHEUS_URL")
        self.service_label = label_name(service_label, setting="PROMETHEUS_SERVICE_LABEL")
        for metric in default_metrics:
            if not valid_metric_name(metric):
                raise ImproperlyConfigured(
                    f"PROMETHEUS_DEFAULT_METRICS 含有无效的指标名 (invalid metric name) {metric!r}"
                )
        self.default_metrics = tuple(dict.fromkeys(default_metrics))

    @classmethod
    def from_settings(cls) -> PrometheusMetricsBackend:
        url = getattr(settings, "PROMETHEUS_URL", "")
        if not url:
            raise ImproperlyConfigured("METRICS_BACKEND=prometheus 需要设置环境变量 PROMETHEUS_URL")
        return cls(
            url=url,
            service_label=getattr(settings, "PROMETHEUS_SERVICE_LABEL", "service"),
            default_metrics=list(getattr(settings, "PROMETHEUS_DEFAULT_METRICS", []) or []),
        )

    # --- Alerts -----------------------------------------------------------------------------------
    def alerts(self, query: MetricQuery) -> list[AlertEntry]:
        data = success_data(
            self.endpoint, self.endpoint.get_json(ALERTS_PATH, {}, timeout=float(settings.TOOL_TIMEOUT_S))
        )
        raw = data.get("alerts")
        if not isinstance(raw, list):
            raise self.endpoint.fail("返回缺少 alerts 列表 (response has no alerts list)")
        wanted = {s.casefold() for s in query.services if s}
        name_part = (query.alert_name or "").casefold()
        found: list[AlertEntry] = []
        for item in raw:
            if not isinstance(item, dict):
                continue
            labels = str_dict(item.get("labels"))
            annotations = str_dict(item.get("annotations"))
            name = labels.get("alertname", "")
            service = labels.get(self.service_label, "")
            if wanted and service.casefold() not in wanted:
                continue
            if name_part and name_part not in name.casefold():
                continue
            starts_at = _parse_time(item.get("activeAt"))
            if starts_at is None or starts_at > query.end:
                continue  # became active after the window (or never reported when)
            found.append(
                AlertEntry(
                    name=name,
                    service=service or labels.get("job", ""),
                    severity=labels.get("severity", ""),
                    state=str(item.get("state") or ""),
                    starts_at=starts_at,
                    ends_at=None,
                    value=_value_text(item.get("value")),
                    summary=annotations.get("summary") or annotations.get("description", ""),
                    labels={
                        k: v
                        for k, v in labels.items()
                        if k not in (*_RESERVED_ALERT_LABELS, self.service_label)
                    },
                )
            )
        found.sort(key=lambda a: (a.starts_at, a.name, a.service, sorted(a.labels.items())))
        return found[: query.max_alerts]

    # --- Series -----------------------------------------------------------------------------------
    def promql(self, query: MetricQuery) -> str | None:
        """The selector for ``query``'s series, or None when no metric is asked for or configured.
        Raises ``ToolError`` for a metric name Prometheus could not have."""
        if query.metric:
            if not valid_metric_name(query.metric):
                raise ToolError(ERROR_METRIC_NAME.format(name=query.metric[:100]))
            names: tuple[str, ...] = (query.metric,)
        else:
            names = self.default_metrics
        if not names:
            return None
        matchers = []
        if len(names) > 1:
            matchers.append(f"__name__=~{quote_string(any_of_regex(names, case_insensitive=False))}")
        services = [s for s in query.services if s]
        if services:
            matchers.append(f"{self.service_label}=~{quote_string(any_of_regex(services))}")
        selector = names[0] if len(names) == 1 else ""
        return f"{selector}{{{', '.join(matchers)}}}" if matchers else selector

    def series(self, query: MetricQuery) -> list[SeriesEntry]:
        promql = self.promql(query)
        if promql is None:
            return []
        start, end = query.start.timestamp(), query.end.timestamp()
        step = step_seconds(end - start)
        payload = self.endpoint.get_json(
            QUERY_RANGE_PATH,
            {"query": promql, "start": f"{start:.3f}", "end": f"{end:.3f}", "step": f"{step}s"},
            timeout=float(settings.TOOL_TIMEOUT_S),
        )
        data = success_data(self.endpoint, payload)
        if data.get("resultType") != "matrix" or not isinstance(data.get("result"), list):
            raise self.endpoint.fail(
                f"返回了意外的结果类型 (unexpected resultType {data.get('resultType')!r})"
            )
        found: list[SeriesEntry] = []
        for item in data["result"]:
            if not isinstance(item, dict) or not isinstance(item.get("values"), list):
                raise self.endpoint.fail("返回了格式错误的序列 (malformed series in response)")
            labels = str_dict(item.get("metric"))
            points = _points(item["values"])
            if not points:
                continue
            found.append(
                SeriesEntry(
                    name=labels.get("__name__") or query.metric or "",
                    service=labels.get(self.service_label, ""),
                    unit="",
                    threshold=None,
                    points=points,
                    labels={k: v for k, v in labels.items() if k not in ("__name__", self.service_label)},
                )
            )
        found.sort(key=lambda s: (s.service, s.name, sorted(s.labels.items())))
        return found[: query.max_series]


def step_seconds(span_seconds: float) -> int:
    """A whole-second step giving at most ~MAX_POINTS points over the span (never below 1s)."""
    return max(1, math.ceil(span_seconds / MAX_POINTS))


def _points(values: list[Any]) -> list[tuple[datetime, float]]:
    points: list[tuple[datetime, float]] = []
    for pair in values:
        try:
            ts, raw = float(pair[0]), float(pair[1])
        except (TypeError, ValueError, IndexError):
            continue
        if math.isfinite(raw):
            points.append((datetime.fromtimestamp(ts, tz=UTC), raw))
    points.sort(key=lambda p: p[0])
    return points


def _value_text(value: Any) -> str:
    """Prometheus reports an alert's value as a Go float string ("1.25e+01"): written plainly."""
    if value is None or value == "":
        return ""
    try:
        return number(float(value), exact=True)
    except (TypeError, ValueError):
        return str(value)


def _parse_time(value: Any) -> datetime | None:
    if not isinstance(value, str) or not value:
        return None
    text = value.strip().replace("Z", "+00:00").replace("z", "+00:00")
    match = re.match(r"^(.*?\.\d{6})\d+(.*)$", text)  # RFC 3339 nanoseconds → microseconds
    if match:
        text = match.group(1) + match.group(2)
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    if moment.year <= 1:
        return None  # Go's zero time: never active
    return moment
