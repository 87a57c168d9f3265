"""query_k8s over the kinds of DESIGN §10.6 (builtin backend, the loaded boutique bundle): the joins
(a service's endpoints and matched pods, a node's requests), name and reason filters, what is
wrong listed first, and the ref texts stating what an analyzer finding quotes."""

from __future__ import annotations

import pytest

from diagnosis.models import ToolInvocation
from diagnosis.tools.service import tool_invocation_execute

pytestmark = pytest.mark.django_db


def call(run, **arguments):
    inv = tool_invocation_execute(run=run, round_no=1, tool_name="query_k8s", arguments=arguments)
    assert inv.status in (ToolInvocation.Status.SUCCESS, ToolInvocation.Status.NO_HIT), inv.error
    return inv


def names(inv):
    return [e["name"] for e in inv.output[inv.output["kind"]]]


def test_a_service_carries_its_endpoints_and_the_pods_its_selector_matches(run, boutique):
    inv = call(run, kind="services", namespace="boutique")
    services = {s["name"]: s for s in inv.output["services"]}
    ad = services["adservice"]
    assert (ad["ready_endpoints"], ad["not_ready_endpoints"]) == (0, 1)
    assert ad["endpoints"] == [{"address": "10.8.0.21", "pod": "adservice-6c9f7b8d5-q7m2x", "ready": False}]
    assert ad["matched_pods"] == ["adservice-6c9f7b8d5-q7m2x"]
    payment = services["paymentservice"]
    assert (payment["matched_pod_count"], payment["ready_endpoints"]) == (0, 0)
    text = next(r["text"] for r in inv.evidence_refs if r["label"] == "Service paymentservice")
    assert "选择器 app=paymentservice-v2" in text and "选择器匹配 Pod 0 个" in text and "就绪端点 0 个" in text
    # services without a ready endpoint first
    assert names(inv)[-2:] == ["checkoutservice", "frontend"]


def test_a_node_carries_what_its_pods_request_and_a_not_ready_node_comes_first(run, boutique):
    inv = call(run, kind="nodes")
    assert names(inv)[0] == "gke-boutique-pool-1-b71e"
    nodes = {n["name"]: n for n in inv.output["nodes"]}
    assert nodes["gke-boutique-pool-1-3f2a"]["requested"] == {"cpu": "400m", "memory": "128Mi"}
    assert nodes["gke-boutique-pool-1-3f2a"]["pods"] == 2
    text = inv.evidence_refs[0]["text"]
    assert text.startswith("Node gke-boutique-pool-1-b71e：Ready=Unknown（NodeStatusUnknown，自 2026-11-28 10:12:40）")
    assert "污点 node.kubernetes.io/unreachable:NoExecute" in text
    assert "Ready：Kubelet stopped posting node status." in text


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        ({"kind": "nodes", "reason": "notready"}, ["gke-boutique-pool-1-b71e"]),
        ({"kind": "pvcs", "reason": "Pending"}, ["data-postgres-0"]),
        ({"kind": "replicasets", "reason": "FailedCreate"}, ["emailservice-7c9d8b5f6"]),
        ({"kind": "jobs", "reason": "BackoffLimitExceeded"}, ["db-migrate-29391000"]),
        ({"kind": "replicasets", "name": "邮件服务"}, ["emailservice-7c9d8b5f6"]),  # a service alias → its Deployment's RS
        ({"kind": "pvs", "name": "data-postgres-0"}, ["pv-postgres-data"]),  # by the claim it is bound to
        ({"kind": "hpas", "name": "frontend"}, ["frontend"]),
        ({"kind": "jobs", "name": "db-migrate"}, ["db-migrate-29391000"]),  # by its CronJob (and a prefix)
        ({"kind": "ingresses", "name": "frontend"}, ["frontend-ingress"]),  # by the service it routes to
        ({"kind": "endpointslices", "name": "emailservice"}, ["emailservice-b5c9d"]),
    ],
)
def test_name_and_reason_select_objects_of_every_kind(run, boutique, arguments, expected):
    assert names(call(run, **arguments)) == expected


def test_a_namespace_does_not_hide_cluster_wide_kinds(run, boutique):
    assert len(call(run, kind="nodes", namespace="boutique").output["nodes"]) == 3
    assert len(call(run, kind="pvs", namespace="boutique").output["pvs"]) == 2
    assert call(run, kind="services", namespace="payments").status == ToolInvocation.Status.NO_HIT


@pytest.mark.parametrize(
    ("kind", "label", "needles"),
    [
        ("replicasets", "ReplicaSet emailservice-7c9d8b5f6",
         ["条件 ReplicaFailure=True（FailedCreate，自 2026-11-28 09:58:02）", 'serviceaccount "emailservice" not found']),
        ("pvcs", "PVC data-postgres-0", ["阶段 Pending", "卷 pv-postgres-data", "存储类 manual"]),
        ("pvs", "PV pv-postgres-data", ["阶段 Bound", "绑定到 staging/data-postgres-0"]),
        ("jobs", "Job db-migrate-29391000", ["失败 7", "重试上限 6", "BackoffLimitExceeded"]),
        ("resourcequotas", "ResourceQuota boutique-quota", ["requests.cpu 2800m/4", "pods 5/20"]),
        ("hpas", "HPA frontend", ["目标 Deployment/frontend", "副本 1（期望 1，范围 1–5）"]),
        ("networkpolicies", "NetworkPolicy redis-cart-from-cartservice",
         ["选中 Pod app=redis-cart", "入站规则 来自 Pod app=cartservice 端口 6379"]),
        ("daemonsets", "DaemonSet fluent-bit", ["期望 3", "就绪 2"]),
        ("ingresses", "Ingress frontend-ingress", ["shop.example.com/ → frontend:80"]),
        ("pods", "Pod loadgenerator-6f7b9d8c4-t5r8v",
         ["条件 PodScheduled=False（Unschedulable，自 2026-11-28 10:10:05）：0/3 nodes are available: 3 Insufficient cpu"]),
        ("pods", "Pod adservice-6c9f7b8d5-q7m2x",
         ["属于 ReplicaSet/adservice-6c9f7b8d5", "标签 app=adservice", "等待信息：Back-off pulling image"]),
    ],
)  # fmt: skip
def test_ref_texts_state_what_the_analyzers_quote(run, boutique, kind, label, needles):
    inv = call(run, kind=kind, namespace="boutique")
    text = next(r["text"] for r in inv.evidence_refs if r["label"] == label)
    for needle in needles:
        assert needle in text, text
