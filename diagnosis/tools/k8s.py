"""query_k8s: Kubernetes state as evidence (DESIGN §10.2, §10.6) — the objects of one kind in a
namespace (pods, events, deployments, nodes, services, endpointslices, replicasets, statefulsets,
daemonsets, jobs, cronjobs, pvcs, pvs, resourcequotas, limitranges, hpas, ingresses,
networkpolicies, secrets, configmaps), filtered by name, reason and time window, with one evidence
ref per element.

The backend (builtin: the loaded bundles; kubernetes: the API server) returns readings in the
bundle shape; everything after that is here and pure, so both backends answer the same question
the same way:

- **state** (every kind but events): per object the reading nearest the window's end is kept — the
  latest one observed at or before ``end``, else the earliest after it (a live cluster has only
  "now"); ``observed_at`` says when it was read;
- **events** are kept when seen in the window (``first_seen ≤ end`` and ``last_seen ≥ start``);
- **joins**: a service carries its EndpointSlices' endpoints (ready / not ready) and the pods its
  selector matches; a node carries the CPU and memory its pods request and how many run on it;
- ``name`` (a service name or alias, an object name or a prefix of one) matches an object by its
  name or what it belongs to (a pod's service, a ReplicaSet's Deployment, an HPA's target …), an
  event by its object's name or prefix;
- ``reason`` (case-insensitive, exact) matches a pod's waiting / termination reason or phase, an
  event's reason, a condition's reason (or a failing condition's type: ``DiskPressure``), a
  PVC's or PV's phase, ``NotReady`` of a node;
- order: what is wrong first (pods not ready, Warning events, unavailable workloads, NotReady or
  pressured nodes, services without ready endpoints, unbound claims, exhausted quotas …), then
  ``limit``;
- **Secrets and ConfigMaps by name only**: names, key names and owners; no value is ever read
  (``contracts.k8s``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from contracts.evidence import MAX_REFS_PER_INVOCATION
from contracts.k8s import (
    K8S_KIND_MODELS,
    K8sConfigMap,
    K8sCronJob,
    K8sDaemonSet,
    K8sDeployment,
    K8sEndpointSlice,
    K8sEvent,
    K8sHPA,
    K8sIngress,
    K8sJob,
    K8sLimitRange,
    K8sNetworkPolicy,
    K8sNode,
    K8sPersistentVolume,
    K8sPersistentVolumeClaim,
    K8sPod,
    K8sReplicaSet,
    K8sResourceQuota,
    K8sSecret,
    K8sService,
    K8sStatefulSet,
)
from contracts.pointer import make_pointer
from diagnosis.evidence.k8s_objects import (
    cpu_text,
    deployment_is_unavailable,
    deployment_of_replicaset,
    labels_text,
    memory_text,
    object_name,
    pod_is_unhealthy,
    quantity,
    selector_matches,
    workload_of,
)
from diagnosis.tools.arguments import QueryK8sArgs
from diagnosis.tools.backends import K8sBackend, K8sQuery
from diagnosis.tools.base import ToolContext, ToolOutcome, bounded, evidence_ref
from diagnosis.tools.logs import service_filter
from diagnosis.tools.rendering import clock, iso
from diagnosis.tools.windows import resolve_window

KINDS: tuple[str, ...] = ("pods", "events", "deployments", *K8S_KIND_MODELS)
MAX_MESSAGE_CHARS = 1000
MAX_JOINED = 20  # endpoints and matched pods shown per service
PRESSURE_CONDITIONS = ("MemoryPressure", "DiskPressure", "PIDPressure", "NetworkUnavailable")
NOT_READY = "NotReady"


# --- Selection (pure) ---------------------------------------------------------------------------
def nearest_readings(readings: Iterable[Any], end: datetime) -> list[Any]:
    """Per (namespace, name): the latest reading at or before ``end``, else the earliest after it."""
    best: dict[tuple[str, str], Any] = {}
    for reading in readings:
        key = (getattr(reading, "namespace", ""), reading.name)
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
    return sorted(kept, key=lambda d: not deployment_is_unavailable(d))


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
        # DESIGN §10.6
        "waiting_message": bounded(pod.waiting_message, MAX_MESSAGE_CHARS),
        "reason": pod.reason,
        "message": bounded(pod.message, MAX_MESSAGE_CHARS),
        "owner": pod.owner,
        "labels": dict(pod.labels),
        "conditions": [_transition(c) for c in pod.conditions],
        "containers": [c.model_dump(mode="json") for c in pod.containers],
        "service_account": pod.service_account,
        "secrets": list(pod.secrets),
        "configmaps": list(pod.configmaps),
        "image_pull_secrets": list(pod.image_pull_secrets),
        "claims": list(pod.claims),
        "node_selector": dict(pod.node_selector),
        "created_at": _iso(pod.created_at),
    }


def _transition(condition: Any) -> dict[str, Any]:
    return {
        "type": condition.type,
        "status": condition.status,
        "reason": condition.reason,
        "message": bounded(condition.message, MAX_MESSAGE_CHARS),
        "since": _iso(condition.since),
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
        "selector": dict(deployment.selector),  # DESIGN §10.6
    }


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
    parts.extend(_pod_details(pod))
    return f"Pod {pod['namespace']}/{pod['name']}（服务 {pod['service']}）：" + "，".join(parts)


def _pod_details(pod: dict[str, Any]) -> list[str]:
    """The §10.6 facts of a pod, after the §10.2 ones (whose text stays as it was)."""
    parts = []
    if pod.get("owner"):
        kind, name = workload_of(pod["owner"])
        parts.append(f"属于 {pod['owner']}" + (f"（{kind} {name}）" if f"{kind}/{name}" != pod["owner"] else ""))
    labels = {k: v for k, v in (pod.get("labels") or {}).items() if k != "pod-template-hash"}
    if labels:
        parts.append(f"标签 {labels_text(labels)}")
    images = [c["image"] for c in pod.get("containers") or [] if c.get("image")]
    if images:
        parts.append("镜像 " + "、".join(images))
    ports = [str(p) for c in pod.get("containers") or [] for p in c.get("ports") or []]
    if ports:
        parts.append("容器端口 " + "、".join(ports))
    for label, key in (("引用 Secret", "secrets"), ("引用 ConfigMap", "configmaps"), ("挂载 PVC", "claims")):
        if pod.get(key):
            parts.append(f"{label} " + "、".join(pod[key]))
    if pod.get("node_selector"):
        parts.append(f"节点选择器 {labels_text(pod['node_selector'])}")
    for condition in pod.get("conditions") or []:
        if condition.get("status") != "True" and condition.get("message"):
            parts.append(f"条件 {_condition_text(condition)}：{condition['message']}")
    if pod.get("reason"):
        parts.append(f"状态原因 {pod['reason']}" + (f"：{pod['message']}" if pod.get("message") else ""))
    if pod.get("waiting_message"):
        parts.append(f"等待信息：{pod['waiting_message']}")
    return parts


def _condition_text(condition: Mapping[str, Any]) -> str:
    """``Ready=False（KubeletNotReady，自 2026-11-28 10:12:40）``."""
    bits = [condition["reason"]] if condition.get("reason") else []
    if condition.get("since"):
        bits.append(f"自 {clock(condition['since'])}")
    return f"{condition['type']}={condition['status']}" + (f"（{'，'.join(bits)}）" if bits else "")


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
    if deployment.get("selector"):
        parts.append(f"选择器 {labels_text(deployment['selector'])}")
    parts.append(f"观测于 {clock(deployment['observed_at'])}")
    if deployment.get("change_cause"):
        parts.append(f"变更原因：{deployment['change_cause']}")
    return f"Deployment {deployment['namespace']}/{deployment['name']}（服务 {deployment['service']}）：" + "，".join(
        parts
    )




# --- The other kinds (DESIGN §10.6): health, elements, texts ----------------------------------------
def _conditions_json(conditions: Iterable[Any]) -> list[dict[str, Any]]:
    return [_transition(c) for c in conditions]


def _failing(conditions: Iterable[Any], *types: str) -> list[Any]:
    """The conditions of ``types`` that hold (status True)."""
    return [c for c in conditions if c.type in types and c.status == "True"]


def node_wrong(node: K8sNode) -> bool:
    return node.ready != "True" or node.unschedulable or bool(_failing(node.conditions, *PRESSURE_CONDITIONS))


def node_reasons(node: K8sNode) -> tuple[str, ...]:
    failing = [c.type for c in _failing(node.conditions, *PRESSURE_CONDITIONS)]
    reasons = [c.reason for c in node.conditions if c.reason]
    return (*failing, *reasons, *((NOT_READY,) if node.ready != "True" else ()),
            *(("Unschedulable",) if node.unschedulable else ()))  # fmt: skip


def node_json(node: K8sNode, pods: Sequence[K8sPod]) -> dict[str, Any]:
    """The node with what its pods request (running and pending pods bound to it)."""
    mine = [p for p in pods if p.node == node.name and p.phase not in ("Succeeded", "Failed")]
    cpu = sum(quantity(c.requests.get("cpu")) or 0.0 for p in mine for c in p.containers)
    memory = sum(quantity(c.requests.get("memory")) or 0.0 for p in mine for c in p.containers)
    return {
        "name": node.name,
        "ready": node.ready,
        "conditions": _conditions_json(node.conditions),
        "taints": [t.model_dump(mode="json") for t in node.taints],
        "unschedulable": node.unschedulable,
        "allocatable": dict(node.allocatable),
        "requested": {"cpu": cpu_text(cpu), "memory": memory_text(memory)},
        "pods": len(mine),
        "labels": dict(node.labels),
        "observed_at": iso(node.observed_at),
    }


def render_node(node: dict[str, Any]) -> str:
    """ "Node k8s-node-2：Ready=False（NodeStatusUnknown，自 …），已停止调度，污点 …，可分配 cpu 3920m / memory …，
    已请求 cpu 1850m / memory 2304Mi，Pod 12 个，观测于 …"."""
    parts = [f"Ready={node['ready']}"]
    ready = next((c for c in node["conditions"] if c["type"] == "Ready"), None)
    if ready is not None:
        parts[0] = _condition_text(ready)
    parts += [_condition_text(c) for c in node["conditions"] if c["type"] in PRESSURE_CONDITIONS and c["status"] == "True"]
    if node.get("unschedulable"):
        parts.append("已停止调度（cordon）")
    if node.get("taints"):
        parts.append("污点 " + "、".join(f"{t['key']}" + (f"={t['value']}" if t.get("value") else "") + f":{t['effect']}"
                                        for t in node["taints"]))  # fmt: skip
    allocatable = node.get("allocatable") or {}
    if allocatable:
        parts.append("可分配 " + " / ".join(f"{k} {allocatable[k]}" for k in ("cpu", "memory", "pods") if k in allocatable))
    requested = node.get("requested") or {}
    parts.append(f"已请求 cpu {requested.get('cpu')} / memory {requested.get('memory')}")
    parts.append(f"Pod {node['pods']} 个")
    parts.append(f"观测于 {clock(node['observed_at'])}")
    pressure = [c for c in node["conditions"] if c["type"] in PRESSURE_CONDITIONS and c["status"] == "True" and c.get("message")]
    parts += [f"{c['type']}：{c['message']}" for c in pressure]
    if ready is not None and ready["status"] != "True" and ready.get("message"):
        parts.append(f"Ready：{ready['message']}")
    return f"Node {node['name']}：" + "，".join(parts)


