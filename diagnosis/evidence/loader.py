"""Load an evidence bundle into one evidence scope of the builtin evidence stores: validate
everything, then write everything in one transaction.

Scope (DESIGN §10.3): the bundle goes into the scope named by the caller (default: the bundle's
``name``), created as a ``replay`` scope when new; a replay scope takes the bundle's
``reference_time`` as its "now". Loading into ``live`` adds rows (a service catalogue, runbooks)
but leaves its real clock alone. Nothing of another scope is read or written.

Idempotency (DESIGN §4 "loading twice adds nothing"), per scope:

- the bundle itself is identified by the sha256 of its canonical content (``EvidenceBundle``);
- every row carries a ``fingerprint`` = sha256 of its canonical identity, so a second load of the
  same file — or of an overlapping bundle — finds the rows already there and skips them:
  a log line is identified by all of its fields (timestamps compared as instants, so ``+08:00``
  and ``Z`` spellings agree), an alert by ``name, service, starts_at, labels``, a metric series by
  ``name, service, labels`` and a point by ``(series, timestamp)``;
- services are merged by name (aliases united, a non-empty description replaces the old one);
- documents go through ``knowledge_document_ingest`` (idempotent by source + content hash);
- Kubernetes readings (``k8s``) are identified by all of their fields, ``observed_at`` included:
  a later snapshot of the same pod is a new reading, the same snapshot loaded again is skipped.
  An event without a ``namespace`` takes the namespace of the pod or deployment it names (its
  object name, or the deployment its ReplicaSet belongs to), else the bundle's only namespace;
  otherwise it stays unknown ("") and answers a query of any namespace. The fields DESIGN §10.6
  added to pods and deployments (``POD_DETAILS``, ``DEPLOYMENT_DETAILS``) are part of a reading's
  identity only when set, so a bundle loaded before they existed is still recognised; the other
  kinds (nodes, services, PVCs …) are one ``K8sObject`` row per reading, its element as JSON.

An alert seen again may change state (firing → resolved, with ``ends_at``); a resolved alert is
final and is not reopened by an older bundle that still shows it firing.

The rows are re-upserted even when the bundle's content hash is already known, so loading a
bundle again also restores rows that were deleted since; it still adds nothing otherwise.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import DatabaseError, transaction
from django.utils import timezone
from pydantic import BaseModel, ConfigDict

from contracts.k8s import CLUSTER_KINDS, K8S_KIND_MODELS
from diagnosis.evidence.bundle import (
    AlertIn,
    Bundle,
    BundleError,
    K8sEvent,
    K8sPod,
    K8sState,
    LogIn,
    MetricIn,
    bundle_parse,
)
from diagnosis.evidence.k8s_objects import deployment_of_replicaset, object_name
from diagnosis.evidence.knowledge import content_hash as document_content_hash
from diagnosis.evidence.knowledge import knowledge_document_ingest
from diagnosis.models import (
    SCOPE_NAME_MAX_CHARS,
    Alert,
    EvidenceBundle,
    EvidenceScope,
    KnowledgeDocument,
    LogRecord,
    MetricPoint,
    MetricSeries,
    Service,
)
from diagnosis.models import K8sDeployment as K8sDeploymentRow
from diagnosis.models import K8sEvent as K8sEventRow
from diagnosis.models import K8sObject as K8sObjectRow
from diagnosis.models import K8sPod as K8sPodRow

BATCH_SIZE = 1000
LOOKUP_CHUNK = 900  # stays under SQLite's bound-parameter limit on old builds

MSG_DATABASE_ERROR = "数据库写入失败，已全部回滚 (database error, nothing was written): {detail}"
MSG_DOCUMENT_REJECTED = "documents[{index}]: {detail}"
MSG_BAD_SCOPE = "证据范围名称无效 (invalid scope name): 须为 1–{limit} 个字符且不含 NUL"


# --- Report ---------------------------------------------------------------------------------
class SectionCounts(BaseModel):
    model_config = ConfigDict(extra="forbid")

    created: int = 0
    updated: int = 0
    skipped: int = 0

    @property
    def total(self) -> int:
        return self.created + self.updated + self.skipped


class BundleCounts(BaseModel):
    """Per-section counts of one load; also stored as ``EvidenceBundle.counts`` of the first load."""

    model_config = ConfigDict(extra="forbid")

    services: SectionCounts = SectionCounts()
    logs: SectionCounts = SectionCounts()
    alerts: SectionCounts = SectionCounts()
    metrics: SectionCounts = SectionCounts()
    points: SectionCounts = SectionCounts()
    documents: SectionCounts = SectionCounts()
    k8s_pods: SectionCounts = SectionCounts()
    k8s_events: SectionCounts = SectionCounts()
    k8s_deployments: SectionCounts = SectionCounts()
    k8s_objects: SectionCounts = SectionCounts()  # every other kind (DESIGN §10.6)

    @property
    def written(self) -> int:
        return sum(section.created + section.updated for section in self.sections().values())

    def sections(self) -> dict[str, SectionCounts]:
        return {name: getattr(self, name) for name in type(self).model_fields}


class BundleLoadReport(BaseModel):
    model_config = ConfigDict(extra="forbid")

    bundle_id: int
    name: str
    scope: str
    content_hash: str
    bundle_created: bool  # False: a bundle with identical content was loaded before
    reference_time: dt.datetime | None
    counts: BundleCounts


# --- Canonical identities -------------------------------------------------------------------
def _digest(*parts: Any) -> str:
    payload = json.dumps(parts, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def _instant(value: dt.datetime) -> str:
    return value.astimezone(dt.UTC).isoformat(timespec="microseconds")


def log_fingerprint(log: LogIn) -> str:
    return _digest(
        "log", _instant(log.timestamp), log.service, log.level, log.instance, log.message, log.trace_id, log.attributes
    )


def alert_fingerprint(alert: AlertIn) -> str:
    return _digest("alert", alert.name, alert.service, _instant(alert.starts_at), alert.labels)


def series_fingerprint(series: MetricIn) -> str:
    return _digest("metric", series.name, series.service, series.labels)


#: The fields DESIGN §10.6 added to pods and deployments, kept in the rows' ``details``.
POD_DETAILS = tuple(f for f in K8sPod.model_fields if f not in {
    "namespace", "name", "service", "phase", "ready", "restarts", "last_termination", "waiting_reason", "node",
    "observed_at"})  # fmt: skip
DEPLOYMENT_DETAILS = ("selector",)


def k8s_fingerprint(kind: str, item: BaseModel) -> str:
    """All fields of one reading, times as instants (``+08:00`` and ``Z`` spellings agree); a
    §10.6 detail of a pod or deployment only when set (so earlier readings keep their identity)."""
    fields = item.model_dump(mode="python")
    for detail in {"pod": POD_DETAILS, "deployment": DEPLOYMENT_DETAILS}.get(kind, ()):
        if fields[detail] == type(item).model_fields[detail].get_default(call_default_factory=True):
            del fields[detail]
    return _digest(f"k8s-{kind}", _instants(fields))


def _details(item: BaseModel, names: Sequence[str]) -> dict[str, Any]:
    return item.model_dump(mode="json", include=set(names))


def _instants(value: Any) -> Any:
    if isinstance(value, dt.datetime):
        return _instant(value)
    if isinstance(value, dict):
        return {k: _instants(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_instants(v) for v in value]
    return value


def bundle_content_hash(bundle: Bundle) -> str:
    canonical = json.dumps(bundle.model_dump(mode="json"), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _chunks(items: Sequence[str], size: int = LOOKUP_CHUNK) -> Iterable[Sequence[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


# --- Sections -------------------------------------------------------------------------------
def _load_services(bundle: Bundle, scope: EvidenceScope, counts: SectionCounts) -> None:
    names = [s.name for s in bundle.services]
    existing = {s.name: s for s in Service.objects.for_scope(scope).filter(name__in=names)}
    new_rows = []
    for item in bundle.services:
        current = existing.get(item.name)
        if current is None:
            new_rows.append(Service(scope=scope, name=item.name, aliases=list(item.aliases), description=item.description))
            continue
        aliases = [a for a in current.aliases if isinstance(a, str)]
        known = {a.casefold() for a in aliases} | {current.name.casefold()}
        merged = aliases + [a for a in item.aliases if a.casefold() not in known]
        description = item.description or current.description
        if merged != current.aliases or description != current.description:
            current.aliases, current.description = merged, description
            current.save(update_fields=["aliases", "description"])
            counts.updated += 1
        else:
            counts.skipped += 1
    Service.objects.bulk_create(new_rows, batch_size=BATCH_SIZE)
    counts.created += len(new_rows)


def _load_logs(bundle: Bundle, record: EvidenceBundle, counts: SectionCounts) -> None:
    by_fingerprint: dict[str, LogIn] = {}
    for log in bundle.logs:
        by_fingerprint.setdefault(log_fingerprint(log), log)  # exact duplicate lines collapse
    fingerprints = list(by_fingerprint)
    known: set[str] = set()
    for chunk in _chunks(fingerprints):
        known.update(LogRecord.objects.for_scope(record.scope).filter(fingerprint__in=chunk).values_list("fingerprint", flat=True))
    rows = [
        LogRecord(
            scope=record.scope,
            timestamp=log.timestamp,
            service=log.service,
            level=log.level,
            instance=log.instance,
            message=log.message,
            trace_id=log.trace_id,
            attributes=log.attributes,
            fingerprint=fingerprint,
            bundle=record,
        )
        for fingerprint, log in by_fingerprint.items()
        if fingerprint not in known
    ]
    LogRecord.objects.bulk_create(rows, batch_size=BATCH_SIZE)
    counts.created += len(rows)
    counts.skipped += len(bundle.logs) - len(rows)


_ALERT_MUTABLE = ("severity", "state", "ends_at", "value", "summary")


def _load_alerts(bundle: Bundle, record: EvidenceBundle, counts: SectionCounts) -> None:
    by_fingerprint: dict[str, AlertIn] = {}
    for alert in bundle.alerts:
        by_fingerprint[alert_fingerprint(alert)] = alert  # the later entry is the newer state
    existing: dict[str, Alert] = {}
    for chunk in _chunks(list(by_fingerprint)):
        existing.update((a.fingerprint, a) for a in Alert.objects.for_scope(record.scope).filter(fingerprint__in=chunk))
    new_rows, changed = [], []
    for fingerprint, alert in by_fingerprint.items():
        current = existing.get(fingerprint)
        if current is None:
            new_rows.append(
                Alert(
                    scope=record.scope,
                    name=alert.name,
                    service=alert.service,
                    severity=alert.severity,
                    state=alert.state,
                    starts_at=alert.starts_at,
                    ends_at=alert.ends_at,
                    value=alert.value,
                    summary=alert.summary,
                    labels=alert.labels,
                    fingerprint=fingerprint,
                    bundle=record,
                )
            )
            continue
        if current.state == "resolved" and alert.state == "firing":
            continue  # resolved is final; an older snapshot does not reopen it
        incoming = {field: getattr(alert, field) for field in _ALERT_MUTABLE}
        if any(getattr(current, field) != value for field, value in incoming.items()):
            for field, value in incoming.items():
                setattr(current, field, value)
            changed.append(current)
    Alert.objects.bulk_create(new_rows, batch_size=BATCH_SIZE)
    if changed:
        Alert.objects.bulk_update(changed, list(_ALERT_MUTABLE), batch_size=BATCH_SIZE)
    counts.created += len(new_rows)
    counts.updated += len(changed)
    counts.skipped += len(bundle.alerts) - len(new_rows) - len(changed)


def _load_metrics(bundle: Bundle, record: EvidenceBundle, counts: SectionCounts, point_counts: SectionCounts) -> None:
    new_points: list[MetricPoint] = []
    for item in bundle.metrics:
        fingerprint = series_fingerprint(item)
        series = MetricSeries.objects.for_scope(record.scope).filter(fingerprint=fingerprint).first()
        known: set[dt.datetime] = set()
        if series is None:
            series = MetricSeries.objects.create(
                scope=record.scope,
                name=item.name,
                service=item.service,
                unit=item.unit,
                labels=item.labels,
                threshold=item.threshold,
                fingerprint=fingerprint,
                bundle=record,
            )
            counts.created += 1
        else:
            unit = item.unit or series.unit
            threshold = item.threshold if item.threshold is not None else series.threshold
            if (unit, threshold) != (series.unit, series.threshold):
                series.unit, series.threshold = unit, threshold
                series.save(update_fields=["unit", "threshold"])
                counts.updated += 1
            else:
                counts.skipped += 1
            known = set(series.points.values_list("timestamp", flat=True))
        # Aware datetimes compare (and hash) as instants, so +08:00 and UTC spellings match.
        fresh = [MetricPoint(series=series, timestamp=ts, value=value) for ts, value in item.points if ts not in known]
        new_points.extend(fresh)
        point_counts.created += len(fresh)
        point_counts.skipped += len(item.points) - len(fresh)
    MetricPoint.objects.bulk_create(new_points, batch_size=BATCH_SIZE)


def _load_documents(bundle: Bundle, record: EvidenceBundle, counts: SectionCounts) -> None:
    for index, item in enumerate(bundle.documents):
        source = item.source  # already stripped by the schema
        documents = KnowledgeDocument.objects.for_scope(record.scope)
        if documents.filter(source=source, content_hash=document_content_hash(item.content)).exists():
            counts.skipped += 1
            continue
        replacing = documents.filter(source=source).exists()
        try:
            knowledge_document_ingest(
                title=item.title, source=source, content=item.content, scope=record.scope, bundle=record
            )
        except ValueError as exc:
            raise BundleError(MSG_DOCUMENT_REJECTED.format(index=index, detail=exc)) from None
        if replacing:
            counts.updated += 1
        else:
            counts.created += 1


def event_namespace(event: K8sEvent, state: K8sState) -> str:
    """The event's namespace: its own, that of the object it names, or the state's only one."""
    if event.namespace:
        return event.namespace
    name = object_name(event.object)
    owners = {p.name: p.namespace for p in state.pods}
    owners.update((d.name, d.namespace) for d in state.deployments)
    for candidate in (name, deployment_of_replicaset(name)):
        if candidate in owners:
            return owners[candidate]
    namespaces = {p.namespace for p in state.pods} | {d.namespace for d in state.deployments}
    return namespaces.pop() if len(namespaces) == 1 else ""


def _new_rows(model: Any, rows: dict[str, Any], counts: SectionCounts, total: int, scope: EvidenceScope) -> None:
    known: set[str] = set()
    for chunk in _chunks(list(rows)):
        known.update(model.objects.for_scope(scope).filter(fingerprint__in=chunk).values_list("fingerprint", flat=True))
    fresh = [row for fingerprint, row in rows.items() if fingerprint not in known]
    model.objects.bulk_create(fresh, batch_size=BATCH_SIZE)
    counts.created += len(fresh)
    counts.skipped += total - len(fresh)


def _object_row(kind: str, item: Any, record: EvidenceBundle) -> K8sObjectRow:
    return K8sObjectRow(
        kind=kind,
        namespace="" if kind in CLUSTER_KINDS else item.namespace,
        name=item.name,
        data=item.model_dump(mode="json"),
        observed_at=item.observed_at,
        bundle=record,
        scope=record.scope,
    )


def _load_k8s(bundle: Bundle, record: EvidenceBundle, counts: BundleCounts) -> None:
    state = bundle.k8s
    if state is None:
        return
    pods = {
        k8s_fingerprint("pod", pod): K8sPodRow(
            namespace=pod.namespace,
            name=pod.name,
            service=pod.service,
            phase=pod.phase,
            ready=pod.ready,
            restarts=pod.restarts,
            has_termination=pod.last_termination is not None,
            termination_reason=pod.last_termination.reason if pod.last_termination else "",
            termination_exit_code=pod.last_termination.exit_code if pod.last_termination else None,
            terminated_at=pod.last_termination.at if pod.last_termination else None,
            waiting_reason=pod.waiting_reason or "",
            node=pod.node or "",
            observed_at=pod.observed_at,
            details=_details(pod, POD_DETAILS),
            bundle=record,
            scope=record.scope,
        )
        for pod in state.pods
    }
    events = {
        k8s_fingerprint("event", event): K8sEventRow(
            namespace=event_namespace(event, state),
            type=event.type,
            reason=event.reason,
            object=event.object,
            message=event.message,
            count=event.count,
            first_seen=event.first_seen,
            last_seen=event.last_seen,
            bundle=record,
            scope=record.scope,
        )
        for event in state.events
    }
    deployments = {
        k8s_fingerprint("deployment", item): K8sDeploymentRow(
            namespace=item.namespace,
            name=item.name,
            service=item.service,
            replicas=item.replicas,
            ready=item.ready,
            available=item.available,
            image=item.image,
            revision=item.revision,
            changed_at=item.changed_at,
            change_cause=item.change_cause,
            conditions=[c.model_dump() for c in item.conditions],
            observed_at=item.observed_at,
            details=_details(item, DEPLOYMENT_DETAILS),
            bundle=record,
            scope=record.scope,
        )
        for item in state.deployments
    }
    objects = {
        k8s_fingerprint(kind, item): _object_row(kind, item, record)
        for kind in K8S_KIND_MODELS
        for item in getattr(state, kind)
    }
    for fingerprint, row in [*pods.items(), *events.items(), *deployments.items(), *objects.items()]:
        row.fingerprint = fingerprint
    _new_rows(K8sPodRow, pods, counts.k8s_pods, len(state.pods), record.scope)
    _new_rows(K8sEventRow, events, counts.k8s_events, len(state.events), record.scope)
    _new_rows(K8sDeploymentRow, deployments, counts.k8s_deployments, len(state.deployments), record.scope)
    total = sum(len(getattr(state, kind)) for kind in K8S_KIND_MODELS)
    _new_rows(K8sObjectRow, objects, counts.k8s_objects, total, record.scope)


# --- Entry point ----------------------------------------------------------------------------
def _scope_for_load(name: str, reference_time: dt.datetime | None) -> EvidenceScope:
    """The scope called ``name`` (a new one is a replay scope), stamped as loaded now; a replay
    scope takes the bundle's reference time. Locked for the rest of the load."""
    scope, _ = EvidenceScope.objects.get_or_create(name=name, defaults={"kind": EvidenceScope.Kind.REPLAY})
    scope = EvidenceScope.objects.select_for_update().get(pk=scope.pk)
    fields = ["loaded_at"]
    scope.loaded_at = timezone.now()
    if not scope.is_live and reference_time is not None:
        scope.reference_time = reference_time
        fields.append("reference_time")
    scope.save(update_fields=fields)
    return scope


