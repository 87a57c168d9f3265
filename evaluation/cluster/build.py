"""The healthy cluster a recording starts from: nodes, system add-ons, the application, its
Services, volumes, quota, policies, Secrets and ConfigMaps, and the everyday noise of a cluster
(a CronJob that keeps failing, one that completes, restarts from days ago, unrelated warnings).
Pure and seeded: the same (topology, seed, key) gives the same cluster."""

from __future__ import annotations

import datetime as dt
import random

from evaluation.cluster import kube as K
from evaluation.cluster.model import (
    Claim,
    Cluster,
    Container,
    CStatus,
    Node,
    Pod,
    Revision,
    Svc,
    Template,
    Volume,
    Workload,
    probe,
)
from evaluation.cluster.spec import Json
from evaluation.cluster.topologies import ServiceDef, Topology

SYSTEM = "kube-system"
INGRESS_NS = "ingress-nginx"
MONITORING = "monitoring"
QUOTA = "compute-quota"
LIMITS = "container-limits"
APP_CONFIG = {"boutique": "boutique-settings", "hotel": "hotel-config"}
APP_CONFIG_KEYS = {"boutique": ("DEFAULT_CURRENCY", "AD_FREQUENCY", "ENABLE_RECOMMENDATIONS"),
                   "hotel": ("config.json", "TLS_ENABLED")}
QUOTA_HARD = {"requests.cpu": "12", "requests.memory": "40Gi", "limits.cpu": "24", "limits.memory": "64Gi", "pods": "60"}
LIMIT_MAX = {"cpu": "4", "memory": "16Gi"}
ROLES_TIER = {"frontend": "frontend", "app": "backend", "database": "database", "cache": "cache"}


def days(n: float) -> dt.timedelta:
    return dt.timedelta(days=n)


def minutes(n: float) -> dt.timedelta:
    return dt.timedelta(minutes=n)


def new_cluster(topology: Topology, *, seed: int, key: str, reference: dt.datetime) -> Cluster:
    rng = random.Random(f"{key}/{seed}")
    cluster = Cluster(topology=topology, seed=seed, key=key, reference=reference,
                      created=reference - days(rng.randint(120, 300)) - minutes(rng.randint(0, 900)), rng=rng)
    _nodes(cluster)
    _system(cluster)
    _ingress_and_monitoring(cluster)
    _application(cluster)
    _namespace_policy(cluster)
    _noise(cluster)
    return cluster


# --- Nodes ----------------------------------------------------------------------------------------
def _nodes(c: Cluster) -> None:
    f = c.flavor
    names = [*f.workers, f.tainted] + ([f.control_plane] if f.control_plane else [])
    for index, name in enumerate(names):
        tainted = name == f.tainted
        cp = name == f.control_plane
        labels = {"beta.kubernetes.io/arch": "amd64", "beta.kubernetes.io/os": "linux", "kubernetes.io/arch": "amd64",
                  "kubernetes.io/hostname": name, "kubernetes.io/os": "linux"}
        if f.name == "eks":
            zone = f.zones[index]
            labels.update({
                "eks.amazonaws.com/capacityType": "ON_DEMAND",
                "eks.amazonaws.com/nodegroup": "app-ng",
                "node.kubernetes.io/instance-type": "m5.xlarge",
                "topology.kubernetes.io/region": "ap-east-1",
                "topology.kubernetes.io/zone": zone,
                "failure-domain.beta.kubernetes.io/zone": zone,
            })
            provider = f"aws:///{zone}/i-0{K.hexid(16, c.key, name)}"
        else:
            labels["node-pool"] = "general"
            provider = ""
        if cp:
            labels.pop("node-pool", None)
            labels["node-role.kubernetes.io/control-plane"] = ""
            labels["node.kubernetes.io/exclude-from-external-load-balancers"] = ""
        if tainted:
            labels.update(dict(f.tainted_labels))
        node = Node(
            name=name, ip=f.node_ips[index], labels=labels,
            cpu=f.tainted_cpu if tainted else f.worker_cpu,
            alloc_cpu=(f.tainted_cpu if tainted else f.worker_alloc_cpu),
            mem_ki=f.tainted_mem_ki if tainted else f.worker_mem_ki,
            alloc_mem_ki=(f.tainted_mem_ki - 962000) if tainted else f.worker_alloc_mem_ki,
            created=c.created + days(c.rng.randint(0, 40)) + minutes(c.rng.randint(0, 600)),
            provider_id=provider,
            pod_cidr=f"10.244.{index + 1}.0/24" if f.name == "kubeadm" else "",
            control_plane=cp,
        )
        if tainted:
            node.taints.append({"effect": "NoSchedule", "key": f.tainted_key, "value": f.tainted_value})
        if cp:
            node.taints.append({"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane"})
        node.ready_since = node.created + minutes(1)
        c.nodes[name] = node