def _ports_json(ports: Iterable[Any]) -> list[dict[str, Any]]:
    return [p.model_dump(mode="json") for p in ports]


def service_json(service: K8sService, slices: Sequence[K8sEndpointSlice], pods: Sequence[K8sPod]) -> dict[str, Any]:
    """The service with its EndpointSlices' endpoints and the pods its selector matches. Unknown
    (null) when nothing was read to tell: no slice of the namespace, no pod with labels."""
    mine = [s for s in slices if s.namespace == service.namespace and s.service == service.name]
    known_slices = any(s.namespace == service.namespace for s in slices)
    endpoints = [
        {"address": (e.addresses or [""])[0], "pod": e.pod, "ready": e.ready} for s in mine for e in s.endpoints
    ]
    labelled = [p for p in pods if p.namespace == service.namespace and p.labels]
    matched = sorted(p.name for p in labelled if service.selector and selector_matches(service.selector, p.labels))
    return {
        "namespace": service.namespace,
        "name": service.name,
        "type": service.type,
        "cluster_ip": service.cluster_ip,
        "selector": dict(service.selector),
        "ports": _ports_json(service.ports),
        "ready_endpoints": sum(1 for e in endpoints if e["ready"]) if known_slices else None,
        "not_ready_endpoints": sum(1 for e in endpoints if not e["ready"]) if known_slices else None,
        "endpoints": endpoints[:MAX_JOINED],
        "matched_pods": matched[:MAX_JOINED] if labelled else None,
        "matched_pod_count": len(matched) if labelled else None,
        "observed_at": iso(service.observed_at),
    }


