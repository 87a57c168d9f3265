"""query_k8s: Kubernetes state as evidence (DESIGN §10.2) — pods, events or deployments of a
namespace, filtered by name, reason and time window, with one evidence ref per element.

The backend (builtin: the loaded bundles; kubernetes: the API server) returns readings in the
bundle shape; everything after that is here and pure, so both backends answer the same question
the same way:

- **pods, deployments** are state: per object the reading nearest the window's end is kept — the
  latest one observed at or before ``end``, else the earliest after it (a live cluster has only
  "now"); ``observed_at`` says when it was read;
- **events** are kept when seen in the window (``first_seen ≤ end`` and ``last_seen ≥ start``);
- ``name`` (a service name or alias, a deployment, a pod or a prefix of one) matches a pod by its
  name, its name's prefix or its service, a deployment by name or service, an event by its
  object's name or prefix;
- ``reason`` (case-insensitive, exact) matches a pod's waiting reason, last termination reason or
  phase, an event's reason, a deployment condition's reason;
- order: what is wrong first — pods not ready / waiting / restarting before healthy ones,
  Warning events before Normal ones (newest first), unavailable deployments before available ones
  (latest change first); then ``limit``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from diagnosis.evidence.bundle import K8sDeployment, K8sEvent, K8sPod
from diagnosis.evidence.k8s_objects import deployment_is_unavailable, object_name, pod_is_unhealthy
from diagnosis.schemas.evidence import MAX_REFS_PER_INVOCATION
from diagnosis.tools.arguments import QueryK8sArgs
from diagnosis.tools.backends import K8sBackend, K8sQuery
from diagnosis.tools.base import ToolContext, ToolOutcome, bounded, evidence_ref
from diagnosis.tools.logs import service_filter
from diagnosis.tools.pointer import make_pointer
from diagnosis.tools.rendering import clock, iso
from diagnosis.tools.windows import resolve_window

KINDS = ("pods", "events", "deployments")
MAX_MESSAGE_CHARS = 1000


# --- Selection (pure) ---------------------------------------------------------------------------
def nearest_readings(readings: Iterable[Any], end: datetime) -> list[Any]:
    """Per (namespace, name): the latest reading at or before ``end``, else the earliest after it."""
    best: dict[tuple[str, str], Any] = {}
    for reading in readings:
        key = (reading.namespace, reading.name)
        current = best.get(key)
        if current is None or _closer(reading.observed_at, current.observed_at, end):
            best[key] = reading
    return list(best.values())


def _closer(candidate: datetime, current: datetime, end: datetime) -> bool:
    if candidate <= end:
        return current > end or candidate > current
    return current > end and candidate < current


def _name_matches(names: Sequence[str], *candidates: str, prefix_of: str = "") -> bool:
    if not names:
        return True
    folded = [n.casefold() for n in names]
    values = {c.casefold() for c in candidates if c}
    prefixed = prefix_of.casefold()
    return any(n in values or (prefixed and prefixed.startswith(n + "-")) for n in folded)


def _reason_matches(reason: str | None, *values: str | None) -> bool:
    if reason is None:
        return True
    wanted = reason.casefold()
    return any(v and v.casefold() == wanted for v in values)


def pod_unhealthy(pod: K8sPod) -> bool:
    return pod_is_unhealthy(pod.phase, pod.ready, pod.waiting_reason)


def select_pods(pods: Iterable[K8sPod], *, end: datetime, names: Sequence[str], reason: str | None) -> list[K8sPod]:
    kept = [
        p
        for p in nearest_readings(pods, end)
        if _name_matches(names, p.name, p.service, prefix_of=p.name)
        and _reason_matches(
            reason, p.waiting_reason, p.last_termination.reason if p.last_termination else None, p.phase
        )
    ]
    return sorted(kept, key=lambda p: (not pod_unhealthy(p), -p.restarts, p.namespace, p.name))


def select_events(
    events: Iterable[K8sEvent], *, start: datetime, end: datetime, names: Sequence[str], reason: str | None
) -> list[K8sEvent]:
    kept = [
        e
        for e in events
        if e.first_seen <= end
        and e.last_seen >= start
        and _name_matches(names, object_name(e.object), prefix_of=object_name(e.object))
        and _reason_matches(reason, e.reason)
    ]
    kept.sort(key=lambda e: (e.object, e.reason))
    kept.sort(key=lambda e: e.last_seen, reverse=True)
    return sorted(kept, key=lambda e: e.type.casefold() != "warning")


def deployment_unavailable(deployment: K8sDeployment) -> bool:
    conditions = [{"type": c.type, "status": c.status} for c in deployment.conditions]
    return deployment_is_unavailable(deployment.replicas, deployment.available, conditions)


def select_deployments(
    deployments: Iterable[K8sDeployment], *, end: datetime, names: Sequence[str], reason: str | None
) -> list[K8sDeployment]:
    kept = [
        d
        for d in nearest_readings(deployments, end)
        if _name_matches(names, d.name, d.service) and _reason_matches(reason, *(c.reason for c in d.conditions))
    ]
    kept.sort(key=lambda d: (d.namespace, d.name))
    kept.sort(key=lambda d: d.changed_at.timestamp() if d.changed_at else float("-inf"), reverse=True)
    return sorted(kept, key=lambda d: not deployment_unavailable(d))


# --- Output elements (§10.2 fields) -----------------------------------------------------------------
def _iso(value: datetime | None) -> str | None:
    return iso(value) if value is not None else None


def pod_json(pod: K8sPod) -> dict[str, Any]:
    termination = pod.last_termination
    return {
        "namespace": pod.namespace,
        "name": pod.name,
        "service": pod.service,
        "phase": pod.phase,
        "ready": pod.ready,
        "restarts": pod.restarts,
        "last_termination": (
            {"reason": termination.reason, "exit_code": termination.exit_code, "at": _iso(termination.at)}
            if termination is not None
            else None
        ),
        "waiting_reason": pod.waiting_reason,
        "node": pod.node,
        "observed_at": iso(pod.observed_at),
    }


def event_json(event: K8sEvent) -> dict[str, Any]:
    return {
        "type": event.type,
        "reason": event.reason,
        "object": event.object,
        "message": bounded(event.message, MAX_MESSAGE_CHARS),
        "count": event.count,
        "first_seen": iso(event.first_seen),
        "last_seen": iso(event.last_seen),
    }


def deployment_json(deployment: K8sDeployment) -> dict[str, Any]:
    return {
        "namespace": deployment.namespace,
        "name": deployment.name,
        "service": deployment.service,
        "replicas": deployment.replicas,
        "ready": deployment.ready,
        "available": deployment.available,
        "image": deployment.image,
        "revision": deployment.revision,
        "changed_at": _iso(deployment.changed_at),
        "change_cause": bounded(deployment.change_cause, MAX_MESSAGE_CHARS),
        "conditions": [
            {"type": c.type, "status": c.status, "reason": c.reason, "message": bounded(c.message, MAX_MESSAGE_CHARS)}
            for c in deployment.conditions
        ],
        "observed_at": iso(deployment.observed_at),
    }


def run(args: QueryK8sArgs, ctx: ToolContext) -> ToolOutcome:
    start, end = resolve_window(args.start, args.end, ctx.now)
    backend: K8sBackend = ctx.backend("k8s")
    query = K8sQuery(start=start, end=end, namespace=args.namespace)
    names = service_filter(args.name, ctx)
    elements: list[dict[str, Any]]
    if args.kind == "pods":
        pods = select_pods(backend.pods(query), end=end, names=names, reason=args.reason)
        elements = [pod_json(p) for p in pods[: args.limit]]
        total = len(pods)
    elif args.kind == "events":
        events = select_events(backend.events(query), start=start, end=end, names=names, reason=args.reason)
        elements = [event_json(e) for e in events[: args.limit]]
        total = len(events)
    else:
        deployments = select_deployments(backend.deployments(query), end=end, names=names, reason=args.reason)
        elements = [deployment_json(d) for d in deployments[: args.limit]]
        total = len(deployments)
    output: dict[str, Any] = {kind: (elements if kind == args.kind else []) for kind in KINDS}
    output.update(
        kind=args.kind,
        namespace=args.namespace,
        total=total,
        truncated=total > len(elements),
        window={"start": iso(start), "end": iso(end)},
    )
    return ToolOutcome(output=output, result_count=len(elements), details={"backend": getattr(backend, "name", "")})


# --- Evidence refs ----------------------------------------------------------------------------------
def render_pod(pod: dict[str, Any]) -> str:
    """ "Pod boutique/adservice-…（服务 adservice）：阶段 Pending，就绪 0/1，重启 4 次，等待原因
    ImagePullBackOff，上次终止 OOMKilled（退出码 137，于 2026-11-28 10:21:07），节点 …，观测于 …"."""
    parts = [f"阶段 {pod['phase']}", f"就绪 {pod['ready']}", f"重启 {pod['restarts']} 次"]
    if pod.get("waiting_reason"):
        parts.append(f"等待原因 {pod['waiting_reason']}")
    termination = pod.get("last_termination")
    if termination:
        bits = []
        if termination.get("exit_code") is not None:
            bits.append(f"退出码 {termination['exit_code']}")
        if termination.get("at"):
            bits.append(f"于 {clock(termination['at'])}")
        detail = f"（{'，'.join(bits)}）" if bits else ""
        parts.append(f"上次终止 {termination.get('reason') or '原因未知'}{detail}")
    if pod.get("node"):
        parts.append(f"节点 {pod['node']}")
    parts.append(f"观测于 {clock(pod['observed_at'])}")
    return f"Pod {pod['namespace']}/{pod['name']}（服务 {pod['service']}）：" + "，".join(parts)


