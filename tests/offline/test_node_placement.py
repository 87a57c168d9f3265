"""Placement (issue 32 item 3): a cause on a node is tied to the pods scheduled on that node — the
node of each failing pod is read — and never to pods on other nodes."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from contracts.k8s import K8sPod
from contracts.tools import QUERY_K8S, ToolCallResult
from diagnosis.agents.offline.placement import (
    is_unready,
    placed_pods,
    pods_on,
    suspect_nodes,
    unready_nodes,
    workload,
)


def pod(name: str, service: str, node: str | None) -> dict[str, object]:
    return {"namespace": "default", "name": name, "service": service, "phase": "Running", "ready": "1/1",
            "node": node, "observed_at": "2026-12-14T14:00:00+08:00"}


PODS = [
    K8sPod.model_validate(pod("rx-a", "rx", "node-02")),
    K8sPod.model_validate(pod("rx-b", "rx", "node-05")),
    K8sPod.model_validate(pod("rx-c", "rx", "node-07")),
    K8sPod.model_validate(pod("upload-job-x", "upload", "node-07")),
]


def test_the_node_of_the_only_failing_pod_is_the_suspect():
    assert suspect_nodes(["rx-c", "rx-c", "rx-c"], PODS) == ["node-07"]


def test_a_node_cause_is_tied_to_the_pods_on_that_node_not_to_pods_on_other_nodes():
    tied = {p.name for p in pods_on("node-07", PODS)}
    assert tied == {"rx-c", "upload-job-x"}
    assert not tied & {"rx-a", "rx-b"}


def test_a_failure_on_every_pod_is_no_placement_fact():
    assert suspect_nodes(["rx-a", "rx-b", "rx-c"], PODS) == []


def test_lines_of_no_known_pod_place_nothing():
    assert suspect_nodes(["gateway-1", "10.0.0.7"], PODS) == []


@given(st.lists(st.sampled_from(["rx-a", "rx-b", "rx-c"]), min_size=1, max_size=30))
def test_a_suspect_node_always_holds_a_failing_pod_and_never_a_healthy_one_only(failing):
    for node in suspect_nodes(failing, PODS):
        assert any(p.name in failing for p in pods_on(node, PODS))
    assert set(suspect_nodes(failing, PODS)) <= {p.node for p in PODS if p.name in failing}


def test_pods_read_without_a_node_are_not_placed():
    pods = [pod("rx-a", "rx", "node-02"), pod("rx-d", "rx", None)]
    read = ToolCallResult(invocation_id="inv_1", tool_name=QUERY_K8S, round=1, status="success",
                          arguments={"kind": "pods"}, output={"pods": pods, "kind": "pods"}, evidence_refs=[])
    assert placed_pods([read]) == [K8sPod.model_validate(pods[0])]


def test_the_failing_pods_nodes_are_read_without_a_kubernetes_word_and_tie_the_node_to_the_failure(api_user, db):
    """A question about failing prints (no pod, node or k8s word in it): the executor reads the label
    service's pods, finds the one node whose pod fails while the others print, reads that node, and
    the contract ties the node's own trouble to the failing pod — the pods read adds no claim of its own."""
    from evaluation.worlds import factory
    from evaluation.worlds.loading import world_load
    from tests.offline.running import plan_and_execute

    world_load("factory")
    _, _, contract = plan_and_execute(api_user, "上午十点四十多包装那边有的箱标签打不出来，补打一下有时候又能出，标签服务咋了？")
    texts = [c["claim_text"] for c in contract["claims"]]
    placed = [t for t in texts if f"运行在节点 {factory.BAD_NODE}" in t]
    assert placed and factory.LABEL_BAD_POD in placed[0], texts
    assert not [t for t in texts if "正常运行" in t and "Pod" in t], texts  # the pods read speaks only through placement


