"""The Kubernetes objects (DESIGN §10.2, §10.6): one pydantic model per kind, in the shape the evidence
bundle's ``k8s`` section takes, the ``kubernetes`` backend maps the API's JSON onto, ``query_k8s``
returns as its output elements and the offline analysis reads them back as (``model_validate`` of
one element). Pure: pydantic and the standard library.

Each model keeps the fields an analyzer needs and ``observed_at`` (when the state was read):
conditions with their reason, message and transition time, taints, selectors, ports, used vs hard,
``claim``/``volume`` of a PV and its PVC, …. Quantities are kept as Kubernetes writes them
(``250m``, ``128Mi``); ``diagnosis.evidence.k8s_objects.quantity`` reads them.

**Secrets and ConfigMaps by name only**: ``K8sSecret`` / ``K8sConfigMap`` have a name, the *names*
of their keys and their owners — no field can hold a value, and ``extra="forbid"`` rejects a bundle
element that carries ``data``/``stringData``; the API mapping never copies a value.

Timestamps follow the one timestamp rule (``contracts.fields``). A pod or deployment without a
``service`` is given one from its name (``service_from_pod_name``; the ``kubernetes`` backend
derives it from the owner).
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, Strict, StringConstraints, model_validator
from pydantic_core import PydanticCustomError

from contracts.fields import Timestamp, max_bytes

MAX_ITEMS = 50  # per list inside one element (ports, taints, keys, rules …)
MAX_LABELS = 64
MAX_TEXT_CHARS = 4000
MAX_K8S_CONDITIONS = 20
MAX_K8S_MESSAGE_BYTES = 4 * 1024

#: ``pod-template-hash`` values: 6–10 characters of the alphabet Kubernetes uses for generated names.
SAFE_HASH = r"[bcdfghjklmnpqrstvwxz2456789]{6,10}"
_DEPLOYMENT_POD_SUFFIX = re.compile(rf"-{SAFE_HASH}-[bcdfghjklmnpqrstvwxz2456789]{{5}}$")
_ORDINAL_OR_RANDOM_SUFFIX = re.compile(r"-(?:\d+|[bcdfghjklmnpqrstvwxz2456789]{5})$")


def service_from_pod_name(name: str) -> str:
    """``adservice-5f8d7c9b4-x2x7k`` → ``adservice``; ``redis-cart-0`` → ``redis-cart``."""
    stripped = _DEPLOYMENT_POD_SUFFIX.sub("", name)
    if stripped != name:
        return stripped
    return _ORDINAL_OR_RANDOM_SUFFIX.sub("", name) or name


def _blank_is_none(value: Any) -> Any:
    return None if isinstance(value, str) and not value.strip() else value


Name = Annotated[str, Strict(), StringConstraints(strip_whitespace=True, min_length=1, max_length=253)]
OptionalName = Annotated[str, Strict(), StringConstraints(strip_whitespace=True, max_length=253)]
Word = Annotated[str, Strict(), StringConstraints(strip_whitespace=True, max_length=128)]
Message = Annotated[str, Strict(), StringConstraints(max_length=MAX_TEXT_CHARS)]
Count = Annotated[int, Strict(), Field(ge=0)]
Quantity = Annotated[str, Strict(), StringConstraints(strip_whitespace=True, max_length=64)]
Labels = Annotated[
    dict[Annotated[str, Strict(), StringConstraints(min_length=1, max_length=317)],
         Annotated[str, Strict(), StringConstraints(max_length=253)]],
    Field(max_length=MAX_LABELS),
]  # fmt: skip
Resources = Annotated[dict[Annotated[str, Strict(), StringConstraints(min_length=1, max_length=253)], Quantity],
                      Field(max_length=MAX_ITEMS)]  # fmt: skip
Names = Annotated[list[Name], Field(max_length=MAX_ITEMS)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class K8sTransition(_Strict):
    """A condition with the moment it last changed (``lastTransitionTime``)."""

    type: Word
    status: Word  # True | False | Unknown
    reason: Word = ""
    message: Message = ""
    since: Annotated[Timestamp | None, BeforeValidator(_blank_is_none)] = None


Transitions = Annotated[list[K8sTransition], Field(max_length=20)]


class K8sContainer(_Strict):
    name: Name
    image: Annotated[str, Strict(), StringConstraints(strip_whitespace=True, max_length=500)] = ""
    ports: Annotated[list[Annotated[int, Strict(), Field(ge=1, le=65535)]], Field(max_length=MAX_ITEMS)] = []
    port_names: Names = []
    requests: Resources = {}
    limits: Resources = {}


# --- Pods, events and deployments (DESIGN §10.2) ---------------------------------------------
K8sMessage = Annotated[str, Strict(), max_bytes(MAX_K8S_MESSAGE_BYTES)]
_READY = r"^\d+/\d+$"
OptionalWord = Annotated[Word | None, BeforeValidator(_blank_is_none)]


class K8sTermination(_Strict):
    """A container's last termination: ``OOMKilled``, exit code 137, when it finished."""

    reason: Word = ""
    exit_code: Annotated[int, Strict()] | None = None
    at: Timestamp | None = None


