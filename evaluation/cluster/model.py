"""A small cluster's state, mutated by a fault and rendered as the API server would return it. Pure.

The model keeps what the objects are made of — nodes, workloads with their pod template and pods,
Services, volumes, quotas, policies, events — and ``render()`` derives every List of ``KINDS`` from it:
ReplicaSets from a Deployment's revisions, EndpointSlices from the Services' selectors and the
pods' readiness, a ResourceQuota's ``used`` from the pods' requests and limits, a Deployment's
status and conditions from its pods. So a fault changes the cause (a selector, a template, a node
condition) and the consequences follow the way they do in a cluster.

``schedule`` is a small kube-scheduler: the default filter plugins in their order
(NodeUnschedulable, TaintToleration, NodeAffinity, NodeResourcesFit, VolumeBinding,
InterPodAffinity) and the ``FailedScheduling`` message the scheduler writes
(``0/4 nodes are available: 1 node(s) had untolerated taint {workload: highmem}, 3 Insufficient
cpu. preemption: …``).
"""

from __future__ import annotations

import copy
import datetime as dt
import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from evaluation.cluster import kube as K
from evaluation.cluster.spec import Json
from evaluation.cluster.topologies import Flavor, ServiceDef, Topology

DEFAULT_TOLERATIONS = [
    {"effect": "NoExecute", "key": "node.kubernetes.io/not-ready", "operator": "Exists", "tolerationSeconds": 300},
    {"effect": "NoExecute", "key": "node.kubernetes.io/unreachable", "operator": "Exists", "tolerationSeconds": 300},
]
UNSCHEDULABLE = "node(s) were unschedulable"
NODE_AFFINITY = "node(s) didn't match Pod's node affinity/selector"
ANTI_AFFINITY = "node(s) didn't match pod anti-affinity rules"
VOLUME_AFFINITY = "node(s) had volume node affinity conflict"
UNBOUND_PVC = "pod has unbound immediate PersistentVolumeClaims"
NOT_HELPFUL = "Preemption is not helpful for scheduling"
NO_VICTIMS = "No preemption victims found for incoming pod"
#: Kubelet event reasons about one container (their involvedObject carries its fieldPath).
CONTAINER_REASONS = frozenset({"Pulling", "Pulled", "Failed", "BackOff", "Created", "Started", "Killing", "Unhealthy"})


# --- Pod templates ----------------------------------------------------------------------------------
@dataclass
class Container:
    name: str
    image: str
    ports: list[tuple[str, int]] = field(default_factory=list)
    requests: dict[str, str] = field(default_factory=dict)
    limits: dict[str, str] = field(default_factory=dict)
    env: list[Json] = field(default_factory=list)
    command: list[str] = field(default_factory=list)
    args: list[str] = field(default_factory=list)
    liveness: Json | None = None
    readiness: Json | None = None
    mounts: list[Json] = field(default_factory=list)

    def spec(self) -> Json:
        out: Json = {"name": self.name, "image": self.image}
        if self.command:
            out["command"] = list(self.command)
        if self.args:
            out["args"] = list(self.args)
        if self.ports:
            out["ports"] = [{"name": n, "containerPort": p, "protocol": "TCP"} for n, p in self.ports]
        if self.env:
            out["env"] = copy.deepcopy(self.env)
        resources: Json = {}
        if self.limits:
            resources["limits"] = dict(self.limits)
        if self.requests:
            resources["requests"] = dict(self.requests)
        out["resources"] = resources
        if self.liveness:
            out["livenessProbe"] = copy.deepcopy(self.liveness)
        if self.readiness:
            out["readinessProbe"] = copy.deepcopy(self.readiness)
        if self.mounts:
            out["volumeMounts"] = copy.deepcopy(self.mounts)
        out["terminationMessagePath"] = "/dev/termination-log"
        out["terminationMessagePolicy"] = "File"
        out["imagePullPolicy"] = "IfNotPresent"
        return out


