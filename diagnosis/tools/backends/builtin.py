"""The embedded default: evidence tools over the database models (loaded from evidence bundles).

Each backend instance reads one evidence scope (``for_scope``): a run never sees another world's
rows. Without a scope there is nothing to read, and the call fails clearly.

Every query is bounded: log searches by ``limit``, alerts and series by the query's maxima,
points per series by ``MAX_POINTS_PER_SERIES``, knowledge search by the corpus of chunks
(the whole corpus is scored in Python — fine for the runbook-sized knowledge base this backend
is for; a large corpus would want a full-text index instead).
"""

from __future__ import annotations

import functools
import operator
from collections import defaultdict

from django.db.models import Q
from django.db.models.functions import Upper

from contracts import k8s as shapes
from contracts.k8s import CLUSTER_KINDS, K8S_KIND_MODELS
from diagnosis.models import (
    Alert,
    EvidenceScope,
    K8sDeployment,
    K8sEvent,
    K8sObject,
    K8sPod,
    KnowledgeChunk,
    LogRecord,
    MetricPoint,
    MetricSeries,
)
from diagnosis.retrieval import bm25
from diagnosis.retrieval.tokenize import tokenize
from diagnosis.tools.backends import (
    AlertEntry,
    K8sQuery,
    KnowledgeHit,
    KnowledgeResult,
    LogEntry,
    LogQuery,
    LogResult,
    MetricQuery,
    SeriesEntry,
)
from diagnosis.tools.base import ToolError

MAX_POINTS_PER_SERIES = 10_000
ERROR_NO_SCOPE = "未指定证据范围 (no evidence scope to read)"


def _any_service(field: str, names: list[str] | tuple[str, ...]) -> Q:
    return functools.reduce(operator.or_, (Q(**{f"{field}__iexact": name}) for name in names))


class _Scoped:
    name = "builtin"

    def __init__(self, scope: EvidenceScope | None) -> None:
        self.scope = scope

    def _scope(self) -> EvidenceScope:
        if self.scope is None:
            raise ToolError(ERROR_NO_SCOPE)
        return self.scope


class BuiltinLogsBackend(_Scoped):
    def search_logs(self, query: LogQuery) -> LogResult:
        qs = LogRecord.objects.for_scope(self._scope()).filter(timestamp__gte=query.start, timestamp__lte=query.end)
        if query.services:
            qs = qs.filter(_any_service("service", list(query.services)))
        if query.levels:
            qs = qs.annotate(level_upper=Upper("level")).filter(level_upper__in=list(query.levels))
        for keyword in query.keywords:
            qs = qs.filter(message__icontains=keyword)
        if query.instance:
            qs = qs.filter(instance__iexact=query.instance)
        if query.any_keywords:
            matches = (Q(message__icontains=k) for k in query.any_keywords)
            qs = qs.filter(functools.reduce(operator.or_, matches))
        total = qs.count()
        rows = qs.order_by("-timestamp", "-id").values_list(
            "timestamp", "service", "level", "message", "instance", "trace_id"
        )[: query.limit]
        records = [
            LogEntry(
                timestamp=ts, service=svc, level=lvl, message=msg, instance=inst or "", trace_id=trace or ""
            )
            for ts, svc, lvl, msg, inst, trace in rows
        ]
        return LogResult(records=records, total=total)


class BuiltinMetricsBackend(_Scoped):
    def alerts(self, query: MetricQuery) -> list[AlertEntry]:
        # Active at any moment of the window: started before it ends, not ended before it starts.
        qs = Alert.objects.for_scope(self._scope()).filter(starts_at__lte=query.end).filter(
            Q(ends_at__isnull=True) | Q(ends_at__gte=query.start)
        )
        if query.services:
            qs = qs.filter(_any_service("service", list(query.services)))
        if query.alert_name:
            qs = qs.filter(name__icontains=query.alert_name)
        return [
            AlertEntry(
                name=a.name,
                service=a.service,
                severity=a.severity,
                state=a.state,
                starts_at=a.starts_at,
                ends_at=a.ends_at,
                value=a.value,
                summary=a.summary,
                labels=a.labels if isinstance(a.labels, dict) else {},
            )
            for a in qs.order_by("starts_at", "name", "pk")[: query.max_alerts]
        ]

    def series(self, query: MetricQuery) -> list[SeriesEntry]:
        qs = MetricSeries.objects.for_scope(self._scope())
        if query.services:
            qs = qs.filter(_any_service("service", list(query.services)))
        if query.metric:
            qs = qs.filter(name__icontains=query.metric)
        # Only series with data in the window are evidence.
        qs = qs.filter(points__timestamp__gte=query.start, points__timestamp__lte=query.end).distinct()
        series = list(qs.order_by("service", "name", "pk")[: query.max_series])
        points: dict[int, list[tuple]] = defaultdict(list)
        for series_id, ts, value in (
            MetricPoint.objects.filter(
                series__in=[s.pk for s in series], timestamp__gte=query.start, timestamp__lte=query.end
            )
            .order_by("series_id", "timestamp")
            .values_list("series_id", "timestamp", "value")
            .iterator(chunk_size=2000)
        ):
            bucket = points[series_id]
            if len(bucket) < MAX_POINTS_PER_SERIES:
                bucket.append((ts, value))
        return [
            SeriesEntry(
                name=s.name,
                service=s.service,
                unit=s.unit,
                threshold=s.threshold,
                points=points[s.pk],
                labels=s.labels if isinstance(s.labels, dict) else {},
            )
            for s in series
            if points[s.pk]
        ]


