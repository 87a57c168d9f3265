"""A ``Cluster`` as ``kubectl get <kind> -A -o json`` prints it: one List per kind of ``KINDS``,
items sorted by namespace and name (the API server's order), every status derived from the model.
Secrets and ConfigMaps keep their names, types and keys; their values are blanked (the recordings
never carry them, as ``query_k8s`` never reads them)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from evaluation.cluster import kube as K
from evaluation.cluster.model import DEFAULT_TOLERATIONS, Cluster, Node, Pod, Svc, Workload
from evaluation.cluster.spec import KINDS, Json


def render(c: Cluster) -> dict[str, Json]:
    makers: dict[str, Callable[[Cluster], list[Json]]] = {
        "nodes": _nodes, "pods": _pods, "events": _events, "deployments": _deployments, "replicasets": _replicasets,
        "statefulsets": _statefulsets, "daemonsets": _daemonsets, "jobs": _jobs, "cronjobs": _cronjobs,
        "services": _services, "endpointslices": _endpointslices, "pvcs": _pvcs, "pvs": _pvs,
        "resourcequotas": _quotas, "limitranges": _limitranges, "hpas": _hpas, "ingresses": _ingresses,
        "networkpolicies": _networkpolicies, "secrets": _secrets, "configmaps": _configmaps,
    }
    out: dict[str, Json] = {}
    for kind in KINDS:
        items = makers[kind](c)
        items.sort(key=lambda item: (item["metadata"].get("namespace", ""), item["metadata"]["name"]))
        out[kind] = K.listing(kind, items)
    return out


def _key(c: Cluster, kind: str, namespace: str | None, name: str) -> str:
    return f"{c.key}/{kind}/{namespace}/{name}"


def _meta(c: Cluster, kind: str, name: str, namespace: str | None, created: dt.datetime, **kwargs) -> Json:
    return K.metadata(name=name, namespace=namespace, created=created, rv=c.rv(), key=_key(c, kind, namespace, name),
                      **kwargs)


# --- Nodes ----------------------------------------------------------------------------------------
def _nodes(c: Cluster) -> list[Json]:
    return [_node(c, n) for n in c.nodes.values()]


def _node(c: Cluster, n: Node) -> Json:
    ref = c.reference
    heartbeat = n.heartbeat_lost_at or (ref - dt.timedelta(seconds=c.rng.randint(5, 50)))
    conditions = []
    pressure = {
        "MemoryPressure": ("KubeletHasSufficientMemory", "kubelet has sufficient memory available",
                           "KubeletHasInsufficientMemory", "kubelet has insufficient memory available"),
        "DiskPressure": ("KubeletHasNoDiskPressure", "kubelet has no disk pressure",
                         "KubeletHasDiskPressure", "kubelet has disk pressure"),
        "PIDPressure": ("KubeletHasSufficientPID", "kubelet has sufficient PID available",
                        "KubeletHasInsufficientPID", "kubelet has insufficient PID available"),
    }
    if c.flavor.name == "kubeadm":
        conditions.append({"type": "NetworkUnavailable", "status": "False", "lastHeartbeatTime": K.ts(n.created),
                           "lastTransitionTime": K.ts(n.created), "reason": "CalicoIsUp",
                           "message": "Calico is running on this node"})
    for type_, (ok_reason, ok_message, bad_reason, bad_message) in pressure.items():
        if n.ready == "Unknown":
            conditions.append({"type": type_, "status": "Unknown", "lastHeartbeatTime": K.ts(heartbeat),
                               "lastTransitionTime": K.ts(n.heartbeat_lost_at or heartbeat), "reason": "NodeStatusUnknown",
                               "message": "Kubelet stopped posting node status."})
        elif type_ in n.pressure:
            conditions.append({"type": type_, "status": "True", "lastHeartbeatTime": K.ts(heartbeat),
                               "lastTransitionTime": K.ts(n.pressure[type_]), "reason": bad_reason, "message": bad_message})
        else:
            conditions.append({"type": type_, "status": "False", "lastHeartbeatTime": K.ts(heartbeat),
                               "lastTransitionTime": K.ts(n.ready_since or n.created), "reason": ok_reason,
                               "message": ok_message})
    if n.ready == "Unknown":
        conditions.append({"type": "Ready", "status": "Unknown", "lastHeartbeatTime": K.ts(heartbeat),
                           "lastTransitionTime": K.ts(n.heartbeat_lost_at or heartbeat), "reason": "NodeStatusUnknown",
                           "message": "Kubelet stopped posting node status."})
    else:
        conditions.append({"type": "Ready", "status": "True", "lastHeartbeatTime": K.ts(heartbeat),
                           "lastTransitionTime": K.ts(n.ready_since or n.created), "reason": "KubeletReady",
                           "message": "kubelet is posting ready status"})
    spec: Json = {}
    if n.pod_cidr:
        spec["podCIDR"] = n.pod_cidr
        spec["podCIDRs"] = [n.pod_cidr]
    if n.provider_id:
        spec["providerID"] = n.provider_id
    if n.taints:
        spec["taints"] = [dict(t) for t in n.taints]
    if n.unschedulable:
        spec["unschedulable"] = True
    capacity = {"cpu": n.cpu, "ephemeral-storage": "83873772Ki" if c.flavor.name == "eks" else "101590008Ki",
                "hugepages-1Gi": "0", "hugepages-2Mi": "0", "memory": f"{n.mem_ki}Ki",
                "pods": "58" if c.flavor.name == "eks" else "110"}
    allocatable = {**capacity, "cpu": n.alloc_cpu, "memory": f"{n.alloc_mem_ki}Ki",
                   "ephemeral-storage": "76224326324" if c.flavor.name == "eks" else "93625351900"}
    annotations = {"node.alpha.kubernetes.io/ttl": "0", "volumes.kubernetes.io/controller-managed-attach-detach": "true"}
    if c.flavor.name == "kubeadm":
        annotations["kubeadm.alpha.kubernetes.io/cri-socket"] = "unix:///var/run/containerd/containerd.sock"
        annotations["projectcalico.org/IPv4Address"] = f"{n.ip}/24"
    else:
        annotations["alpha.kubernetes.io/provided-node-ip"] = n.ip
    return {
        "metadata": _meta(c, "Node", n.name, None, n.created, labels=n.labels, annotations=annotations),
        "spec": spec,
        "status": {
            "addresses": [{"type": "InternalIP", "address": n.ip}, {"type": "Hostname", "address": n.name}],
            "allocatable": allocatable,
            "capacity": capacity,
            "conditions": conditions,
            "daemonEndpoints": {"kubeletEndpoint": {"Port": 10250}},
            "nodeInfo": {"architecture": "amd64", "bootID": K.uid(c.key, n.name, "boot"),
                         "containerRuntimeVersion": c.flavor.runtime, "kernelVersion": c.flavor.kernel,
                         "kubeProxyVersion": c.flavor.kubelet, "kubeletVersion": c.flavor.kubelet,
                         "machineID": K.hexid(32, c.key, n.name, "machine"), "operatingSystem": "linux",
                         "osImage": c.flavor.os_image, "systemUUID": K.uid(c.key, n.name, "system")},
        },
    }


# --- Pods -----------------------------------------------------------------------------------------
def _pods(c: Cluster) -> list[Json]:
    return [_pod(c, p) for p in c.all_pods()]


def _owner_ref(c: Cluster, pod: Pod) -> list[Json]:
    if pod.owner is None:
        return []
    api_version, kind, name = pod.owner
    ref = K.owner(api_version, kind, name, _key(c, kind, None if kind == "Node" else pod.namespace, name))
    if kind == "Node":
        ref = {k: v for k, v in ref.items() if k != "blockOwnerDeletion"}
    return [ref]


def _pod(c: Cluster, p: Pod) -> Json:
    generate = None
    if p.owner and p.owner[1] in ("ReplicaSet", "DaemonSet", "Job"):
        generate = p.owner[2] + "-"
    elif p.owner and p.owner[1] == "StatefulSet":
        generate = p.owner[2] + "-"
    spec = p.template.spec()
    if p.node:
        spec["nodeName"] = p.node
    spec["tolerations"] = spec.get("tolerations", []) + [dict(t) for t in DEFAULT_TOLERATIONS]
    spec["enableServiceLinks"] = True
    spec["preemptionPolicy"] = "PreemptLowerPriority"
    spec["priority"] = 2000000000 if p.namespace == "kube-system" and p.owner and p.owner[1] != "Job" else 0
    if spec["priority"]:
        spec["priorityClassName"] = "system-cluster-critical"
    if p.claims and p.owner and p.owner[1] == "StatefulSet":
        spec["hostname"] = p.name
        spec.setdefault("volumes", []).insert(0, {"name": "data", "persistentVolumeClaim": {"claimName": p.claims[0]}})
    status: Json = {"phase": p.phase}
    if not p.scheduled_at:
        status["conditions"] = [K.condition("PodScheduled", "False", p.created, "Unschedulable", p.unschedulable, probe=True)]
        status["qosClass"] = p.template.qos()
    else:
        status.update(_scheduled_status(c, p))
    meta = _meta(c, "Pod", p.name, p.namespace, p.created, labels=p.labels, owners=_owner_ref(c, p),
                 generate_name=generate, deletion=p.deletion,
                 annotations=(p.template.annotations or None))
    return {"metadata": meta, "spec": spec, "status": status}


def _scheduled_status(c: Cluster, p: Pod) -> Json:
    assert p.scheduled_at is not None
    scheduled = p.scheduled_at
    unready = [s.name for s in p.statuses if not s.ready]
    conditions: list[Json] = []
    if p.reason == "Evicted":
        conditions.append(K.condition("DisruptionTarget", "True", p.deletion or c.reference, "TerminationByKubelet",
                                      p.message.split(". ")[0] + ".", probe=True))
    conditions.append(K.condition("Initialized", "True", scheduled + dt.timedelta(seconds=1), probe=True))
    if p.terminal:
        reason = "PodCompleted" if p.phase == "Succeeded" else "PodFailed"
        conditions.append(K.condition("Ready", "False", p.ready_since or scheduled, reason, probe=True))
        conditions.append(K.condition("ContainersReady", "False", p.ready_since or scheduled, reason, probe=True))
    elif p.node_lost_at is not None:
        conditions.append(K.condition("Ready", "False", p.node_lost_at, probe=True))
        conditions.append(K.condition("ContainersReady", "True", p.ready_since or scheduled, probe=True))
    elif unready:
        message = f"containers with unready status: [{' '.join(unready)}]"
        since = p.ready_since or scheduled
        conditions.append(K.condition("Ready", "False", since, "ContainersNotReady", message, probe=True))
        conditions.append(K.condition("ContainersReady", "False", since, "ContainersNotReady", message, probe=True))
    else:
        conditions.append(K.condition("Ready", "True", p.ready_since or scheduled, probe=True))
        conditions.append(K.condition("ContainersReady", "True", p.ready_since or scheduled, probe=True))
    conditions.append(K.condition("PodScheduled", "True", scheduled, probe=True))
    node = c.nodes[p.node] if p.node else None
    out: Json = {"conditions": conditions}
    if p.message:
        out["message"] = p.message
        out["reason"] = p.reason
    if node is not None:
        out["hostIP"] = node.ip
        out["hostIPs"] = [{"ip": node.ip}]
    if p.ip and not (p.reason == "Evicted"):
        out["podIP"] = p.ip
        out["podIPs"] = [{"ip": p.ip}]
    out["startTime"] = K.ts(scheduled + dt.timedelta(seconds=1))
    out["containerStatuses"] = [_container_status(c, p, s) for s in p.statuses] or [
        {"image": ct.image, "imageID": "", "lastState": {}, "name": ct.name, "ready": False, "restartCount": 0,
         "started": False, "state": {"waiting": {"reason": "ContainerCreating"}}} for ct in p.template.containers]
    out["qosClass"] = p.template.qos()
    return out


def _container_status(c: Cluster, p: Pod, s) -> Json:
    out: Json = {}
    if s.pulled:
        out["containerID"] = f"containerd://{K.hexid(64, c.key, p.name, s.name, s.restarts)}"
    image = s.image if "/" in s.image.split(":")[0] or s.image.startswith("docker.io") else f"docker.io/library/{s.image}"
    out["image"] = image if s.pulled else s.image
    out["imageID"] = f"{image.rsplit(':', 1)[0]}@sha256:{K.hexid(64, s.image)}" if s.pulled else ""
    out["lastState"] = s.last
    out["name"] = s.name
    out["ready"] = s.ready and p.node_lost_at is None
    out["restartCount"] = s.restarts
    out["started"] = s.started
    out["state"] = s.state
    return out


# --- Workloads ------------------------------------------------------------------------------------
def _selector(w: Workload) -> Json:
    return {"matchLabels": dict(w.selector)}


def _template_json(labels: dict[str, str], spec: Json, annotations: dict[str, str] | None = None) -> Json:
    meta: Json = {"creationTimestamp": None, "labels": dict(labels)}
    if annotations:
        meta["annotations"] = dict(annotations)
    return {"metadata": meta, "spec": spec}


def _deployments(c: Cluster) -> list[Json]:
    return [_deployment(c, w) for w in c.workloads if w.kind == "Deployment"]


def _max_unavailable(w: Workload) -> int:
    if w.strategy.get("type") == "Recreate":
        return 0
    value = (w.strategy.get("rollingUpdate") or {}).get("maxUnavailable", "25%")
    if isinstance(value, int):
        return value
    return int(w.replicas * int(str(value).rstrip("%")) / 100)


def _deployment(c: Cluster, w: Workload) -> Json:
    live = w.live_pods()
    current = [p for p in live if p.hash_label and p.hash_label[1] == w.current.hash]
    ready = [p for p in live if p.ready]
    rs = f"{w.name}-{w.current.hash}"
    changed = w.changed_at or w.created
    conditions = []
    available_ok = len(ready) >= w.replicas - _max_unavailable(w)
    conditions.append(K.condition(
        "Available", "True" if available_ok else "False",
        _available_since(w, ready, available_ok), "MinimumReplicasAvailable" if available_ok else "MinimumReplicasUnavailable",
        "Deployment has minimum availability." if available_ok else "Deployment does not have minimum availability.",
        update=_available_since(w, ready, available_ok)))
    complete = len(current) == w.replicas and len([p for p in current if p.ready]) == w.replicas and len(live) == w.replicas
    if complete:
        done = max([changed, *[p.ready_since for p in current if p.ready_since]])
        conditions.append(K.condition("Progressing", "True", w.created, "NewReplicaSetAvailable",
                                      f'ReplicaSet "{rs}" has successfully progressed.', update=done))
    elif c.reference - changed > dt.timedelta(seconds=600):
        expired = changed + dt.timedelta(seconds=600)
        conditions.append(K.condition("Progressing", "False", expired, "ProgressDeadlineExceeded",
                                      f'ReplicaSet "{rs}" has timed out progressing.', update=expired))
    else:
        conditions.append(K.condition("Progressing", "True", w.created, "ReplicaSetUpdated",
                                      f'ReplicaSet "{rs}" is progressing.', update=changed))
    if w.failed_create:
        at = w.failed_create_at or changed
        conditions.append(K.condition("ReplicaFailure", "True", at, "FailedCreate", w.failed_create, update=at))
    status: Json = {"observedGeneration": w.generation}
    if live:
        status["replicas"] = len(live)
        status["updatedReplicas"] = len(current)
    if ready:
        status["readyReplicas"] = len(ready)
        status["availableReplicas"] = len(ready)
    unavailable = max(len(live), w.replicas) - len(ready)
    if unavailable > 0 and w.replicas > 0:
        status["unavailableReplicas"] = unavailable
    status["conditions"] = conditions
    annotations = {"deployment.kubernetes.io/revision": str(w.current.number), **w.annotations}
    spec: Json = {"progressDeadlineSeconds": 600, "replicas": w.replicas, "revisionHistoryLimit": 10,
                  "selector": _selector(w), "strategy": dict(w.strategy),
                  "template": _template_json(w.template.labels, w.template.spec(), w.template.annotations)}
    return {"metadata": _meta(c, "Deployment", w.name, w.namespace, w.created, labels=w.labels,
                              annotations=annotations, generation=w.generation),
            "spec": spec, "status": status}


def _available_since(w: Workload, ready: list[Pod], ok: bool) -> dt.datetime:
    if ok:
        times = [p.ready_since for p in ready if p.ready_since]
        return min(times) if times else w.created
    return w.failed_create_at or w.changed_at or w.created


def _replicasets(c: Cluster) -> list[Json]:
    out = []
    for w in c.workloads:
        if w.kind != "Deployment":
            continue
        for rev in w.revisions[-4:]:
            name = f"{w.name}-{rev.hash}"
            pods = [p for p in w.live_pods() if p.hash_label and p.hash_label[1] == rev.hash]
            current = rev is w.current
            desired = rev.replicas if rev.replicas is not None else (w.replicas if current else len(pods))
            labels = {**w.template.labels, "pod-template-hash": rev.hash}
            annotations = {"deployment.kubernetes.io/desired-replicas": str(w.replicas),
                           "deployment.kubernetes.io/max-replicas": str(w.replicas + (0 if w.strategy.get("type") == "Recreate" else 1)),
                           "deployment.kubernetes.io/revision": str(rev.number)}
            ready = [p for p in pods if p.ready]
            status: Json = {"replicas": len(pods), "observedGeneration": 1 + rev.number}
            if pods:
                status["fullyLabeledReplicas"] = len(pods)
            if ready:
                status["readyReplicas"] = len(ready)
                status["availableReplicas"] = len(ready)
            if current and w.failed_create:
                at = w.failed_create_at or rev.created
                status["conditions"] = [K.condition("ReplicaFailure", "True", at, "FailedCreate", w.failed_create)]
            spec = {"replicas": desired, "selector": {"matchLabels": {**w.selector, "pod-template-hash": rev.hash}},
                    "template": _template_json(labels, rev.template.spec(), rev.template.annotations)}
            out.append({"metadata": _meta(c, "ReplicaSet", name, w.namespace, rev.created, labels=labels,
                                          annotations=annotations, generation=1 + rev.number,
                                          owners=[K.owner("apps/v1", "Deployment", w.name,
                                                          _key(c, "Deployment", w.namespace, w.name))]),
                        "spec": spec, "status": status})
    return out


def _statefulsets(c: Cluster) -> list[Json]:
    out = []
    for w in c.workloads:
        if w.kind != "StatefulSet":
            continue
        live = w.live_pods()
        ready = [p for p in live if p.ready]
        spec: Json = {"persistentVolumeClaimRetentionPolicy": {"whenDeleted": "Retain", "whenScaled": "Retain"},
                      "podManagementPolicy": "OrderedReady", "replicas": w.replicas, "revisionHistoryLimit": 10,
                      "selector": _selector(w), "serviceName": w.name,
                      "template": _template_json(w.template.labels, w.template.spec(), w.template.annotations),
                      "updateStrategy": dict(w.strategy)}
        if w.claim_template:
            spec["volumeClaimTemplates"] = [dict(w.claim_template, status={"phase": "Pending"})]
        status: Json = {"availableReplicas": len(ready), "collisionCount": 0, "currentReplicas": len(live),
                        "currentRevision": w.current.hash, "observedGeneration": w.generation, "replicas": len(live),
                        "updateRevision": w.current.hash, "updatedReplicas": len(live)}
        if ready:
            status["readyReplicas"] = len(ready)
        out.append({"metadata": _meta(c, "StatefulSet", w.name, w.namespace, w.created, labels=w.labels,
                                      generation=w.generation), "spec": spec, "status": status})
    return out


def _daemonsets(c: Cluster) -> list[Json]:
    out = []
    for w in c.workloads:
        if w.kind != "DaemonSet":
            continue
        live = w.live_pods()
        ready = [p for p in live if p.ready]
        status = {"currentNumberScheduled": len(live), "desiredNumberScheduled": len(c.nodes),
                  "numberAvailable": len(ready), "numberMisscheduled": 0, "numberReady": len(ready),
                  "observedGeneration": w.generation, "updatedNumberScheduled": len(live)}
        if len(ready) < len(c.nodes):
            status["numberUnavailable"] = len(c.nodes) - len(ready)
        spec = {"revisionHistoryLimit": 10, "selector": _selector(w),
                "template": _template_json(w.template.labels, w.template.spec()), "updateStrategy": dict(w.strategy)}
        out.append({"metadata": _meta(c, "DaemonSet", w.name, w.namespace, w.created, labels=w.labels,
                                      annotations={"deprecated.daemonset.template.generation": str(w.generation)},
                                      generation=w.generation), "spec": spec, "status": status})
    return out


def _jobs(c: Cluster) -> list[Json]:
    out = []
    for job in c.jobs:
        ns, name = job["namespace"], job["name"]
        controller_uid = K.uid(_key(c, "Job", ns, name))
        labels = {"batch.kubernetes.io/controller-uid": controller_uid, "batch.kubernetes.io/job-name": name,
                  "controller-uid": controller_uid, "job-name": name}
        pods = job["pods"]
        finished = job["finished"]
        status: Json = {"startTime": K.ts(job["created"]), "ready": 0, "terminating": 0, "uncountedTerminatedPods": {}}
        if job["fails"]:
            status["failed"] = len(pods)
            status["conditions"] = [
                {"type": "Failed", "status": "True", "lastProbeTime": K.ts(finished), "lastTransitionTime": K.ts(finished),
                 "reason": "BackoffLimitExceeded", "message": "Job has reached the specified backoff limit"}]
        else:
            status["succeeded"] = 1
            status["completionTime"] = K.ts(finished)
            status["conditions"] = [{"type": "Complete", "status": "True", "lastProbeTime": K.ts(finished),
                                     "lastTransitionTime": K.ts(finished)}]
        template = job["template"]
        spec = {"backoffLimit": job["backoff"], "completionMode": "NonIndexed", "completions": 1, "manualSelector": False,
                "parallelism": 1, "podReplacementPolicy": "TerminatingOrFailed",
                "selector": {"matchLabels": {"batch.kubernetes.io/controller-uid": controller_uid}}, "suspend": False,
                "template": _template_json({**template.labels, **labels}, template.spec())}
        owners = [K.owner("batch/v1", "CronJob", job["cronjob"], _key(c, "CronJob", ns, job["cronjob"]))]
        out.append({"metadata": _meta(c, "Job", name, ns, job["created"], labels=labels, owners=owners,
                                      generation=1,
                                      annotations={"batch.kubernetes.io/cronjob-scheduled-timestamp": K.ts(job["created"])}),
                    "spec": spec, "status": status})
    return out


def _cronjobs(c: Cluster) -> list[Json]:
    out = []
    for cron in c.cronjobs:
        template = cron["template"]
        spec = {"concurrencyPolicy": "Forbid", "failedJobsHistoryLimit": 1, "schedule": cron["schedule"],
                "successfulJobsHistoryLimit": 3, "suspend": False,
                "jobTemplate": {"metadata": {"creationTimestamp": None},
                                "spec": {"backoffLimit": 2, "template": _template_json(template.labels, template.spec())}}}
        status: Json = {"lastScheduleTime": K.ts(cron["last"])}
        if cron["last_success"] is not None:
            status["lastSuccessfulTime"] = K.ts(cron["last_success"] + dt.timedelta(seconds=35))
        out.append({"metadata": _meta(c, "CronJob", cron["name"], cron["namespace"], cron["created"], generation=1),
                    "spec": spec, "status": status})
    return out


# --- Services and endpoints -------------------------------------------------------------------------
def _services(c: Cluster) -> list[Json]:
    out = []
    for s in c.services:
        spec: Json = {"clusterIP": s.cluster_ip, "clusterIPs": [s.cluster_ip], "internalTrafficPolicy": "Cluster",
                      "ipFamilies": ["IPv4"], "ipFamilyPolicy": "SingleStack", "ports": [dict(p) for p in s.ports],
                      "sessionAffinity": "None", "type": s.type}
        if s.selector is not None:
            spec["selector"] = dict(s.selector)
        if s.type == "LoadBalancer":
            spec["externalTrafficPolicy"] = "Cluster"
            spec["allocateLoadBalancerNodePorts"] = True
        status: Json = {"loadBalancer": {}}
        if s.lb_hostname:
            key = "hostname" if not s.lb_hostname[0].isdigit() else "ip"
            status = {"loadBalancer": {"ingress": [{key: s.lb_hostname}]}}
        out.append({"metadata": _meta(c, "Service", s.name, s.namespace, s.created, labels=s.labels or None),
                    "spec": spec, "status": status})
    return out


def selected_pods(c: Cluster, s: Svc) -> list[Pod]:
    if not s.selector:
        return []
    return [p for p in c.all_pods() if p.namespace == s.namespace and not p.terminal and p.ip and p.scheduled_at
            and p.reason != "Evicted" and all(p.labels.get(k) == v for k, v in s.selector.items())]


def _target_port(pod: Pod, target: int | str) -> int | None:
    if isinstance(target, int):
        return target
    for container in pod.template.containers:
        for name, port in container.ports:
            if name == target:
                return port
    return None


def _endpointslices(c: Cluster) -> list[Json]:
    out = []
    for s in c.services:
        if s.selector is None:
            continue
        pods = selected_pods(c, s)
        endpoints = []
        for p in sorted(pods, key=lambda p: p.name):
            node = c.nodes[p.node] if p.node else None
            endpoint: Json = {"addresses": [p.ip],
                              "conditions": {"ready": p.ready, "serving": p.ready or (p.deletion is not None and p.node_lost_at is None),
                                             "terminating": p.deletion is not None},
                              "nodeName": p.node,
                              "targetRef": {"kind": "Pod", "name": p.name, "namespace": p.namespace,
                                            "uid": K.uid(_key(c, "Pod", p.namespace, p.name))}}
            if node is not None and "topology.kubernetes.io/zone" in node.labels:
                endpoint["zone"] = node.labels["topology.kubernetes.io/zone"]
            endpoints.append(endpoint)
        ports = []
        for port in s.ports:
            number = _target_port(pods[0], port["targetPort"]) if pods else (
                port["targetPort"] if isinstance(port["targetPort"], int) else None)
            entry: Json = {"name": port.get("name", ""), "port": number, "protocol": port.get("protocol", "TCP")}
            ports.append(entry)
        name = f"{s.name}-{K.suffix(5, c.key, 'eps', s.namespace, s.name)}"
        changed = max([p.ready_since or p.created for p in pods] + [s.created])
        labels = {**s.labels, "endpointslice.kubernetes.io/managed-by": "endpointslice-controller.k8s.io",
                  "kubernetes.io/service-name": s.name}
        out.append({"metadata": _meta(c, "EndpointSlice", name, s.namespace, s.created, labels=labels, generate_name=f"{s.name}-",
                                      generation=c.rng.randint(2, 40),
                                      annotations={"endpoints.kubernetes.io/last-change-trigger-time": K.ts(changed)},
                                      owners=[K.owner("v1", "Service", s.name, _key(c, "Service", s.namespace, s.name))]),
                    "addressType": "IPv4", "endpoints": endpoints or None, "ports": ports})
    return out


# --- Storage ----------------------------------------------------------------------------------------
def _pvcs(c: Cluster) -> list[Json]:
    out = []
    for claim in c.claims:
        spec: Json = {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": claim.size}},
                      "storageClassName": claim.storage_class, "volumeMode": "Filesystem"}
        if claim.volume:
            spec["volumeName"] = claim.volume
        status: Json = {"phase": claim.phase}
        annotations = None
        if claim.phase == "Bound":
            status.update(accessModes=["ReadWriteOnce"], capacity={"storage": claim.size})
            annotations = {"pv.kubernetes.io/bind-completed": "yes", "pv.kubernetes.io/bound-by-controller": "yes"}
        out.append({"metadata": _meta(c, "PersistentVolumeClaim", claim.name, claim.namespace, claim.created,
                                      labels=claim.labels or None, annotations=annotations),
                    "spec": spec, "status": status})
    return out


def _pvs(c: Cluster) -> list[Json]:
    out = []
    for v in c.volumes:
        spec: Json = {"accessModes": ["ReadWriteOnce"], "capacity": {"storage": v.size},
                      "local": {"path": v.path},
                      "nodeAffinity": {"required": {"nodeSelectorTerms": [{"matchExpressions": [
                          {"key": "kubernetes.io/hostname", "operator": "In", "values": [v.node]}]}]}},
                      "persistentVolumeReclaimPolicy": "Retain", "storageClassName": v.storage_class,
                      "volumeMode": "Filesystem"}
        if v.claim is not None:
            ns, name = v.claim
            spec["claimRef"] = {"apiVersion": "v1", "kind": "PersistentVolumeClaim", "name": name, "namespace": ns,
                                "resourceVersion": str(c.rv()),
                                "uid": K.uid(_key(c, "PersistentVolumeClaim", ns, name) + ("/deleted" if v.stale else ""))}
        annotations = {"pv.kubernetes.io/provisioned-by": "local-volume-provisioner-" + v.node}
        if v.claim is not None:
            annotations["pv.kubernetes.io/bound-by-controller"] = "yes"
        out.append({"metadata": _meta(c, "PersistentVolume", v.name, None, v.created, annotations=annotations,
                                      labels={"storage.kubernetes.io/local-provisioner": "true"}),
                    "spec": spec, "status": {"lastPhaseTransitionTime": K.ts(v.created), "phase": v.phase}})
    return out


# --- Policy -----------------------------------------------------------------------------------------
def quota_used(c: Cluster, namespace: str) -> dict[str, int]:
    used = {"requests.cpu": 0, "requests.memory": 0, "limits.cpu": 0, "limits.memory": 0, "pods": 0}
    for p in c.all_pods():
        if p.namespace != namespace or p.terminal:
            continue
        used["pods"] += 1
        cpu, mem = p.template.request()
        lcpu, lmem = p.template.limit()
        used["requests.cpu"] += cpu
        used["requests.memory"] += mem
        used["limits.cpu"] += lcpu
        used["limits.memory"] += lmem
    return used


def quantity(resource: str, value: int) -> str:
    if resource == "pods":
        return str(value)
    return K.cpu_quantity(value) if resource.endswith("cpu") else K.mem_quantity(value)


def _quotas(c: Cluster) -> list[Json]:
    out = []
    for q in c.quotas:
        used = quota_used(c, q["namespace"])
        out.append({"metadata": _meta(c, "ResourceQuota", q["name"], q["namespace"], q["created"]),
                    "spec": {"hard": dict(q["hard"])},
                    "status": {"hard": dict(q["hard"]), "used": {k: quantity(k, used[k]) for k in q["hard"]}}})
    return out


def _limitranges(c: Cluster) -> list[Json]:
    return [{"metadata": _meta(c, "LimitRange", lr["name"], lr["namespace"], lr["created"]),
             "spec": {"limits": [{"default": dict(lr["default"]), "defaultRequest": dict(lr["default_request"]),
                                  "max": dict(lr["max"]), "type": "Container"}]}} for lr in c.limitranges]


def _hpas(c: Cluster) -> list[Json]:
    out = []
    for h in c.hpas:
        w = c.workload(h["target"], h["namespace"])
        current = len(w.live_pods())
        desired = h.get("desired", current)
        conditions = [
            {"type": "AbleToScale", "status": "True", "lastTransitionTime": K.ts(h["created"]), "reason": "ReadyForNewScale",
             "message": "recommended size matches current size" if desired == current else
             "the last scale time was sufficiently old as to warrant a new scale"},
            {"type": "ScalingActive", "status": "True", "lastTransitionTime": K.ts(h["created"]),
             "reason": "ValidMetricFound",
             "message": "the HPA was able to successfully calculate a replica count from cpu resource utilization "
                        "(percentage of request)"},
        ]
        if h["limited"]:
            conditions.append({"type": "ScalingLimited", "status": "True", "lastTransitionTime": K.ts(h["limited_since"]),
                               "reason": "TooManyReplicas",
                               "message": "the desired replica count is more than the maximum replica count"})
        else:
            conditions.append({"type": "ScalingLimited", "status": "False", "lastTransitionTime": K.ts(h["created"]),
                               "reason": "DesiredWithinRange",
                               "message": "the desired count is within the acceptable range"})
        out.append({
            "metadata": _meta(c, "HorizontalPodAutoscaler", h["name"], h["namespace"], h["created"]),
            "spec": {"maxReplicas": h["max"], "metrics": [{"resource": {"name": "cpu", "target": {
                "averageUtilization": h["utilization"], "type": "Utilization"}}, "type": "Resource"}],
                "minReplicas": h["min"],
                "scaleTargetRef": {"apiVersion": "apps/v1", "kind": "Deployment", "name": h["target"]}},
            "status": {"conditions": conditions,
                       "currentMetrics": [{"resource": {"current": {"averageUtilization": h["current_utilization"],
                                                                    "averageValue": f"{h['current_utilization']}m"},
                                                        "name": "cpu"}, "type": "Resource"}],
                       "currentReplicas": current, "desiredReplicas": desired, "lastScaleTime": K.ts(h["last_scale"])},
        })
    return out


def _ingresses(c: Cluster) -> list[Json]:
    out = []
    lb = next(s for s in c.services if s.name == "ingress-nginx-controller").lb_hostname
    for i in c.ingresses:
        rule = {"host": i["host"], "http": {"paths": [{"backend": {"service": {"name": i["service"], "port": {"number": i["port"]}}},
                                                       "path": "/", "pathType": "Prefix"}]}}
        key = "hostname" if not lb[0].isdigit() else "ip"
        out.append({"metadata": _meta(c, "Ingress", i["name"], i["namespace"], i["created"], generation=i.get("generation", 1),
                                      annotations={"nginx.ingress.kubernetes.io/proxy-read-timeout": "30"}),
                    "spec": {"ingressClassName": "nginx", "rules": [rule], "tls": [{"hosts": [i["host"]], "secretName": i["tls"]}]},
                    "status": {"loadBalancer": {"ingress": [{key: lb}]}}})
    return out


def _networkpolicies(c: Cluster) -> list[Json]:
    out = []
    for n in c.networkpolicies:
        rule: Json = {"from": [dict(f) for f in n["from"]], "ports": [{"port": p, "protocol": "TCP"} for p in n["ports"]]}
        out.append({"metadata": _meta(c, "NetworkPolicy", n["name"], n["namespace"], n["created"], generation=1),
                    "spec": {"ingress": [rule], "podSelector": {"matchLabels": dict(n["pod_selector"])},
                             "policyTypes": ["Ingress"]}})
    return out


def _secrets(c: Cluster) -> list[Json]:
    return [{"metadata": _meta(c, "Secret", s["name"], s["namespace"], s["created"], labels=s.get("labels")),
             "data": {key: "" for key in s["keys"]}, "type": s["type"]} for s in c.secrets]


def _configmaps(c: Cluster) -> list[Json]:
    return [{"metadata": _meta(c, "ConfigMap", m["name"], m["namespace"], m["created"], labels=m.get("labels")),
             "data": {key: "" for key in m["keys"]}} for m in c.configmaps]


#: The API server keeps an event for an hour after its last update (``--event-ttl``).
EVENT_TTL = dt.timedelta(hours=1)


def _events(c: Cluster) -> list[Json]:
    def last(e: Json) -> dt.datetime:
        when = (e.get("series") or {}).get("lastObservedTime") or e["lastTimestamp"] or e["eventTime"]
        return dt.datetime.fromisoformat(when.replace("Z", "+00:00"))

    return [dict(e) for e in c.events if last(e) >= c.reference - EVENT_TTL]
