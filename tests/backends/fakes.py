"""Fake Loki and Prometheus HTTP APIs for the backend tests (stdlib only, 127.0.0.1, random port).

A ``FakeAPI`` serves canned responses per path — a ``Canned`` spec, or a callable that receives
the ``Recorded`` request and returns one — and records every request (path, query parameters,
headers) for assertions. Unrouted paths get a 404. The canned bodies below copy the response
shapes of the real APIs (Loki ``query_range`` streams / ``query`` vector; Prometheus envelope,
``/api/v1/alerts`` and ``query_range`` matrix).
"""

from __future__ import annotations

import json
import threading
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from diagnosis.tools.backends.loki import to_ns


@dataclass
class Canned:
    status: int = 200
    payload: Any = None  # JSON-encoded unless ``raw`` is set
    raw: bytes | None = None
    content_type: str = "application/json"
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0

    def body(self) -> bytes:
        if self.raw is not None:
            return self.raw
        return json.dumps(self.payload, ensure_ascii=False).encode()


@dataclass
class Recorded:
    path: str
    params: dict[str, str]  # last value of each query parameter
    headers: dict[str, str]  # lower-cased names

    @property
    def query(self) -> str:
        return self.params.get("query", "")


Route = Canned | Callable[[Recorded], Canned]


class FakeAPI:
    def __init__(self, name: str) -> None:
        self.name = name
        self.routes: dict[str, Route] = {}
        self.requests: list[Recorded] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._httpd.daemon_threads = True
        self._httpd.block_on_close = False
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, name=f"fake-{name}", daemon=True
        )

    @property
    def port(self) -> int:
        return self._httpd.server_address[1]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> FakeAPI:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()  # wakes slow handlers
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    def serve(self, path: str, route: Route) -> None:
        self.routes[path] = route

    def requests_to(self, path: str) -> list[Recorded]:
        return [r for r in self.requests if r.path == path]

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        api = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - silence stderr
                pass

            def do_GET(self) -> None:  # noqa: N802
                parts = urllib.parse.urlsplit(self.path)
                params = dict(urllib.parse.parse_qsl(parts.query, keep_blank_values=True))
                record = Recorded(
                    path=parts.path, params=params, headers={k.lower(): v for k, v in self.headers.items()}
                )
                with api._lock:
                    api.requests.append(record)
                route = api.routes.get(parts.path)
                if route is None:
                    canned = Canned(status=404, raw=b"404 page not found\n", content_type="text/plain")
                else:
                    canned = route(record) if callable(route) else route
                if canned.delay_s and api._stop.wait(canned.delay_s):
                    return
                body = canned.body()
                try:
                    self.send_response(canned.status)
                    self.send_header("Content-Type", canned.content_type)
                    self.send_header("Content-Length", str(len(body)))
                    for name, value in canned.headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        return Handler


# --- Loki response shapes -----------------------------------------------------------------------
LOKI_QUERY_RANGE = "/loki/api/v1/query_range"
LOKI_QUERY = "/loki/api/v1/query"


def loki_streams(*streams: tuple[dict[str, str], list[tuple[datetime, str]]]) -> Canned:
    """A ``query_range`` answer: ``resultType: streams``, values ``[["<ns>", "<line>"], …]`` newest
    first within each stream (``direction=backward``)."""
    result = [
        {
            "stream": labels,
            "values": [
                [str(to_ns(ts)), line] for ts, line in sorted(entries, key=lambda e: e[0], reverse=True)
            ],
        }
        for labels, entries in streams
    ]
    return Canned(
        payload={
            "status": "success",
            "data": {
                "resultType": "streams",
                "result": result,
                "stats": {"summary": {"totalEntriesReturned": 0}},
            },
        }
    )


def loki_count(value: int | None) -> Canned:
    """An instant metric ``query`` answer (``resultType: vector``); None → empty vector."""
    result = [] if value is None else [{"metric": {}, "value": [1795830600, str(value)]}]
    return Canned(payload={"status": "success", "data": {"resultType": "vector", "result": result}})


# --- Prometheus response shapes -----------------------------------------------------------------
PROM_ALERTS = "/api/v1/alerts"
PROM_QUERY_RANGE = "/api/v1/query_range"


def prom_alerts(*alerts: dict[str, Any]) -> Canned:
    return Canned(payload={"status": "success", "data": {"alerts": list(alerts)}})


def prom_alert(
    name: str = "HighErrorRate",
    *,
    service: str | None = "payment-service",
    severity: str = "critical",
    state: str = "firing",
    active_at: str = "2026-11-28T02:06:00.123456789Z",
    value: str = "1.25e+01",
    summary: str | None = "5xx 比例超过 5%",
    **labels: str,
) -> dict[str, Any]:
    all_labels = {"alertname": name, "severity": severity, **labels}
    if service is not None:
        all_labels["service"] = service
    return {
        "labels": all_labels,
        "annotations": {"summary": summary} if summary is not None else {},
        "state": state,
        "activeAt": active_at,
        "value": value,
    }


def prom_matrix(*series: tuple[dict[str, str], list[tuple[datetime, str]]]) -> Canned:
    result = [
        {"metric": labels, "values": [[ts.timestamp(), value] for ts, value in points]}
        for labels, points in series
    ]
    return Canned(payload={"status": "success", "data": {"resultType": "matrix", "result": result}})


def prom_error(message: str, *, error_type: str = "bad_data", status: int = 400) -> Canned:
    return Canned(status=status, payload={"status": "error", "errorType": error_type, "error": message})