# --- Workload helpers -------------------------------------------------------------------------------
def add_workload(c: Cluster, *, kind: str, name: str, namespace: str, template: Template, replicas: int,
                 created: dt.datetime, rolled: dt.datetime, revision: int, labels: dict[str, str] | None = None,
                 service: ServiceDef | None = None, strategy: Json | None = None, claim_template: Json | None = None,
                 nodes: list[str] | None = None, place: bool = True) -> Workload:
    w = Workload(kind=kind, name=name, namespace=namespace, template=template, replicas=replicas, created=created,
                 labels=labels or dict(template.labels), revision=revision, service=service,
                 claim_template=claim_template, changed_at=rolled)
    if strategy is not None:
        w.strategy = strategy
    if kind == "StatefulSet":
        w.strategy = strategy or {"type": "RollingUpdate", "rollingUpdate": {"partition": 0}}
    if kind == "DaemonSet":
        w.strategy = {"type": "RollingUpdate", "rollingUpdate": {"maxSurge": 0, "maxUnavailable": 1}}
    w.generation = revision + c.rng.randint(0, 3)
    w.revisions.append(Revision(hash=_revision_hash(c, w, revision), template=template.clone(), created=rolled,
                                number=revision))
    c.workloads.append(w)
    if place:
        targets = nodes if nodes is not None else [None] * replicas
        for index, node in enumerate(targets):
            start_pod(c, w, at=rolled + dt.timedelta(seconds=c.rng.randint(2, 40)), node=node, ordinal=index)
    return w


def _revision_hash(c: Cluster, w: Workload, revision: int) -> str:
    if w.kind == "Deployment":
        return K.template_hash(c.key, w.namespace, w.name, revision, len(w.revisions))
    return f"{w.name}-{K.template_hash(c.key, w.namespace, w.name, revision, len(w.revisions))}"


def new_revision(c: Cluster, w: Workload, *, at: dt.datetime, template: Template) -> Revision:
    w.revision += 1
    w.generation += 1
    w.template = template
    rev = Revision(hash=_revision_hash(c, w, w.revision), template=template.clone(), created=at, number=w.revision)
    w.revisions.append(rev)
    w.changed_at = at
    return rev


def pod_name(c: Cluster, w: Workload, ordinal: int, salt: object = "") -> str:
    if w.kind == "StatefulSet":
        return f"{w.name}-{ordinal}"
    if w.kind == "DaemonSet":
        return f"{w.name}-{K.suffix(5, c.key, w.name, ordinal, salt)}"
    return f"{w.name}-{w.current.hash}-{K.suffix(5, c.key, w.name, w.current.hash, ordinal, salt)}"


def make_pod(c: Cluster, w: Workload, *, at: dt.datetime, ordinal: int, salt: object = "") -> Pod:
    rev = w.current
    if w.kind == "Deployment":
        owner = ("apps/v1", "ReplicaSet", f"{w.name}-{rev.hash}")
        hash_label: tuple[str, str] | None = ("pod-template-hash", rev.hash)
    else:
        owner = ("apps/v1", w.kind, w.name)
        hash_label = ("controller-revision-hash", rev.hash)
    pod = Pod(name=pod_name(c, w, ordinal, salt), namespace=w.namespace, template=rev.template.clone(), created=at,
              owner=owner, hash_label=hash_label)
    if w.kind == "StatefulSet":
        pod.extra_labels["statefulset.kubernetes.io/pod-name"] = pod.name
        pod.extra_labels["apps.kubernetes.io/pod-index"] = str(ordinal)
        if w.claim_template:
            pod.claims = [f"{w.claim_template['metadata']['name']}-{pod.name}"]
    if w.kind == "DaemonSet":
        pod.extra_labels["pod-template-generation"] = str(w.generation)
    pod.claims += [v["persistentVolumeClaim"]["claimName"] for v in rev.template.volumes if "persistentVolumeClaim" in v]
    return pod


def start_pod(c: Cluster, w: Workload, *, at: dt.datetime, node: str | None = None, ordinal: int = 0,
              salt: object = "") -> Pod:
    """A pod of ``w``'s current revision, scheduled (on ``node`` or where the scheduler puts it) and running."""
    pod = make_pod(c, w, at=at, ordinal=ordinal, salt=salt)
    if node is None:
        node, message = c.schedule(pod.template, w.namespace, claims=pod.claims)
        if node is None:
            raise ValueError(f"{c.key}: baseline pod {pod.name} does not fit: {message}")
    place(c, pod, node, at)
    run(pod, at + dt.timedelta(seconds=c.rng.randint(3, 25)))
    w.pods.append(pod)
    return pod


def place(c: Cluster, pod: Pod, node: str, at: dt.datetime) -> None:
    pod.node = node
    pod.scheduled_at = at
    pod.ip = c.nodes[node].ip if _host_network(pod) else c.pod_ip(node)


def _host_network(pod: Pod) -> bool:
    return pod.template.labels.get("k8s-app") in ("kube-proxy", "aws-node", "calico-node") or \
        pod.template.labels.get("tier") == "control-plane"


