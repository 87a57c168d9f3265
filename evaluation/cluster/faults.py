"""The fault types (issue 26 item 5), one function each, as data in ``FAULTS``: which components of a
topology a fault can hit, and what it does to the cluster — the cause (a template, a Service, a
node, a quota, a volume) and its consequences (pod phases and waiting reasons, the kubelet's,
scheduler's and controllers' events with their real messages, empty endpoints, callers' errors).

Each returns a ``Found``: the component at fault and the spellings an answer may name it and its
cause by. A fault never writes the truth into the evidence in words a cluster would not use.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from evaluation.cluster import kube as K
from evaluation.cluster.build import (
    LIMIT_MAX,
    LIMITS,
    QUOTA,
    make_pod,
    terminated,
)
from evaluation.cluster.model import CStatus, Pod, Template, Workload
from evaluation.cluster.render import quantity, quota_used
from evaluation.cluster.scene import Found, Scene, retire
from evaluation.cluster.spec import Category
from evaluation.cluster.topologies import Topology
from evaluation.cluster.traffic import DELAY, DNS, ERROR, INGRESS, REFUSED, SLOW, TIMEOUT

SYSTEM = "kube-system"


@dataclass(frozen=True)
class FaultType:
    name: str
    category: Category
    targets: Callable[[Topology], tuple[str, ...]]
    apply: Callable[[Scene], Found]
    title: str  # what it is, in Chinese


# --- Targets --------------------------------------------------------------------------------------
def apps(t: Topology) -> tuple[str, ...]:
    """Backend services with callers inside the application."""
    return tuple(s.name for s in t.services if s.role == "app" and t.callers(s.name))


def databases(t: Topology) -> tuple[str, ...]:
    return tuple(s.name for s in t.services if s.role == "database")


def db_clients(t: Topology) -> tuple[str, ...]:
    return tuple(s.name for s in t.services if s.role == "app" and t.databases_of(s.name))


def writable_databases(t: Topology) -> tuple[str, ...]:
    found: list[str] = []

    def walk(calls) -> None:
        for call in calls:
            if call.write and t.service(call.callee).role == "database" and call.callee not in found:
                found.append(call.callee)
            walk(call.then)

    for route in t.routes:
        walk(route.calls)
    return tuple(found)


def entry(t: Topology) -> tuple[str, ...]:
    return (t.entry,)


def coredns(t: Topology) -> tuple[str, ...]:
    return ("coredns",)


# --- Shared mechanics -------------------------------------------------------------------------------
def _down(sc: Scene, service: str, since: dt.datetime, until: dt.datetime | None = None, **kwargs) -> None:
    sc.outage(service, REFUSED, since, until=until, **kwargs)


def _must_pend(sc: Scene, pods: list[Pod]) -> None:
    for pod in pods:
        if sc.schedule_or_pending(pod) is not None:
            raise ValueError(f"{sc.cluster.key}: {pod.name} was expected not to fit anywhere")


def _placed(sc: Scene, pods: list[Pod]) -> None:
    for pod in pods:
        if sc.schedule_or_pending(pod) is None:
            raise ValueError(f"{sc.cluster.key}: {pod.name} was expected to be scheduled: {pod.unschedulable}")


def _change_cause(sc: Scene, text: str) -> str:
    return f"{text} ({sc.rng.choice(('PR', 'MR', 'CHG'))}-{sc.rng.randint(1200, 9800)})"


def _workload_found(sc: Scene, w: Workload, cause: tuple[str, ...], summary: str, *, extra: tuple[str, ...] = ()) -> Found:
    return Found(kind=w.kind, name=w.name, namespace=w.namespace, component=sc.spellings(w) + extra, cause=cause,
                 summary=summary)


def _db_node(sc: Scene) -> str:
    claim = sc.s().volume_claim
    return sc.cluster.volume(sc.cluster.claim(claim).volume).node


# --- Scheduling ---------------------------------------------------------------------------------------
def node_selector_mismatch(sc: Scene) -> Found:
    w = sc.w()
    pods = sc.rollout(w, lambda t: t.node_selector.update({"disktype": "ssd"}),
                      _change_cause(sc, f"pin {w.name} to SSD nodes (nodeSelector disktype=ssd)"))
    _must_pend(sc, pods)
    _down(sc, w.name, sc.at(2))
    return _workload_found(sc, w, ("didn't match Pod's node affinity/selector", "nodeSelector", "disktype", "节点选择器",
                                   "节点亲和", "没有匹配的节点", "无匹配节点"),
                           f"{w.name} 的 nodeSelector 要求 disktype=ssd，没有节点带这个标签，新 Pod 一直 Pending。")


def node_affinity_mismatch(sc: Scene) -> Found:
    w = sc.w()
    key, value = (("topology.kubernetes.io/zone", "ap-east-1d") if sc.cluster.flavor.name == "eks"
                  else ("node-pool", "highcpu"))
    affinity = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
        {"matchExpressions": [{"key": key, "operator": "In", "values": [value]}]}]}}}

    def change(t: Template) -> None:
        t.affinity = affinity

    pods = sc.rollout(w, change, _change_cause(sc, f"schedule {w.name} on {value} only"))
    _must_pend(sc, pods)
    _down(sc, w.name, sc.at(2))
    return _workload_found(sc, w, ("node affinity", "nodeAffinity", value, "节点亲和", "没有匹配的节点", "无匹配节点"),
                           f"{w.name} 的 nodeAffinity 要求 {key} In [{value}]，集群里没有这样的节点，新 Pod 一直 Pending。")


def taint_without_toleration(sc: Scene) -> Found:
    w = sc.w()
    f = sc.cluster.flavor
    label = dict(f.tainted_labels)
    key = "eks.amazonaws.com/nodegroup" if f.name == "eks" else "accelerator"
    pods = sc.rollout(w, lambda t: t.node_selector.update({key: label[key]}),
                      _change_cause(sc, f"move {w.name} to the {label[key]} node pool"))
    _must_pend(sc, pods)
    _down(sc, w.name, sc.at(2))
    return _workload_found(sc, w, ("untolerated taint", "taint", "tolerations", "污点", "容忍"),
                           f"{w.name} 被调度到带污点 {f.tainted_key}={f.tainted_value}:NoSchedule 的节点池，但没有相应的 "
                           f"toleration，其它节点又不满足 nodeSelector，Pod 一直 Pending。")


def cordoned_node(sc: Scene) -> Found:
    """A worker is cordoned and drained for maintenance; the database pinned to it by its local
    volume cannot come back anywhere else."""
    node = sc.cluster.nodes[_db_node(sc)]
    node.unschedulable = True
    node.taints.append({"effect": "NoSchedule", "key": "node.kubernetes.io/unschedulable", "timeAdded": K.ts(sc.t0)})
    sc.cluster.event(kind="Node", name=node.name, namespace=None, type_="Normal", reason="NodeNotSchedulable",
                     message=f"Node {node.name} status is now: NodeNotSchedulable", first=sc.t0, component="kubelet",
                     host=node.name)
    _drain(sc, node.name, at=sc.at(8))
    return Found(kind="Node", name=node.name, namespace="", component=(node.name,),
                 cause=("unschedulable", "NodeNotSchedulable", "不可调度", "封锁", "维护"),
                 summary=f"节点 {node.name} 被 cordon 并 drain，依赖该节点本地卷的数据库 Pod 无法在别处调度，一直 Pending。")


def _drain(sc: Scene, node: str, *, at: dt.datetime) -> None:
    """``kubectl drain``: every pod but DaemonSets' and static ones is evicted; controllers replace them."""
    for w in list(sc.cluster.workloads):
        if w.kind == "DaemonSet":
            continue
        on_node = [p for p in w.pods if p.node == node and not p.terminal]
        for old in on_node:
            _replace_pod(sc, w, old, at, reason="drain")


