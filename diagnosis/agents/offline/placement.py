"""Where a failure sits: the node under the failing pods (issue 32 item 3; pure, no Django).

"Only one of three pods fails" is a placement fact before it is a code fact: the pods of a
service run the same image, so what differs between the failing one and the healthy ones is where
it runs. The failing lines name the pod that wrote them (``instance``); the pods read
(``query_k8s`` kind=pods) name each pod's node — and name the pods that never came up (stuck in
ContainerCreating, Pending: ``is_unready``), which write no line at all. A node that holds failing pods while the
service's pods on other nodes do not fail is a *suspect node*: what that node logged (its kernel,
its kubelet: lines whose ``instance`` is the node) and what was scheduled onto it is read, and a
cause found there is tied to the pods on that node — never to pods on other nodes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

from pydantic import ValidationError

from contracts.k8s import K8sPod
from contracts.plan import ServiceInfo
from contracts.tools import QUERY_K8S, ToolCallResult
from diagnosis.agents.offline.novelty import ACTION_LEVELS
from diagnosis.agents.offline.refs import Origin, Ref, collect_refs
from diagnosis.tools.templates import TemplateCount

#: At most this many suspect nodes are read (a failure on more nodes is not a placement fact).
MAX_SUSPECT_NODES: Final = 2


def placed_pods(history: Sequence[ToolCallResult]) -> list[K8sPod]:
    """The pods of the run's successful ``query_k8s`` kind=pods reads that say where they run (a pod
    without a node, or one that does not validate, is skipped)."""
    pods: list[K8sPod] = []
    for call in history:
        if call.tool_name != QUERY_K8S or call.status != "success" or call.arguments.get("kind") != "pods":
            continue
        for element in call.output["pods"]:
            try:
                pod = K8sPod.model_validate(element)
            except ValidationError:
                continue
            if pod.node:
                pods.append(pod)
    return pods


def _pod_of(instance: str, pods: Sequence[K8sPod]) -> K8sPod | None:
    """The pod an ``instance`` label designates (its full name, or its name without the namespace)."""
    wanted = instance.rsplit("/", 1)[-1].casefold()
    return next((p for p in pods if p.name.rsplit("/", 1)[-1].casefold() == wanted), None)


def workload(pod: K8sPod) -> str:
    """The controller a pod is a replica of: its owner when the state names one, else its name
    without the random suffix (``svc-5f8d7c9b4-x2k4p`` → ``svc-5f8d7c9b4``; each run of a CronJob
    is its own Job, so its pod is nobody's replica)."""
    return pod.owner or pod.name.rsplit("-", 1)[0]


def finished(pod: K8sPod) -> bool:
    """A pod that ran to its end (a Job's run): it serves nothing and sits nowhere that matters."""
    return pod.phase in ("Succeeded", "Failed") and not pod.waiting_reason


def suspect_nodes(failing_instances: Iterable[str], pods: Sequence[K8sPod], *, min_lines: int = 1) -> list[str]:
    """The nodes holding the pods that wrote the failing lines, when replicas of the same workload
    run on other nodes and wrote none (only then is *where* the difference: the replicas run the
    same image with the same settings), most failing lines first, at most ``MAX_SUSPECT_NODES``;
    [] when the failure is everywhere or not placed. A finished Job's pod is nobody's replica: a
    reconcile run that reports a gap tells nothing of the node it ran on. A node from whose pods fewer
    than ``min_lines`` failing lines came is no suspect."""
    failing = [p for i in failing_instances if (p := _pod_of(i, pods)) is not None and not finished(p)]
    lines = Counter(p.node or "" for p in failing)
    lines = Counter({node: n for node, n in lines.items() if n >= min_lines})
    if not lines:
        return []
    workloads = {workload(p) for p in failing}
    healthy_elsewhere = any(p.node not in lines for p in pods if workload(p) in workloads and not finished(p))
    if not healthy_elsewhere or len(lines) > MAX_SUSPECT_NODES:
        return []
    return [node for node, _ in sorted(lines.items(), key=lambda nc: (-nc[1], nc[0]))]


def is_unready(pod: K8sPod) -> bool:
    """A pod that should serve and is not: not Running, waiting on something, or no container ready
    (a Job's pod that ran to its end is not one)."""
    return not finished(pod) and (pod.phase != "Running" or bool(pod.waiting_reason) or pod.ready.startswith("0/"))


def unready_nodes(pods: Sequence[K8sPod], services: Iterable[str]) -> list[str]:
    """The nodes holding every unready pod of the ``services`` when those services run ready pods on
    other nodes (a scale-out whose new pods all landed on one node that cannot start them), most
    unready pods first, at most ``MAX_SUSPECT_NODES``; [] when none is unready, when they are spread
    wider, or when no pod is ready elsewhere."""
    wanted = set(services)
    own = [p for p in pods if p.service in wanted and p.node]
    stuck = Counter(p.node or "" for p in own if is_unready(p))
    if not stuck or len(stuck) > MAX_SUSPECT_NODES:
        return []
    if not any(p.node not in stuck and not is_unready(p) for p in own):
        return []
    return [node for node, _ in sorted(stuck.items(), key=lambda nc: (-nc[1], nc[0]))]


def node_lines(history: Sequence[ToolCallResult]) -> dict[str, list[Ref]]:
    """Each read node's own templates (the grouped placement reads by ``instance``) that its peers do
    not log as well (the fleet's read by service: a kubelet's image-GC line every node writes says
    nothing of one node): the first line of each — its warning-or-worse ones, the most repeated first (what the node kept reporting, and since
    when), then the ones new against its baseline, the most repeated first (what it began to say and kept
    saying: a clock speed after a reboot)."""
    out: dict[str, list[Ref]] = {}
    fleet = _fleet_counts(history)
    for call in history:
        node = str(call.arguments.get("instance") or "")
        if call.origin != Origin.PLACEMENT or not node or call.status != "success":
            continue
        output = call.output if isinstance(call.output, dict) else {}
        counts = [TemplateCount.model_validate(t) for t in output.get("templates") or []]
        lines = {r.raw_path: r for r in collect_refs([call], [], only=Origin.PLACEMENT) if r.kind == "log"}
        # What the node kept reporting (warning or worse, most repeated first), then what it began to
        # say in the span (a template its baseline never showed); its routine INFO says nothing.
        # A template its peers log too (more lines fleet-wide than on this node) is the fleet's routine.
        own = [i for i in range(len(counts)) if fleet.get(counts[i].template, 0) <= counts[i].in_window]
        trouble = [i for i in own if counts[i].level.upper() not in ACTION_LEVELS]
        novel = [i for i in own if i not in trouble and counts[i].in_baseline == 0]
        order = [*sorted(trouble, key=lambda i: (-counts[i].in_window, counts[i].first_at)),
                 *sorted(novel, key=lambda i: (-counts[i].in_window, counts[i].first_at))]
        out[node] = [lines[f"/records/{i}"] for i in order if f"/records/{i}" in lines]
    return out


def _fleet_counts(history: Sequence[ToolCallResult]) -> dict[str, int]:
    """Each template's line count over the whole node fleet (the grouped placement read by service)."""
    counts: dict[str, int] = {}
    for call in history:
        if call.origin != Origin.PLACEMENT or call.status != "success" or call.arguments.get("instance"):
            continue
        if call.arguments.get("group") != "template" or not call.arguments.get("service"):
            continue
        for t in (call.output if isinstance(call.output, dict) else {}).get("templates") or []:
            count = TemplateCount.model_validate(t)
            counts[count.template] = counts.get(count.template, 0) + count.in_window
    return counts


def scheduled_services(history: Sequence[ToolCallResult], services: Sequence[ServiceInfo], nodes: Iterable[str]) -> list[str]:
    """The services whose lines name a read node (the placement reads by keyword): what was
    scheduled onto it ("assigned … to node-07") — their changes are tied to the node's pods."""
    named = set(nodes)
    return list(dict.fromkeys(
        r.service
        for call in history
        if call.origin == Origin.PLACEMENT and str(call.arguments.get("keyword") or "") in named
        for r in collect_refs([call], services, only=Origin.PLACEMENT)
        if r.kind == "log" and r.service
    ))


def pods_on(node: str, pods: Sequence[K8sPod]) -> list[K8sPod]:
    """The pods scheduled on ``node`` — what a cause on that node is tied to."""
    return [p for p in pods if p.node == node]