def run(pod: Pod, started: dt.datetime, *, restarts: int = 0, last: Json | None = None) -> None:
    pod.phase = "Running"
    pod.statuses = [CStatus(name=ct.name, image=ct.image, state={"running": {"startedAt": K.ts(started)}},
                            last=last or {}, restarts=restarts) for ct in pod.template.containers]
    pod.ready_since = started + dt.timedelta(seconds=5)


def terminated(reason: str, code: int, started: dt.datetime, finished: dt.datetime, message: str = "") -> Json:
    out: Json = {"exitCode": code, "reason": reason, "startedAt": K.ts(started), "finishedAt": K.ts(finished)}
    if message:
        out["message"] = message
    return {"terminated": out}


# --- kube-system, ingress-nginx, monitoring ---------------------------------------------------------
def _system(c: Cluster) -> None:
    f = c.flavor
    cp_tol = [{"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane"}]
    corefile = [{"name": "config-volume", "configMap": {"name": "coredns", "items": [{"key": "Corefile", "path": "Corefile"}],
                                                          "defaultMode": 420}}]
    dns = Template(
        labels={"k8s-app": "kube-dns"} if f.name == "kubeadm" else {"eks.amazonaws.com/component": "coredns", "k8s-app": "kube-dns"},
        containers=[Container(
            name="coredns", image=f.coredns_image, ports=[("dns", 53), ("dns-tcp", 53), ("metrics", 9153)],
            requests={"cpu": "100m", "memory": "70Mi"}, limits={"memory": "170Mi"}, args=["-conf", "/etc/coredns/Corefile"],
            liveness=probe("http", 8080, "/health", timeout=5, period=10, failure=5, delay=60),
            readiness=probe("http", 8181, "/ready", timeout=1, period=10, failure=3),
            mounts=[{"name": "config-volume", "mountPath": "/etc/coredns", "readOnly": True}])],
        service_account="coredns", volumes=corefile,
        tolerations=[{"key": "CriticalAddonsOnly", "operator": "Exists"}] + (cp_tol if f.name == "kubeadm" else []),
        grace=30)
    created = c.created + minutes(5)
    dns_rolled = c.reference - days(c.rng.randint(12, 70))
    coredns = add_workload(c, kind="Deployment", name="coredns", namespace=SYSTEM, template=dns, replicas=2,
                           created=created, rolled=dns_rolled, revision=c.rng.randint(1, 3),
                           labels={"k8s-app": "kube-dns", "eks.amazonaws.com/component": "coredns"} if f.name == "eks"
                           else {"k8s-app": "kube-dns"},
                           strategy={"type": "RollingUpdate", "rollingUpdate": {"maxSurge": "25%", "maxUnavailable": 1}},
                           nodes=list(f.workers[:2]))
    coredns.template.labels = dict(dns.labels)
    c.services.append(Svc(name="kube-dns", namespace=SYSTEM, selector={"k8s-app": "kube-dns"},
                          ports=[{"name": "dns", "port": 53, "protocol": "UDP", "targetPort": 53},
                                 {"name": "dns-tcp", "port": 53, "protocol": "TCP", "targetPort": 53},
                                 {"name": "metrics", "port": 9153, "protocol": "TCP", "targetPort": 9153}],
                          cluster_ip=f.dns_ip, created=created,
                          labels={"k8s-app": "kube-dns", "kubernetes.io/cluster-service": "true",
                                  "kubernetes.io/name": "CoreDNS"}))
    c._ips.add(f.dns_ip)
    c.configmaps.append({"name": "coredns", "namespace": SYSTEM, "keys": ["Corefile"], "created": created,
                         "labels": {"k8s-app": "kube-dns"}})
    every = [{"operator": "Exists"}]
    for name, image, labels in (("kube-proxy", f.kube_proxy_image, {"k8s-app": "kube-proxy"}),
                                (f.cni, f.cni_image, {"k8s-app": f.cni})):
        template = Template(labels=labels, containers=[Container(name=name, image=image,
                                                                 requests={"cpu": "100m" if name == "kube-proxy" else "25m"})],
                            service_account=name, tolerations=every)
        nodes = sorted(c.nodes)
        add_workload(c, kind="DaemonSet", name=name, namespace=SYSTEM, template=template, replicas=len(nodes),
                     created=created, rolled=c.reference - days(c.rng.randint(20, 90)), revision=c.rng.randint(1, 4),
                     nodes=nodes)
    metrics = Template(labels={"k8s-app": "metrics-server"},
                       containers=[Container(name="metrics-server", image="registry.k8s.io/metrics-server/metrics-server:v0.7.1",
                                             ports=[("https", 10250)], requests={"cpu": "100m", "memory": "200Mi"},
                                             args=["--cert-dir=/tmp", "--secure-port=10250", "--kubelet-use-node-status-port",
                                                   "--metric-resolution=15s"],
                                             readiness=probe("http", 10250, "/readyz", period=10, failure=3, delay=20))],
                       service_account="metrics-server")
    add_workload(c, kind="Deployment", name="metrics-server", namespace=SYSTEM, template=metrics, replicas=1,
                 created=created + days(2), rolled=c.reference - days(c.rng.randint(5, 60)), revision=c.rng.randint(1, 3))
    if f.control_plane:
        cp = c.nodes[f.control_plane]
        for component, image in (("etcd", "registry.k8s.io/etcd:3.5.12-0"),
                                 ("kube-apiserver", "registry.k8s.io/kube-apiserver:v1.29.4"),
                                 ("kube-controller-manager", "registry.k8s.io/kube-controller-manager:v1.29.4"),
                                 ("kube-scheduler", "registry.k8s.io/kube-scheduler:v1.29.4")):
            pod = Pod(name=f"{component}-{cp.name}", namespace=SYSTEM,
                      template=Template(labels={"component": component, "tier": "control-plane"},
                                        containers=[Container(name=component, image=image,
                                                              requests={"cpu": "100m" if component != "kube-apiserver" else "250m"})]),
                      created=cp.created + minutes(1), owner=("v1", "Node", cp.name), hash_label=None)
            place(c, pod, cp.name, pod.created)
            run(pod, cp.created + minutes(1))
            c.loose_pods.append(pod)
    c.configmaps.append({"name": "kube-root-ca.crt", "namespace": SYSTEM, "keys": ["ca.crt"], "created": c.created})