def render_event(event: dict[str, Any]) -> str:
    """ "Warning 事件 FailedCreate ReplicaSet/adservice-…，共 12 次，首次 …，最近 …：<message>"."""
    text = (
        f"{event['type']} 事件 {event['reason']} {event['object']}，共 {event['count']} 次，"
        f"首次 {clock(event['first_seen'])}，最近 {clock(event['last_seen'])}"
    )
    return f"{text}：{event['message']}" if event.get("message") else text


def render_deployment(deployment: dict[str, Any]) -> str:
    """ "Deployment boutique/adservice（服务 adservice）：副本 1，就绪 0，可用 0，镜像 …，版本 7，
    变更于 …，条件 Available=False（MinimumReplicasUnavailable），观测于 …，变更原因：…"."""
    parts = [
        f"副本 {deployment['replicas']}",
        f"就绪 {deployment['ready']}",
        f"可用 {deployment['available']}",
    ]
    if deployment.get("image"):
        parts.append(f"镜像 {deployment['image']}")
    if deployment.get("revision") is not None:
        parts.append(f"版本 {deployment['revision']}")
    if deployment.get("changed_at"):
        parts.append(f"变更于 {clock(deployment['changed_at'])}")
    conditions = [
        f"{c['type']}={c['status']}" + (f"（{c['reason']}）" if c.get("reason") else "")
        for c in deployment.get("conditions") or []
    ]
    if conditions:
        parts.append("条件 " + "、".join(conditions))
    parts.append(f"观测于 {clock(deployment['observed_at'])}")
    if deployment.get("change_cause"):
        parts.append(f"变更原因：{deployment['change_cause']}")
    return f"Deployment {deployment['namespace']}/{deployment['name']}（服务 {deployment['service']}）：" + "，".join(
        parts
    )


RENDERERS = {"pods": render_pod, "events": render_event, "deployments": render_deployment}


def refs(output: dict[str, Any]) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for i, pod in enumerate(output.get("pods", [])):
        items.append(
            evidence_ref(make_pointer("pods", i), render_pod(pod), source_id=pod["name"], label=f"Pod {pod['name']}")
        )
    for i, event in enumerate(output.get("events", [])):
        items.append(
            evidence_ref(
                make_pointer("events", i),
                render_event(event),
                source_id=event["object"],
                label=f"{event['type']} {event['reason']}",
            )
        )
    for i, deployment in enumerate(output.get("deployments", [])):
        items.append(
            evidence_ref(
                make_pointer("deployments", i),
                render_deployment(deployment),
                source_id=deployment["name"],
                label=f"Deployment {deployment['name']}",
            )
        )
    return items[:MAX_REFS_PER_INVOCATION]