class K8sPod(_Strict):
    namespace: Name
    name: Name
    service: Annotated[str, Strict(), StringConstraints(strip_whitespace=True, max_length=253)] = ""
    phase: Word  # Pending | Running | Succeeded | Failed | Unknown
    ready: Annotated[str, Strict(), StringConstraints(strip_whitespace=True, pattern=_READY)]  # "0/1"
    restarts: Count = 0
    last_termination: K8sTermination | None = None
    waiting_reason: OptionalWord = None  # ImagePullBackOff, CrashLoopBackOff …
    node: OptionalWord = None
    observed_at: Timestamp  # when the state was read
    # DESIGN §10.6: what the analyzers read (all optional; ``POD_DETAILS`` stores them).
    waiting_message: K8sMessage = ""  # 'secret "db-password" not found', 'Back-off pulling image …'
    reason: Word = ""  # status.reason: Evicted, NodeLost …
    message: K8sMessage = ""  # status.message: "The node was low on resource: memory. …"
    owner: Annotated[str, Strict(), StringConstraints(strip_whitespace=True, max_length=300)] = ""  # "ReplicaSet/…"
    labels: Labels = {}
    conditions: Annotated[list[K8sTransition], Field(max_length=MAX_K8S_CONDITIONS)] = []
    containers: Annotated[list[K8sContainer], Field(max_length=MAX_K8S_CONDITIONS)] = []
    service_account: Annotated[str, Strict(), StringConstraints(strip_whitespace=True, max_length=253)] = ""
    secrets: Names = []  # Secrets referenced by env, envFrom and volumes
    configmaps: Names = []
    image_pull_secrets: Names = []
    claims: Names = []  # PersistentVolumeClaims mounted
    node_selector: Labels = {}
    created_at: Timestamp | None = None

    @model_validator(mode="after")
    def _service(self) -> K8sPod:
        if not self.service:
            object.__setattr__(self, "service", service_from_pod_name(self.name))
        return self


class K8sEvent(_Strict):
    namespace: Annotated[str, Strict(), StringConstraints(strip_whitespace=True, max_length=253)] = ""
    type: Word  # Normal | Warning
    reason: Word  # FailedCreate, FailedScheduling, BackOff …
    object: Name  # "ReplicaSet/adservice-5f8d7c9b4"
    message: K8sMessage = ""
    count: Annotated[int, Strict(), Field(ge=1)] = 1
    first_seen: Timestamp
    last_seen: Timestamp

    @model_validator(mode="after")
    def _times_ordered(self) -> K8sEvent:
        if self.last_seen < self.first_seen:
            raise PydanticCustomError("k8s_times", "last_seen: is before first_seen")
        return self


class K8sCondition(_Strict):
    type: Word
    status: Word  # True | False | Unknown
    reason: Word = ""
    message: K8sMessage = ""