def _ingress_and_monitoring(c: Cluster) -> None:
    created = c.created + days(c.rng.randint(3, 20))
    controller = Template(
        labels={"app.kubernetes.io/component": "controller", "app.kubernetes.io/instance": "ingress-nginx",
                "app.kubernetes.io/name": "ingress-nginx"},
        containers=[Container(name="controller", image="registry.k8s.io/ingress-nginx/controller:v1.10.1",
                              ports=[("http", 80), ("https", 443), ("webhook", 8443)],
                              requests={"cpu": "100m", "memory": "90Mi"},
                              args=["/nginx-ingress-controller", "--publish-service=$(POD_NAMESPACE)/ingress-nginx-controller",
                                    "--election-id=ingress-nginx-leader", "--controller-class=k8s.io/ingress-nginx",
                                    "--ingress-class=nginx"],
                              liveness=probe("http", 10254, "/healthz", timeout=1, period=10, failure=5, delay=10),
                              readiness=probe("http", 10254, "/healthz", timeout=1, period=10, failure=3, delay=10))],
        service_account="ingress-nginx")
    add_workload(c, kind="Deployment", name="ingress-nginx-controller", namespace=INGRESS_NS, template=controller,
                 replicas=1, created=created, rolled=c.reference - days(c.rng.randint(6, 40)),
                 revision=c.rng.randint(2, 6), labels=dict(controller.labels))
    c.services.append(Svc(name="ingress-nginx-controller", namespace=INGRESS_NS, selector=dict(controller.labels),
                          ports=[{"name": "http", "port": 80, "protocol": "TCP", "targetPort": "http", "nodePort": 31080},
                                 {"name": "https", "port": 443, "protocol": "TCP", "targetPort": "https", "nodePort": 31443}],
                          cluster_ip=c.cluster_ip(), created=created, labels=dict(controller.labels), type="LoadBalancer",
                          lb_hostname=(f"a{K.hexid(31, c.key, 'elb')}-{K.hexid(16, c.key, 'elb2')}.elb.ap-east-1.amazonaws.com"
                                       if c.flavor.name == "eks" else "192.168.10.240")))
    c.configmaps.append({"name": "ingress-nginx-controller", "namespace": INGRESS_NS,
                         "keys": ["allow-snippet-annotations", "proxy-read-timeout", "use-forwarded-headers"], "created": created})
    for ns in (INGRESS_NS, MONITORING):
        c.configmaps.append({"name": "kube-root-ca.crt", "namespace": ns, "keys": ["ca.crt"], "created": created})
    prom = Template(labels={"app": "prometheus", "component": "server"},
                    containers=[Container(name="prometheus-server", image="quay.io/prometheus/prometheus:v2.51.2",
                                          ports=[("web", 9090)], requests={"cpu": "250m", "memory": "1Gi"},
                                          limits={"memory": "2Gi"}, args=["--storage.tsdb.retention.time=15d",
                                                                          "--config.file=/etc/config/prometheus.yml"])],
                    service_account="prometheus-server")
    add_workload(c, kind="Deployment", name="prometheus-server", namespace=MONITORING, template=prom, replicas=1,
                 created=created + days(1), rolled=c.reference - days(c.rng.randint(3, 30)), revision=c.rng.randint(3, 9),
                 strategy={"type": "Recreate"})
    ksm = Template(labels={"app.kubernetes.io/name": "kube-state-metrics"},
                   containers=[Container(name="kube-state-metrics",
                                         image="registry.k8s.io/kube-state-metrics/kube-state-metrics:v2.12.0",
                                         ports=[("http", 8080)], requests={"cpu": "10m", "memory": "64Mi"})],
                   service_account="kube-state-metrics")
    add_workload(c, kind="Deployment", name="kube-state-metrics", namespace=MONITORING, template=ksm, replicas=1,
                 created=created + days(1), rolled=c.reference - days(c.rng.randint(3, 30)), revision=c.rng.randint(1, 4))
    c.services.append(Svc(name="prometheus-server", namespace=MONITORING, selector=dict(prom.labels),
                          ports=[{"name": "http", "port": 80, "protocol": "TCP", "targetPort": 9090}],
                          cluster_ip=c.cluster_ip(), created=created + days(1), labels=dict(prom.labels)))
    c.configmaps.append({"name": "prometheus-server", "namespace": MONITORING,
                         "keys": ["alerting_rules.yml", "prometheus.yml", "recording_rules.yml"], "created": created})
    c.secrets.append({"name": f"sh.helm.release.v1.ingress-nginx.v{c.rng.randint(2, 6)}", "namespace": INGRESS_NS,
                      "type": "helm.sh/release.v1", "keys": ["release"], "created": created,
                      "labels": {"name": "ingress-nginx", "owner": "helm", "status": "deployed"}})
    c.secrets.append({"name": "ingress-nginx-admission", "namespace": INGRESS_NS, "type": "Opaque",
                      "keys": ["ca", "cert", "key"], "created": created})


