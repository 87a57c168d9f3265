"""What a fault works with: the cluster, its traffic, the onset, and the kubelet's and controllers'
ways of recording what happens to pods (a rollout, a Pending pod, a container that cannot be
configured, an image that cannot be pulled, a crash loop), each with the events and logs it leaves."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from evaluation.cluster import kube as K
from evaluation.cluster.build import make_pod, new_revision, place, run, terminated
from evaluation.cluster.model import Cluster, CStatus, Pod, Template, Workload
from evaluation.cluster.spec import Json
from evaluation.cluster.topologies import ServiceDef, Topology
from evaluation.cluster.traffic import REFUSED, Outage, Traffic

BACKOFF_S = (10, 20, 40, 80, 160, 300)


@dataclass(frozen=True)
class Found:
    """The truth a fault leaves: the component at fault, and how an answer may name it and its cause."""

    kind: str
    name: str
    namespace: str
    component: tuple[str, ...]
    cause: tuple[str, ...]
    summary: str


@dataclass
class Scene:
    cluster: Cluster
    traffic: Traffic
    target: str
    t0: dt.datetime
    rng: random.Random
    notes: dict[str, object] = field(default_factory=dict)

    @property
    def topology(self) -> Topology:
        return self.cluster.topology

    @property
    def ref(self) -> dt.datetime:
        return self.cluster.reference

    @property
    def ns(self) -> str:
        return self.topology.namespace

    def s(self, name: str | None = None) -> ServiceDef:
        return self.topology.service(name or self.target)

    def w(self, name: str | None = None, namespace: str | None = None) -> Workload:
        return self.cluster.workload(name or self.target, namespace)

    def at(self, seconds: float) -> dt.datetime:
        return self.t0 + dt.timedelta(seconds=seconds)

    def outage(self, callee: str, kind: str = REFUSED, since: dt.datetime | None = None, **kwargs) -> None:
        self.traffic.outages.append(Outage(callee=callee, kind=kind, since=since or self.t0, **kwargs))

    # -- spellings
    def spellings(self, w: Workload) -> tuple[str, ...]:
        names = [w.name]
        if w.service is not None:
            names += list(w.service.aliases)
        names += [p.name for p in w.pods]
        if w.kind == "Deployment":
            names += [f"{w.name}-{rev.hash}" for rev in w.revisions[-2:]]
        return tuple(dict.fromkeys(names))

    # -- rollouts
    def rollout(self, w: Workload, change: Callable[[Template], None], cause: str, *,
                at: dt.datetime | None = None, story: str | None = None) -> list[Pod]:
        """Replace every pod of ``w`` by a new revision: the old pods stop first (a ``Recreate``
        strategy, or the Deployment replaced whole by Argo CD). Returns the new pods, not yet placed."""
        at = at or self.t0
        story = story or self.rng.choice(("recreate", "replace"))
        old = list(w.pods)
        old_rs = f"{w.name}-{w.current.hash}"
        template = w.template.clone()
        change(template)
        retire(self, w, at)
        if w.kind == "Deployment" and story == "replace":
            w.revisions.clear()
            w.revision = 0
            w.generation = 0
            w.created = at
            w.annotations = {"argocd.argoproj.io/tracking-id": f"{self.topology.name}:apps/Deployment:{w.namespace}/{w.name}"}
            new_revision(self.cluster, w, at=at, template=template)
        else:
            if w.kind == "Deployment":
                w.strategy = {"type": "Recreate"}
            new_revision(self.cluster, w, at=at, template=template)
            if w.kind == "Deployment":
                w.annotations = {"kubernetes.io/change-cause": cause}
                self.cluster.event(kind="Deployment", name=w.name, namespace=w.namespace, type_="Normal",
                                   reason="ScalingReplicaSet", message=f"Scaled down replica set {old_rs} to 0 from {len(old)}",
                                   first=at, component="deployment-controller", api_version="apps/v1")
        if w.kind == "Deployment":
            self.cluster.event(kind="Deployment", name=w.name, namespace=w.namespace, type_="Normal",
                               reason="ScalingReplicaSet",
                               message=f"Scaled up replica set {w.name}-{w.current.hash} to {w.replicas}",
                               first=at + dt.timedelta(seconds=1), component="deployment-controller", api_version="apps/v1")
        pods = []
        for ordinal in range(w.replicas):
            pod = make_pod(self.cluster, w, at=at + dt.timedelta(seconds=2 + ordinal), ordinal=ordinal, salt=at.isoformat())
            pods.append(pod)
            w.pods.append(pod)
            if w.kind == "Deployment":
                self.cluster.event(kind="ReplicaSet", name=f"{w.name}-{w.current.hash}", namespace=w.namespace,
                                   type_="Normal", reason="SuccessfulCreate", message=f"Created pod: {pod.name}",
                                   first=pod.created, component="replicaset-controller", api_version="apps/v1")
        return pods

    # -- pod fates
    def pending(self, pod: Pod, message: str) -> None:
        pod.phase = "Pending"
        pod.unschedulable = message
        minutes = (self.ref - pod.created).total_seconds() / 60
        count = max(2, int(minutes * 0.7) + 1)
        self.cluster.scheduler_event(pod, message, pod.created, self.ref - dt.timedelta(seconds=self.rng.randint(5, 70)), count)

    def schedule_or_pending(self, pod: Pod, *, exclude: list[Pod] | None = None) -> str | None:
        node, message = self.cluster.schedule(pod.template, pod.namespace, claims=pod.claims, exclude=exclude or [])
        if node is None:
            self.pending(pod, message)
            return None
        self.assign(pod, node, pod.created)
        return node

    def assign(self, pod: Pod, node: str, at: dt.datetime) -> None:
        place(self.cluster, pod, node, at)
        self.cluster.scheduler_event(pod, f"Successfully assigned {pod.namespace}/{pod.name} to {node}", at, at, 1,
                                     failed=False)

    def start(self, pod: Pod, at: dt.datetime, *, pulled: bool = True) -> None:
        """The kubelet starts ``pod`` at ``at`` (image already present) and it runs."""
        c = pod.template.containers[0]
        self._kubelet(pod, "Normal", "Pulled", f'Container image "{c.image}" already present on machine', at)
        self._kubelet(pod, "Normal", "Created", f"Created container {c.name}", at + dt.timedelta(seconds=1))
        self._kubelet(pod, "Normal", "Started", f"Started container {c.name}", at + dt.timedelta(seconds=1))
        run(pod, at + dt.timedelta(seconds=1))
        self.traffic.startup(self.owner_service(pod), pod.name, at + dt.timedelta(seconds=2))

    def owner_service(self, pod: Pod) -> str:
        """The service whose logs ``pod`` writes: its workload's name."""
        return next((w.name for w in self.cluster.workloads if pod in w.pods), pod.name)

    def _kubelet(self, pod: Pod, type_: str, reason: str, message: str, first: dt.datetime,
                 last: dt.datetime | None = None, count: int = 1) -> None:
        self.cluster.event(kind="Pod", name=pod.name, namespace=pod.namespace, type_=type_, reason=reason, message=message,
                           first=first, last=last, count=count, component="kubelet", host=pod.node or "")

    def config_error(self, pod: Pod, message: str) -> None:
        """CreateContainerConfigError: the kubelet cannot build the container's environment."""
        at = pod.created + dt.timedelta(seconds=1)
        c = pod.template.containers[0]
        pod.phase = "Pending"
        pod.statuses = [CStatus(name=c.name, image=c.image, ready=False, started=False, pulled=False,
                                state={"waiting": {"reason": "CreateContainerConfigError", "message": message}})]
        pod.ready_since = at
        pod.broken_at = at
        count = max(2, int((self.ref - at).total_seconds() / 14))
        self._kubelet(pod, "Normal", "Pulled", f'Container image "{c.image}" already present on machine', at,
                      self.ref - dt.timedelta(seconds=9), count)
        self._kubelet(pod, "Warning", "Failed", f"Error: {message}", at, self.ref - dt.timedelta(seconds=9), count)

    def pull_fails(self, pod: Pod, image: str, failure: str, *, extra: list[tuple[str, str]] | None = None) -> None:
        """ErrImagePull → ImagePullBackOff: the kubelet keeps trying to pull ``image``."""
        at = pod.created + dt.timedelta(seconds=1)
        c = pod.template.containers[0]
        seconds = (self.ref - at).total_seconds()
        pulls = max(2, int(seconds / 300) + 4)
        backoffs = max(3, int(seconds / 15))
        last = self.ref - dt.timedelta(seconds=self.rng.randint(5, 60))
        backing_off = self.rng.random() < 0.7
        pod.phase = "Pending"
        pod.statuses = [CStatus(name=c.name, image=image, ready=False, started=False, pulled=False,
                                state={"waiting": {"reason": "ImagePullBackOff", "message": f'Back-off pulling image "{image}"'}
                                       if backing_off else {"reason": "ErrImagePull", "message": failure}})]
        pod.ready_since = at
        pod.broken_at = at
        for reason, message in extra or []:
            self._kubelet(pod, "Warning", reason, message, at, last, pulls)
        self._kubelet(pod, "Normal", "Pulling", f'Pulling image "{image}"', at, last, pulls)
        self._kubelet(pod, "Warning", "Failed", f'Failed to pull image "{image}": {failure}', at, last, pulls)
        self._kubelet(pod, "Warning", "Failed", "Error: ErrImagePull", at, last, pulls)
        self._kubelet(pod, "Normal", "BackOff", f'Back-off pulling image "{image}"', at + dt.timedelta(seconds=2), last, backoffs)
        self._kubelet(pod, "Warning", "Failed", "Error: ImagePullBackOff", at + dt.timedelta(seconds=2), last, backoffs)

    def crashloop(self, pod: Pod, start: dt.datetime, *, reason: str, code: int, run_s: tuple[int, int],
                  fatal: str = "", fatal_level: str = "FATAL", message: str = "", logs: bool = True,
                  killed_by_probe: str = "") -> int:
        """The container starts, dies after ``run_s`` seconds (``reason``/``code``) and is restarted with
        the kubelet's back-off until the reference time. Returns the restart count."""
        c = pod.template.containers[0]
        starts: list[dt.datetime] = []
        finishes: list[dt.datetime] = []
        moment = start
        backoff_index = 0
        while moment < self.ref:
            starts.append(moment)
            finish = moment + dt.timedelta(seconds=self.rng.randint(*run_s))
            if finish >= self.ref:
                finishes.append(finish)
                break
            finishes.append(finish)
            moment = finish + dt.timedelta(seconds=BACKOFF_S[min(backoff_index, len(BACKOFF_S) - 1)] + self.rng.randint(0, 4))
            backoff_index += 1
        running_now = finishes[-1] >= self.ref
        done = len(finishes) - (1 if running_now else 0)
        restarts = max(len(starts) - 1, 0)
        if logs:
            for index, begun in enumerate(starts):
                self.traffic.startup(self.owner_service(pod), pod.name, begun,
                                     fatal=fatal if index < done else "", fatal_level=fatal_level)
        if killed_by_probe:
            for finish in finishes:
                if finish < self.ref:
                    self._kubelet(pod, "Warning", "Unhealthy", killed_by_probe, finish - dt.timedelta(seconds=20),
                                  finish - dt.timedelta(seconds=1), 3)
            kills = [f for f in finishes if f < self.ref]
            if kills:
                self._kubelet(pod, "Normal", "Killing", f"Container {c.name} failed liveness probe, will be restarted",
                              kills[0], kills[-1], len(kills))
        last_done = finishes[done - 1] if done else None
        last = terminated(reason, code, starts[done - 1], last_done, message) if last_done is not None else {}
        backoff = BACKOFF_S[min(max(done - 1, 0), len(BACKOFF_S) - 1)]
        uid = K.uid(f"{self.cluster.key}/Pod/{pod.namespace}/{pod.name}")
        if running_now:
            state: Json = {"running": {"startedAt": K.ts(starts[-1])}}
        else:
            pretty = f"{backoff // 60}m{backoff % 60}s" if backoff >= 60 else f"{backoff}s"
            state = {"waiting": {"reason": "CrashLoopBackOff",
                                 "message": f"back-off {pretty} restarting failed container={c.name} pod={pod.name}_{pod.namespace}({uid})"}}
        pod.phase = "Running"
        pod.statuses = [CStatus(name=c.name, image=c.image, state=state, last=last, restarts=restarts, ready=False)]
        if pod.ready_since is None or pod.ready_since >= start:
            pod.ready_since = starts[0]
        pod.broken_at = start
        count = len(starts)
        self._kubelet(pod, "Normal", "Pulled", f'Container image "{c.image}" already present on machine', start, starts[-1], count)
        self._kubelet(pod, "Normal", "Created", f"Created container {c.name}", start, starts[-1], count)
        self._kubelet(pod, "Normal", "Started", f"Started container {c.name}", start, starts[-1], count)
        if done >= 1 and len(starts) > 1:
            self._kubelet(pod, "Warning", "BackOff", f"Back-off restarting failed container {c.name} in pod {pod.name}_{pod.namespace}({uid})",
                          finishes[0] + dt.timedelta(seconds=1), self.ref - dt.timedelta(seconds=self.rng.randint(3, 40)),
                          max(1, done * 3))
        return restarts


def retire(scene: Scene, w: Workload, at: dt.datetime) -> None:
    """``w``'s pods stop at ``at`` (the kubelet kills them) and are gone."""
    for pod in w.pods:
        scene.traffic.retired.append((w.name, pod.name, pod.ready_since or pod.created, at + dt.timedelta(seconds=2)))
        if pod.node:
            scene.cluster.event(kind="Pod", name=pod.name, namespace=pod.namespace, type_="Normal", reason="Killing",
                                message=f"Stopping container {pod.template.containers[0].name}", first=at,
                                component="kubelet", host=pod.node)
    w.pods = []
