"""What a Kubernetes object's name and state say, pure: which service it belongs to (DESIGN §10.2:
"service is derived from the owner"; shared by the bundle schema and the ``kubernetes`` backend's
mapping) and whether it is healthy (shared by ``query_k8s``'s ordering and the offline claims).

A Deployment's pods are owned by a ReplicaSet named ``<deployment>-<pod-template-hash>`` and are
themselves named ``<replicaset>-<5 random characters>``; the service is the Deployment name. A
pod of a StatefulSet / DaemonSet / Job is named after that owner. Without an owner the ``app``
labels say it (``app.kubernetes.io/name``, then ``app``), and as a last resort the pod name with
its generated suffixes removed.

For the analyzers (DESIGN §10.6): the workload a pod's owner names, ``matchLabels`` selection and
Kubernetes quantities (``250m``, ``128Mi``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from contracts.k8s import SAFE_HASH, K8sDeployment, service_from_pod_name

_REPLICASET_SUFFIX = re.compile(rf"-{SAFE_HASH}$")
APP_LABELS = ("app.kubernetes.io/name", "app")
_NAMED_AFTER_OWNER = ("StatefulSet", "DaemonSet", "Job", "CronJob", "Deployment")


def deployment_of_replicaset(name: str, template_hash: str = "") -> str:
    """``adservice-5f8d7c9b4`` → ``adservice`` (the hash given, or one that looks generated)."""
    if template_hash and name.endswith(f"-{template_hash}"):
        return name[: -len(template_hash) - 1]
    return _REPLICASET_SUFFIX.sub("", name)


def service_of_pod(
    name: str, *, owners: Sequence[Mapping[str, Any]] = (), labels: Mapping[str, Any] | None = None
) -> str:
    """The service of a pod from its ``ownerReferences``, then its app labels, then its name."""
    labels = labels or {}
    for owner in owners:
        kind, owner_name = str(owner.get("kind") or ""), str(owner.get("name") or "")
        if not owner_name:
            continue
        if kind == "ReplicaSet":
            return deployment_of_replicaset(owner_name, str(labels.get("pod-template-hash") or ""))
        if kind in _NAMED_AFTER_OWNER:
            return owner_name
    for label in APP_LABELS:
        if isinstance(labels.get(label), str) and labels[label]:
            return labels[label]
    return service_from_pod_name(name)


def object_name(involved: str) -> str:
    """``ReplicaSet/adservice-5f8d7c9b4`` → ``adservice-5f8d7c9b4`` (an event's object)."""
    return involved.rsplit("/", 1)[-1]


HEALTHY_PHASES = frozenset({"running", "succeeded"})


def pod_is_unhealthy(phase: str, ready: str, waiting_reason: str | None) -> bool:
    """Not Running/Succeeded, Running with a container not ready, or a container waiting."""
    ready_count, _, total = ready.partition("/")
    folded = phase.casefold()
    return folded not in HEALTHY_PHASES or (folded == "running" and ready_count != total) or bool(waiting_reason)


def deployment_is_unavailable(deployment: K8sDeployment) -> bool:
    """Fewer available replicas than wanted, or an ``Available`` condition that is not True."""
    return deployment.available < deployment.replicas or any(
        c.type == "Available" and c.status != "True" for c in deployment.conditions
    )


# --- Owners, selectors and quantities (DESIGN §10.6) -------------------------------------------------
def workload_of(owner: str, service: str = "") -> tuple[str, str]:
    """``("Deployment", "adservice")`` of a pod's owner ``ReplicaSet/adservice-6c9f7b8d5`` (a StatefulSet,
    DaemonSet or Job owner is the workload itself); without an owner, the Deployment of ``service``."""
    kind, _, name = owner.partition("/")
    if kind == "ReplicaSet" and name:
        return "Deployment", deployment_of_replicaset(name)
    if kind and name:
        return kind, name
    return ("Deployment", service) if service else ("", "")


def selector_matches(selector: Mapping[str, str] | None, labels: Mapping[str, str]) -> bool:
    """A ``matchLabels`` selector selects ``labels`` when every pair is among them (``{}`` selects all;
    ``None``, no selector, selects nothing)."""
    if selector is None:
        return False
    return all(labels.get(key) == value for key, value in selector.items())


def labels_text(labels: Mapping[str, str]) -> str:
    """``app=adservice,tier=backend`` (sorted by key)."""
    return ",".join(f"{key}={labels[key]}" for key in sorted(labels))


_SUFFIXES = {
    "n": 1e-9, "u": 1e-6, "m": 1e-3, "": 1.0, "k": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "P": 1e15, "E": 1e18,
    "Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "Ti": 2**40, "Pi": 2**50, "Ei": 2**60,
}  # fmt: skip
_QUANTITY = re.compile(r"^([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E)?$")


def quantity(text: str | int | float | None) -> float | None:
    """A Kubernetes quantity as a number (``250m`` → 0.25 cores, ``128Mi`` → 134217728 bytes); None
    when it is not one."""
    if isinstance(text, bool) or text is None:
        return None
    if isinstance(text, int | float):
        return float(text)
    match = _QUANTITY.match(text.strip())
    if match is None:
        return None
    return float(match.group(1)) * _SUFFIXES[match.group(2) or ""]


def cpu_text(cores: float) -> str:
    """``1850m`` (millicores, rounded up)."""
    return f"{math.ceil(round(cores * 1000, 6))}m"


def memory_text(size: float) -> str:
    """``2304Mi`` (mebibytes, rounded up)."""
    return f"{math.ceil(round(size / 2**20, 6))}Mi"