# --- The application --------------------------------------------------------------------------------
def app_container(c: Cluster, s: ServiceDef) -> Container:
    env: list[Json] = [{"name": k, "value": v} for k, v in s.env]
    t = c.topology
    if t.name == "boutique" and s.name == "cartservice":
        env.append({"name": "REDIS_PASSWORD", "valueFrom": {"secretKeyRef": {"name": "redis-cart-auth", "key": "password"}}})
    if t.name == "hotel" and s.role == "app":
        db = f"mongodb-{s.name}"
        if db in t.names:
            env.append({"name": "MONGO_USER", "valueFrom": {"secretKeyRef": {"name": f"{db}-credentials", "key": "username"}}})
            env.append({"name": "MONGO_PASSWORD", "valueFrom": {"secretKeyRef": {"name": f"{db}-credentials", "key": "password"}}})
    if t.name == "hotel" and s.role == "database":
        env.append({"name": "MONGO_INITDB_ROOT_USERNAME", "value": "admin"})
        env.append({"name": "MONGO_INITDB_ROOT_PASSWORD",
                    "valueFrom": {"secretKeyRef": {"name": f"{s.name}-credentials", "key": "password"}}})
    if t.name == "boutique" and s.name == "redis-cart":
        env.append({"name": "REDIS_PASSWORD", "valueFrom": {"secretKeyRef": {"name": "redis-cart-auth", "key": "password"}}})
    mounts = [{"name": "data", "mountPath": s.mount}] if s.mount else []
    command = list(s.command)
    args: list[str] = []
    if s.lang == "redis":
        command = ["redis-server"]
        args = ["--appendonly", "yes", "--requirepass", "$(REDIS_PASSWORD)"]
    return Container(
        name=s.container, image=s.image, ports=[(s.port_name if len(s.port_name) <= 15 else s.port_name[:15], s.port)],
        requests={"cpu": s.requests[0], "memory": s.requests[1]}, limits={"cpu": s.limits[0], "memory": s.limits[1]},
        env=env, command=command, args=args,
        liveness=probe(s.probe, s.port, s.health_path, period=10 if s.role != "database" else 20, failure=3),
        readiness=probe(s.probe, s.port, s.health_path, period=5 if s.role != "database" else 10, failure=3),
        mounts=mounts)


