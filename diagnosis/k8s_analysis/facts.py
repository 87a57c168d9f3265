"""What the rules test: each element's facts (its fields and what they imply — a pod's workload, the
message of its PodScheduled condition, the target ports of a Service that no selected container
declares …) and its relations to other elements of the state (a pod's events and node, a
Service's pods and workloads, a node's pods …). Structure, not judgement: the judgements are the
rules. Pure.

``callers`` (service → the services that call it) is what the state cannot show; phase 2 fills it
from logs or topology. Without it, no NetworkPolicy is judged for blocked callers and a Service's
blast radius counts only the Ingresses routing to it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from diagnosis.evidence.k8s_objects import (
    deployment_is_unavailable,
    deployment_of_replicaset,
    labels_text,
    selector_matches,
    workload_of,
)
from diagnosis.k8s_analysis.state import ClusterState, Element

Facts = dict[str, Any]
WORKLOAD_KINDS = ("deployments", "statefulsets", "daemonsets")
PRESSURE = ("MemoryPressure", "DiskPressure", "PIDPressure")
_IMAGE_IN_MESSAGE = re.compile(r'image "([^"]+)"')


@dataclass
class Graph:
    """Facts per element ref and named relations ref → [ref]."""

    state: ClusterState
    callers: Mapping[str, Sequence[str]]
    facts: dict[str, Facts] = field(default_factory=dict)
    relations: dict[str, dict[str, list[str]]] = field(default_factory=dict)

    def related(self, ref: str, name: str) -> list[str] | None:
        """The refs ``ref`` relates to under ``name``; None when ``name`` is no relation of it."""
        return self.relations.get(ref, {}).get(name)


def _condition(conditions: Sequence[Any], kind: str, status: str | None = None) -> Any:
    return next((c for c in conditions if c.type == kind and (status is None or c.status == status)), None)


def _ready_counts(ready: str) -> tuple[str, str]:
    done, _, total = ready.partition("/")
    return done, total


def registry_of(image: str) -> str:
    """The registry host of an image reference (``docker.io`` when it names none)."""
    first, slash, _ = image.partition("/")
    if slash and ("." in first or ":" in first or first == "localhost"):
        return first
    return "docker.io" if image else ""


def _pod_facts(e: Element) -> Facts:
    p = e.data
    kind, workload = workload_of(p.owner, p.service)
    images = [c.image for c in p.containers if c.image]
    if not images:
        images = _IMAGE_IN_MESSAGE.findall(p.waiting_message)[:1]
    scheduled = _condition(p.conditions, "PodScheduled", "False")
    ready = _condition(p.conditions, "Ready")
    done, total = _ready_counts(p.ready)
    termination = p.last_termination
    return {
        "workload_kind": kind, "workload": workload, "images": images, "image": images[0] if images else "",
        "image_registry": registry_of(images[0]) if images else "",
        "scheduling_message": scheduled.message if scheduled else "", "scheduling_since": scheduled.since if scheduled else None,
        "not_ready": done != total, "not_ready_since": ready.since if ready is not None and ready.status != "True" else None,
        "termination_reason": termination.reason if termination else "", "exit_code": termination.exit_code if termination else None,
        "container_ports": [port for c in p.containers for port in c.ports],
        "port_names": [name for c in p.containers for name in c.port_names],
    }  # fmt: skip


def _replicaset_facts(e: Element) -> Facts:
    failure = _condition(e.data.conditions, "ReplicaFailure", "True")
    return {
        "workload_kind": "Deployment",
        "workload": e.data.deployment or deployment_of_replicaset(e.data.name),
        "failure_reason": failure.reason if failure else "",
        "failure_message": failure.message if failure else "",
        "failure_since": failure.since if failure else None,
    }


def _node_facts(e: Element) -> Facts:
    ready = _condition(e.data.conditions, "Ready")
    pressure = [c for c in e.data.conditions if c.type in PRESSURE and c.status == "True"]
    return {
        "ready_reason": ready.reason if ready else "",
        "ready_since": ready.since if ready is not None and e.data.ready != "True" else None,
        "pressure": [c.type for c in pressure],
        "pressure_since": min((c.since for c in pressure if c.since), default=None),
    }


def _target_ports(service: Any, pods: Sequence[Element]) -> list[str]:
    """Target ports no selected pod's containers declare. A number is judged only when the pods
    declare ports (declaring them is optional); a name, whenever their containers were read."""
    recorded = [p for p in pods if p.data.containers]
    if not recorded:
        return []
    numbers = {port for p in recorded for c in p.data.containers for port in c.ports}
    names = {name for p in recorded for c in p.data.containers for name in c.port_names}
    unmatched = []
    for port in service.ports:
        target = port.target_port if port.target_port != "" else port.port
        if isinstance(target, int):
            if numbers and target not in numbers:
                unmatched.append(str(target))
        elif target not in names:
            unmatched.append(target)
    return unmatched


def _compatible(a: Mapping[str, str], b: Mapping[str, str]) -> bool:
    """Two selectors that pick the same pods when one is contained in the other."""
    return bool(a) and bool(b) and (selector_matches(a, b) or selector_matches(b, a))


def _admits(rule: Any, labels: Mapping[str, str]) -> bool:
    """Whether an ingress rule may admit a pod of the same namespace with ``labels`` (a namespace
    selector or an IP block is not judged: it may)."""
    if not rule.peers:
        return True
    for peer in rule.peers:
        if peer.namespace_selector is not None or peer.ip_block:
            return True
        if peer.pod_selector is not None and selector_matches(peer.pod_selector, labels):
            return True
    return False


def build_graph(state: ClusterState, callers: Mapping[str, Sequence[str]] | None = None) -> Graph:
    graph = Graph(state, callers or {})
    pods, nodes, events = state.of("pods"), state.of("nodes"), state.of("events")
    services = state.of("services")
    workloads = [w for kind in WORKLOAD_KINDS for w in state.of(kind)]

    def events_of(kind: str, name: str) -> list[str]:
        return [e.ref for e in events if e.data.object == f"{kind}/{name}"]

    def same_ns(elements: Sequence[Element], namespace: str) -> list[Element]:
        return [x for x in elements if x.namespace == namespace]

    def pods_of(namespace: str, selector: Mapping[str, str], *, empty_selects_all: bool = False) -> list[Element]:
        if not selector and not empty_selects_all:
            return []
        return [p for p in same_ns(pods, namespace) if selector_matches(selector, p.data.labels)]

    for element in [e for kind_elements in state.elements.values() for e in kind_elements]:
        data, ref = element.data, element.ref
        facts: Facts = {**data.model_dump(mode="python"), "namespace": element.namespace, "name": element.name}
        rel: dict[str, list[str]] = {}
        if element.kind == "pods":
            facts.update(_pod_facts(element))
            rel["events"] = events_of("Pod", data.name)
            rel["node"] = [n.ref for n in nodes if n.name == data.node]
            rel["cluster_nodes"] = [n.ref for n in nodes]
            rel["services"] = [s.ref for s in same_ns(services, element.namespace)
                               if s.data.selector and selector_matches(s.data.selector, data.labels)]  # fmt: skip
        elif element.kind == "deployments":
            facts["unavailable"] = deployment_is_unavailable(data)
            rel["services"] = [
                s.ref for s in same_ns(services, element.namespace)
                if (_compatible(s.data.selector, data.selector) if data.selector else s.name == data.name)
            ]  # fmt: skip
            rel["replicasets"] = [r.ref for r in same_ns(state.of("replicasets"), element.namespace)
                                  if (r.data.deployment or deployment_of_replicaset(r.name)) == data.name]  # fmt: skip
            rel["pods"] = [p.ref for p in same_ns(pods, element.namespace)
                           if workload_of(p.data.owner, p.data.service) == ("Deployment", data.name)]  # fmt: skip
        elif element.kind == "replicasets":
            facts.update(_replicaset_facts(element))
            rel["events"] = events_of("ReplicaSet", data.name)
            rel["quotas"] = [q.ref for q in same_ns(state.of("resourcequotas"), element.namespace)]
            rel["limitranges"] = [x.ref for x in same_ns(state.of("limitranges"), element.namespace)]
        elif element.kind == "services":
            selected = pods_of(element.namespace, data.selector)
            facts["selector_text"] = labels_text(data.selector)
            facts["unmatched_target_ports"] = _target_ports(data, selected)
            rel["pods"] = [p.ref for p in selected]
            rel["workloads"] = [w.ref for w in same_ns(workloads, element.namespace)
                                if _compatible(data.selector, w.data.selector)]  # fmt: skip
            rel["ingresses"] = [i.ref for i in same_ns(state.of("ingresses"), element.namespace)
                                if any(p.service == data.name for p in i.data.paths)]  # fmt: skip
        elif element.kind == "nodes":
            facts.update(_node_facts(element))
            rel["pods"] = [p.ref for p in pods if p.data.node == data.name]
            rel["evicted_pods"] = [p.ref for p in pods if p.data.node == data.name and p.data.reason == "Evicted"]
        elif element.kind == "pvcs":
            facts["claim_key"] = f"{element.namespace}/{data.name}"
            facts["storage_class_text"] = data.storage_class or "默认"
            rel["bound_volume"] = [v.ref for v in state.of("pvs") if data.volume and v.name == data.volume]
            rel["events"] = events_of("PersistentVolumeClaim", data.name)
        elif element.kind == "hpas":
            limited = _condition(data.conditions, "ScalingLimited", "True")
            facts["limited_since"] = limited.since if limited else None
        elif element.kind == "ingresses":
            known = {s.name for s in same_ns(services, element.namespace)}
            facts["missing_services"] = sorted({p.service for p in data.paths if p.service and p.service not in known})
        elif element.kind == "networkpolicies":
            selected = pods_of(element.namespace, data.pod_selector, empty_selects_all=True)
            rel["pods"] = [p.ref for p in selected]
            ingress = "Ingress" in (data.policy_types or ["Ingress"])
            facts["denies_all_ingress"] = ingress and not data.ingress
            namespace_pods = same_ns(pods, element.namespace)
            facts["admits_no_pod"] = (
                ingress and bool(data.ingress)
                and all(r.peers and all(peer.namespace_selector is None and not peer.ip_block for peer in r.peers)
                        for r in data.ingress)
                and not any(_admits(r, p.data.labels) for r in data.ingress for p in namespace_pods)
            )  # fmt: skip
            facts["blocked_callers"] = _blocked_callers(graph, data, selected, same_ns(pods, element.namespace))
        elif element.kind == "jobs":
            facts["owner_kind"], facts["owner_name"] = ("CronJob", data.cronjob) if data.cronjob else ("Job", data.name)
            rel["events"] = events_of("Job", data.name)
        elif element.kind == "statefulsets":
            facts["service_exists"] = any(s.name == data.service_name for s in same_ns(services, element.namespace))
            rel["pods"] = [p.ref for p in same_ns(pods, element.namespace) if p.data.owner == f"StatefulSet/{data.name}"]
        elif element.kind == "daemonsets":
            rel["pods"] = [p.ref for p in same_ns(pods, element.namespace) if p.data.owner == f"DaemonSet/{data.name}"]
        graph.facts[ref] = facts
        graph.relations[ref] = rel
    return graph


def _blocked_callers(graph: Graph, policy: Any, selected: Sequence[Element], namespace_pods: Sequence[Element]) -> list[str]:
    """The callers (``graph.callers``) of the services the policy's pods serve whose pods no ingress
    rule admits (callers without a pod in the state are not judged)."""
    if not graph.callers or "Ingress" not in (policy.policy_types or ["Ingress"]) or not policy.ingress:
        return []
    served = {p.data.service for p in selected}
    blocked = []
    for service in sorted(served):
        for caller in graph.callers.get(service, ()):
            caller_pods = [p for p in namespace_pods if p.data.service == caller]
            if caller_pods and not any(_admits(r, p.data.labels) for r in policy.ingress for p in caller_pods):
                blocked.append(caller)
    return sorted(set(blocked))