def service_wrong(service: dict[str, Any]) -> bool:
    return bool(service.get("selector")) and service.get("ready_endpoints") == 0


def _count(value: Any) -> str:
    return "未知" if value is None else str(value)


def render_service(service: dict[str, Any]) -> str:
    """ "Service boutique/adservice（ClusterIP）：选择器 app=adservice，端口 9555→9555/TCP，就绪端点 0 个，
    未就绪端点 1 个，选择器匹配 Pod 1 个（adservice-…），观测于 …"."""
    parts = [f"选择器 {labels_text(service['selector'])}" if service.get("selector") else "无选择器"]
    if service.get("cluster_ip"):
        parts.append(f"集群 IP {service['cluster_ip']}")
    if service.get("ports"):
        parts.append("端口 " + "、".join(
            f"{p['port']}→{p['target_port'] or p['port']}/{p['protocol']}" for p in service["ports"]))  # fmt: skip
    parts.append(f"就绪端点 {_count(service.get('ready_endpoints'))} 个")
    parts.append(f"未就绪端点 {_count(service.get('not_ready_endpoints'))} 个")
    matched = service.get("matched_pods")
    if service.get("selector"):
        text = f"选择器匹配 Pod {_count(service.get('matched_pod_count'))} 个"
        parts.append(text + (f"（{'、'.join(matched)}）" if matched else ""))
    parts.append(f"观测于 {clock(service['observed_at'])}")
    return f"Service {service['namespace']}/{service['name']}（{service['type']}）：" + "，".join(parts)