def test_a_node_reports_its_trouble_first_then_what_it_began_to_say_most_often_and_never_its_routine():
    from diagnosis.agents.offline.placement import node_lines
    from diagnosis.agents.offline.refs import Origin

    def template(i: int, message: str, level: str, in_window: int, in_baseline: int) -> tuple[dict, dict, dict]:
        at = f"2026-12-16T0{i}:00:00+08:00"
        record = {"timestamp": at, "service": "k8s-node", "level": level, "instance": "node-09", "message": message,
                  "trace_id": "", "in_window": in_window, "in_baseline": in_baseline}
        count = {"template": message, "in_window": in_window, "in_baseline": in_baseline, "first_at": at, "level": level}
        return record, count, {"raw_path": f"/records/{i - 1}", "text": f"2026-12-16 0{i}:00:00 k8s-node {level} {message}"}

    rows = [template(1, "kubelet: housekeeping took 139ms", "INFO", 3, 0),          # new, rare
            template(2, "kubelet: image garbage collection", "INFO", 9, 8),         # routine
            template(3, "node-exporter: cpu scaling frequency 1.20 GHz", "INFO", 30, 0),  # new, kept saying
            template(4, "kernel: nic link flapping", "WARN", 2, 0)]                 # trouble
    read = ToolCallResult(invocation_id="inv_9", tool_name="query_logs", round=1, status="success",
                          arguments={"instance": "node-09", "level": "INFO", "group": "template"},
                          output={"records": [r for r, _, _ in rows], "templates": [c for _, c, _ in rows]},
                          evidence_refs=[e for _, _, e in rows], origin=Origin.PLACEMENT)
    said = [r.element["message"] for r in node_lines([read])["node-09"]]
    assert said == ["kernel: nic link flapping", "node-exporter: cpu scaling frequency 1.20 GHz",
                    "kubelet: housekeeping took 139ms"]


def _job_pod(name: str, node: str, phase: str = "Succeeded") -> K8sPod:
    return K8sPod.model_validate({**pod(name, "rx", node), "phase": phase, "ready": "0/1"})


def test_a_finished_job_pod_that_reports_a_gap_places_nothing():
    """A reconcile CronJob's run writes the warning (38 submissions missing) from whatever node it
    ran on; it is nobody's replica, so its node is no suspect — and a Succeeded pod is not unready."""
    pods = [*PODS, _job_pod("rx-reconcile-29998890-d5zq2", "node-05")]
    assert suspect_nodes(["rx-reconcile-29998890-d5zq2"] * 3, pods) == []
    assert not is_unready(pods[-1])
    assert unready_nodes(pods, ["rx"]) == []


def test_only_replicas_of_the_failing_pods_workload_make_a_node_the_difference():
    """rx-c's node is the suspect because rx-a and rx-b (the same ReplicaSet) run elsewhere quietly;
    pods of another workload of the service (a job's) elsewhere say nothing of where rx-c fails."""
    alone = [K8sPod.model_validate(pod("rx-7d9f8c5b4-c2k4p", "rx", "node-07")), _job_pod("rx-sync-2999-a1b2c", "node-02")]
    assert suspect_nodes(["rx-7d9f8c5b4-c2k4p"], alone) == []
    replicas = [*alone, K8sPod.model_validate(pod("rx-7d9f8c5b4-a9x8z", "rx", "node-02"))]
    assert suspect_nodes(["rx-7d9f8c5b4-c2k4p"], replicas) == ["node-07"]
    assert workload(replicas[0]) == workload(replicas[2]) != workload(replicas[1])


def test_a_node_with_fewer_failing_lines_than_asked_for_is_no_suspect():
    """One line each from pods on two nodes (a group's first and last line) places nothing when two
    lines per node are asked for; two lines from one node's pod still do."""
    assert suspect_nodes(["rx-b", "rx-c"], PODS, min_lines=2) == []
    assert suspect_nodes(["rx-c", "rx-c"], PODS, min_lines=2) == ["node-07"]
    assert suspect_nodes(["rx-b", "rx-c"], PODS) == ["node-05", "node-07"]