@dataclass
class Template:
    labels: dict[str, str]
    containers: list[Container]
    service_account: str = "default"
    node_selector: dict[str, str] = field(default_factory=dict)
    affinity: Json | None = None
    tolerations: list[Json] = field(default_factory=list)
    image_pull_secrets: list[str] = field(default_factory=list)
    volumes: list[Json] = field(default_factory=list)
    annotations: dict[str, str] = field(default_factory=dict)
    grace: int = 30
    restart_policy: str = "Always"

    def clone(self) -> Template:
        return copy.deepcopy(self)

    def spec(self) -> Json:
        out: Json = {}
        if self.volumes:
            out["volumes"] = copy.deepcopy(self.volumes)
        out["containers"] = [c.spec() for c in self.containers]
        out["restartPolicy"] = self.restart_policy
        out["terminationGracePeriodSeconds"] = self.grace
        out["dnsPolicy"] = "ClusterFirst"
        if self.node_selector:
            out["nodeSelector"] = dict(self.node_selector)
        out["serviceAccountName"] = self.service_account
        out["serviceAccount"] = self.service_account
        out["securityContext"] = {}
        if self.image_pull_secrets:
            out["imagePullSecrets"] = [{"name": n} for n in self.image_pull_secrets]
        if self.affinity:
            out["affinity"] = copy.deepcopy(self.affinity)
        out["schedulerName"] = "default-scheduler"
        if self.tolerations:
            out["tolerations"] = copy.deepcopy(self.tolerations)
        return out

    def request(self) -> tuple[int, int]:
        """(CPU millicores, memory bytes) the scheduler counts: the containers' requests, else limits."""
        cpu = mem = 0
        for c in self.containers:
            cpu += K.cpu_millis(c.requests.get("cpu") or c.limits.get("cpu") or "0")
            mem += K.mem_bytes(c.requests.get("memory") or c.limits.get("memory") or "0")
        return cpu, mem

    def limit(self) -> tuple[int, int]:
        cpu = mem = 0
        for c in self.containers:
            cpu += K.cpu_millis(c.limits.get("cpu") or c.requests.get("cpu") or "0")
            mem += K.mem_bytes(c.limits.get("memory") or c.requests.get("memory") or "0")
        return cpu, mem

    def qos(self) -> str:
        if all(c.requests == c.limits and c.limits for c in self.containers):
            return "Guaranteed"
        return "Burstable" if any(c.requests or c.limits for c in self.containers) else "BestEffort"


# --- Pods -----------------------------------------------------------------------------------------
@dataclass
class CStatus:
    name: str
    image: str
    state: Json
    last: Json = field(default_factory=dict)
    restarts: int = 0
    ready: bool = True
    started: bool = True
    pulled: bool = True  # imageID / containerID known


@dataclass
class Pod:
    name: str
    namespace: str
    template: Template
    created: dt.datetime
    owner: tuple[str, str, str] | None  # (apiVersion, kind, name)
    hash_label: tuple[str, str] | None
    node: str | None = None
    ip: str | None = None
    phase: str = "Running"
    statuses: list[CStatus] = field(default_factory=list)
    scheduled_at: dt.datetime | None = None
    unschedulable: str = ""  # PodScheduled=False message
    ready_since: dt.datetime | None = None
    node_lost_at: dt.datetime | None = None  # the node controller marked it not ready
    reason: str = ""
    message: str = ""
    deletion: dt.datetime | None = None
    claims: list[str] = field(default_factory=list)
    extra_labels: dict[str, str] = field(default_factory=dict)
    broken_at: dt.datetime | None = None  # when it stopped serving (its final state may say otherwise)
    flapping: bool = False  # restarted again and again, serving between the restarts

    @property
    def ready(self) -> bool:
        return (self.phase == "Running" and self.node_lost_at is None and self.deletion is None
                and all(s.ready for s in self.statuses) and bool(self.statuses))

    @property
    def terminal(self) -> bool:
        return self.phase in ("Succeeded", "Failed")

    @property
    def labels(self) -> dict[str, str]:
        out = dict(self.template.labels)
        if self.hash_label:
            out[self.hash_label[0]] = self.hash_label[1]
        out.update(self.extra_labels)
        return out


