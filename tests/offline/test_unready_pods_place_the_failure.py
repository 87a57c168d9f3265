"""Placement of pods that never came up (issue 32 item 4): a service's pods that are not ready —
stuck in ContainerCreating, Pending — write no lines, so the failing lines cannot place them; the
pods read does. When they all sit on one or two nodes while the service's ready pods run elsewhere,
that node is where the failure is, and what it logged is tied to those pods."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contracts.k8s import K8sPod
from diagnosis.agents.offline.placement import MAX_SUSPECT_NODES, is_unready, unready_nodes
from diagnosis.evidence.loader import evidence_bundle_load
from tests.offline.running import gatekeeper_result, plan_and_execute

DAY = "2027-06-11"


def _pod(name: str, node: str, *, ready: bool = True, service: str = "rm-match") -> dict[str, Any]:
    return {"namespace": "prod", "name": name, "service": service, "phase": "Running" if ready else "Pending",
            "ready": "1/1" if ready else "0/1", "restarts": 0, "last_termination": None,
            "waiting_reason": None if ready else "ContainerCreating", "node": node,
            "observed_at": f"{DAY}T21:30:00+08:00"}  # fmt: skip


def _pods(*specs: tuple[str, str, bool]) -> list[K8sPod]:
    return [K8sPod.model_validate(_pod(name, node, ready=ready)) for name, node, ready in specs]


def test_a_pod_stuck_creating_or_pending_is_unready_a_running_ready_one_is_not():
    stuck, up = _pods(("rm-match-7d9f8c5b4-x2k4p", "node-09", False), ("rm-match-7d9f8c5b4-b7k2q", "node-01", True))
    assert is_unready(stuck) and not is_unready(up)


def test_the_node_holding_every_unready_pod_while_the_ready_ones_run_elsewhere_is_the_suspect():
    pods = _pods(("a", "node-01", True), ("b", "node-02", True), ("c", "node-09", False), ("d", "node-09", False))
    assert unready_nodes(pods, ["rm-match"]) == ["node-09"]


def test_unready_pods_everywhere_or_no_ready_pod_elsewhere_place_nothing():
    spread = _pods(("a", "node-01", False), ("b", "node-02", False), ("c", "node-03", False), ("d", "node-04", True))
    assert unready_nodes(spread, ["rm-match"]) == []
    alone = _pods(("a", "node-09", False), ("b", "node-09", False))
    assert unready_nodes(alone, ["rm-match"]) == []
    assert unready_nodes(_pods(("a", "node-09", False), ("b", "node-01", True)), ["other"]) == []


@given(st.lists(st.tuples(st.sampled_from(["n1", "n2", "n3", "n4"]), st.booleans()), min_size=1, max_size=12))
def test_a_suspect_node_holds_an_unready_pod_and_the_service_runs_a_ready_pod_off_the_suspects(specs):
    pods = _pods(*((f"p{i}", node, ready) for i, (node, ready) in enumerate(specs)))
    nodes = unready_nodes(pods, ["rm-match"])
    assert len(nodes) <= MAX_SUSPECT_NODES
    for node in nodes:
        assert any(p.node == node and is_unready(p) for p in pods)
    if nodes:
        assert any(p.node not in nodes and not is_unready(p) for p in pods)
        assert all(p.node in nodes for p in pods if is_unready(p))


def _at(clock: str) -> str:
    return f"{DAY}T{clock}+08:00"


def _log(clock: str, service: str, level: str, message: str, instance: str) -> dict[str, Any]:
    return {"timestamp": _at(clock), "service": service, "level": level, "instance": instance,
            "message": message, "trace_id": "", "attributes": {}}  # fmt: skip


READY = [f"rm-match-5c7d8f9b6-{s}" for s in ("b2k4p", "c7xzq", "d9wtm", "f4hjn")]
STUCK = [f"rm-match-5c7d8f9b6-{s}" for s in ("g8rvl", "h2npz")]
BUNDLE: dict[str, Any] = {
    "bundle_version": 1,
    "name": "ride-match",
    "reference_time": _at("21:30:00"),
    "services": [
        {"name": "rm-match", "aliases": ["匹配服务", "匹配"], "description": "乘客与司机的匹配轮次"},
        {"name": "rm-node", "aliases": ["节点"], "description": "集群节点 node-01..09"},
    ],  # fmt: skip
    "logs": [
        *[_log(f"{h}:{m:02d}:05", "rm-match", "INFO", f"match round {h}{m} took 420ms", READY[m % 4])
          for h in (19, 20) for m in range(0, 60, 6)],
        *[_log(f"21:{m:02d}:07", "rm-match", "WARN",
               f"match round 21{m} took {3000 + 17 * m}ms > 2000ms (ready replicas 4/6)", READY[m % 4])
          for m in range(0, 30, 3)],
        *[_log(f"{h}:{m:02d}:30", "rm-node", "INFO", "kubelet: image garbage collection ok", f"node-0{1 + m % 4}")
          for h in (19, 20, 21) for m in range(0, 60, 15)],
        *[_log(f"20:{m:02d}:45", "rm-node", "WARN",
               f"cni: allocate ip for pod prod/{STUCK[m % 2]} failed: no available ip address: ip quota exhausted",
               "node-09") for m in range(50, 60, 2)],
        *[_log(f"21:{m:02d}:45", "rm-node", "WARN",
               f"cni: allocate ip for pod prod/{STUCK[m % 2]} failed: no available ip address: ip quota exhausted",
               "node-09") for m in range(0, 30, 2)],
    ],  # fmt: skip
    "alerts": [],
    "metrics": [],
    "documents": [],
    "k8s": {
        "pods": [*(_pod(n, f"node-0{1 + i}") for i, n in enumerate(READY)),
                 *(_pod(n, "node-09", ready=False) for n in STUCK)],
        "events": [],
        "deployments": [],
    },
}


@pytest.fixture
def match_world(db):
    evidence_bundle_load(data=BUNDLE, source_name="ride-match")


def test_the_node_under_the_pods_that_never_came_up_is_read_and_tied_to_them(api_user, match_world):
    """No pod, node or cause word in the question: the pods read shows two pods stuck on node-09
    while four run elsewhere; the node's own warnings are quoted beside the stuck pod."""
    run, _, contract = plan_and_execute(api_user, "晚上九点以后匹配越来越慢，一轮要好几秒，匹配这边到底卡在哪？")
    texts = [c["claim_text"] for c in contract["claims"]]
    placed = [t for t in texts if "运行在节点 node-09" in t]
    assert placed and any(p in placed[0] for p in STUCK) and "ip quota exhausted" in placed[0], texts
    assert gatekeeper_result(run, contract).failed_rules == []