def endpointslice_json(item: K8sEndpointSlice) -> dict[str, Any]:
    return {
        "namespace": item.namespace,
        "name": item.name,
        "service": item.service,
        "ports": _ports_json(item.ports),
        "endpoints": [e.model_dump(mode="json") for e in item.endpoints[:MAX_JOINED]],
        "ready": sum(1 for e in item.endpoints if e.ready),
        "not_ready": sum(1 for e in item.endpoints if not e.ready),
        "observed_at": iso(item.observed_at),
    }


def render_endpointslice(item: dict[str, Any]) -> str:
    parts = [f"服务 {item['service'] or '未知'}", f"就绪端点 {item['ready']} 个", f"未就绪端点 {item['not_ready']} 个"]
    shown = [f"{(e.get('addresses') or ['?'])[0]}" + (f"（{e['pod']}）" if e.get("pod") else "")
             + ("" if e.get("ready") else " 未就绪") for e in item["endpoints"]]  # fmt: skip
    if shown:
        parts.append("端点 " + "、".join(shown))
    parts.append(f"观测于 {clock(item['observed_at'])}")
    return f"EndpointSlice {item['namespace']}/{item['name']}：" + "，".join(parts)


def replicaset_json(item: K8sReplicaSet) -> dict[str, Any]:
    return {
        "namespace": item.namespace, "name": item.name, "deployment": item.deployment, "replicas": item.replicas,
        "ready": item.ready, "available": item.available, "conditions": _conditions_json(item.conditions),
        "created_at": _iso(item.created_at), "observed_at": iso(item.observed_at),
    }  # fmt: skip


def _conditions_tail(conditions: Sequence[dict[str, Any]], healthy: Callable[[dict[str, Any]], bool]) -> list[str]:
    """``条件 ReplicaFailure=True（FailedCreate，自 …）：<message>`` of each condition not healthy."""
    return [
        f"条件 {_condition_text(c)}" + (f"：{c['message']}" if c.get("message") else "")
        for c in conditions
        if not healthy(c)
    ]


def render_replicaset(item: dict[str, Any]) -> str:
    parts = [f"副本 {item['replicas']}", f"就绪 {item['ready']}", f"可用 {item['available']}"]
    if item.get("created_at"):
        parts.append(f"创建于 {clock(item['created_at'])}")
    parts.append(f"观测于 {clock(item['observed_at'])}")
    parts += _conditions_tail(item["conditions"], lambda c: c["status"] != "True")
    owner = f"（Deployment {item['deployment']}）" if item.get("deployment") else ""
    return f"ReplicaSet {item['namespace']}/{item['name']}{owner}：" + "，".join(parts)


def statefulset_json(item: K8sStatefulSet) -> dict[str, Any]:
    return {**item.model_dump(mode="json"), "observed_at": iso(item.observed_at)}


def render_statefulset(item: dict[str, Any]) -> str:
    parts = [f"副本 {item['replicas']}", f"就绪 {item['ready']}"]
    if item.get("update_revision") and item.get("update_revision") != item.get("current_revision"):
        parts.append(f"版本 {item['current_revision']} → {item['update_revision']}")
    if item.get("selector"):
        parts.append(f"选择器 {labels_text(item['selector'])}")
    parts.append(f"观测于 {clock(item['observed_at'])}")
    return f"StatefulSet {item['namespace']}/{item['name']}：" + "，".join(parts)


def daemonset_json(item: K8sDaemonSet) -> dict[str, Any]:
    return {**item.model_dump(mode="json"), "observed_at": iso(item.observed_at)}


def render_daemonset(item: dict[str, Any]) -> str:
    parts = [f"期望 {item['desired']}", f"当前 {item['current']}", f"就绪 {item['ready']}", f"可用 {item['available']}"]
    if item.get("misscheduled"):
        parts.append(f"错误调度 {item['misscheduled']}")
    parts.append(f"观测于 {clock(item['observed_at'])}")
    return f"DaemonSet {item['namespace']}/{item['name']}：" + "，".join(parts)


