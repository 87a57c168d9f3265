"""The shapes of a cluster incident recording (issue 26 item 5). Pure data, no Django.

A ``Recording`` is one incident on a small cluster as an on-call engineer would have read it:
``kubectl get <kind> -A -o json`` of every kind in ``KINDS`` (raw Kubernetes API List objects),
the application's logs over the incident (bundle ``logs`` rows), the moment it was read
(``reference_time``), the questions asked about it, and the ``Truth``: the faulty component
(kind + name), the cause category, and the spellings that count for each in an answer.

Spellings are ``Fact``\\ s, as in the evaluation worlds (``worlds/spec.py``): a fact holds when any
of its spellings is in the answer. ASCII spellings are matched as whole tokens (``rate`` is not
named by ``mongodb-rate``); spellings with CJK characters as substrings (``judge.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from evaluation.worlds.spec import Fact

Json = dict[str, Any]

#: The kinds a recording holds, named as ``query_k8s`` names them (DESIGN §10.2, §10.6), each a
#: ``kubectl get <resource> -A -o json`` List.
KINDS: Final = ("nodes", "pods", "events", "deployments", "replicasets", "statefulsets", "daemonsets", "jobs",
                "cronjobs", "services", "endpointslices", "pvcs", "pvs", "resourcequotas", "limitranges", "hpas",
                "ingresses", "networkpolicies", "secrets", "configmaps")

#: kind → (apiVersion, Kind) of its items, as the API server returns them.
API_KINDS: Final[dict[str, tuple[str, str]]] = {
    "nodes": ("v1", "Node"),
    "pods": ("v1", "Pod"),
    "events": ("v1", "Event"),
    "deployments": ("apps/v1", "Deployment"),
    "replicasets": ("apps/v1", "ReplicaSet"),
    "statefulsets": ("apps/v1", "StatefulSet"),
    "daemonsets": ("apps/v1", "DaemonSet"),
    "jobs": ("batch/v1", "Job"),
    "cronjobs": ("batch/v1", "CronJob"),
    "services": ("v1", "Service"),
    "endpointslices": ("discovery.k8s.io/v1", "EndpointSlice"),
    "pvcs": ("v1", "PersistentVolumeClaim"),
    "pvs": ("v1", "PersistentVolume"),
    "resourcequotas": ("v1", "ResourceQuota"),
    "limitranges": ("v1", "LimitRange"),
    "hpas": ("autoscaling/v2", "HorizontalPodAutoscaler"),
    "ingresses": ("networking.k8s.io/v1", "Ingress"),
    "networkpolicies": ("networking.k8s.io/v1", "NetworkPolicy"),
    "secrets": ("v1", "Secret"),
    "configmaps": ("v1", "ConfigMap"),
}
CLUSTER_SCOPED: Final = frozenset({"nodes", "pvs"})
#: What an answer about a healthy cluster says (the truth of a healthy recording; a broken
#: cluster's PASS that says it and names no component "calls a broken cluster healthy").
HEALTHY_CLUSTER: Final = Fact(("未发现异常", "没有发现异常", "未发现故障", "没有发现故障", "没有故障", "无故障", "无异常",
                               "一切正常", "运行正常", "均正常", "都正常", "集群健康", "均健康", "都健康", "no fault",
                               "healthy"))


class Category(StrEnum):
    """The cause category of a fault (issue 26): where in the cluster it broke."""

    SCHEDULING = "scheduling"
    STARTUP = "startup"
    ADMISSION = "admission"
    ROUTING = "routing"
    STORAGE = "storage"
    INFRASTRUCTURE = "infrastructure"
    RUNTIME = "runtime"
    PERFORMANCE = "performance"
    HEALTHY = "healthy"


class Phrasing(StrEnum):
    """How a question names the trouble: nothing, the namespace, or a caller that shows the symptom."""

    BLIND = "blind"
    NAMESPACE = "namespace"
    CALLER = "caller"


@dataclass(frozen=True)
class Truth:
    """What a right answer names: the faulty component and its cause (``healthy`` for a healthy cluster)."""

    fault: str  # the fault type (``faults.FAULTS``), "healthy" for a healthy cluster
    category: Category
    kind: str  # Deployment | StatefulSet | Service | Node | NetworkPolicy | Ingress | Cluster
    name: str
    namespace: str
    component: Fact  # spellings that name the component
    cause: Fact  # spellings that name the cause
    summary: str  # what a full diagnosis says, in Chinese (for the reader of a report)

    @property
    def healthy(self) -> bool:
        return self.category is Category.HEALTHY


@dataclass(frozen=True)
class ClusterQuestion:
    name: str
    text: str
    phrasing: Phrasing
    names: str = ""  # what the question names: the namespace, the caller service (or the ingress), "" for none


@dataclass(frozen=True, eq=False)
class Recording:
    name: str
    topology: str
    namespace: str  # the application's namespace
    seed: int
    reference_time: str  # ISO 8601 with offset: "now" for the questions
    onset: str  # when the fault began (ISO 8601 with offset); "" for a healthy cluster
    observed_at: str  # when ``kubectl get`` read the objects (ISO 8601 with offset)
    objects: dict[str, Json]  # kind (``KINDS``) → the List object
    logs: tuple[Json, ...]  # bundle ``logs`` rows, in time order
    services: tuple[Json, ...]  # bundle ``services`` rows (name, aliases, description)
    questions: tuple[ClusterQuestion, ...]
    truth: Truth
    #: Names of the cluster's other components (workloads, Services, nodes, policies…): a PASS that
    #: names one of them instead of the truth "names the wrong component".
    others: tuple[str, ...] = field(default_factory=tuple)

    def items(self, kind: str) -> list[Json]:
        return list(self.objects[kind]["items"])