def _replace_pod(sc: Scene, w: Workload, old: Pod, at: dt.datetime, *, reason: str, keep_old: bool = False) -> Pod:
    """The controller of ``w`` replaces ``old`` (deleted or evicted at ``at``) by a new pod."""
    sc.traffic.retired.append((w.name, old.name, old.ready_since or old.created, at))
    if not keep_old:
        w.pods.remove(old)
        sc.cluster.event(kind="Pod", name=old.name, namespace=old.namespace, type_="Normal", reason="Killing",
                         message=f"Stopping container {old.template.containers[0].name}", first=at, component="kubelet",
                         host=old.node or "")
    ordinal = int(old.name.rsplit("-", 1)[1]) if w.kind == "StatefulSet" else len(w.pods) + 7
    new = make_pod(sc.cluster, w, at=at + dt.timedelta(seconds=1), ordinal=ordinal, salt=f"{reason}{at.isoformat()}")
    new.template = old.template.clone()
    w.pods.append(new)
    if w.kind == "Deployment":
        sc.cluster.event(kind="ReplicaSet", name=f"{w.name}-{w.current.hash}", namespace=w.namespace, type_="Normal",
                         reason="SuccessfulCreate", message=f"Created pod: {new.name}", first=new.created,
                         component="replicaset-controller", api_version="apps/v1")
    else:
        sc.cluster.event(kind=w.kind, name=w.name, namespace=w.namespace, type_="Normal", reason="SuccessfulCreate",
                         message=f"create Pod {new.name} in StatefulSet {w.name} successful", first=new.created,
                         component="statefulset-controller", api_version="apps/v1")
    node = sc.schedule_or_pending(new)
    service = w.name if w.namespace == sc.ns or w.name in ("coredns",) else None
    if node is not None:
        started = new.created + dt.timedelta(seconds=sc.rng.randint(3, 12))
        sc.start(new, started)
        if service and service in sc.topology.names and len([p for p in w.pods if p.ready and p is not new]) == 0:
            _down(sc, service, at, until=new.ready_since)
    elif service and service in sc.topology.names:
        _down(sc, service, at)
    return new


def pod_anti_affinity(sc: Scene) -> Found:
    w = sc.w()
    affinity = {"podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [
        {"labelSelector": {"matchLabels": {"tier": "backend"}}, "topologyKey": "kubernetes.io/hostname"}]}}

    def change(t: Template) -> None:
        t.affinity = affinity

    pods = sc.rollout(w, change, _change_cause(sc, f"spread {w.name} replicas across nodes"))
    _must_pend(sc, pods)
    _down(sc, w.name, sc.at(2))
    return _workload_found(sc, w, ("anti-affinity", "podAntiAffinity", "反亲和"),
                           f"{w.name} 新加的 podAntiAffinity 用 tier=backend 作 labelSelector（本意是自己的 app 标签），"
                           f"每个节点上都有 backend Pod，新 Pod 一直 Pending。")


def insufficient_cpu(sc: Scene) -> Found:
    w = sc.w()

    def change(t: Template) -> None:
        t.containers[0].requests["cpu"] = "4"
        t.containers[0].limits["cpu"] = "4"

    pods = sc.rollout(w, change, _change_cause(sc, f"{w.name}: cpu request/limit 4 for the sale"))
    _must_pend(sc, pods)
    _down(sc, w.name, sc.at(2))
    return _workload_found(sc, w, ("Insufficient cpu", "CPU 不足", "CPU 资源不足", "cpu 不足", "CPU 请求过大"),
                           f"{w.name} 的 requests.cpu 改成了 4，没有节点剩这么多可分配 CPU，Pod 一直 Pending（Insufficient cpu）。")


def insufficient_memory(sc: Scene) -> Found:
    w = sc.w()

    def change(t: Template) -> None:
        t.containers[0].requests["memory"] = "16Gi"
        t.containers[0].limits["memory"] = "16Gi"

    pods = sc.rollout(w, change, _change_cause(sc, f"{w.name}: memory 16Gi for the bigger cache"))
    _must_pend(sc, pods)
    _down(sc, w.name, sc.at(2))
    return _workload_found(sc, w, ("Insufficient memory", "内存不足", "内存资源不足", "内存请求过大"),
                           f"{w.name} 的 requests.memory 改成了 16Gi，超过任何节点的可分配内存，Pod 一直 Pending（Insufficient memory）。")


# --- Startup ----------------------------------------------------------------------------------------
def _start_failing(sc: Scene, w: Workload, change: Callable[[Template], None], cause: str) -> list[Pod]:
    pods = sc.rollout(w, change, _change_cause(sc, cause))
    _placed(sc, pods)
    _down(sc, w.name, sc.at(2))
    return pods


def missing_secret(sc: Scene) -> Found:
    w = sc.w()
    secret = f"{w.name}-{sc.rng.choice(('api-keys', 'env', 'tokens'))}"
    key = sc.rng.choice(("API_TOKEN", "SIGNING_KEY", "PARTNER_API_KEY"))

    def change(t: Template) -> None:
        t.containers[0].env.append({"name": key, "valueFrom": {"secretKeyRef": {"name": secret, "key": key}}})

    for pod in _start_failing(sc, w, change, f"{w.name}: read {key} from Secret {secret}"):
        sc.config_error(pod, f'secret "{secret}" not found')
    return _workload_found(sc, w, (secret, "CreateContainerConfigError", "Secret 不存在", "缺少 Secret", "secret 不存在",
                                   "密钥不存在"),
                           f"{w.name} 新版本从 Secret {secret} 读取 {key}，但这个 Secret 不存在，容器无法创建"
                           "（CreateContainerConfigError）。")


def missing_configmap_key(sc: Scene) -> Found:
    from evaluation.cluster.build import APP_CONFIG

    w = sc.w()
    config = APP_CONFIG[sc.topology.name]
    key = sc.rng.choice(("FEATURE_FLAGS", "RATE_LIMIT_QPS", "UPSTREAM_TIMEOUT_MS"))

    def change(t: Template) -> None:
        t.containers[0].env.append({"name": key, "valueFrom": {"configMapKeyRef": {"name": config, "key": key}}})

    for pod in _start_failing(sc, w, change, f"{w.name}: {key} from ConfigMap {config}"):
        sc.config_error(pod, f"couldn't find key {key} in ConfigMap {sc.ns}/{config}")
    return _workload_found(sc, w, (key, "couldn't find key", "CreateContainerConfigError", "ConfigMap 缺少", "缺少键",
                                   "配置项缺失", "缺少配置项"),
                           f"{w.name} 新版本从 ConfigMap {config} 读取键 {key}，ConfigMap 里没有这个键，容器无法创建。")


def missing_image_pull_secret(sc: Scene) -> Found:
    w = sc.w()
    f = sc.cluster.flavor
    secret = "ecr-pull-secret" if f.name == "eks" else "harbor-robot-dsb"
    tag = w.template.containers[0].image.rsplit(":", 1)[1]
    image = f"{f.registry}/{w.name}:{tag}"
    if f.name == "eks":
        failure = (f'failed to pull and unpack image "{image}": failed to resolve reference "{image}": pull access denied, '
                   "repository does not exist or may require authorization: authorization failed: no basic auth credentials")
    else:
        host, path = f.registry.split("/", 1)
        failure = (f'failed to pull and unpack image "{image}": failed to resolve reference "{image}": unexpected status '
                   f"from HEAD request to https://{host}/v2/{path}/{w.name}/manifests/{tag}: 401 Unauthorized")

    def change(t: Template) -> None:
        t.containers[0].image = image
        t.image_pull_secrets = [secret]

    for pod in _start_failing(sc, w, change, f"{w.name}: pull from the private registry"):
        sc.pull_fails(pod, image, failure, extra=[(
            "FailedToRetrieveImagePullSecret",
            f"Unable to retrieve some image pull secrets ({secret}); attempting to pull the image may not succeed.")])
    return _workload_found(sc, w, (secret, "FailedToRetrieveImagePullSecret", "image pull secrets", "imagePullSecrets",
                                   "拉取凭证", "镜像拉取密钥", "拉取密钥", "镜像仓库认证"),
                           f"{w.name} 改从私有仓库拉镜像，引用的 imagePullSecret {secret} 不存在，拉取被拒（ImagePullBackOff）。")