def job_json(item: K8sJob) -> dict[str, Any]:
    return {
        "namespace": item.namespace, "name": item.name, "cronjob": item.cronjob, "active": item.active,
        "succeeded": item.succeeded, "failed": item.failed, "backoff_limit": item.backoff_limit,
        "conditions": _conditions_json(item.conditions), "started_at": _iso(item.started_at),
        "completed_at": _iso(item.completed_at), "observed_at": iso(item.observed_at),
    }  # fmt: skip


def render_job(item: dict[str, Any]) -> str:
    parts = [f"运行中 {item['active']}", f"成功 {item['succeeded']}", f"失败 {item['failed']}"]
    if item.get("backoff_limit") is not None:
        parts.append(f"重试上限 {item['backoff_limit']}")
    if item.get("started_at"):
        parts.append(f"开始于 {clock(item['started_at'])}")
    parts.append(f"观测于 {clock(item['observed_at'])}")
    parts += _conditions_tail(item["conditions"], lambda c: c["type"] != "Failed" or c["status"] != "True")
    owner = f"（CronJob {item['cronjob']}）" if item.get("cronjob") else ""
    return f"Job {item['namespace']}/{item['name']}{owner}：" + "，".join(parts)


def cronjob_json(item: K8sCronJob) -> dict[str, Any]:
    return {
        "namespace": item.namespace, "name": item.name, "schedule": item.schedule, "suspend": item.suspend,
        "active": item.active, "last_schedule": _iso(item.last_schedule),
        "last_successful": _iso(item.last_successful), "observed_at": iso(item.observed_at),
    }  # fmt: skip


def render_cronjob(item: dict[str, Any]) -> str:
    parts = [f"计划 {item['schedule']}", "已暂停" if item.get("suspend") else "未暂停", f"运行中 {item['active']}"]
    if item.get("last_schedule"):
        parts.append(f"上次调度 {clock(item['last_schedule'])}")
    if item.get("last_successful"):
        parts.append(f"上次成功 {clock(item['last_successful'])}")
    parts.append(f"观测于 {clock(item['observed_at'])}")
    return f"CronJob {item['namespace']}/{item['name']}：" + "，".join(parts)


def pvc_json(item: K8sPersistentVolumeClaim) -> dict[str, Any]:
    return {**item.model_dump(mode="json"), "observed_at": iso(item.observed_at)}


def render_pvc(item: dict[str, Any]) -> str:
    parts = [f"阶段 {item['phase']}", f"卷 {item['volume'] or '无'}", f"存储类 {item['storage_class'] or '默认'}"]
    if item.get("requested"):
        parts.append(f"请求 {item['requested']}")
    parts.append(f"观测于 {clock(item['observed_at'])}")
    return f"PVC {item['namespace']}/{item['name']}：" + "，".join(parts)


def pv_json(item: K8sPersistentVolume) -> dict[str, Any]:
    return {**item.model_dump(mode="json"), "observed_at": iso(item.observed_at)}


def render_pv(item: dict[str, Any]) -> str:
    parts = [f"阶段 {item['phase']}", f"绑定到 {item['claim'] or '无'}", f"存储类 {item['storage_class'] or '无'}"]
    if item.get("capacity"):
        parts.append(f"容量 {item['capacity']}")
    if item.get("reclaim_policy"):
        parts.append(f"回收策略 {item['reclaim_policy']}")
    parts.append(f"观测于 {clock(item['observed_at'])}")
    return f"PV {item['name']}：" + "，".join(parts)


def exhausted(hard: Mapping[str, str], used: Mapping[str, str]) -> list[str]:
    """The resources of a quota whose use has reached its hard limit."""
    out = []
    for resource, limit in hard.items():
        h, u = quantity(limit), quantity(used.get(resource))
        if h is not None and u is not None and u >= h:
            out.append(resource)
    return out


def quota_json(item: K8sResourceQuota) -> dict[str, Any]:
    return {**item.model_dump(mode="json"), "exhausted": exhausted(item.hard, item.used),
            "observed_at": iso(item.observed_at)}  # fmt: skip


def render_quota(item: dict[str, Any]) -> str:
    used = item.get("used") or {}
    parts = ["已用/上限 " + "、".join(f"{k} {used.get(k, '?')}/{v}" for k, v in sorted((item.get("hard") or {}).items()))]
    if item.get("exhausted"):
        parts.append("已用尽 " + "、".join(item["exhausted"]))
    parts.append(f"观测于 {clock(item['observed_at'])}")
    return f"ResourceQuota {item['namespace']}/{item['name']}：" + "，".join(parts)