class K8sDeployment(_Strict):
    namespace: Name
    name: Name
    service: Annotated[str, Strict(), StringConstraints(strip_whitespace=True, max_length=253)] = ""
    replicas: Count = 0
    ready: Count = 0
    available: Count = 0
    image: Annotated[str, Strict(), StringConstraints(strip_whitespace=True, max_length=500)] = ""
    revision: Annotated[int, Strict(), Field(ge=0)] | None = None
    changed_at: Timestamp | None = None  # when the current revision rolled out
    change_cause: K8sMessage = ""
    conditions: Annotated[list[K8sCondition], Field(max_length=MAX_K8S_CONDITIONS)] = []
    observed_at: Timestamp
    selector: Labels = {}  # spec.selector.matchLabels (DESIGN §10.6; ``DEPLOYMENT_DETAILS``)

    @model_validator(mode="after")
    def _service(self) -> K8sDeployment:
        if not self.service:
            object.__setattr__(self, "service", self.name)
        return self


# --- Nodes ---------------------------------------------------------------------------------------
class K8sTaint(_Strict):
    key: Name
    value: OptionalName = ""
    effect: Word = ""  # NoSchedule | PreferNoSchedule | NoExecute


class K8sNode(_Strict):
    name: Name
    ready: Word  # the Ready condition's status: True | False | Unknown
    conditions: Transitions = []  # Ready and the pressure conditions
    taints: Annotated[list[K8sTaint], Field(max_length=MAX_ITEMS)] = []
    unschedulable: bool = False
    allocatable: Resources = {}
    labels: Labels = {}
    observed_at: Timestamp


# --- Services and their endpoints ----------------------------------------------------------------
class K8sServicePort(_Strict):
    name: OptionalName = ""
    port: Annotated[int, Strict(), Field(ge=1, le=65535)]
    target_port: Annotated[int, Strict(), Field(ge=1, le=65535)] | OptionalName = ""  # a number or a port name
    protocol: Word = "TCP"


class K8sService(_Strict):
    namespace: Name
    name: Name
    type: Word = "ClusterIP"
    cluster_ip: Annotated[str, Strict(), StringConstraints(strip_whitespace=True, max_length=64)] = ""  # spec.clusterIP
    selector: Labels = {}
    ports: Annotated[list[K8sServicePort], Field(max_length=MAX_ITEMS)] = []
    observed_at: Timestamp


class K8sEndpoint(_Strict):
    addresses: Annotated[list[Annotated[str, Strict(), StringConstraints(max_length=64)]], Field(max_length=MAX_ITEMS)] = []
    ready: bool = False
    pod: OptionalName = ""  # targetRef name when a Pod
    node: OptionalName = ""


class K8sEndpointSlice(_Strict):
    namespace: Name
    name: Name
    service: OptionalName = ""  # the kubernetes.io/service-name label
    ports: Annotated[list[K8sServicePort], Field(max_length=MAX_ITEMS)] = []
    endpoints: Annotated[list[K8sEndpoint], Field(max_length=1000)] = []
    observed_at: Timestamp


# --- Workloads -----------------------------------------------------------------------------------
class K8sReplicaSet(_Strict):
    namespace: Name
    name: Name
    deployment: OptionalName = ""  # the owning Deployment
    replicas: Count = 0
    ready: Count = 0
    available: Count = 0
    conditions: Transitions = []  # ReplicaFailure/FailedCreate
    created_at: Annotated[Timestamp | None, BeforeValidator(_blank_is_none)] = None
    observed_at: Timestamp


class K8sStatefulSet(_Strict):
    namespace: Name
    name: Name
    replicas: Count = 0
    ready: Count = 0
    current_revision: OptionalName = ""
    update_revision: OptionalName = ""
    service_name: OptionalName = ""
    selector: Labels = {}
    observed_at: Timestamp


class K8sDaemonSet(_Strict):
    namespace: Name
    name: Name
    desired: Count = 0
    current: Count = 0
    ready: Count = 0
    available: Count = 0
    misscheduled: Count = 0
    selector: Labels = {}
    observed_at: Timestamp