def _write(bundle: Bundle, digest: str, name: str, scope_name: str) -> BundleLoadReport:
    scope = _scope_for_load(scope_name, bundle.reference_time)
    record, bundle_created = EvidenceBundle.objects.get_or_create(
        scope=scope,
        content_hash=digest,
        defaults={"name": name, "bundle_version": bundle.bundle_version, "reference_time": bundle.reference_time},
    )
    record.scope = scope
    counts = BundleCounts()
    _load_services(bundle, scope, counts.services)
    _load_logs(bundle, record, counts.logs)
    _load_alerts(bundle, record, counts.alerts)
    _load_metrics(bundle, record, counts.metrics, counts.points)
    _load_documents(bundle, record, counts.documents)
    _load_k8s(bundle, record, counts)
    if bundle_created:
        record.counts = counts.model_dump()
        record.save(update_fields=["counts"])
    return BundleLoadReport(
        bundle_id=record.pk,
        name=record.name,
        scope=scope.name,
        content_hash=digest,
        bundle_created=bundle_created,
        reference_time=bundle.reference_time,
        counts=counts,
    )


def _scope_name(value: str | None, default: str) -> str:
    name = default if value is None else value.strip()
    if not name or len(name) > SCOPE_NAME_MAX_CHARS or "\x00" in name:
        raise BundleError(MSG_BAD_SCOPE.format(limit=SCOPE_NAME_MAX_CHARS))
    return name


def evidence_bundle_load(
    *, data: bytes | str | dict[str, Any], source_name: str = "", scope: str | None = None
) -> BundleLoadReport:
    """Validate a bundle completely, then upsert all of it into the evidence scope ``scope``
    (default: the bundle's name) in one transaction.

    Raises ``BundleError`` (message names the bad element) for any problem with the input; a
    database error during writing rolls everything back and is reported as a ``BundleError`` too.
    """
    bundle = bundle_parse(data)
    digest = bundle_content_hash(bundle)
    name = bundle.name or source_name.strip()[-200:] or f"bundle-{digest[:12]}"
    scope_name = _scope_name(scope, name[:SCOPE_NAME_MAX_CHARS])
    try:
        with transaction.atomic():
            return _write(bundle, digest, name, scope_name)
    except DatabaseError as exc:
        detail = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise BundleError(MSG_DATABASE_ERROR.format(detail=detail[:300])) from exc