def limitrange_json(item: K8sLimitRange) -> dict[str, Any]:
    return {**item.model_dump(mode="json"), "observed_at": iso(item.observed_at)}


def render_limitrange(item: dict[str, Any]) -> str:
    parts = []
    for limit in item.get("limits") or []:
        bits = [f"{label} " + "、".join(f"{k} {v}" for k, v in sorted(limit[key].items()))
                for label, key in (("最大", "max"), ("最小", "min"), ("默认上限", "default"), ("默认请求", "default_request"))
                if limit.get(key)]  # fmt: skip
        parts.append(f"{limit['type']} " + "，".join(bits))
    parts.append(f"观测于 {clock(item['observed_at'])}")
    return f"LimitRange {item['namespace']}/{item['name']}：" + "；".join(parts)


def hpa_json(item: K8sHPA) -> dict[str, Any]:
    return {
        "namespace": item.namespace, "name": item.name, "target": item.target, "min_replicas": item.min_replicas,
        "max_replicas": item.max_replicas, "current_replicas": item.current_replicas,
        "desired_replicas": item.desired_replicas, "conditions": _conditions_json(item.conditions),
        "observed_at": iso(item.observed_at),
    }  # fmt: skip


def hpa_wrong(item: K8sHPA) -> bool:
    blocked = [c for c in item.conditions if c.type in ("AbleToScale", "ScalingActive") and c.status == "False"]
    return item.current_replicas >= item.max_replicas or bool(blocked)


def render_hpa(item: dict[str, Any]) -> str:
    parts = [f"目标 {item['target'] or '未知'}", f"副本 {item['current_replicas']}（期望 {item['desired_replicas']}，"
             f"范围 {item['min_replicas']}–{item['max_replicas']}）"]  # fmt: skip
    parts.append(f"观测于 {clock(item['observed_at'])}")
    interesting = {"ScalingLimited": "True", "AbleToScale": "False", "ScalingActive": "False"}
    parts += _conditions_tail(item["conditions"], lambda c: interesting.get(c["type"]) != c["status"])
    return f"HPA {item['namespace']}/{item['name']}：" + "，".join(parts)


def ingress_json(item: K8sIngress) -> dict[str, Any]:
    return {**item.model_dump(mode="json"), "observed_at": iso(item.observed_at)}


def render_ingress(item: dict[str, Any]) -> str:
    routes = [f"{p['host'] or '*'}{p['path'] or '/'} → {p['service'] or '?'}:{p['port'] or '?'}" for p in item["paths"]]
    parts = [f"类 {item['ingress_class'] or '默认'}", "路由 " + ("、".join(routes) if routes else "无")]
    parts.append(f"观测于 {clock(item['observed_at'])}")
    return f"Ingress {item['namespace']}/{item['name']}：" + "，".join(parts)


def networkpolicy_json(item: K8sNetworkPolicy) -> dict[str, Any]:
    return {**item.model_dump(mode="json"), "observed_at": iso(item.observed_at)}


def _rule_text(rule: Mapping[str, Any]) -> str:
    peers = []
    for peer in rule.get("peers") or []:
        bits = []
        if peer.get("namespace_selector") is not None:
            bits.append(f"命名空间 {labels_text(peer['namespace_selector']) or '全部'}")
        if peer.get("pod_selector") is not None:
            bits.append(f"Pod {labels_text(peer['pod_selector']) or '全部'}")
        if peer.get("ip_block"):
            bits.append(f"IP {peer['ip_block']}")
        peers.append(" ".join(bits))
    ports = [str(p) for p in rule.get("ports") or []]
    return ("来自 " + "、".join(peers) if peers else "来自任意来源") + (f" 端口 {'、'.join(ports)}" if ports else "")


def render_networkpolicy(item: dict[str, Any]) -> str:
    parts = [f"选中 Pod {labels_text(item['pod_selector']) or '全部'}", "类型 " + "、".join(item["policy_types"] or ["Ingress"])]
    if "Ingress" in (item["policy_types"] or ["Ingress"]):
        rules = [_rule_text(r) for r in item["ingress"]]
        parts.append("入站规则 " + ("；".join(rules) if rules else "无（拒绝所有入站）"))
    parts.append(f"观测于 {clock(item['observed_at'])}")
    return f"NetworkPolicy {item['namespace']}/{item['name']}：" + "，".join(parts)


def secret_json(item: K8sSecret) -> dict[str, Any]:
    return {"namespace": item.namespace, "name": item.name, "type": item.type, "keys": list(item.keys),
            "owners": list(item.owners), "observed_at": iso(item.observed_at)}  # fmt: skip