# --- Workloads ------------------------------------------------------------------------------------
@dataclass
class Revision:
    hash: str
    template: Template
    created: dt.datetime
    number: int
    replicas: int | None = None  # the ReplicaSet's spec.replicas (None: the Deployment's for the current one, else its live pods)


@dataclass
class Workload:
    kind: str  # Deployment | StatefulSet | DaemonSet
    name: str
    namespace: str
    template: Template
    replicas: int
    created: dt.datetime
    labels: dict[str, str]
    revision: int = 1
    revisions: list[Revision] = field(default_factory=list)  # oldest first; the last is current
    annotations: dict[str, str] = field(default_factory=dict)
    strategy: Json = field(default_factory=lambda: {"type": "RollingUpdate",
                                                    "rollingUpdate": {"maxSurge": "25%", "maxUnavailable": "25%"}})
    pods: list[Pod] = field(default_factory=list)
    generation: int = 1
    changed_at: dt.datetime | None = None  # when the current revision rolled out
    failed_create: str = ""  # ReplicaFailure / FailedCreate message
    failed_create_at: dt.datetime | None = None
    claim_template: Json | None = None
    service: ServiceDef | None = None

    @property
    def selector(self) -> dict[str, str]:
        return {"app": self.template.labels["app"]} if "app" in self.template.labels else dict(self.template.labels)

    @property
    def current(self) -> Revision:
        return self.revisions[-1]

    def live_pods(self) -> list[Pod]:
        return [p for p in self.pods if not p.terminal]


@dataclass
class Node:
    name: str
    ip: str
    labels: dict[str, str]
    cpu: str
    alloc_cpu: str
    mem_ki: int
    alloc_mem_ki: int
    created: dt.datetime
    taints: list[Json] = field(default_factory=list)
    unschedulable: bool = False
    ready: str = "True"
    ready_since: dt.datetime | None = None
    heartbeat_lost_at: dt.datetime | None = None
    pressure: dict[str, dt.datetime] = field(default_factory=dict)  # MemoryPressure / DiskPressure → since
    provider_id: str = ""
    pod_cidr: str = ""
    control_plane: bool = False


@dataclass
class Svc:
    name: str
    namespace: str
    selector: dict[str, str] | None
    ports: list[Json]  # {"name", "port", "targetPort", "protocol"}
    cluster_ip: str
    created: dt.datetime
    labels: dict[str, str] = field(default_factory=dict)
    type: str = "ClusterIP"
    lb_hostname: str = ""


@dataclass
class Claim:
    name: str
    namespace: str
    storage_class: str
    size: str
    created: dt.datetime
    volume: str = ""  # spec.volumeName
    phase: str = "Bound"
    labels: dict[str, str] = field(default_factory=dict)


@dataclass
class Volume:
    name: str
    storage_class: str
    size: str
    created: dt.datetime
    claim: tuple[str, str] | None  # (namespace, name) it is bound to
    node: str = ""  # local volume: the node it lives on
    path: str = ""
    phase: str = "Bound"
    stale: bool = False  # Released: its claimRef still names a claim that was deleted (another uid)