def wrong_image_tag(sc: Scene) -> Found:
    w = sc.w()
    repo, tag = w.template.containers[0].image.rsplit(":", 1)
    major, minor, patch = tag.lstrip("v").split(".")
    bad = f"v{major}.{minor}.{int(patch) + 1}-{sc.rng.choice(('rc1', 'hotfix', 'beta.2'))}"
    image = f"{repo}:{bad}"
    shown = image if "." in image.split("/")[0] else f"docker.io/{image}"
    failure = f'failed to pull and unpack image "{shown}": failed to resolve reference "{shown}": {shown}: not found'

    def change(t: Template) -> None:
        t.containers[0].image = image

    for pod in _start_failing(sc, w, change, f"release {w.name} {bad}"):
        sc.pull_fails(pod, image, failure)
    return _workload_found(sc, w, (bad, "ImagePullBackOff", "ErrImagePull", "镜像标签", "镜像不存在", "镜像版本不存在",
                                   "tag 不存在"),
                           f"{w.name} 发布的镜像标签 {bad} 在仓库里不存在，拉取失败（ErrImagePull / ImagePullBackOff）。")


def registry_unresolvable(sc: Scene) -> Found:
    w = sc.w()
    f = sc.cluster.flavor
    host = "registry.shop-internal.io" if f.name == "eks" else "harbor.lab.intranet"
    tag = w.template.containers[0].image.rsplit(":", 1)[1]
    image = f"{host}/{sc.topology.name}/{w.name}:{tag}"
    resolver = "10.0.0.2" if f.name == "eks" else "127.0.0.53"
    failure = (f'failed to pull and unpack image "{image}": failed to resolve reference "{image}": failed to do request: '
               f'Head "https://{host}/v2/{sc.topology.name}/{w.name}/manifests/{tag}": dial tcp: lookup {host} on '
               f"{resolver}:53: no such host")

    def change(t: Template) -> None:
        t.containers[0].image = image

    for pod in _start_failing(sc, w, change, f"{w.name}: pull through the internal mirror"):
        sc.pull_fails(pod, image, failure)
    return _workload_found(sc, w, (host, "no such host", "镜像仓库", "仓库地址", "域名解析", "ErrImagePull",
                                   "ImagePullBackOff"),
                           f"{w.name} 的镜像地址改成了 {host}，节点解析不到这个仓库域名（no such host），镜像拉不下来。")


def bad_command(sc: Scene) -> Found:
    w = sc.w()
    path = sc.rng.choice((f"/app/{w.name}-server", "/usr/local/bin/server", "/src/sever"))
    error = (f"failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: "
             f'unable to start container process: exec: "{path}": stat {path}: no such file or directory: unknown')

    def change(t: Template) -> None:
        t.containers[0].command = [path]

    for pod in _start_failing(sc, w, change, f"{w.name}: explicit entrypoint"):
        sc.crashloop(pod, pod.created + dt.timedelta(seconds=2), reason="StartError", code=128, run_s=(0, 0),
                     message=error, logs=False)
        sc._kubelet(pod, "Warning", "Failed", f"Error: {error}", pod.created + dt.timedelta(seconds=2),
                    sc.ref - dt.timedelta(seconds=sc.rng.randint(10, 200)), pod.statuses[0].restarts + 1)
    return _workload_found(sc, w, ("StartError", "no such file or directory", path, "启动命令", "命令不存在", "可执行文件"),
                           f"{w.name} 的 command 写成了 {path}，镜像里没有这个文件，容器启动即失败（StartError，退出码 128）。")


_BAD_FLAG: Final = {
    "go": ("flag provided but not defined: -listen-addr", 2),
    "node": ("error: unknown option '--listen-addr'", 1),
    "python": ("error: unrecognized arguments: --listen-addr=:8080", 2),
    "java": ("Unrecognized option: --listen-addr=:9555", 1),
    "csharp": ("Unhandled exception. System.InvalidOperationException: Unrecognized command line argument '--listen-addr'", 134),
}


def bad_arguments(sc: Scene) -> Found:
    w = sc.w()
    s = sc.s()
    fatal, code = _BAD_FLAG[s.lang]
    flag = "-listen-addr" if s.lang == "go" else "--listen-addr"

    def change(t: Template) -> None:
        t.containers[0].args = [f"{flag}=:{s.port}"]

    for pod in _start_failing(sc, w, change, f"{w.name}: pass the listen address as a flag"):
        sc.crashloop(pod, pod.created + dt.timedelta(seconds=2), reason="Error", code=code, run_s=(0, 1), fatal=fatal,
                     fatal_level="ERROR")
    return _workload_found(sc, w, (flag, "启动参数", "参数错误", "不认识的参数", "CrashLoopBackOff"),
                           f"{w.name} 新加的启动参数 {flag} 程序不认识，进程启动即退出（退出码 {code}），CrashLoopBackOff。")


_DB_CONFIG_ERROR: Final = {
    "redis": (["--maxmemory-policy", "allkeys-lru volatile"],
              ("*** FATAL CONFIG FILE ERROR (Redis 7.2.4) *** Reading the configuration file, at line 2 >>> "
               "'maxmemory-policy \"allkeys-lru\" \"volatile\"' Bad directive or wrong number of arguments"), 1,
              ("FATAL CONFIG FILE ERROR", "Bad directive", "maxmemory-policy", "配置文件错误", "配置错误")),
    "mongo": (["--wiredTigerCacheSizeGB", "0.25GB"],
              ('{"s":"F","c":"CONTROL","id":20574,"ctx":"-","msg":"Error during global initialization","attr":{"error":'
               '{"code":2,"codeName":"BadValue","errmsg":"Error parsing option \\"wiredTigerCacheSizeGB\\" as double in: 0.25GB"}}}'),
              2, ("wiredTigerCacheSizeGB", "Error parsing option", "BadValue", "配置错误", "启动参数错误")),
}


def crashloop_dependency(sc: Scene) -> Found:
    """A database does not start after a configuration change; its client, whose health check pings
    it, is killed by its liveness probe and then crash-loops too (the client is not the cause)."""
    db = sc.w()
    s = sc.s()
    args, fatal, code, cause = _DB_CONFIG_ERROR[s.lang]

    def change(t: Template) -> None:
        t.containers[0].args = list(t.containers[0].args) + list(args)

    pods = sc.rollout(db, change, _change_cause(sc, f"{db.name}: tune the cache"), story="recreate")
    _placed(sc, pods)
    for pod in pods:
        sc.crashloop(pod, pod.created + dt.timedelta(seconds=3), reason="Error", code=code, run_s=(0, 1), fatal=fatal,
                     fatal_level="FATAL" if s.lang == "mongo" else "ERROR")
    _down(sc, db.name, sc.at(2))
    client = next(name for name in sc.topology.names if s.name in sc.topology.databases_of(name))
    cw = sc.w(client)
    broke = sc.at(sc.rng.randint(70, 150))
    probe_message = ("Liveness probe failed: timeout: health rpc did not complete within 1s"
                     if cw.template.containers[0].liveness and "grpc" in cw.template.containers[0].liveness else
                     "Liveness probe failed: context deadline exceeded")
    startup_fatal = ("Unhandled exception. StackExchange.Redis.RedisConnectionException: It was not possible to connect to "
                     f"the redis server(s). UnableToConnect on {db.name}:6379/Interactive" if s.lang == "redis" else
                     f"panic: no reachable servers ({db.name}:27017)")
    for pod in cw.pods:
        sc.crashloop(pod, broke, reason="Error", code=134 if s.lang == "redis" else 2, run_s=(1, 3),
                     fatal=startup_fatal, killed_by_probe=probe_message)
    _down(sc, client, broke)
    return _workload_found(sc, db, cause,
                           f"{db.name} 改了启动参数后起不来（配置错误，CrashLoopBackOff）；{client} 的健康检查依赖它，"
                           f"随后也被存活探针杀掉并反复崩溃。根因是 {db.name}。")


# --- Admission -------------------------------------------------------------------------------------
def _failed_create(sc: Scene, w: Workload, message: str, at: dt.datetime) -> None:
    w.failed_create = message
    w.failed_create_at = at
    count = max(3, int((sc.ref - at).total_seconds() / 60) + 10)
    sc.cluster.event(kind="ReplicaSet", name=f"{w.name}-{w.current.hash}", namespace=w.namespace, type_="Warning",
                     reason="FailedCreate", message=message, first=at,
                     last=sc.ref - dt.timedelta(seconds=sc.rng.randint(20, 200)), count=count,
                     component="replicaset-controller", api_version="apps/v1")