def render_secret(item: dict[str, Any]) -> str:
    parts = [f"键 {'、'.join(item['keys']) or '无'}"]
    if item.get("owners"):
        parts.append(f"属于 {'、'.join(item['owners'])}")
    parts.append(f"观测于 {clock(item['observed_at'])}")
    kind = f"（类型 {item['type']}）" if item.get("type") else ""
    return f"Secret {item['namespace']}/{item['name']}{kind}：" + "，".join(parts)


def configmap_json(item: K8sConfigMap) -> dict[str, Any]:
    return {"namespace": item.namespace, "name": item.name, "keys": list(item.keys), "owners": list(item.owners),
            "observed_at": iso(item.observed_at)}  # fmt: skip


def render_configmap(item: dict[str, Any]) -> str:
    parts = [f"键 {'、'.join(item['keys']) or '无'}"]
    if item.get("owners"):
        parts.append(f"属于 {'、'.join(item['owners'])}")
    parts.append(f"观测于 {clock(item['observed_at'])}")
    return f"ConfigMap {item['namespace']}/{item['name']}：" + "，".join(parts)


@dataclass(frozen=True)
class KindView:
    """How ``query_k8s`` reads one kind: the names ``name`` matches, the reasons ``reason`` matches,
    whether a reading shows something wrong (listed first), its element and its ref text."""

    names: Callable[[Any], tuple[str, ...]]
    reasons: Callable[[Any], tuple[str | None, ...]]
    wrong: Callable[[Any], bool]
    element: Callable[[Any], dict[str, Any]] | None  # None: joined with other kinds in ``run``
    render: Callable[[dict[str, Any]], str]
    title: str


def _condition_reasons(item: Any) -> tuple[str, ...]:
    return tuple(c.reason for c in item.conditions if c.reason)


def _none(item: Any) -> tuple[str, ...]:
    return ()


VIEWS: dict[str, KindView] = {
    "nodes": KindView(lambda n: (n.name,), node_reasons, node_wrong, None, render_node, "Node"),
    "services": KindView(lambda s: (s.name,), _none, lambda s: False, None, render_service, "Service"),
    "endpointslices": KindView(
        lambda e: (e.name, e.service), _none, lambda e: not e.endpoints or any(not x.ready for x in e.endpoints),
        endpointslice_json, render_endpointslice, "EndpointSlice",
    ),
    "replicasets": KindView(
        lambda r: (r.name, r.deployment or deployment_of_replicaset(r.name)), _condition_reasons,
        lambda r: r.ready < r.replicas or bool(_failing(r.conditions, "ReplicaFailure")),
        replicaset_json, render_replicaset, "ReplicaSet",
    ),
    "statefulsets": KindView(lambda s: (s.name,), _none, lambda s: s.ready < s.replicas, statefulset_json,
                             render_statefulset, "StatefulSet"),
    "daemonsets": KindView(lambda d: (d.name,), _none, lambda d: d.ready < d.desired or d.misscheduled > 0,
                           daemonset_json, render_daemonset, "DaemonSet"),
    "jobs": KindView(lambda j: (j.name, j.cronjob), _condition_reasons, lambda j: bool(_failing(j.conditions, "Failed")),
                     job_json, render_job, "Job"),
    "cronjobs": KindView(lambda c: (c.name,), _none, lambda c: False, cronjob_json, render_cronjob, "CronJob"),
    "pvcs": KindView(lambda p: (p.name,), lambda p: (p.phase,), lambda p: p.phase != "Bound", pvc_json, render_pvc, "PVC"),
    "pvs": KindView(lambda p: (p.name, p.claim.rsplit("/", 1)[-1]), lambda p: (p.phase,),
                    lambda p: p.phase in ("Failed", "Released"), pv_json, render_pv, "PV"),
    "resourcequotas": KindView(lambda q: (q.name,), _none, lambda q: bool(exhausted(q.hard, q.used)), quota_json,
                               render_quota, "ResourceQuota"),
    "limitranges": KindView(lambda r: (r.name,), _none, lambda r: False, limitrange_json, render_limitrange, "LimitRange"),
    "hpas": KindView(lambda h: (h.name, h.target.rsplit("/", 1)[-1]), _condition_reasons, hpa_wrong, hpa_json, render_hpa,
                     "HPA"),
    "ingresses": KindView(lambda i: (i.name, *(p.service for p in i.paths)), _none, lambda i: False, ingress_json,
                          render_ingress, "Ingress"),
    "networkpolicies": KindView(lambda n: (n.name,), _none, lambda n: False, networkpolicy_json, render_networkpolicy,
                                "NetworkPolicy"),
    "secrets": KindView(lambda s: (s.name,), _none, lambda s: False, secret_json, render_secret, "Secret"),
    "configmaps": KindView(lambda c: (c.name,), _none, lambda c: False, configmap_json, render_configmap, "ConfigMap"),
}  # fmt: skip