@functools.lru_cache(maxsize=4096)
def _heading_terms(heading_path: str) -> frozenset[str]:
    return frozenset(tokenize(heading_path))


class BuiltinKnowledgeBackend(_Scoped):
    def search_knowledge(self, query: dict[str, float], *, top_k: int) -> KnowledgeResult:
        rows = list(
            KnowledgeChunk.objects.for_scope(self._scope()).order_by("document_id", "seq").values_list(
                "tokens", "heading_path", "text", "seq", "document__title", "document__source"
            )
        )
        documents = [tokens.split() for tokens, *_ in rows]
        fields = [_heading_terms(heading) for _, heading, *_ in rows]
        scores = bm25.score(query, documents, fields=fields)
        ranked = sorted(
            (i for i, s in enumerate(scores) if s > 0),
            key=lambda i: (-scores[i], rows[i][4], rows[i][3]),
        )[:top_k]
        hits = [
            KnowledgeHit(
                document_title=rows[i][4],
                source=rows[i][5],
                heading_path=rows[i][1],
                text=rows[i][2],
                score=round(scores[i], 4),
            )
            for i in ranked
        ]
        return KnowledgeResult(hits=hits, total_chunks=len(rows))


class BuiltinK8sBackend(_Scoped):
    """The loaded bundles' Kubernetes readings: pods and deployments of the namespace (newest
    readings first, bounded), events seen in the window (overlapping first_seen..last_seen).
    Events of an unknown namespace ("") answer every namespace."""

    name = "builtin"

    def pods(self, query: K8sQuery) -> list[shapes.K8sPod]:
        qs = K8sPod.objects.for_scope(self._scope())
        if query.namespace:
            qs = qs.filter(namespace=query.namespace)
        return [
            shapes.K8sPod(
                namespace=p.namespace,
                name=p.name,
                service=p.service,
                phase=p.phase,
                ready=p.ready,
                restarts=p.restarts,
                last_termination=(
                    shapes.K8sTermination(
                        reason=p.termination_reason, exit_code=p.termination_exit_code, at=p.terminated_at
                    )
                    if p.has_termination
                    else None
                ),
                waiting_reason=p.waiting_reason or None,
                node=p.node or None,
                observed_at=p.observed_at,
                **_details(p.details),
            )
            for p in qs.order_by("-observed_at", "namespace", "name", "pk")[: query.max_objects]
        ]

    def events(self, query: K8sQuery) -> list[shapes.K8sEvent]:
        qs = K8sEvent.objects.for_scope(self._scope()).filter(first_seen__lte=query.end, last_seen__gte=query.start)
        if query.namespace:
            qs = qs.filter(Q(namespace=query.namespace) | Q(namespace=""))
        return [
            shapes.K8sEvent(
                namespace=e.namespace,
                type=e.type,
                reason=e.reason,
                object=e.object,
                message=e.message,
                count=max(1, e.count),
                first_seen=e.first_seen,
                last_seen=e.last_seen,
            )
            for e in qs.order_by("-last_seen", "-pk")[: query.max_objects]
        ]

    def deployments(self, query: K8sQuery) -> list[shapes.K8sDeployment]:
        qs = K8sDeployment.objects.for_scope(self._scope())
        if query.namespace:
            qs = qs.filter(namespace=query.namespace)
        return [
            shapes.K8sDeployment(
                namespace=d.namespace,
                name=d.name,
                service=d.service,
                replicas=d.replicas,
                ready=d.ready,
                available=d.available,
                image=d.image,
                revision=d.revision,
                changed_at=d.changed_at,
                change_cause=d.change_cause,
                conditions=[shapes.K8sCondition.model_validate(c) for c in d.conditions if isinstance(c, dict)],
                observed_at=d.observed_at,
                **_details(d.details),
            )
            for d in qs.order_by("-observed_at", "namespace", "name", "pk")[: query.max_objects]
        ]

    def objects(self, kind: str, query: K8sQuery) -> list[object]:
        """Readings of one of the other kinds (DESIGN §10.6), newest first, bounded; a cluster-wide
        kind (nodes, PVs) answers every namespace."""
        model = K8S_KIND_MODELS[kind]
        qs = K8sObject.objects.for_scope(self._scope()).filter(kind=kind)
        if query.namespace and kind not in CLUSTER_KINDS:
            qs = qs.filter(namespace=query.namespace)
        rows = qs.order_by("-observed_at", "namespace", "name", "pk").values_list("data", flat=True)
        return [model.model_validate(data) for data in rows[: query.max_objects]]


def _details(details: object) -> dict[str, object]:
    """The stored §10.6 fields of a pod or deployment row (rows loaded before them have none)."""
    return dict(details) if isinstance(details, dict) else {}