def _application(c: Cluster) -> None:
    t = c.topology
    ns = t.namespace
    f = c.flavor
    base = c.reference - days(c.rng.randint(25, 80))
    c.configmaps.append({"name": "kube-root-ca.crt", "namespace": ns, "keys": ["ca.crt"], "created": base})
    c.configmaps.append({"name": APP_CONFIG[t.name], "namespace": ns, "keys": list(APP_CONFIG_KEYS[t.name]),
                         "created": base + days(1), "labels": {"app.kubernetes.io/part-of": t.name}})
    if t.name == "boutique":
        c.secrets.append({"name": "redis-cart-auth", "namespace": ns, "type": "Opaque", "keys": ["password"],
                          "created": base})
    c.secrets.append({"name": "shop-tls" if t.name == "boutique" else "hotels-tls", "namespace": ns,
                      "type": "kubernetes.io/tls", "keys": ["tls.crt", "tls.key"], "created": base + days(2)})
    c.secrets.append({"name": f"sh.helm.release.v1.{t.name}.v{c.rng.randint(9, 31)}", "namespace": ns,
                      "type": "helm.sh/release.v1", "keys": ["release"], "created": c.reference - days(c.rng.randint(2, 9)),
                      "labels": {"name": t.name, "owner": "helm", "status": "deployed"}})
    c.secrets.append({"name": "registry-credentials", "namespace": ns, "type": "kubernetes.io/dockerconfigjson",
                      "keys": [".dockerconfigjson"], "created": base})
    # Databases first: each on a local volume of one worker, so the pod lives there.
    workers = list(f.workers)
    for s in t.services:
        if s.role != "database":
            continue
        node = c.rng.choice(workers)
        volume = f"local-pv-{K.hexid(8, c.key, s.name)}"
        claim = s.volume_claim
        c.volumes.append(Volume(name=volume, storage_class=f.storage_class, size="10Gi" if s.lang == "mongo" else "5Gi",
                                created=base - days(1), claim=(ns, claim), node=node,
                                path=f"/mnt/disks/ssd{workers.index(node)}" if f.name == "eks" else f"/mnt/data/{s.name}"))
        c.claims.append(Claim(name=claim, namespace=ns, storage_class=f.storage_class,
                              size="10Gi" if s.lang == "mongo" else "5Gi", created=base, volume=volume,
                              labels={"app": s.name} if s.kind == "StatefulSet" else {}))
        if t.name == "hotel":
            c.secrets.append({"name": f"{s.name}-credentials", "namespace": ns, "type": "Opaque",
                              "keys": ["password", "username"], "created": base})
    # Some spare local volumes, Available (as the static provisioner leaves them).
    for index, node in enumerate(workers):
        c.volumes.append(Volume(name=f"local-pv-{K.hexid(8, c.key, 'spare', index)}", storage_class=f.storage_class,
                                size="100Gi" if f.name == "eks" else "50Gi", created=base - days(1), claim=None, node=node,
                                path="/mnt/disks/ssd9" if f.name == "eks" else "/mnt/data/spare", phase="Available"))
    for s in sorted(t.services, key=lambda s: (s.role != "database", s.name)):
        labels = {"app": s.name, "tier": ROLES_TIER[s.role]}
        volumes: list[Json] = []
        claim_template = None
        if s.role == "database" and s.kind == "Deployment":
            volumes = [{"name": "data", "persistentVolumeClaim": {"claimName": s.volume_claim}}]
        if s.kind == "StatefulSet":
            claim_template = {"apiVersion": "v1", "kind": "PersistentVolumeClaim",
                              "metadata": {"name": "data"},
                              "spec": {"accessModes": ["ReadWriteOnce"], "storageClassName": f.storage_class,
                                       "resources": {"requests": {"storage": "5Gi"}}, "volumeMode": "Filesystem"}}
        template = Template(labels=labels, containers=[app_container(c, s)],
                            service_account=s.name if t.name == "boutique" else "default", volumes=volumes,
                            grace=5 if t.name == "boutique" else 30)
        created = base + days(c.rng.randint(0, 3)) + minutes(c.rng.randint(0, 300))
        rolled = c.reference - days(c.rng.uniform(1.2, 14)) - minutes(c.rng.randint(0, 600))
        add_workload(c, kind=s.kind, name=s.name, namespace=ns, template=template, replicas=s.replicas,
                     created=created, rolled=max(rolled, created + days(1)), revision=c.rng.randint(2, 9),
                     labels={"app": s.name, "app.kubernetes.io/part-of": t.name}, service=s,
                     claim_template=claim_template,
                     strategy={"type": "Recreate"} if s.role == "database" and s.kind == "Deployment" else None)
        c.services.append(Svc(name=s.name, namespace=ns, selector={"app": s.name},
                              ports=[{"name": s.port_name, "port": s.service_port, "protocol": "TCP", "targetPort": s.port}],
                              cluster_ip=c.cluster_ip(), created=created, labels={"app": s.name}))
    if t.name == "boutique":
        lg = Template(labels={"app": "loadgenerator", "tier": "tools"},
                      containers=[Container(name="main", image=f"{OB}/loadgenerator:v0.10.1",
                                            requests={"cpu": "300m", "memory": "256Mi"}, limits={"cpu": "500m", "memory": "512Mi"},
                                            env=[{"name": "FRONTEND_ADDR", "value": "frontend:80"}, {"name": "USERS", "value": "10"}])],
                      service_account="loadgenerator")
        add_workload(c, kind="Deployment", name="loadgenerator", namespace=ns, template=lg, replicas=1,
                     created=base, rolled=c.reference - days(c.rng.uniform(3, 20)), revision=c.rng.randint(1, 3),
                     labels={"app": "loadgenerator"})
    entry = t.service(t.entry)
    c.ingresses.append({"name": "storefront" if t.name == "boutique" else "hotel-frontend", "namespace": ns, "host": t.host,
                        "service": t.entry, "port": entry.service_port, "created": base + days(2),
                        "tls": "shop-tls" if t.name == "boutique" else "hotels-tls"})
    c.hpas.append({"name": t.entry, "namespace": ns, "target": t.entry, "min": 2, "max": 6, "utilization": 60,
                   "current_utilization": c.rng.randint(24, 41), "created": base + days(3), "limited": False,
                   "last_scale": c.reference - days(c.rng.uniform(0.5, 3))})