# --- The cluster ----------------------------------------------------------------------------------
@dataclass
class Cluster:
    topology: Topology
    seed: int
    key: str  # the recording's name: every uid and generated suffix derives from it
    reference: dt.datetime
    created: dt.datetime
    rng: random.Random
    nodes: dict[str, Node] = field(default_factory=dict)
    workloads: list[Workload] = field(default_factory=list)
    services: list[Svc] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    volumes: list[Volume] = field(default_factory=list)
    quotas: list[Json] = field(default_factory=list)  # {"name", "namespace", "hard": {...}, "created"}
    limitranges: list[Json] = field(default_factory=list)
    hpas: list[Json] = field(default_factory=list)
    ingresses: list[Json] = field(default_factory=list)
    networkpolicies: list[Json] = field(default_factory=list)
    secrets: list[Json] = field(default_factory=list)  # {"name", "namespace", "type", "keys", "created"}
    configmaps: list[Json] = field(default_factory=list)
    jobs: list[Json] = field(default_factory=list)
    cronjobs: list[Json] = field(default_factory=list)
    loose_pods: list[Pod] = field(default_factory=list)  # job pods, static pods
    events: list[Json] = field(default_factory=list)
    _rv: int = 0
    _ips: set[str] = field(default_factory=set)

    @property
    def flavor(self) -> Flavor:
        return self.topology.flavor

    @property
    def namespace(self) -> str:
        return self.topology.namespace

    def rv(self) -> int:
        self._rv += self.rng.randint(3, 97)
        return 48_000_000 + self._rv

    # -- lookups
    def workload(self, name: str, namespace: str | None = None) -> Workload:
        ns = namespace or self.namespace
        return next(w for w in self.workloads if w.name == name and w.namespace == ns)

    def svc(self, name: str, namespace: str | None = None) -> Svc:
        ns = namespace or self.namespace
        return next(s for s in self.services if s.name == name and s.namespace == ns)

    def claim(self, name: str) -> Claim:
        return next(c for c in self.claims if c.name == name)

    def volume(self, name: str) -> Volume:
        return next(v for v in self.volumes if v.name == name)

    def all_pods(self) -> list[Pod]:
        return [p for w in self.workloads for p in w.pods] + list(self.loose_pods)

    def pods_on(self, node: str) -> list[Pod]:
        return [p for p in self.all_pods() if p.node == node and not p.terminal]

    # -- addresses
    def pod_ip(self, node: str) -> str:
        n = self.nodes[node]
        while True:
            if self.flavor.name == "eks":
                a, b, _, _ = n.ip.split(".")
                third = n.ip.split(".")[2]
                ip = f"{a}.{b}.{third}.{self.rng.randint(60, 250)}"
            else:
                base = n.pod_cidr.split("/")[0].rsplit(".", 1)[0]
                ip = f"{base}.{self.rng.randint(2, 250)}"
            if ip not in self._ips and ip != n.ip:
                self._ips.add(ip)
                return ip

    def cluster_ip(self) -> str:
        while True:
            prefix = self.flavor.service_cidr_prefix
            ip = f"{prefix}.{self.rng.randint(1, 250)}.{self.rng.randint(2, 250)}"
            if ip not in self._ips and ip != self.flavor.dns_ip:
                self._ips.add(ip)
                return ip

    # -- events
    def event(self, *, kind: str, name: str, namespace: str | None, type_: str, reason: str, message: str,
              first: dt.datetime, last: dt.datetime | None = None, count: int = 1, component: str,
              host: str = "", api_version: str = "v1", involved_uid_key: str | None = None) -> None:
        """A core/v1 event as the legacy recorders (kubelet, controllers) write it."""
        last = last or first
        involved: Json = {"kind": kind}
        if namespace is not None:
            involved["namespace"] = namespace
        involved.update(name=name, uid=K.uid(involved_uid_key or f"{self.key}/{kind}/{namespace}/{name}"),
                        apiVersion=api_version, resourceVersion=str(self.rv()))
        if kind == "Pod" and reason in CONTAINER_REASONS:
            involved["fieldPath"] = "spec.containers{" + self._container_of(name) + "}"
        source: Json = {"component": component}
        if host:
            source["host"] = host
        self.events.append({
            "metadata": K.metadata(name=K.event_name(name, reason, message, first.isoformat(), len(self.events)),
                                   namespace=namespace or "default", created=first, rv=self.rv(),
                                   key=f"{self.key}/event/{len(self.events)}"),
            "involvedObject": involved,
            "reason": reason,
            "message": message,
            "source": source,
            "firstTimestamp": K.ts(first),
            "lastTimestamp": K.ts(last),
            "count": count,
            "type": type_,
            "eventTime": None,
            "reportingComponent": component,
            "reportingInstance": host,
        })

    def scheduler_event(self, pod: Pod, message: str, first: dt.datetime, last: dt.datetime, count: int,
                        *, failed: bool = True) -> None:
        """An events.k8s.io event of the scheduler, as core/v1 shows it (``eventTime``, ``series``)."""
        host = self.flavor.control_plane or "ip-172-16-88-19.ap-east-1.compute.internal"
        item: Json = {
            "metadata": K.metadata(name=K.event_name(pod.name, "sched", first.isoformat(), len(self.events)),
                                   namespace=pod.namespace, created=first, rv=self.rv(),
                                   key=f"{self.key}/event/{len(self.events)}"),
            "involvedObject": {"kind": "Pod", "namespace": pod.namespace, "name": pod.name,
                               "uid": K.uid(f"{self.key}/Pod/{pod.namespace}/{pod.name}"), "apiVersion": "v1",
                               "resourceVersion": str(self.rv())},
            "reason": "FailedScheduling" if failed else "Scheduled",
            "message": message,
            "source": {},
            "firstTimestamp": None,
            "lastTimestamp": None,
            "type": "Warning" if failed else "Normal",
            "eventTime": K.micro(first),
            "action": "Scheduling",
            "reportingComponent": "default-scheduler",
            "reportingInstance": f"default-scheduler-{host}",
        }
        if count > 1:
            item["series"] = {"count": count, "lastObservedTime": K.micro(last)}
        self.events.append(item)

    def _container_of(self, pod_name: str) -> str:
        for pod in self.all_pods():
            if pod.name == pod_name and pod.template.containers:
                return pod.template.containers[0].name
        return "server"

    # -- scheduling
    def schedule(self, template: Template, namespace: str, *, claims: Iterable[str] = (),
                 exclude: Iterable[Pod] = ()) -> tuple[str | None, str]:
        """(the node the pod fits on, "") or (None, the FailedScheduling message)."""
        claims = list(claims)
        nodes = sorted(self.nodes.values(), key=lambda n: n.name)
        n = len(nodes)
        for name in claims:
            claim = next((c for c in self.claims if c.name == name and c.namespace == namespace), None)
            if claim is None or claim.phase != "Bound":
                return None, (f"0/{n} nodes are available: {UNBOUND_PVC}. preemption: 0/{n} nodes are available: "
                              f"{n} {NOT_HELPFUL}.")
        excluded = {id(p) for p in exclude}
        reasons: Counter[str] = Counter()
        preemption: Counter[str] = Counter()
        feasible: list[Node] = []
        cpu, mem = template.request()
        tolerations = template.tolerations + DEFAULT_TOLERATIONS
        for node in nodes:
            found = self._filter(node, template, namespace, claims, tolerations, cpu, mem, excluded)
            if not found:
                feasible.append(node)
                continue
            for reason in found:
                reasons[reason] += 1
            resolvable = all(r.startswith("Insufficient") or r == ANTI_AFFINITY for r in found)
            preemption[NO_VICTIMS if resolvable else NOT_HELPFUL] += 1
        if feasible:
            free = {node.name: self._free(node, excluded) for node in feasible}
            best = max(feasible, key=lambda node: (free[node.name][0] - cpu, self.rng.random()))
            return best.name, ""
        histogram = ", ".join(sorted(f"{count} {reason}" for reason, count in reasons.items()))
        victims = ", ".join(sorted(f"{count} {reason}" for reason, count in preemption.items()))
        return None, f"0/{n} nodes are available: {histogram}. preemption: 0/{n} nodes are available: {victims}."

    def _free(self, node: Node, excluded: set[int]) -> tuple[int, int]:
        cpu = K.cpu_millis(node.alloc_cpu)
        mem = node.alloc_mem_ki * 1024
        for pod in self.pods_on(node.name):
            if id(pod) in excluded:
                continue
            c, m = pod.template.request()
            cpu -= c
            mem -= m
        return cpu, mem

    def _filter(self, node: Node, template: Template, namespace: str, claims: list[str], tolerations: list[Json],
                cpu: int, mem: int, excluded: set[int]) -> list[str]:
        if node.unschedulable and not _tolerates(tolerations, {"key": "node.kubernetes.io/unschedulable",
                                                                "effect": "NoSchedule"}):
            return [UNSCHEDULABLE]
        for taint in node.taints:
            if taint["effect"] in ("NoSchedule", "NoExecute") and not _tolerates(tolerations, taint):
                return [f"node(s) had untolerated taint {{{taint['key']}: {taint.get('value', '')}}}"]
        if not _node_matches(node, template):
            return [NODE_AFFINITY]
        free_cpu, free_mem = self._free(node, excluded)
        short = []
        if cpu > free_cpu:
            short.append("Insufficient cpu")
        if mem > free_mem:
            short.append("Insufficient memory")
        if short:
            return short
        for name in claims:
            claim = next(c for c in self.claims if c.name == name and c.namespace == namespace)
            volume = next((v for v in self.volumes if v.name == claim.volume), None)
            if volume is not None and volume.node and volume.node != node.name:
                return [VOLUME_AFFINITY]
        if not self._anti_affinity_ok(node, template, namespace, excluded):
            return [ANTI_AFFINITY]
        return []

    def _anti_affinity_ok(self, node: Node, template: Template, namespace: str, excluded: set[int]) -> bool:
        terms = (((template.affinity or {}).get("podAntiAffinity") or {})
                 .get("requiredDuringSchedulingIgnoredDuringExecution") or [])
        for term in terms:
            wanted = term["labelSelector"]["matchLabels"]
            for pod in self.pods_on(node.name):
                if id(pod) in excluded or pod.namespace != namespace:
                    continue
                if all(pod.labels.get(k) == v for k, v in wanted.items()):
                    return False
        return True


