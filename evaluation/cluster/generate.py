"""The recordings: every fault type on every topology it fits, and a few healthy clusters, each a
seeded function of (topology, fault, ``SEED``). Same seed, same bytes (``recordings_hash``).

For each recording: a healthy cluster (``build``), the onset 8–24 minutes before the reading, a
target drawn among the components the fault can hit, the fault applied (``faults``), 45 minutes
of the application's traffic with its symptoms (``traffic``), the objects rendered as
``kubectl get -A -o json`` (``render``), three questions — naming nothing, naming the namespace,
naming a caller whose logs show the symptom — and the truth.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import random
from collections.abc import Iterable
from functools import lru_cache
from typing import Final

from evaluation.cluster.build import new_cluster
from evaluation.cluster.faults import FAULTS, FaultType
from evaluation.cluster.render import render
from evaluation.cluster.scene import Found, Scene
from evaluation.cluster.spec import (
    HEALTHY_CLUSTER,
    Category,
    ClusterQuestion,
    Json,
    Phrasing,
    Recording,
    Truth,
)
from evaluation.cluster.topologies import TOPOLOGIES, Topology
from evaluation.cluster.traffic import INGRESS, Traffic
from evaluation.worlds.spec import Fact

SEED: Final = 26_005  # issue 26, item 5
TZ: Final = dt.timezone(dt.timedelta(hours=8))
WINDOW: Final = dt.timedelta(minutes=45)
HEALTHY_PER_TOPOLOGY: Final = 2
FIRST_DAY: Final = dt.date(2027, 3, 1)

#: The question of issue 26, asked of every recording as it is.
BLIND: Final = "集群刚才出现问题：部分服务不可达。请排查是哪个组件出了问题，原因是什么？"
NAMESPACE_QUESTIONS: Final = (
    "{ns} 命名空间里刚才有服务不可达，请排查是哪个组件出了问题，原因是什么？",
    "{ns} 这个命名空间的应用刚才出故障了，帮忙定位一下是哪个组件、什么原因。",
    "namespace {ns} 里有服务访问不了，是哪个组件坏了？为什么？",
)
CALLER_HTTP: Final = "{who} 一直 {code}，怎么回事？"
CALLER_INGRESS: Final = "用户访问网站一直返回 {code}，怎么回事？"
CALLER_TIMEOUT: Final = "{who} 调用下游一直超时，是哪个组件出了问题？"
CALLER_REFUSED: Final = "{who} 一直报 connection refused，怎么回事？"
CALLER_ERROR: Final = "{who} 刚才开始大量报错，是哪个组件出了问题？"
CALLER_HEALTHY: Final = "{who} 刚才是不是出问题了？请排查一下是哪个组件、什么原因。"


def recording_names() -> tuple[str, ...]:
    return tuple(name for name, _, _ in _plan())


def _plan() -> list[tuple[str, Topology, FaultType | None]]:
    out: list[tuple[str, Topology, FaultType | None]] = []
    for topology in TOPOLOGIES.values():
        for fault in FAULTS.values():
            if fault.targets(topology):
                out.append((f"{topology.name}-{fault.name.replace('_', '-')}", topology, fault))
        for index in range(1, HEALTHY_PER_TOPOLOGY + 1):
            out.append((f"{topology.name}-healthy-{index}", topology, None))
    return out


@lru_cache(maxsize=1)
def recordings(seed: int = SEED) -> tuple[Recording, ...]:
    return tuple(build_recording(name, topology, fault, seed=seed) for name, topology, fault in _plan())


def recording_get(name: str, seed: int = SEED) -> Recording:
    for recording in recordings(seed):
        if recording.name == name:
            return recording
    raise KeyError(f"unknown recording {name!r}")


def build_recording(name: str, topology: Topology, fault: FaultType | None, *, seed: int = SEED,
                    apply: bool = True) -> Recording:
    """One recording; ``apply=False`` builds the same cluster and traffic without the fault (the baseline)."""
    rng = random.Random(f"{name}/{seed}")
    day = FIRST_DAY + dt.timedelta(days=rng.randint(0, 90))
    reference = dt.datetime(day.year, day.month, day.day, rng.randint(9, 22), rng.randint(0, 59), rng.randint(0, 59),
                            tzinfo=TZ)
    cluster = new_cluster(topology, seed=seed, key=name, reference=reference)
    traffic = Traffic(cluster=cluster, tz=TZ, start=reference - WINDOW)
    t0 = reference - dt.timedelta(minutes=rng.randint(8, 24), seconds=rng.randint(0, 59))
    target = rng.choice(fault.targets(topology)) if fault is not None else ""
    found: Found | None = None
    if fault is not None and apply:
        found = fault.apply(Scene(cluster=cluster, traffic=traffic, target=target, t0=t0, rng=rng))
    _background(traffic, reference)
    traffic.run(reference)
    objects = render(cluster)
    logs = tuple(sorted(traffic.logs, key=lambda log: (log["timestamp"], log["service"], log["message"])))
    truth = _truth(fault, found, topology) if apply else _truth(None, None, topology)
    questions = _questions(name, topology, truth, traffic, rng)
    others = _others(objects, truth)
    return Recording(name=name, topology=topology.name, namespace=topology.namespace, seed=seed,
                     reference_time=reference.isoformat(), onset=t0.isoformat() if found is not None else "",
                     observed_at=reference.isoformat(), objects=objects, logs=logs,
                     services=tuple(_services(topology)), questions=questions, truth=truth, others=others)


def _truth(fault: FaultType | None, found: Found | None, topology: Topology) -> Truth:
    if fault is None or found is None:
        return Truth(fault="healthy", category=Category.HEALTHY, kind="Cluster", name="healthy", namespace="",
                     component=HEALTHY_CLUSTER, cause=HEALTHY_CLUSTER,
                     summary=f"{topology.namespace} 没有故障：只有与用户请求无关的噪声（失败的 CronJob、几天前的重启、无关告警事件）。")
    return Truth(fault=fault.name, category=fault.category, kind=found.kind, name=found.name, namespace=found.namespace,
                 component=Fact(found.component), cause=Fact(found.cause), summary=found.summary)


def _services(topology: Topology) -> Iterable[Json]:
    for s in topology.services:
        yield {"name": s.name, "aliases": list(s.aliases), "description": s.description}
    yield {"name": INGRESS, "aliases": ["入口网关", "ingress-nginx"], "description": "ingress-nginx 控制器：集群入口。"}
    yield {"name": "coredns", "aliases": ["集群 DNS"], "description": "集群 DNS（kube-system）。"}
    for name, _, _ in topology.cronjobs:
        yield {"name": name, "aliases": [], "description": "CronJob。"}


def _others(objects: dict[str, Json], truth: Truth) -> tuple[str, ...]:
    named = {s.casefold() for s in truth.component.spellings}
    names: set[str] = set()
    for kind in ("nodes", "deployments", "statefulsets", "daemonsets", "services", "ingresses", "networkpolicies", "cronjobs"):
        for item in objects[kind]["items"]:
            names.add(item["metadata"]["name"])
    return tuple(sorted(n for n in names if n.casefold() not in named))


# --- Background noise --------------------------------------------------------------------------------
def _background(traffic: Traffic, reference: dt.datetime) -> None:
    t = traffic.topology
    c = traffic.cluster
    if t.name == "boutique":
        def redis(tr: Traffic, moment: dt.datetime) -> tuple[str, str]:
            return "INFO", tr.rng.choice(("1:M * 100 changes in 300 seconds. Saving...",
                                          f"1:M * Background saving started by pid {tr.rng.randint(200, 9000)}",
                                          "1:M * Background saving terminated with success"))

        def shipping(tr: Traffic, moment: dt.datetime) -> tuple[str, str]:
            return "WARN", "[GetQuote] address has no zip_code, quoting the default region"

        def cart(tr: Traffic, moment: dt.datetime) -> tuple[str, str]:
            return "WARN", f"Slow Redis round trip: {tr.rng.randint(150, 320)}ms (HGETALL)"

        traffic.periodic("redis-cart", 300, redis, until=reference)
        traffic.periodic("shippingservice", 600, shipping, until=reference)
        traffic.periodic("cartservice", 900, cart, until=reference)
    else:
        def checkpoint(tr: Traffic, moment: dt.datetime) -> tuple[str, str]:
            return "INFO", ('{"s":"I","c":"STORAGE","id":22430,"ctx":"WTCheckpointThread","msg":"WiredTiger message",'
                            '"attr":{"message":"[' + str(int(moment.timestamp())) + ':' + str(tr.rng.randint(100000, 999999))
                            + '][1:0x7f] WT_SESSION.checkpoint: [WT_VERB_CHECKPOINT_PROGRESS] saving checkpoint snapshot min: '
                            + str(tr.rng.randint(100, 9000)) + ', snapshot max: ' + str(tr.rng.randint(100, 9000)) + '"}}')

        def search(tr: Traffic, moment: dt.datetime) -> tuple[str, str]:
            return "WARN", "Nearby: no hotels found within 10km, widening the radius"

        for s in t.services:
            if s.lang == "mongo":
                traffic.periodic(s.name, 420, checkpoint, until=reference)
        traffic.periodic("search", 700, search, until=reference)
    for job in c.jobs:
        for pod in job["pods"]:
            started = pod.statuses[0].state["terminated"]["startedAt"]
            begun = dt.datetime.fromisoformat(started.replace("Z", "+00:00"))
            if begun < traffic.start:
                continue
            traffic.log(begun, job["cronjob"], "INFO", f"starting {job['cronjob']}", instance=pod.name)
            if job["fails"]:
                bucket = f"{t.namespace}-reports-archive"
                traffic.log(begun + dt.timedelta(seconds=6), job["cronjob"], "ERROR",
                            f"upload failed: S3 PutObject returned 403 Forbidden (bucket={bucket})", instance=pod.name)
            else:
                traffic.log(begun + dt.timedelta(seconds=4), job["cronjob"], "INFO",
                            f"done: {traffic.rng.randint(9, 400)} entries in {traffic.rng.randint(2, 30) / 10}s", instance=pod.name)


# --- Questions -----------------------------------------------------------------------------------------
def _who(topology: Topology, service: str) -> str:
    if service in topology.names:
        aliases = topology.service(service).aliases
        return f"{aliases[0]} {service}" if aliases else service
    return service


def _questions(name: str, topology: Topology, truth: Truth, traffic: Traffic, rng: random.Random) -> tuple[ClusterQuestion, ...]:
    namespace = rng.choice(NAMESPACE_QUESTIONS).format(ns=topology.namespace)
    if truth.healthy:
        service = rng.choice([s.name for s in topology.services if s.role in ("app", "frontend")])
        caller = CALLER_HEALTHY.format(who=_who(topology, service))
    else:
        excluded = {truth.name, *truth.component.spellings}
        candidates = sorted(s for s in traffic.symptoms if s not in excluded)
        if not candidates:
            raise ValueError(f"{name}: no caller shows a symptom")
        service = rng.choice(candidates)
        counts = traffic.symptoms[service]
        kind, _ = counts.most_common(1)[0]
        http = [k for k, _ in counts.most_common() if k.startswith("http ")]
        if service == INGRESS:
            caller = CALLER_INGRESS.format(code=http[0].split()[1])
        elif http:
            caller = CALLER_HTTP.format(who=_who(topology, service), code=http[0].split()[1])
        else:
            template = {"timeout": CALLER_TIMEOUT, "refused": CALLER_REFUSED}.get(kind, CALLER_ERROR)
            caller = template.format(who=_who(topology, service))
    return (ClusterQuestion(f"{name}/blind", BLIND, Phrasing.BLIND),
            ClusterQuestion(f"{name}/namespace", namespace, Phrasing.NAMESPACE, names=topology.namespace),
            ClusterQuestion(f"{name}/caller", caller, Phrasing.CALLER, names=service))


# --- Determinism -------------------------------------------------------------------------------------
def recording_json(recording: Recording) -> Json:
    """Everything of a recording as plain JSON (for hashing and for printing)."""
    truth = recording.truth
    return {
        "name": recording.name, "topology": recording.topology, "namespace": recording.namespace, "seed": recording.seed,
        "reference_time": recording.reference_time, "onset": recording.onset, "observed_at": recording.observed_at,
        "objects": recording.objects, "logs": list(recording.logs), "services": list(recording.services),
        "questions": [{"name": q.name, "text": q.text, "phrasing": str(q.phrasing), "names": q.names}
                      for q in recording.questions],
        "truth": {"fault": truth.fault, "category": str(truth.category), "kind": truth.kind, "name": truth.name,
                  "namespace": truth.namespace, "component": list(truth.component.spellings),
                  "cause": list(truth.cause.spellings), "summary": truth.summary},
        "others": list(recording.others),
    }


def recordings_hash(items: Iterable[Recording]) -> str:
    digest = hashlib.sha256()
    for recording in items:
        canonical = json.dumps(recording_json(recording), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        digest.update(canonical.encode("utf-8"))
    return digest.hexdigest()


__all__ = ["BLIND", "SEED", "build_recording", "recording_get", "recording_json", "recording_names", "recordings",
           "recordings_hash"]