OB = "us-central1-docker.pkg.dev/google-samples/microservices-demo"


def _namespace_policy(c: Cluster) -> None:
    t = c.topology
    ns = t.namespace
    created = c.reference - days(c.rng.randint(20, 60))
    c.quotas.append({"name": QUOTA, "namespace": ns, "hard": dict(QUOTA_HARD), "created": created})
    c.limitranges.append({"name": LIMITS, "namespace": ns, "max": dict(LIMIT_MAX), "created": created,
                          "default": {"cpu": "500m", "memory": "512Mi"}, "default_request": {"cpu": "100m", "memory": "128Mi"}})
    entry = t.service(t.entry)
    allowed: list[Json] = [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": INGRESS_NS}}}]
    if t.name == "boutique":
        allowed.append({"podSelector": {"matchLabels": {"app": "loadgenerator"}}})
    c.networkpolicies.append({"name": f"{t.entry}-allow-ingress", "namespace": ns, "created": created,
                              "pod_selector": {"app": t.entry}, "from": allowed, "ports": [entry.port]})


# --- Noise ----------------------------------------------------------------------------------------
def _noise(c: Cluster) -> None:
    """Restarts from days ago and the namespace's CronJobs (one keeps failing, one completes)."""
    app = [w for w in c.workloads if w.namespace == c.namespace and w.service is not None and w.service.role == "app"]
    for w in c.rng.sample(app, 2):
        pod = w.pods[0]
        started = dt.datetime.fromisoformat(pod.statuses[0].state["running"]["startedAt"].replace("Z", "+00:00"))
        restarted = started + (c.reference - started) * c.rng.uniform(0.2, 0.6)
        count = c.rng.randint(1, 3)
        code = c.rng.choice((1, 143))
        pod.statuses[0] = CStatus(name=pod.statuses[0].name, image=pod.statuses[0].image,
                                  state={"running": {"startedAt": K.ts(restarted)}},
                                  last=terminated("Error", code, started, restarted - dt.timedelta(seconds=2)),
                                  restarts=count)
        pod.ready_since = restarted + dt.timedelta(seconds=8)
    coredns = c.workload("coredns", SYSTEM).pods[0]
    coredns.statuses[0].restarts = 1
    coredns.statuses[0].last = terminated("Completed", 0, coredns.created, coredns.created + days(1))
    for name, schedule, fails in c.topology.cronjobs:
        _cronjob(c, name, schedule, fails)
    for warn in c.rng.sample((_dns_config_forming, _metrics_server_unready, _hpa_without_metrics), 2):
        warn(c)


def _dns_config_forming(c: Cluster) -> None:
    pod = c.workload("ingress-nginx-controller", INGRESS_NS).pods[0]
    line = "10.0.0.2 169.254.169.253 fd00:ec2::253" if c.flavor.name == "eks" else "192.168.10.1 1.1.1.1 8.8.8.8"
    c.event(kind="Pod", name=pod.name, namespace=INGRESS_NS, type_="Warning", reason="DNSConfigForming",
            message=f"Nameserver limits were exceeded, some nameservers have been omitted, the applied nameserver line is: {line}",
            first=c.reference - minutes(c.rng.randint(50, 59)), last=c.reference - minutes(c.rng.randint(0, 3)),
            count=c.rng.randint(31, 96), component="kubelet", host=pod.node or "")


def _metrics_server_unready(c: Cluster) -> None:
    pod = c.workload("metrics-server", SYSTEM).pods[0]
    first = c.reference - minutes(c.rng.randint(30, 55))
    c.event(kind="Pod", name=pod.name, namespace=SYSTEM, type_="Warning", reason="Unhealthy",
            message="Readiness probe failed: HTTP probe failed with statuscode: 500", first=first,
            last=first + dt.timedelta(seconds=10), count=2, component="kubelet", host=pod.node or "")


def _hpa_without_metrics(c: Cluster) -> None:
    hpa = c.hpas[0]
    first = c.reference - minutes(c.rng.randint(35, 58))
    last = first + dt.timedelta(seconds=c.rng.randint(30, 75))
    missing = "unable to get metrics for resource cpu: no metrics returned from resource metrics API"
    c.event(kind="HorizontalPodAutoscaler", name=hpa["name"], namespace=hpa["namespace"], type_="Warning",
            reason="FailedGetResourceMetric", message=f"failed to get cpu utilization: {missing}", first=first, last=last,
            count=3, component="horizontal-pod-autoscaler", api_version="autoscaling/v2")
    c.event(kind="HorizontalPodAutoscaler", name=hpa["name"], namespace=hpa["namespace"], type_="Warning",
            reason="FailedComputeMetricsReplicas",
            message=("invalid metrics (1 invalid out of 1), first error is: failed to get cpu resource metric value: "
                     f"failed to get cpu utilization: {missing}"),
            first=first, last=last, count=3, component="horizontal-pod-autoscaler", api_version="autoscaling/v2")


def _cronjob(c: Cluster, name: str, schedule: str, fails: bool) -> None:
    ns = c.namespace
    created = c.reference - days(c.rng.randint(10, 40))
    every = 60 if schedule.startswith("0 ") else int(schedule.split()[0].removeprefix("*/"))
    minute = (c.reference.minute // every) * every if every < 60 else 0
    last = c.reference.replace(minute=minute, second=0, microsecond=0)
    if (c.reference - last).total_seconds() < 240:
        last -= minutes(every)
    job_name = f"{name}-{int(last.timestamp() // 60)}"
    image = f"{c.flavor.registry}/{name}:1.{c.rng.randint(2, 9)}.{c.rng.randint(0, 9)}"
    template = Template(labels={"app": name}, containers=[Container(name=name, image=image,
                                                                     requests={"cpu": "50m", "memory": "64Mi"},
                                                                     limits={"cpu": "200m", "memory": "256Mi"})],
                        service_account="default", restart_policy="OnFailure" if not fails else "Never")
    c.cronjobs.append({"name": name, "namespace": ns, "schedule": schedule, "created": created, "last": last,
                       "image": image, "fails": fails, "template": template,
                       "last_success": last - minutes(every) * (c.rng.randint(3, 9) if fails else 0)})
    pods: list[Pod] = []
    job: Json = {"name": job_name, "namespace": ns, "cronjob": name, "created": last, "template": template, "fails": fails,
                 "backoff": 2, "pods": pods}
    c.jobs.append(job)
    cron_uid_key = f"{c.key}/CronJob/{ns}/{name}"
    c.event(kind="CronJob", name=name, namespace=ns, type_="Normal", reason="SuccessfulCreate",
            message=f"Created job {job_name}", first=last, component="cronjob-controller", api_version="batch/v1",
            involved_uid_key=cron_uid_key)
    attempts = 3 if fails else 1
    at = last + dt.timedelta(seconds=1)
    node_names = [n for n in c.flavor.workers]
    for attempt in range(attempts):
        pod = Pod(name=f"{job_name}-{K.suffix(5, c.key, job_name, attempt)}", namespace=ns, template=template.clone(),
                  created=at, owner=("batch/v1", "Job", job_name), hash_label=None,
                  extra_labels={"batch.kubernetes.io/controller-uid": K.uid(f"{c.key}/Job/{ns}/{job_name}"),
                                "batch.kubernetes.io/job-name": job_name, "job-name": job_name})
        node = c.rng.choice(node_names)
        place(c, pod, node, at)
        started = at + dt.timedelta(seconds=c.rng.randint(2, 5))
        runtime = dt.timedelta(seconds=c.rng.randint(8, 40))
        finished = started + runtime
        pod.phase = "Failed" if fails else "Succeeded"
        pod.statuses = [CStatus(name=name, image=image, ready=False, started=False,
                                state=terminated("Error" if fails else "Completed", 1 if fails else 0, started, finished))]
        c.loose_pods.append(pod)
        pods.append(pod)
        c.event(kind="Job", name=job_name, namespace=ns, type_="Normal", reason="SuccessfulCreate",
                message=f"Created pod: {pod.name}", first=at, component="job-controller", api_version="batch/v1")
        c.scheduler_event(pod, f"Successfully assigned {ns}/{pod.name} to {node}", at, at, 1, failed=False)
        for reason, message in (("Pulled", f'Container image "{image}" already present on machine'),
                                ("Created", f"Created container {name}"), ("Started", f"Started container {name}")):
            c.event(kind="Pod", name=pod.name, namespace=ns, type_="Normal", reason=reason, message=message,
                    first=started - dt.timedelta(seconds=1), component="kubelet", host=node)
        at = finished + dt.timedelta(seconds=10 * (2 ** attempt))
    job["finished"] = at
    if fails:
        c.event(kind="Job", name=job_name, namespace=ns, type_="Warning", reason="BackoffLimitExceeded",
                message="Job has reached the specified backoff limit", first=at, component="job-controller",
                api_version="batch/v1")
        c.event(kind="CronJob", name=name, namespace=ns, type_="Normal", reason="SawCompletedJob",
                message=f"Saw completed job: {job_name}, status: Failed", first=at, component="cronjob-controller",
                api_version="batch/v1", involved_uid_key=cron_uid_key)
    else:
        c.event(kind="Job", name=job_name, namespace=ns, type_="Normal", reason="Completed", message="Job completed",
                first=at, component="job-controller", api_version="batch/v1")
        c.event(kind="CronJob", name=name, namespace=ns, type_="Normal", reason="SawCompletedJob",
                message=f"Saw completed job: {job_name}, status: Complete", first=at, component="cronjob-controller",
                api_version="batch/v1", involved_uid_key=cron_uid_key)