def _tolerates(tolerations: list[Json], taint: Json) -> bool:
    for t in tolerations:
        if t.get("effect") and t["effect"] != taint["effect"]:
            continue
        if t.get("operator") == "Exists" and (not t.get("key") or t["key"] == taint["key"]):
            return True
        if t.get("key") == taint["key"] and t.get("value", "") == taint.get("value", ""):
            return True
    return False


def _node_matches(node: Node, template: Template) -> bool:
    if any(node.labels.get(k) != v for k, v in template.node_selector.items()):
        return False
    required = (((template.affinity or {}).get("nodeAffinity") or {})
                .get("requiredDuringSchedulingIgnoredDuringExecution") or {})
    terms = required.get("nodeSelectorTerms") or []
    if not terms:
        return True
    for term in terms:
        if all(_expression(node, e) for e in term.get("matchExpressions") or []):
            return True
    return False


def _expression(node: Node, expression: Json) -> bool:
    value = node.labels.get(expression["key"])
    operator = expression["operator"]
    if operator == "In":
        return value in expression["values"]
    if operator == "NotIn":
        return value not in expression["values"]
    if operator == "Exists":
        return value is not None
    if operator == "DoesNotExist":
        return value is None
    raise ValueError(f"unsupported node selector operator {operator}")


def probe(kind: str, port: int, path: str = "/_healthz", *, period: int = 10, timeout: int = 1,
          failure: int = 3, delay: int = 0) -> Json | None:
    if kind == "http":
        action: Json = {"httpGet": {"path": path, "port": port, "scheme": "HTTP"}}
    elif kind == "grpc":
        action = {"grpc": {"port": port, "service": ""}}
    elif kind == "tcp":
        action = {"tcpSocket": {"port": port}}
    else:
        return None
    out = dict(action)
    if delay:
        out["initialDelaySeconds"] = delay
    out.update({"timeoutSeconds": timeout, "periodSeconds": period, "successThreshold": 1, "failureThreshold": failure})
    return out


def any_value(data: dict[str, Any]) -> Any:
    return next(iter(data.values()))