class K8sJob(_Strict):
    namespace: Name
    name: Name
    cronjob: OptionalName = ""  # the owning CronJob
    active: Count = 0
    succeeded: Count = 0
    failed: Count = 0
    backoff_limit: Count | None = None
    conditions: Transitions = []  # Complete / Failed (BackoffLimitExceeded, DeadlineExceeded)
    started_at: Annotated[Timestamp | None, BeforeValidator(_blank_is_none)] = None
    completed_at: Annotated[Timestamp | None, BeforeValidator(_blank_is_none)] = None
    observed_at: Timestamp


class K8sCronJob(_Strict):
    namespace: Name
    name: Name
    schedule: Annotated[str, Strict(), StringConstraints(strip_whitespace=True, max_length=128)] = ""
    suspend: bool = False
    active: Count = 0
    last_schedule: Annotated[Timestamp | None, BeforeValidator(_blank_is_none)] = None
    last_successful: Annotated[Timestamp | None, BeforeValidator(_blank_is_none)] = None
    observed_at: Timestamp


# --- Storage -------------------------------------------------------------------------------------
class K8sPersistentVolumeClaim(_Strict):
    namespace: Name
    name: Name
    phase: Word  # Pending | Bound | Lost
    volume: OptionalName = ""  # spec.volumeName
    storage_class: OptionalName = ""
    requested: Quantity = ""  # spec.resources.requests.storage
    access_modes: Annotated[list[Word], Field(max_length=5)] = []
    observed_at: Timestamp


class K8sPersistentVolume(_Strict):
    name: Name
    phase: Word  # Available | Bound | Released | Failed
    claim: OptionalName = ""  # claimRef as "namespace/name"
    storage_class: OptionalName = ""
    capacity: Quantity = ""
    reclaim_policy: Word = ""
    observed_at: Timestamp


# --- Policy --------------------------------------------------------------------------------------
class K8sResourceQuota(_Strict):
    namespace: Name
    name: Name
    hard: Resources = {}
    used: Resources = {}
    observed_at: Timestamp


class K8sLimit(_Strict):
    type: Word  # Container | Pod | PersistentVolumeClaim
    max: Resources = {}
    min: Resources = {}
    default: Resources = {}
    default_request: Resources = {}


class K8sLimitRange(_Strict):
    namespace: Name
    name: Name
    limits: Annotated[list[K8sLimit], Field(max_length=10)] = []
    observed_at: Timestamp


class K8sHPA(_Strict):
    namespace: Name
    name: Name
    target: OptionalName = ""  # "Deployment/frontend"
    min_replicas: Count = 1
    max_replicas: Count = 1
    current_replicas: Count = 0
    desired_replicas: Count = 0
    conditions: Transitions = []  # AbleToScale, ScalingActive, ScalingLimited
    observed_at: Timestamp


class K8sIngressPath(_Strict):
    host: OptionalName = ""
    path: Annotated[str, Strict(), StringConstraints(max_length=500)] = ""
    service: OptionalName = ""
    port: Annotated[int, Strict(), Field(ge=1, le=65535)] | OptionalName = ""


class K8sIngress(_Strict):
    namespace: Name
    name: Name
    ingress_class: OptionalName = ""
    paths: Annotated[list[K8sIngressPath], Field(max_length=MAX_ITEMS)] = []
    observed_at: Timestamp


class K8sPeer(_Strict):
    """One ``from``/``to`` entry of a NetworkPolicy rule (a null selector is absent, ``{}`` selects all)."""

    pod_selector: Labels | None = None
    namespace_selector: Labels | None = None
    ip_block: Annotated[str, Strict(), StringConstraints(max_length=64)] = ""


class K8sPolicyRule(_Strict):
    peers: Annotated[list[K8sPeer], Field(max_length=MAX_ITEMS)] = []  # empty: every source
    ports: Annotated[list[Annotated[int, Strict(), Field(ge=1, le=65535)] | OptionalName], Field(max_length=MAX_ITEMS)] = []


