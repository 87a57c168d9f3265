"""Backend interfaces of the evidence tools and the one place that picks an implementation.

The tools talk to four small Protocols; ``builtin`` implements them on the database models of
one evidence scope. ``select_backend(kind, scope)`` picks by the scope (DESIGN §10.3): a replay
scope always reads its own builtin rows; the ``live`` scope (or no scope) reads settings
(LOGS_BACKEND, METRICS_BACKEND, K8S_BACKEND; knowledge is always builtin) and looks the name up in
``BACKEND_FACTORIES``: ``builtin`` for every kind, ``loki`` (logs, ``loki.py``), ``prometheus``
(metrics, ``prometheus.py``) and ``kubernetes`` (k8s, ``kube.py``); another backend is one new
module plus one ``register_backend`` call. A factory is called with the scope (external backends
ignore it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured


# --- Query and result shapes (plain data crossing the backend boundary) ------------------------
@dataclass(frozen=True)
class LogQuery:
    start: datetime
    end: datetime
    services: Sequence[str] = ()  # every name of the wanted service (matched case-insensitively); empty = all
    levels: Sequence[str] = ()  # accepted levels (upper-case); empty = all
    keywords: Sequence[str] = ()  # each must occur in the message (case-insensitive)
    any_keywords: Sequence[str] = ()  # at least one must occur in the message (case-insensitive)
    instance: str = ""  # the pod or node that wrote the line (case-insensitive, exact); "" = any
    limit: int = 20


@dataclass(frozen=True)
class LogEntry:
    timestamp: datetime
    service: str
    level: str
    message: str
    instance: str = ""
    trace_id: str = ""


@dataclass(frozen=True)
class LogResult:
    records: list[LogEntry]  # newest first, at most query.limit
    total: int  # all matches, not only the returned ones


@dataclass(frozen=True)
class MetricQuery:
    start: datetime
    end: datetime
    services: Sequence[str] = ()
    alert_name: str | None = None
    metric: str | None = None
    max_alerts: int = 50
    max_series: int = 20


@dataclass(frozen=True)
class AlertEntry:
    name: str
    service: str
    severity: str
    state: str
    starts_at: datetime
    ends_at: datetime | None
    value: str = ""
    summary: str = ""
    labels: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class SeriesEntry:
    name: str
    service: str
    unit: str
    threshold: float | None
    points: list[tuple[datetime, float]]  # inside the window, oldest first
    labels: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class KnowledgeHit:
    document_title: str
    source: str
    heading_path: str
    text: str
    score: float


@dataclass(frozen=True)
class KnowledgeResult:
    hits: list[KnowledgeHit]  # best first
    total_chunks: int  # size of the searched corpus


@dataclass(frozen=True)
class K8sQuery:
    """Which readings of the cluster state to return; ``namespace`` None = every namespace. The
    window bounds the events a backend returns (those seen in it); pods and deployments are
    state, every reading of them is returned and ``query_k8s`` picks the one nearest the window."""

    start: datetime
    end: datetime
    namespace: str | None = None
    max_objects: int = 2000  # per kind: the bound of one listing


class LogsBackend(Protocol):
    name: str

    def search_logs(self, query: LogQuery) -> LogResult: ...


class MetricsBackend(Protocol):
    name: str

    def alerts(self, query: MetricQuery) -> list[AlertEntry]: ...

    def series(self, query: MetricQuery) -> list[SeriesEntry]: ...


class KnowledgeBackend(Protocol):
    name: str

    def search_knowledge(self, query: dict[str, float], *, top_k: int) -> KnowledgeResult: ...


class K8sBackend(Protocol):
    """Readings of the cluster state as the bundle models (``diagnosis.evidence.bundle``)."""

    name: str

    def pods(self, query: K8sQuery) -> list[Any]: ...

    def events(self, query: K8sQuery) -> list[Any]: ...

    def deployments(self, query: K8sQuery) -> list[Any]: ...

    def objects(self, kind: str, query: K8sQuery) -> list[Any]:
        """Readings of one of the other kinds of DESIGN §10.6 (``contracts.k8s``)."""
        ...


# --- Selection ----------------------------------------------------------------------------------
BACKEND_KINDS = ("logs", "metrics", "knowledge", "k8s")
_SETTING = {"logs": "LOGS_BACKEND", "metrics": "METRICS_BACKEND", "k8s": "K8S_BACKEND"}


def _builtin(kind: str, scope: Any) -> Any:
    from diagnosis.tools.backends import builtin

    return {"logs": builtin.BuiltinLogsBackend, "metrics": builtin.BuiltinMetricsBackend,
            "knowledge": builtin.BuiltinKnowledgeBackend, "k8s": builtin.BuiltinK8sBackend}[kind](scope)  # fmt: skip


#: kind → backend name → factory(scope) (``scope``: the run's EvidenceScope, or None).
BACKEND_FACTORIES: dict[str, dict[str, Callable[[Any], Any]]] = {
    kind: {"builtin": (lambda scope, kind=kind: _builtin(kind, scope))} for kind in BACKEND_KINDS
}


def register_backend(kind: str, name: str, factory: Callable[[Any], Any]) -> None:
    if kind not in BACKEND_FACTORIES:
        raise ValueError(f"unknown backend kind {kind!r}")
    BACKEND_FACTORIES[kind][name] = factory


def _loki(scope: Any) -> Any:
    from diagnosis.tools.backends.loki import LokiLogsBackend

    return LokiLogsBackend.from_settings()


def _prometheus(scope: Any) -> Any:
    from diagnosis.tools.backends.prometheus import PrometheusMetricsBackend

    return PrometheusMetricsBackend.from_settings()


def _kubernetes(scope: Any) -> Any:
    from diagnosis.tools.backends.kube import KubernetesBackend

    return KubernetesBackend.from_settings()


# The external backends: imported only when configured, built from settings at selection time.
register_backend("logs", "loki", _loki)
register_backend("metrics", "prometheus", _prometheus)
register_backend("k8s", "kubernetes", _kubernetes)


def configured_backend_name(kind: str) -> str:
    setting = _SETTING.get(kind)
    return getattr(settings, setting, "builtin") if setting else "builtin"


def scope_backend_name(kind: str, scope: Any) -> str:
    """The backend ``kind`` reads in ``scope``: ``builtin`` for a replay scope, else the configured one."""
    if scope is not None and not scope.is_live:
        return "builtin"
    return configured_backend_name(kind)


def select_backend(kind: str, scope: Any = None) -> Any:
    """The backend instance for ``kind`` in ``scope`` (see the module docstring);
    ImproperlyConfigured when the configured one is not available."""
    if kind not in BACKEND_FACTORIES:
        raise ValueError(f"unknown backend kind {kind!r}")
    name = scope_backend_name(kind, scope)
    factory = BACKEND_FACTORIES[kind].get(name)
    if factory is None:
        setting = _SETTING.get(kind, kind)
        raise ImproperlyConfigured(
            f"{setting}={name} 尚未实现 (the {name!r} {kind} backend is not implemented; "
            f"available: {', '.join(sorted(BACKEND_FACTORIES[kind]))})"
        )
    return factory(scope)