def _not_created(sc: Scene, w: Workload, change: Callable[[Template], None], cause: str) -> str:
    pods = sc.rollout(w, change, _change_cause(sc, cause))
    for pod in pods:
        w.pods.remove(pod)
    sc.cluster.events[:] = [e for e in sc.cluster.events
                            if not (e["reason"] == "SuccessfulCreate" and e["involvedObject"]["name"] == f"{w.name}-{w.current.hash}")]
    _down(sc, w.name, sc.at(2))
    return f"{w.name}-{w.current.hash}"


def quota_exceeded(sc: Scene) -> Found:
    w = sc.w()
    rs = _not_created(sc, w, lambda t: None, f"{w.name}: roll out the weekly build")
    quota = sc.cluster.quotas[0]
    used = quota_used(sc.cluster, sc.ns)["limits.memory"]
    step = 512 * 1024**2
    hard = (used // step) * step
    if hard >= used:
        hard -= step
    quota["hard"]["limits.memory"] = quantity("limits.memory", hard)
    _, requested = w.template.limit()
    message = (f'Error creating: pods "{rs}-{K.suffix(5, sc.cluster.key, rs)}" is forbidden: exceeded quota: {QUOTA}, '
               f"requested: limits.memory={quantity('limits.memory', requested)}, "
               f"used: limits.memory={quantity('limits.memory', used)}, limited: limits.memory={quantity('limits.memory', hard)}")
    _failed_create(sc, w, message, sc.at(2))
    return _workload_found(sc, w, ("exceeded quota", QUOTA, "ResourceQuota", "资源配额", "配额"),
                           f"命名空间的 ResourceQuota {QUOTA} 的 limits.memory 被下调到已用量之下，{w.name} 重建 Pod 时被配额拒绝"
                           "（FailedCreate: exceeded quota），一个 Pod 都没有。")


def limitrange_violation(sc: Scene) -> Found:
    w = sc.w()
    limit = "6"

    def change(t: Template) -> None:
        t.containers[0].limits["cpu"] = limit

    rs = _not_created(sc, w, change, f"{w.name}: raise the cpu limit to {limit}")
    message = (f'Error creating: pods "{rs}-{K.suffix(5, sc.cluster.key, rs)}" is forbidden: maximum cpu usage per '
               f"Container is {LIMIT_MAX['cpu']}, but limit is {limit}")
    _failed_create(sc, w, message, sc.at(2))
    return _workload_found(sc, w, ("maximum cpu usage per Container", LIMITS, "LimitRange", "超过 LimitRange",
                                   "超出限制范围", "资源上限"),
                           f"{w.name} 把 limits.cpu 提到 {limit}，超过命名空间 LimitRange {LIMITS} 的单容器上限 "
                           f"{LIMIT_MAX['cpu']}，Pod 创建被拒（FailedCreate）。")


def missing_serviceaccount(sc: Scene) -> Found:
    w = sc.w()
    account = f"{w.name}-{'irsa' if sc.cluster.flavor.name == 'eks' else 'sa'}"

    def change(t: Template) -> None:
        t.service_account = account

    rs = _not_created(sc, w, change, f"{w.name}: run as {account}")
    message = (f'Error creating: pods "{rs}-" is forbidden: error looking up service account {sc.ns}/{account}: '
               f'serviceaccount "{account}" not found')
    _failed_create(sc, w, message, sc.at(2))
    return _workload_found(sc, w, (account, "serviceaccount", "ServiceAccount 不存在", "服务账号不存在", "服务账号"),
                           f"{w.name} 改用 ServiceAccount {account}，但它不存在，ReplicaSet 创建 Pod 被拒（FailedCreate）。")


# --- Routing --------------------------------------------------------------------------------------------
def _service_found(sc: Scene, cause: tuple[str, ...], summary: str) -> Found:
    s = sc.s()
    return Found(kind="Service", name=s.name, namespace=sc.ns, component=(s.name, *s.aliases), cause=cause, summary=summary)


def service_selector_mismatch(sc: Scene) -> Found:
    svc = sc.cluster.svc(sc.target)
    version = sc.rng.choice(("canary", "blue", "next"))
    svc.selector = {"app": sc.target, "version": version}
    _down(sc, sc.target, sc.t0)
    return _service_found(sc, ("selector", "选择器", "标签不匹配", "标签选择器", version),
                          f"Service {sc.target} 的 selector 多了 version={version}，没有任何 Pod 带这个标签，Endpoints 为空，"
                          "调用方连接被拒绝。")


def wrong_target_port(sc: Scene) -> Found:
    svc = sc.cluster.svc(sc.target)
    port = sc.s().port
    wrong = port + sc.rng.choice((1, 10, 1000)) if port < 60000 else port - 1
    svc.ports[0]["targetPort"] = wrong
    _down(sc, sc.target, sc.t0)
    return _service_found(sc, ("targetPort", str(wrong), "目标端口", "端口不匹配", "端口配置错误"),
                          f"Service {sc.target} 的 targetPort 改成了 {wrong}，容器实际监听 {port}，转发过去连接被拒绝。")


def scaled_to_zero(sc: Scene) -> Found:
    w = sc.w()
    before = w.replicas
    rs = f"{w.name}-{w.current.hash}"
    retire(sc, w, sc.t0)
    w.replicas = 0
    w.generation += 1
    w.changed_at = sc.t0
    sc.cluster.event(kind="Deployment", name=w.name, namespace=w.namespace, type_="Normal", reason="ScalingReplicaSet",
                     message=f"Scaled down replica set {rs} to 0 from {before}", first=sc.t0,
                     component="deployment-controller", api_version="apps/v1")
    sc.cluster.event(kind="ReplicaSet", name=rs, namespace=w.namespace, type_="Normal", reason="SuccessfulDelete",
                     message=f"Deleted pod: {sc.traffic.retired[-1][1]}", first=sc.at(1), component="replicaset-controller",
                     api_version="apps/v1")
    _down(sc, w.name, sc.at(3))
    return _workload_found(sc, w, ("Scaled down replica set", f"to 0 from {before}", "副本数为 0", "副本数为0", "缩容到 0",
                                   "缩容至 0", "缩到 0", "0 个副本", "副本数被改成 0"),
                           f"{w.name} 被缩容到 0 个副本（Scaled down replica set {rs} to 0），Service 没有后端。")


def networkpolicy_deny(sc: Scene) -> Found:
    name = f"{sc.target}-allow-prometheus"
    sc.cluster.networkpolicies.append({
        "name": name, "namespace": sc.ns, "created": sc.t0, "pod_selector": {"app": sc.target},
        "from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "monitoring"}}}],
        "ports": [9090 if sc.s().port != 9090 else 9091]})
    sc.outage(sc.target, TIMEOUT, sc.at(1))
    s = sc.s()
    return Found(kind="NetworkPolicy", name=name, namespace=sc.ns, component=(name, s.name, *s.aliases),
                 cause=("NetworkPolicy", "网络策略", "网络隔离"),
                 summary=f"新加的 NetworkPolicy {name} 选中了 {sc.target} 的 Pod，只放行 monitoring 命名空间，"
                         "其它调用方的入站流量全部被丢弃，调用超时。")


def ingress_missing_service(sc: Scene) -> Found:
    ingress = sc.cluster.ingresses[0]
    missing = f"{sc.topology.entry}-web"
    ingress["service"] = missing
    ingress["generation"] = 2
    sc.cluster.event(kind="Ingress", name=ingress["name"], namespace=sc.ns, type_="Normal", reason="Sync",
                     message="Scheduled for sync", first=sc.t0, component="nginx-ingress-controller",
                     api_version="networking.k8s.io/v1")
    sc.outage(sc.topology.entry, REFUSED, sc.at(2), caller=INGRESS)
    moment = sc.at(2)
    while moment < sc.ref:
        sc.traffic.log(moment, INGRESS, "WARN",
                       f'W{moment.strftime("%m%d %H:%M:%S")}.{sc.rng.randint(100000, 999999)}       7 controller.go:1112] '
                       f'Error obtaining Endpoints for Service "{sc.ns}/{missing}": no object matching key '
                       f'"{sc.ns}/{missing}" in local store')
        moment += dt.timedelta(seconds=sc.rng.randint(150, 420))
    return Found(kind="Ingress", name=ingress["name"], namespace=sc.ns, component=(ingress["name"], ingress["host"]),
                 cause=(missing, "no object matching key", "不存在的 Service", "Service 不存在", "后端服务不存在"),
                 summary=f"Ingress {ingress['name']} 的后端改成了不存在的 Service {missing}，ingress-nginx 对 {ingress['host']} "
                         "的请求一律返回 503。")


# --- Storage -----------------------------------------------------------------------------------------
def _recreate_claim(sc: Scene, **changes) -> tuple[str, str]:
    claim = sc.cluster.claim(sc.s().volume_claim)
    volume = sc.cluster.volume(claim.volume)
    volume.phase = "Released"
    volume.stale = True
    claim.created = sc.t0 - dt.timedelta(seconds=20)
    claim.phase = "Pending"
    claim.volume = ""
    for key, value in changes.items():
        setattr(claim, key, value)
    return claim.name, volume.name


def _storage_pending(sc: Scene) -> Workload:
    w = sc.w()
    pods = sc.rollout(w, lambda t: None, _change_cause(sc, f"{w.name}: redeploy with a fresh claim"), story="recreate")
    _must_pend(sc, pods)
    _down(sc, w.name, sc.at(2))
    return w


def pv_bound_elsewhere(sc: Scene) -> Found:
    claim, volume = _recreate_claim(sc)
    sc.cluster.claim(claim).volume = volume
    w = _storage_pending(sc)
    sc.cluster.event(kind="PersistentVolumeClaim", name=claim, namespace=sc.ns, type_="Warning", reason="FailedBinding",
                     message=f'volume "{volume}" already bound to a different claim.', first=sc.t0 - dt.timedelta(seconds=19),
                     last=sc.ref - dt.timedelta(seconds=sc.rng.randint(3, 14)),
                     count=int((sc.ref - sc.t0).total_seconds() / 15) + 2, component="persistentvolume-controller")
    return _workload_found(sc, w, ("already bound to a different claim", "FailedBinding", "Released",
                                   "unbound immediate PersistentVolumeClaims", "已被绑定", "已绑定到其他", "卷已被占用",
                                   "PV 被占用"),
                           f"{w.name} 重建了 PVC {claim} 并指定 volumeName {volume}，但该 PV 仍处于 Released、claimRef 指向已删除的旧 PVC，"
                           "绑定失败，Pod 一直 Pending。", extra=(claim,))


def pvc_no_storageclass(sc: Scene) -> Found:
    missing = "gp3-encrypted" if sc.cluster.flavor.name == "eks" else "fast-ssd"
    claim, _ = _recreate_claim(sc, storage_class=missing)
    w = _storage_pending(sc)
    sc.cluster.event(kind="PersistentVolumeClaim", name=claim, namespace=sc.ns, type_="Warning", reason="ProvisioningFailed",
                     message=f'storageclass.storage.k8s.io "{missing}" not found', first=sc.t0 - dt.timedelta(seconds=19),
                     last=sc.ref - dt.timedelta(seconds=sc.rng.randint(3, 14)),
                     count=int((sc.ref - sc.t0).total_seconds() / 15) + 2, component="persistentvolume-controller")
    return _workload_found(sc, w, (missing, "ProvisioningFailed", "storageclass", "StorageClass 不存在", "存储类不存在"),
                           f"{w.name} 的 PVC {claim} 改用 StorageClass {missing}，集群里没有这个存储类，PVC 一直 Pending，Pod 无法调度。",
                           extra=(claim,))


# --- Infrastructure -----------------------------------------------------------------------------------
def _node_pods(sc: Scene, node: str) -> list[tuple[Workload, Pod]]:
    return [(w, p) for w in sc.cluster.workloads for p in w.pods if p.node == node and not p.terminal]


def node_not_ready(sc: Scene) -> Found:
    name = _db_node(sc)
    node = sc.cluster.nodes[name]
    lost = sc.at(40)
    node.ready = "Unknown"
    node.heartbeat_lost_at = sc.t0
    node.taints += [{"effect": "NoSchedule", "key": "node.kubernetes.io/unreachable", "timeAdded": K.ts(lost)},
                    {"effect": "NoExecute", "key": "node.kubernetes.io/unreachable", "timeAdded": K.ts(lost)}]
    sc.cluster.event(kind="Node", name=name, namespace=None, type_="Normal", reason="NodeNotReady",
                     message=f"Node {name} status is now: NodeNotReady", first=lost, component="node-controller")
    evict = lost + dt.timedelta(seconds=300)
    for w, pod in _node_pods(sc, name):
        pod.node_lost_at = lost
        pod.broken_at = lost
        sc.cluster.event(kind="Pod", name=pod.name, namespace=pod.namespace, type_="Warning", reason="NodeNotReady",
                         message="Node is not ready", first=lost, component="node-controller")
        service = w.name if w.namespace == sc.ns else None
        others = [p for p in w.pods if p.node != name and p.ready]
        if service and not others:
            sc.outage(service, TIMEOUT, sc.t0, until=lost)
        elif service:
            sc.outage(service, TIMEOUT, sc.t0, until=lost, share=1 / len(w.pods))
        if w.kind == "DaemonSet":
            continue
        pod.deletion = evict
        sc.cluster.event(kind="Pod", name=pod.name, namespace=pod.namespace, type_="Normal", reason="TaintManagerEviction",
                         message=f"Marking for deletion Pod {pod.namespace}/{pod.name}", first=evict,
                         component="taint-eviction-controller")
        if w.kind == "StatefulSet":  # not replaced while the old pod is still terminating
            if service:
                _down(sc, service, lost)
            continue
        new = _replace_pod(sc, w, pod, evict, reason="node-lost", keep_old=True)
        if service and not others:
            _down(sc, service, lost, until=new.ready_since if new.scheduled_at else None)
    return Found(kind="Node", name=name, namespace="", component=(name,),
                 cause=("NodeNotReady", "Kubelet stopped posting node status", "NodeStatusUnknown", "kubelet",
                        "节点 NotReady", "节点未就绪", "节点失联", "节点宕机"),
                 summary=f"节点 {name} 的 kubelet 停止上报（NotReady/Unknown），其上的 Pod 不再就绪并被驱逐；依赖该节点本地卷的"
                         "数据库无法迁移，持续不可用。")


def _pressure(sc: Scene, kind: str) -> Found:
    name = _db_node(sc)
    node = sc.cluster.nodes[name]
    memory = kind == "memory"
    condition = "MemoryPressure" if memory else "DiskPressure"
    node.pressure[condition] = sc.t0
    node.taints.append({"effect": "NoSchedule", "key": f"node.kubernetes.io/{'memory' if memory else 'disk'}-pressure",
                        "timeAdded": K.ts(sc.at(10))})
    resource = "memory" if memory else "ephemeral-storage"
    sc.cluster.event(kind="Node", name=name, namespace=None, type_="Normal",
                     reason="NodeHasInsufficientMemory" if memory else "NodeHasDiskPressure",
                     message=f"Node {name} status is now: {'NodeHasInsufficientMemory' if memory else 'NodeHasDiskPressure'}",
                     first=sc.t0, component="kubelet", host=name)
    sc.cluster.event(kind="Node", name=name, namespace=None, type_="Warning", reason="EvictionThresholdMet",
                     message=f"Attempting to reclaim {resource}", first=sc.t0,
                     last=sc.ref - dt.timedelta(seconds=sc.rng.randint(30, 200)), count=sc.rng.randint(3, 9),
                     component="kubelet", host=name)
    victims = [(w, p) for w, p in _node_pods(sc, name) if w.namespace == sc.ns]
    db = [(w, p) for w, p in victims if w.name == sc.target]
    rest = [(w, p) for w, p in victims if w.name != sc.target]
    chosen = db + sc.rng.sample(rest, min(2, len(rest)))
    for index, (w, pod) in enumerate(chosen):
        at = sc.at(5 + 20 * index)
        container = pod.template.containers[0].name
        if memory:
            used = sc.rng.randint(900_000, 2_400_000)
            message = (f"The node was low on resource: memory. Threshold quantity: 100Mi, available: "
                       f"{sc.rng.randint(60_000, 99_000)}Ki. Container {container} was using {used}Ki, request is "
                       f"{pod.template.containers[0].requests.get('memory', '0')}, has larger consumption of memory. ")
        else:
            used = sc.rng.randint(9_000_000, 30_000_000)
            message = (f"The node was low on resource: ephemeral-storage. Threshold quantity: 7661849625, available: "
                       f"{sc.rng.randint(3_000_000, 7_000_000)}Ki. Container {container} was using {used}Ki, request is 0, "
                       "has larger consumption of ephemeral-storage. ")
        sc.cluster.event(kind="Pod", name=pod.name, namespace=pod.namespace, type_="Warning", reason="Evicted",
                         message=message, first=at, component="kubelet", host=name)
        sc.cluster.event(kind="Pod", name=pod.name, namespace=pod.namespace, type_="Normal", reason="Killing",
                         message=f"Stopping container {container}", first=at, component="kubelet", host=name)
        keep = w.kind == "Deployment"
        if keep:
            pod.phase, pod.reason, pod.message = "Failed", "Evicted", message
            pod.deletion = None
            pod.broken_at = at
            c = pod.statuses[0]
            started = c.state.get("running", {}).get("startedAt")
            begun = dt.datetime.fromisoformat(started.replace("Z", "+00:00")) if started else pod.created
            pod.statuses = [CStatus(name=c.name, image=c.image, ready=False, started=False, restarts=c.restarts,
                                    last=c.last, state=terminated("Error", 137, begun, at))]
        new = _replace_pod(sc, w, pod, at, reason=f"evicted{index}", keep_old=keep)
        if w.name != sc.target and new.scheduled_at is None:
            _down(sc, w.name, at)
    title = "内存" if memory else "磁盘"
    cause = (("MemoryPressure", "NodeHasInsufficientMemory", "low on resource: memory", "memory-pressure", "Evicted",
              "内存压力", "节点内存不足", "驱逐") if memory else
             ("DiskPressure", "NodeHasDiskPressure", "ephemeral-storage", "disk-pressure", "Evicted", "磁盘压力",
              "磁盘空间不足", "驱逐"))
    return Found(kind="Node", name=name, namespace="", component=(name,), cause=cause,
                 summary=f"节点 {name} 出现{title}压力（{condition}），kubelet 驱逐了其上的 Pod；依赖该节点本地卷的 {sc.target} "
                         "因节点带 pressure 污点而无法重新调度。")


def node_disk_pressure(sc: Scene) -> Found:
    return _pressure(sc, "disk")


def node_memory_pressure(sc: Scene) -> Found:
    return _pressure(sc, "memory")


def coredns_down(sc: Scene) -> Found:
    w = sc.w("coredns", SYSTEM)
    line = sc.rng.randint(8, 14)
    fatal = f"/etc/coredns/Corefile:{line} - Error during parsing: Unknown directive 'forwad'"
    old = list(w.pods)
    retire(sc, w, sc.t0)
    for ordinal, gone in enumerate(old):
        pod = make_pod(sc.cluster, w, at=sc.at(1 + ordinal), ordinal=ordinal, salt="restart")
        w.pods.append(pod)
        sc.cluster.event(kind="ReplicaSet", name=f"coredns-{w.current.hash}", namespace=SYSTEM, type_="Normal",
                         reason="SuccessfulCreate", message=f"Created pod: {pod.name}", first=pod.created,
                         component="replicaset-controller", api_version="apps/v1")
        sc.assign(pod, gone.node or sc.cluster.flavor.workers[ordinal], pod.created)
        sc.crashloop(pod, pod.created + dt.timedelta(seconds=2), reason="Error", code=1, run_s=(0, 1), fatal=fatal,
                     fatal_level="ERROR")
    sc.outage("*", DNS, sc.at(30))
    return Found(kind="Deployment", name="coredns", namespace=SYSTEM,
                 component=("coredns", "CoreDNS", "kube-dns", *[p.name for p in w.pods]),
                 cause=("Corefile", "Unknown directive", "forwad", "DNS 解析", "DNS解析", "域名解析"),
                 summary="CoreDNS 的 Corefile 被改错（forwad），CoreDNS Pod 重启后解析配置失败、反复崩溃，集群内 DNS 全部失败，"
                         "各服务互相调用时域名解析不了。")


# --- Runtime ----------------------------------------------------------------------------------------
def db_read_only(sc: Scene) -> Found:
    w = sc.w()
    s = sc.s()
    pod = w.pods[0]
    at = sc.t0
    cause: tuple[str, ...]
    if s.lang == "redis":
        master = f"{w.name}-legacy.{sc.ns}-legacy.svc.cluster.local:6379"
        lines = [
            "1:S * Before turning into a replica, using my own master parameters to synthesize a cached master: I may be "
            "able to synchronize with the new master with just a partial transfer.",
            f"1:S * Connecting to MASTER {master}",
            "1:S * MASTER <-> REPLICA sync started",
            f"1:S * REPLICAOF {master} enabled (user request from 'id={sc.rng.randint(900, 9000)} "
            f"addr={sc.cluster.flavor.node_ips[1]}:{sc.rng.randint(30000, 60000)} fd=12 name= age=0 idle=0 flags=N db=0 "
            "cmd=replicaof user=default')",
        ]
        error = "StackExchange.Redis.RedisServerException: READONLY You can't write against a read only replica."
        cause = ("READONLY", "read only replica", "REPLICAOF", "只读", "从库")
        repeat = "1:S # Error condition on socket for SYNC: Connection refused"
    else:
        lines = [
            '{"s":"I","c":"COMMAND","id":21579,"ctx":"conn412","msg":"Attempting to step down in response to replSetStepDown command"}',
            '{"s":"I","c":"REPL","id":21358,"ctx":"conn412","msg":"Replica set state transition","attr":{"newState":"SECONDARY","oldState":"PRIMARY"}}',
            '{"s":"I","c":"REPL","id":21954,"ctx":"conn412","msg":"Not starting an election, since we are not electable","attr":{"reason":"Not standing for election because I am still waiting for stepdown period to end"}}',
        ]
        error = "(NotWritablePrimary) not primary"
        cause = ("NotWritablePrimary", "not primary", "SECONDARY", "replSetStepDown", "只读", "无主", "主节点")
        repeat = '{"s":"I","c":"REPL","id":21358,"ctx":"ReplCoord-0","msg":"Not starting an election, since we are not electable"}'
    for index, line in enumerate(lines):
        sc.traffic.log(at + dt.timedelta(milliseconds=120 * index), w.name, "INFO", line, instance=pod.name)
    moment = at + dt.timedelta(seconds=60)
    while moment < sc.ref:
        sc.traffic.log(moment, w.name, "WARN", repeat, instance=pod.name)
        moment += dt.timedelta(seconds=sc.rng.randint(50, 130))
    sc.outage(w.name, ERROR, sc.at(1), writes_only=True, error=error)
    return _workload_found(sc, w, cause, f"{w.name} 变成了只读（{'执行了 REPLICAOF 成为从库' if s.lang == 'redis' else 'stepDown 后停在 SECONDARY'}），"
                                         "写操作全部被拒绝。")


def db_wrong_password(sc: Scene) -> Found:
    w = sc.w()
    s = sc.s()
    db = sc.topology.databases_of(w.name)[0]
    secret = "redis-cart-auth" if sc.topology.name == "boutique" else f"{db}-credentials"
    record = next(x for x in sc.cluster.secrets if x["name"] == secret)
    record["created"] = sc.t0 - dt.timedelta(seconds=sc.rng.randint(60, 240))

    def change(t: Template) -> None:
        t.annotations["kubectl.kubernetes.io/restartedAt"] = K.ts(sc.t0).replace("Z", "+08:00")

    pods = sc.rollout(w, change, "", story="recreate")
    w.annotations.pop("kubernetes.io/change-cause", None)
    _placed(sc, pods)
    cause: tuple[str, ...]
    if s.lang == "csharp":
        for pod in pods:
            sc.start(pod, pod.created + dt.timedelta(seconds=3))
        error = ("StackExchange.Redis.RedisConnectionException: It was not possible to connect to the redis server(s). "
                 "There was an authentication failure; check that passwords (or client certificates) are configured "
                 "correctly: (RedisServerException) WRONGPASS invalid username-password pair or user is disabled.")
        sc.outage(db, ERROR, sc.at(8), caller=w.name, error=error)
        _down(sc, w.name, sc.at(1), until=sc.at(8))
        cause = ("WRONGPASS", "authentication failure", "密码错误", "认证失败", "鉴权失败", "密码不对")
    else:
        fatal = ('panic: connection() error occurred during connection handshake: auth error: sasl conversation error: '
                 'unable to authenticate using mechanism "SCRAM-SHA-1": (AuthenticationFailed) Authentication failed.')
        for pod in pods:
            sc.crashloop(pod, pod.created + dt.timedelta(seconds=3), reason="Error", code=2, run_s=(1, 3), fatal=fatal)
        dbpod = sc.w(db).pods[0]
        moment = sc.at(5)
        while moment < sc.ref:
            sc.traffic.log(moment, db, "INFO",
                           '{"s":"I","c":"ACCESS","id":20249,"ctx":"conn' + str(sc.rng.randint(100, 999)) + '","msg":"Authentication failed",'
                           '"attr":{"mechanism":"SCRAM-SHA-1","speculative":false,"principalName":"' + w.name + '",'
                           '"authenticationDatabase":"admin","remote":"' + (pods[0].ip or "") + ':' + str(sc.rng.randint(30000, 60000)) + '",'
                           '"extraInfo":{},"error":"AuthenticationFailed: SCRAM authentication failed, storedKey mismatch"}}',
                           instance=dbpod.name)
            moment += dt.timedelta(seconds=sc.rng.randint(40, 320))
        _down(sc, w.name, sc.at(1))
        cause = ("Authentication failed", "AuthenticationFailed", "storedKey mismatch", "密码错误", "认证失败", "鉴权失败",
                 "密码不对")
    return _workload_found(sc, w, cause,
                           f"Secret {secret} 在 {K.ts(record['created'])} 被重建（密码轮换），{w.name} 重启后用新密码连 {db} "
                           "认证失败；数据库里的用户密码没有同步更改。", extra=(secret,))


def db_wrong_port(sc: Scene) -> Found:
    w = sc.w()
    s = sc.s()
    db = sc.topology.databases_of(w.name)[0]
    dbs = sc.topology.service(db)
    wrong = dbs.port + 1
    variable = "REDIS_ADDR" if s.lang == "csharp" else "MONGO_ADDR"

    def change(t: Template) -> None:
        for env in t.containers[0].env:
            if env["name"] == variable:
                env["value"] = f"{db}:{wrong}"

    pods = sc.rollout(w, change, _change_cause(sc, f"{w.name}: {variable}={db}:{wrong}"))
    _placed(sc, pods)
    ip = sc.cluster.svc(db).cluster_ip
    if s.lang == "csharp":
        for pod in pods:
            sc.start(pod, pod.created + dt.timedelta(seconds=3))
        error = (f"StackExchange.Redis.RedisConnectionException: It was not possible to connect to the redis server(s). "
                 f"UnableToConnect on {db}:{wrong}/Interactive, Initializing/NotStarted, last: NONE, origin: BeginConnectAsync, "
                 "outstanding: 0, last-read: 0s ago, last-write: 0s ago, keep-alive: 60s, state: Connecting, mgr: 10 of 10 "
                 "available, last-heartbeat: never, global: 0s ago, v: 2.6.122.38350")
        sc.outage(db, ERROR, sc.at(8), caller=w.name, error=error)
        _down(sc, w.name, sc.at(1), until=sc.at(8))
    else:
        fatal = (f"panic: server selection error: server selection timeout, current topology: {{ Type: Unknown, Servers: "
                 f"[{{ Addr: {db}:{wrong}, Type: Unknown, Last error: dial tcp {ip}:{wrong}: connect: connection refused }}, ] }}")
        for pod in pods:
            sc.crashloop(pod, pod.created + dt.timedelta(seconds=3), reason="Error", code=2, run_s=(30, 31), fatal=fatal)
        _down(sc, w.name, sc.at(1))
    return _workload_found(sc, w, (f"{db}:{wrong}", str(wrong), "端口错误", "错误的端口", "端口配置错误", "端口不对"),
                           f"{w.name} 新版本把 {variable} 配成了 {db}:{wrong}，数据库实际端口是 {dbs.port}，连接被拒绝。")


def oom_killed(sc: Scene) -> Found:
    """No change: the working set grows past the memory limit (a bigger catalogue, more sessions)."""
    w = sc.w()
    for pod in w.pods:
        restarts_before = pod.statuses[0].restarts
        sc.crashloop(pod, sc.t0, reason="OOMKilled", code=137, run_s=(25, 110))
        pod.statuses[0].restarts += restarts_before
        pod.flapping = True
    sc.outage(w.name, REFUSED, sc.at(1), share=0.85)
    limit = w.template.containers[0].limits.get("memory", "")
    return _workload_found(sc, w, ("OOMKilled", "内存超限", "内存溢出", "内存不足"),
                           f"{w.name} 的内存用量超过 limits.memory {limit}，容器被 OOMKilled（退出码 137）反复重启。")


def liveness_probe_failing(sc: Scene) -> Found:
    w = sc.w()
    s = sc.s()
    path = "/healthz"

    def change(t: Template) -> None:
        t.containers[0].liveness = {"httpGet": {"path": path, "port": s.port, "scheme": "HTTP"}, "timeoutSeconds": 1,
                                    "periodSeconds": 10, "successThreshold": 1, "failureThreshold": 3}

    pods = sc.rollout(w, change, _change_cause(sc, f"{w.name}: chart probes baseline"))
    _placed(sc, pods)
    for pod in pods:
        message = (f'Liveness probe failed: Get "http://{pod.ip}:{s.port}{path}": net/http: HTTP/1.x transport connection '
                   'broken: malformed HTTP response "\\x00\\x00\\x06\\x04\\x00\\x00\\x00\\x00\\x00\\x00\\x05\\x00\\x00@\\x00"')
        sc.crashloop(pod, pod.created + dt.timedelta(seconds=3), reason="Error", code=143, run_s=(31, 36),
                     killed_by_probe=message)
        pod.flapping = True
    sc.outage(w.name, REFUSED, sc.at(2), share=0.55)
    return _workload_found(sc, w, ("Liveness probe failed", "failed liveness probe", "livenessProbe", "liveness", "存活探针",
                                   "探针失败", "健康检查失败"),
                           f"{w.name} 新版本的 livenessProbe 改成对 gRPC 端口 {s.port} 发 HTTP GET {path}，探测必然失败，"
                           "容器每 30 秒左右被 kubelet 杀掉重启。")


# --- Performance -------------------------------------------------------------------------------------
def network_delay(sc: Scene) -> Found:
    w = sc.w()
    chaos = f"network-delay-{w.name}"
    for reason, message, component in (("FinalizerInited", "Finalizer has been inited", "initFinalizers"),
                                       ("Updated", "Successfully update finalizer of resource", "initFinalizers"),
                                       ("Started", "Experiment has started", "desiredphase"),
                                       ("Updated", "Successfully update desiredPhase of resource", "desiredphase")):
        sc.cluster.event(kind="NetworkChaos", name=chaos, namespace=sc.ns, type_="Normal", reason=reason, message=message,
                         first=sc.t0, component=component, api_version="chaos-mesh.org/v1alpha1")
    for pod in w.pods:
        sc.cluster.event(kind="NetworkChaos", name=chaos, namespace=sc.ns, type_="Normal", reason="Applied",
                         message=f"Successfully apply chaos for {sc.ns}/{pod.name}", first=sc.at(1), component="records",
                         api_version="chaos-mesh.org/v1alpha1")
    sc.outage(w.name, DELAY, sc.at(1), slow_ms=(1800, 3600))
    return _workload_found(sc, w, ("NetworkChaos", "chaos", "网络延迟", "延迟注入", "注入延迟", "网络时延"),
                           f"Chaos Mesh 实验 NetworkChaos {chaos} 给 {w.name} 的 Pod 注入了约 2–3.5 秒网络延迟，"
                           "调用方 2 秒超时（DeadlineExceeded）；服务本身处理正常。")


def cpu_throttling(sc: Scene) -> Found:
    w = sc.w()
    s = sc.s()

    def change(t: Template) -> None:
        t.containers[0].requests["cpu"] = "50m"
        t.containers[0].limits["cpu"] = "100m"

    pods = sc.rollout(w, change, _change_cause(sc, f"cost review: {w.name} cpu 50m/100m"))
    _placed(sc, pods)
    for pod in pods:
        sc.start(pod, pod.created + dt.timedelta(seconds=3))
        first = pod.created + dt.timedelta(seconds=sc.rng.randint(30, 90))
        message = ("Readiness probe failed: timeout: health rpc did not complete within 1s" if s.probe == "grpc" else
                   f'Readiness probe failed: Get "http://{pod.ip}:{s.port}{s.health_path}": context deadline exceeded '
                   "(Client.Timeout exceeded while awaiting headers)")
        sc._kubelet(pod, "Warning", "Unhealthy", message, first, sc.ref - dt.timedelta(seconds=sc.rng.randint(5, 60)),
                    int((sc.ref - first).total_seconds() / 25) + 1)
    sc.outage(w.name, SLOW, sc.at(15), slow_ms=(1300, 4800), share=0.9)
    return _workload_found(sc, w, ("100m", "CPU 限制", "CPU 节流", "CPU 限额", "CPU 不够"),
                           f"{w.name} 的 CPU limit 被降到 100m，CPU 被严重节流，处理一个请求要几秒，调用方超时，"
                           "就绪探针也超时。")


def hpa_at_max(sc: Scene) -> Found:
    w = sc.w()
    hpa = sc.cluster.hpas[0]
    hpa["max"] = 3
    hpa["limited"] = True
    hpa["limited_since"] = sc.at(90)
    hpa["current_utilization"] = sc.rng.randint(190, 260)
    hpa["desired"] = 3
    hpa["last_scale"] = sc.at(60)
    w.replicas = 3
    new = make_pod(sc.cluster, w, at=sc.at(61), ordinal=9, salt="hpa")
    w.pods.append(new)
    sc.cluster.event(kind="HorizontalPodAutoscaler", name=hpa["name"], namespace=sc.ns, type_="Normal",
                     reason="SuccessfulRescale",
                     message="New size: 3; reason: cpu resource utilization (percentage of request) above target",
                     first=sc.at(60), component="horizontal-pod-autoscaler", api_version="autoscaling/v2")
    sc.cluster.event(kind="Deployment", name=w.name, namespace=sc.ns, type_="Normal", reason="ScalingReplicaSet",
                     message=f"Scaled up replica set {w.name}-{w.current.hash} to 3 from 2", first=sc.at(60),
                     component="deployment-controller", api_version="apps/v1")
    sc.cluster.event(kind="ReplicaSet", name=f"{w.name}-{w.current.hash}", namespace=sc.ns, type_="Normal",
                     reason="SuccessfulCreate", message=f"Created pod: {new.name}", first=new.created,
                     component="replicaset-controller", api_version="apps/v1")
    _placed(sc, [new])
    sc.start(new, new.created + dt.timedelta(seconds=4))
    sc.outage(w.name, SLOW, sc.t0, caller=INGRESS, slow_ms=(4000, 16000), share=0.8)
    return _workload_found(sc, w, ("maxReplicas", "ScalingLimited", "TooManyReplicas", "maximum replica count",
                                   "扩容上限", "最大副本数", "副本数上限"),
                           f"促销流量上来后 {w.name} 的 CPU 利用率到了 {hpa['current_utilization']}%，HPA 只能扩到 maxReplicas 3"
                           "（ScalingLimited: TooManyReplicas），前端处理变慢，入口大量 504。")


FAULTS: Final[dict[str, FaultType]] = {f.name: f for f in (
    FaultType("node_selector_mismatch", Category.SCHEDULING, apps, node_selector_mismatch, "nodeSelector 没有匹配的节点"),
    FaultType("node_affinity_mismatch", Category.SCHEDULING, apps, node_affinity_mismatch, "nodeAffinity 没有匹配的节点"),
    FaultType("taint_without_toleration", Category.SCHEDULING, apps, taint_without_toleration, "节点污点没有容忍"),
    FaultType("cordoned_node", Category.SCHEDULING, databases, cordoned_node, "节点被 cordon/drain"),
    FaultType("pod_anti_affinity", Category.SCHEDULING, apps, pod_anti_affinity, "Pod 反亲和无法满足"),
    FaultType("insufficient_cpu", Category.SCHEDULING, apps, insufficient_cpu, "CPU 不足"),
    FaultType("insufficient_memory", Category.SCHEDULING, apps, insufficient_memory, "内存不足"),
    FaultType("missing_secret", Category.STARTUP, apps, missing_secret, "缺少 Secret"),
    FaultType("missing_configmap_key", Category.STARTUP, apps, missing_configmap_key, "ConfigMap 缺少键"),
    FaultType("missing_image_pull_secret", Category.STARTUP, apps, missing_image_pull_secret, "缺少镜像拉取凭证"),
    FaultType("wrong_image_tag", Category.STARTUP, apps, wrong_image_tag, "镜像标签不存在"),
    FaultType("registry_unresolvable", Category.STARTUP, apps, registry_unresolvable, "镜像仓库域名解析失败"),
    FaultType("bad_command", Category.STARTUP, apps, bad_command, "启动命令不存在"),
    FaultType("bad_arguments", Category.STARTUP, apps, bad_arguments, "启动参数错误"),
    FaultType("crashloop_dependency", Category.STARTUP, databases, crashloop_dependency, "依赖的数据库起不来"),
    FaultType("quota_exceeded", Category.ADMISSION, apps, quota_exceeded, "ResourceQuota 已满"),
    FaultType("limitrange_violation", Category.ADMISSION, apps, limitrange_violation, "违反 LimitRange"),
    FaultType("missing_serviceaccount", Category.ADMISSION, apps, missing_serviceaccount, "ServiceAccount 不存在"),
    FaultType("service_selector_mismatch", Category.ROUTING, apps, service_selector_mismatch, "Service selector 不匹配"),
    FaultType("wrong_target_port", Category.ROUTING, apps, wrong_target_port, "targetPort 错误"),
    FaultType("scaled_to_zero", Category.ROUTING, apps, scaled_to_zero, "Deployment 缩容到 0"),
    FaultType("networkpolicy_deny", Category.ROUTING, apps, networkpolicy_deny, "NetworkPolicy 拦截"),
    FaultType("ingress_missing_service", Category.ROUTING, entry, ingress_missing_service, "Ingress 指向不存在的 Service"),
    FaultType("pv_bound_elsewhere", Category.STORAGE, databases, pv_bound_elsewhere, "PV 已绑定到别的 PVC"),
    FaultType("pvc_no_storageclass", Category.STORAGE, databases, pvc_no_storageclass, "StorageClass 不存在"),
    FaultType("node_not_ready", Category.INFRASTRUCTURE, databases, node_not_ready, "节点 NotReady（kubelet 停止）"),
    FaultType("coredns_down", Category.INFRASTRUCTURE, coredns, coredns_down, "CoreDNS 故障"),
    FaultType("node_disk_pressure", Category.INFRASTRUCTURE, databases, node_disk_pressure, "节点磁盘压力驱逐"),
    FaultType("node_memory_pressure", Category.INFRASTRUCTURE, databases, node_memory_pressure, "节点内存压力驱逐"),
    FaultType("db_read_only", Category.RUNTIME, writable_databases, db_read_only, "数据库只读"),
    FaultType("db_wrong_password", Category.RUNTIME, db_clients, db_wrong_password, "数据库密码错误"),
    FaultType("db_wrong_port", Category.RUNTIME, db_clients, db_wrong_port, "数据库端口错误"),
    FaultType("oom_killed", Category.RUNTIME, apps, oom_killed, "OOMKilled"),
    FaultType("liveness_probe_failing", Category.RUNTIME, apps, liveness_probe_failing, "存活探针失败"),
    FaultType("network_delay", Category.PERFORMANCE, apps, network_delay, "注入网络延迟"),
    FaultType("cpu_throttling", Category.PERFORMANCE, apps, cpu_throttling, "CPU 限额过低被节流"),
    FaultType("hpa_at_max", Category.PERFORMANCE, entry, hpa_at_max, "HPA 达到最大副本数"),
)}