def select_objects(
    kind: str, readings: Iterable[Any], *, end: datetime, names: Sequence[str], reason: str | None
) -> list[Any]:
    """The readings of one of the other kinds nearest ``end``, filtered by name and reason, wrong first."""
    view = VIEWS[kind]
    kept = [
        r
        for r in nearest_readings(readings, end)
        if _name_matches(names, *view.names(r), prefix_of=r.name) and _reason_matches(reason, *view.reasons(r))
    ]
    kept.sort(key=lambda r: (getattr(r, "namespace", ""), r.name))
    return sorted(kept, key=lambda r: not view.wrong(r))


# --- The call ----------------------------------------------------------------------------------------
def select_elements(
    kind: str,
    read: Callable[[str, K8sQuery], list[Any]],
    query: K8sQuery,
    *,
    names: Sequence[str] = (),
    reason: str | None = None,
) -> list[dict[str, Any]]:
    """The output elements of ``kind`` (all of them, in order) from the readings ``read(kind, query)``
    returns: selected, joined and shaped as described in the module docstring."""
    start, end = query.start, query.end
    if kind == "pods":
        return [pod_json(p) for p in select_pods(read("pods", query), end=end, names=names, reason=reason)]
    if kind == "events":
        events = select_events(read("events", query), start=start, end=end, names=names, reason=reason)
        return [event_json(e) for e in events]
    if kind == "deployments":
        deployments = select_deployments(read("deployments", query), end=end, names=names, reason=reason)
        return [deployment_json(d) for d in deployments]
    selected = select_objects(kind, read(kind, query), end=end, names=names, reason=reason)
    if kind == "services":
        slices = nearest_readings(read("endpointslices", query), end)
        pods = nearest_readings(read("pods", query), end)
        joined = [service_json(s, slices, pods) for s in selected]
        return sorted(joined, key=lambda s: not service_wrong(s))
    if kind == "nodes":
        pods = nearest_readings(read("pods", K8sQuery(start=start, end=end)), end)
        return [node_json(n, pods) for n in selected]
    element = VIEWS[kind].element
    assert element is not None
    return [element(x) for x in selected]


def backend_reader(backend: K8sBackend) -> Callable[[str, K8sQuery], list[Any]]:
    """``read(kind, query)`` over a backend."""
    named = {"pods": backend.pods, "events": backend.events, "deployments": backend.deployments}

    def read(kind: str, query: K8sQuery) -> list[Any]:
        return named[kind](query) if kind in named else backend.objects(kind, query)

    return read


def run(args: QueryK8sArgs, ctx: ToolContext) -> ToolOutcome:
    start, end = resolve_window(args.start, args.end, ctx.now)
    backend: K8sBackend = ctx.backend("k8s")
    query = K8sQuery(start=start, end=end, namespace=args.namespace)
    found = select_elements(
        args.kind, backend_reader(backend), query, names=service_filter(args.name, ctx), reason=args.reason
    )
    elements = found[: args.limit]
    output: dict[str, Any] = {
        args.kind: elements,
        "kind": args.kind,
        "namespace": args.namespace,
        "total": len(found),
        "truncated": len(found) > len(elements),
        "window": {"start": iso(start), "end": iso(end)},
    }
    return ToolOutcome(output=output, result_count=len(elements), details={"backend": getattr(backend, "name", "")})


# --- Evidence refs ----------------------------------------------------------------------------------
RENDERERS: dict[str, Callable[[dict[str, Any]], str]] = {
    "pods": render_pod,
    "events": render_event,
    "deployments": render_deployment,
    **{kind: view.render for kind, view in VIEWS.items()},
}


def _label(kind: str, element: dict[str, Any]) -> tuple[str, str]:
    """(source_id, label) of an element's ref."""
    if kind == "events":
        return element["object"], f"{element['type']} {element['reason']}"
    title = {"pods": "Pod", "deployments": "Deployment"}.get(kind) or VIEWS[kind].title
    return element["name"], f"{title} {element['name']}"


def refs(output: dict[str, Any]) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for kind in KINDS:
        for i, element in enumerate(output.get(kind) or []):
            source_id, label = _label(kind, element)
            items.append(evidence_ref(make_pointer(kind, i), RENDERERS[kind](element), source_id=source_id, label=label))
    return items[:MAX_REFS_PER_INVOCATION]