class K8sNetworkPolicy(_Strict):
    namespace: Name
    name: Name
    pod_selector: Labels = {}  # {} selects every pod of the namespace
    policy_types: Annotated[list[Word], Field(max_length=2)] = []  # Ingress, Egress
    ingress: Annotated[list[K8sPolicyRule], Field(max_length=MAX_ITEMS)] = []
    egress: Annotated[list[K8sPolicyRule], Field(max_length=MAX_ITEMS)] = []
    observed_at: Timestamp


# --- Secrets and ConfigMaps: names, key names and owners only -------------------------------------
class K8sSecret(_Strict):
    namespace: Name
    name: Name
    type: OptionalName = ""
    keys: Names = []  # the names of the keys, never their values
    owners: Names = []  # "Kind/name"
    observed_at: Timestamp


class K8sConfigMap(_Strict):
    namespace: Name
    name: Name
    keys: Names = []
    owners: Names = []
    observed_at: Timestamp


#: bundle section / query_k8s kind → model, beyond pods, events and deployments (DESIGN §10.6 order).
K8S_KIND_MODELS: dict[str, type[BaseModel]] = {
    "nodes": K8sNode,
    "services": K8sService,
    "endpointslices": K8sEndpointSlice,
    "replicasets": K8sReplicaSet,
    "statefulsets": K8sStatefulSet,
    "daemonsets": K8sDaemonSet,
    "jobs": K8sJob,
    "cronjobs": K8sCronJob,
    "pvcs": K8sPersistentVolumeClaim,
    "pvs": K8sPersistentVolume,
    "resourcequotas": K8sResourceQuota,
    "limitranges": K8sLimitRange,
    "hpas": K8sHPA,
    "ingresses": K8sIngress,
    "networkpolicies": K8sNetworkPolicy,
    "secrets": K8sSecret,
    "configmaps": K8sConfigMap,
}
#: The kinds without a namespace.
CLUSTER_KINDS = frozenset({"nodes", "pvs"})
#: The kinds whose content is never read: only names, key names and owners.
BY_NAME_ONLY = frozenset({"secrets", "configmaps"})


# --- What query_k8s returns where it joins kinds (its output elements; ``k8s_analysis`` reads them) --
class K8sEndpointView(_Strict):
    address: Annotated[str, Strict(), StringConstraints(max_length=64)] = ""
    pod: OptionalName = ""
    ready: bool = False


class K8sServiceView(K8sService):
    """A service with its EndpointSlices' endpoints and the pods its selector matches (None:
    nothing was read that tells)."""

    ready_endpoints: Count | None = None
    not_ready_endpoints: Count | None = None
    endpoints: Annotated[list[K8sEndpointView], Field(max_length=1000)] = []
    matched_pods: Names | None = None
    matched_pod_count: Count | None = None


class K8sNodeView(K8sNode):
    """A node with the CPU and memory its pods request and how many run on it."""

    requested: Resources = {}
    pods: Count = 0


class K8sEndpointSliceView(K8sEndpointSlice):
    ready: Count = 0
    not_ready: Count = 0


class K8sResourceQuotaView(K8sResourceQuota):
    exhausted: Names = []  # the resources whose use reached the hard limit


#: query_k8s kind → the model of its output elements, where it differs from the bundle's.
K8S_VIEW_MODELS: dict[str, type[BaseModel]] = {
    "services": K8sServiceView,
    "nodes": K8sNodeView,
    "endpointslices": K8sEndpointSliceView,
    "resourcequotas": K8sResourceQuotaView,
}
#: query_k8s kind → the model of one of its output elements (every kind it reads).
K8S_OUTPUT_MODELS: dict[str, type[BaseModel]] = {
    "pods": K8sPod,
    "events": K8sEvent,
    "deployments": K8sDeployment,
    **K8S_KIND_MODELS,
    **K8S_VIEW_MODELS,
}
