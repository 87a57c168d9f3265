"""Kubernetes API JSON → the §10.2 state shape (``diagnosis.evidence.bundle`` K8s models), pure.

Input: the ``items`` of a ``PodList`` / ``EventList`` (core/v1) / ``DeploymentList`` (apps/v1), as
the API server (or ``kubectl get -o json``) returns them. Output: validated ``K8sPod``,
``K8sEvent``, ``K8sDeployment``. An item the mapping cannot read raises ``MappingError`` naming it.

- **Pod**: ``phase``; ``ready`` = ready containers / containers (``0/1``); ``restarts`` = the sum of
  the containers' ``restartCount``; ``waiting_reason`` = the first container's ``state.waiting``
  reason (ImagePullBackOff, CrashLoopBackOff, ErrImagePull …), init containers first;
  ``last_termination`` = the most recent ``lastState.terminated`` (reason, exitCode, finishedAt);
  ``node`` = ``spec.nodeName``; ``service`` from the owner (``k8s_objects.service_of_pod``).
- **Event**: ``type``, ``reason``, ``involvedObject`` as ``Kind/name``, ``message``; ``count`` and
  ``first_seen``/``last_seen`` from ``count``/``firstTimestamp``/``lastTimestamp`` — or, for events
  written through events.k8s.io (the scheduler's), from ``series.count``/``eventTime``/
  ``series.lastObservedTime``; ``metadata.creationTimestamp`` when nothing else is set.
- **Deployment**: ``spec.replicas`` (default 1), ``status.readyReplicas``/``availableReplicas``
  (absent = 0), the first container's ``image``, the ``deployment.kubernetes.io/revision`` and
  ``kubernetes.io/change-cause`` annotations, the conditions; ``changed_at`` = the Progressing
  condition's ``lastUpdateTime`` (when the controller last moved the rollout on — the current
  revision's ReplicaSet creation is not in a Deployment), else ``metadata.creationTimestamp``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ValidationError

from diagnosis.evidence.bundle import K8sCondition, K8sDeployment, K8sEvent, K8sPod, K8sTermination
from diagnosis.evidence.k8s_objects import service_of_pod

REVISION_ANNOTATION = "deployment.kubernetes.io/revision"
CHANGE_CAUSE_ANNOTATION = "kubernetes.io/change-cause"
MAX_TEXT = 4000


class MappingError(ValueError):
    """An API object that is not of the expected shape (the message names it)."""


def _map(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _text(value: Any, limit: int = MAX_TEXT) -> str:
    return str(value)[:limit] if isinstance(value, str) else ""


def _time(value: Any) -> datetime | None:
    """An RFC 3339 time of the API (``2026-11-28T02:01:30Z``, fractional seconds allowed)."""
    if not isinstance(value, str) or not value:
        return None
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None


def _int(value: Any, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _validated(model: type[Any], data: dict[str, Any], what: str) -> Any:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        raise MappingError(f"{what}: {where}: {first.get('msg', 'invalid')}") from None


def _name(item: Mapping[str, Any], kind: str) -> tuple[Mapping[str, Any], str]:
    metadata = _map(item.get("metadata"))
    name = _text(metadata.get("name"), 253)
    if not name:
        raise MappingError(f"{kind} without metadata.name")
    return metadata, name


# --- Pods ----------------------------------------------------------------------------------------
def _last_termination(statuses: list[Mapping[str, Any]]) -> K8sTermination | None:
    terminated = [
        _map(_map(s.get("lastState")).get("terminated")) or _map(_map(s.get("state")).get("terminated"))
        for s in statuses
    ]
    terminated = [t for t in terminated if t]
    if not terminated:
        return None
    latest = max(terminated, key=lambda t: _text(t.get("finishedAt")))
    return K8sTermination(
        reason=_text(latest.get("reason"), 128),
        exit_code=latest.get("exitCode") if isinstance(latest.get("exitCode"), int) else None,
        at=_time(latest.get("finishedAt")),
    )


def pod_from_api(item: Mapping[str, Any], *, observed_at: datetime) -> K8sPod:
    metadata, name = _name(item, "Pod")
    spec, status = _map(item.get("spec")), _map(item.get("status"))
    init = [_map(s) for s in _list(status.get("initContainerStatuses"))]
    containers = [_map(s) for s in _list(status.get("containerStatuses"))]
    declared = len(_list(spec.get("containers"))) or len(containers)
    waiting = next(
        (
            _text(_map(_map(s.get("state")).get("waiting")).get("reason"), 128)
            for s in [*init, *containers]
            if _map(_map(s.get("state")).get("waiting")).get("reason")
        ),
        None,
    )
    data = {
        "namespace": _text(metadata.get("namespace"), 253),
        "name": name,
        "service": service_of_pod(
            name,
            owners=[_map(o) for o in _list(metadata.get("ownerReferences"))],
            labels=_map(metadata.get("labels")),
        ),
        "phase": _text(status.get("phase"), 128) or "Unknown",
        "ready": f"{sum(1 for s in containers if s.get('ready') is True)}/{declared}",
        "restarts": sum(_int(s.get("restartCount")) for s in [*init, *containers]),
        "last_termination": _last_termination([*init, *containers]),
        "waiting_reason": waiting,
        "node": _text(spec.get("nodeName"), 128) or None,
        "observed_at": observed_at,
    }
    return _validated(K8sPod, data, f"Pod {name}")


# --- Events --------------------------------------------------------------------------------------
def event_from_api(item: Mapping[str, Any]) -> K8sEvent:
    metadata, name = _name(item, "Event")
    involved = _map(item.get("involvedObject")) or _map(item.get("regarding"))
    series = _map(item.get("series"))
    created = _time(metadata.get("creationTimestamp"))
    first = _time(item.get("firstTimestamp")) or _time(item.get("eventTime")) or created
    last = (
        _time(series.get("lastObservedTime"))
        or _time(item.get("lastTimestamp"))
        or _time(item.get("eventTime"))
        or first
    )
    if first is None or last is None:
        raise MappingError(f"Event {name}: no time (firstTimestamp, eventTime or creationTimestamp)")
    count = _int(series.get("count")) or _int(item.get("count")) or _int(item.get("deprecatedCount")) or 1
    kind, object_name = _text(involved.get("kind"), 100), _text(involved.get("name"), 253)
    data = {
        "namespace": _text(involved.get("namespace"), 253) or _text(metadata.get("namespace"), 253),
        "type": _text(item.get("type"), 128) or "Normal",
        "reason": _text(item.get("reason"), 128) or "Unknown",
        "object": f"{kind}/{object_name}" if kind else object_name or name,
        "message": _text(item.get("message") or item.get("note")),
        "count": count,
        "first_seen": min(first, last),
        "last_seen": max(first, last),
    }
    return _validated(K8sEvent, data, f"Event {name}")


# --- Deployments ---------------------------------------------------------------------------------
def deployment_from_api(item: Mapping[str, Any], *, observed_at: datetime) -> K8sDeployment:
    metadata, name = _name(item, "Deployment")
    spec, status = _map(item.get("spec")), _map(item.get("status"))
    annotations = _map(metadata.get("annotations"))
    containers = [_map(c) for c in _list(_map(_map(spec.get("template")).get("spec")).get("containers"))]
    revision_text = _text(annotations.get(REVISION_ANNOTATION), 20)
    conditions = [_map(c) for c in _list(status.get("conditions"))]
    progressing = next((c for c in conditions if c.get("type") == "Progressing"), {})
    replicas = spec.get("replicas")
    data = {
        "namespace": _text(metadata.get("namespace"), 253),
        "name": name,
        "service": name,
        "replicas": _int(replicas, 1) if replicas is not None else 1,
        "ready": _int(status.get("readyReplicas")),
        "available": _int(status.get("availableReplicas")),
        "image": _text(containers[0].get("image"), 500) if containers else "",
        "revision": int(revision_text) if revision_text.isdigit() else None,
        "changed_at": _time(progressing.get("lastUpdateTime")) or _time(metadata.get("creationTimestamp")),
        "change_cause": _text(annotations.get(CHANGE_CAUSE_ANNOTATION)),
        "conditions": [
            K8sCondition(
                type=_text(c.get("type"), 128) or "Unknown",
                status=_text(c.get("status"), 128) or "Unknown",
                reason=_text(c.get("reason"), 128),
                message=_text(c.get("message")),
            )
            for c in conditions[:20]
        ],
        "observed_at": observed_at,
    }
    return _validated(K8sDeployment, data, f"Deployment {name}")


def items_of(payload: Any, kind: str) -> list[Mapping[str, Any]]:
    """The ``items`` of a list response; ``MappingError`` when it is not one."""
    if not isinstance(payload, Mapping) or not isinstance(payload.get("items"), list):
        raise MappingError(f"{kind} 列表格式不对 (response is not a {kind} list with items)")
    return [item if isinstance(item, Mapping) else {} for item in payload["items"]]


def _event_mapper(item: Mapping[str, Any], *, observed_at: datetime) -> K8sEvent:
    return event_from_api(item)  # an event carries its own times


#: Every kind this module maps (DESIGN §10.2 / §10.6 names) → its mapping of one API item read at
#: ``observed_at``. A reader of recorded ``kubectl get -o json`` (the cluster evaluation) asks this
#: table which kinds it can turn into evidence; a kind added here is picked up there unchanged.
API_MAPPERS: dict[str, Callable[..., BaseModel]] = {
    "pods": pod_from_api,
    "events": _event_mapper,
    "deployments": deployment_from_api,
}
