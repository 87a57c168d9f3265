"""query_k8s over the builtin backend (the loaded boutique bundle): filters, window, limit, refs,
no-hit and argument errors; every invocation keeps the evidence-ref invariant (conftest)."""

from __future__ import annotations

import pytest

from contracts.pointer import resolve_pointer
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import ToolInvocation
from diagnosis.tools.k8s import RENDERERS
from diagnosis.tools.registry import tool_specs
from diagnosis.tools.service import tool_invocation_execute
from tests.k8s.state import OBSERVED, boutique_bundle

pytestmark = pytest.mark.django_db


DESIGN_10_2_POD_FIELDS = ("namespace", "name", "service", "phase", "ready", "restarts", "last_termination",
                          "waiting_reason", "node", "observed_at")  # fmt: skip


def call(run, **arguments):
    return tool_invocation_execute(run=run, round_no=1, tool_name="query_k8s", arguments=arguments)


def names(inv, kind):
    return [element["name" if kind != "events" else "object"] for element in inv.output[kind]]


def test_pods_of_a_service_by_name_with_the_design_fields(run, boutique):
    inv = call(run, kind="pods", namespace="boutique", name="adservice")
    assert inv.status == ToolInvocation.Status.SUCCESS
    (pod,) = inv.output["pods"]
    assert {key: pod[key] for key in DESIGN_10_2_POD_FIELDS} == {
        "namespace": "boutique", "name": "adservice-6c9f7b8d5-q7m2x", "service": "adservice", "phase": "Pending",
        "ready": "0/1", "restarts": 0, "last_termination": None, "waiting_reason": "ImagePullBackOff",
        "node": "gke-boutique-pool-1-3f2a", "observed_at": OBSERVED,
    }  # fmt: skip
    assert "events" not in inv.output and "deployments" not in inv.output  # only the asked kind
    assert inv.evidence_refs[0]["raw_path"] == "/pods/0"
    assert "等待原因 ImagePullBackOff" in inv.evidence_refs[0]["text"]


def test_a_service_alias_names_the_same_pods(run, boutique):
    assert names(call(run, kind="pods", name="广告服务"), "pods") == ["adservice-6c9f7b8d5-q7m2x"]


def test_unhealthy_pods_come_first_most_restarts_first(run, boutique):
    inv = call(run, kind="pods", namespace="boutique")
    assert names(inv, "pods") == [
        "cartservice-7d4b9c6f58-k2p9z", "adservice-6c9f7b8d5-q7m2x", "loadgenerator-6f7b9d8c4-t5r8v",
        "checkoutservice-8d6c5b7f9-w4x8b", "frontend-5b8c7d9f4-h6w2n",
    ]  # fmt: skip


def test_reason_matches_termination_waiting_reason_or_phase(run, boutique):
    assert names(call(run, kind="pods", reason="oomkilled"), "pods") == ["cartservice-7d4b9c6f58-k2p9z"]
    assert names(call(run, kind="pods", reason="ImagePullBackOff"), "pods") == ["adservice-6c9f7b8d5-q7m2x"]
    assert names(call(run, kind="pods", reason="Pending"), "pods") == [
        "adservice-6c9f7b8d5-q7m2x", "loadgenerator-6f7b9d8c4-t5r8v"
    ]


def test_events_in_the_window_warnings_first_newest_first(run, boutique):
    inv = call(run, kind="events", namespace="boutique")
    assert [(e["type"], e["reason"]) for e in inv.output["events"]] == [
        ("Warning", "FailedScheduling"), ("Warning", "BackOff"), ("Warning", "Failed"), ("Warning", "FailedCreate"),
        ("Normal", "BackOff"), ("Normal", "ScalingReplicaSet"),
    ]  # fmt: skip
    # Yesterday's Pulled event is outside the default hour before the reference time …
    assert all(e["reason"] != "Pulled" for e in inv.output["events"])
    # … and inside a window that covers it.
    wide = call(run, kind="events", start="2026-11-27T15:00:00+08:00", end="2026-11-27T17:00:00+08:00")
    assert [e["reason"] for e in wide.output["events"]] == ["Pulled"]


def test_events_by_object_name_prefix_and_reason(run, boutique):
    inv = call(run, kind="events", name="emailservice", reason="FailedCreate")
    (event,) = inv.output["events"]
    assert event["object"] == "ReplicaSet/emailservice-7c9d8b5f6"
    assert 'serviceaccount "emailservice" not found' in event["message"]
    assert event["count"] == 14 and event["first_seen"] == "2026-11-28T09:58:02+08:00"


def test_deployments_unavailable_first_with_revision_and_change_cause(run, boutique):
    inv = call(run, kind="deployments", namespace="boutique", name="adservice")
    (deployment,) = inv.output["deployments"]
    assert (deployment["revision"], deployment["ready"], deployment["available"]) == (7, 0, 0)
    assert deployment["changed_at"] == "2026-11-28T10:01:30+08:00"
    assert deployment["change_cause"].startswith("kubectl set image deployment/adservice")
    every = call(run, kind="deployments")
    assert names(every, "deployments")[-2:] == ["checkoutservice", "frontend"]  # the available ones last


def test_limit_bounds_the_list_and_marks_it_truncated(run, boutique):
    inv = call(run, kind="pods", limit=2)
    assert len(inv.output["pods"]) == 2 and inv.output["total"] == 5 and inv.output["truncated"] is True


def test_an_unknown_namespace_or_name_is_a_no_hit(run, boutique):
    for arguments in ({"kind": "pods", "namespace": "payments"}, {"kind": "events", "name": "nosuchservice"}):
        inv = call(run, **arguments)
        assert inv.status == ToolInvocation.Status.NO_HIT, arguments
        # Only the system-side query element (DESIGN §10.1), which a negative observation binds to.
        (query,) = inv.evidence_refs
        assert query["raw_path"] == "/query" and query["text"].startswith("query_k8s kind=") and "→ 0" in query["text"]


def test_every_ref_resolves_to_its_element_and_renders_it(run, boutique):
    for kind in RENDERERS:
        inv = call(run, kind=kind, namespace="boutique")
        elements = [r for r in inv.evidence_refs if r["raw_path"] != "/query"]
        assert [r["raw_path"] for r in elements] == [f"/{kind}/{i}" for i in range(len(inv.output[kind]))]
        assert len(inv.evidence_refs) == len(elements) + 1  # and the query element
        for ref in elements:
            assert ref["text"] == RENDERERS[kind](resolve_pointer(inv.output, ref["raw_path"]))


def test_the_reading_nearest_the_window_end_is_the_one_shown(run, boutique):
    later = boutique_bundle(name="later")
    pod = dict(later["k8s"]["pods"][0], restarts=0, phase="Running", ready="1/1", waiting_reason=None,
               observed_at="2026-11-28T11:30:00+08:00")  # fmt: skip
    later["k8s"] = {"pods": [pod]}
    evidence_bundle_load(data=later, scope=boutique.scope)  # a later reading of the same scope
    at_reference = call(run, kind="pods", name="adservice")
    assert at_reference.output["pods"][0]["phase"] == "Pending"  # 10:30, not the 11:30 reading
    after = call(run, kind="pods", name="adservice", start="2026-11-28T11:00:00+08:00", end="2026-11-28T12:00:00+08:00")
    assert after.output["pods"][0]["phase"] == "Running"
    before = call(run, kind="pods", name="adservice", start="2026-11-28T08:00:00+08:00", end="2026-11-28T09:00:00+08:00")
    assert before.output["pods"][0]["observed_at"] == OBSERVED  # nothing earlier: the earliest reading


@pytest.mark.parametrize(
    ("arguments", "needle"),
    [
        ({}, "kind: Field required"),
        ({"kind": "widgets"}, "kind 必须是 pods / events / deployments / nodes / services"),
        ({"kind": "pods", "namespace": "Bad_NS"}, "namespace 不是合法的 Kubernetes 命名空间名"),
        ({"kind": "pods", "limit": 0}, "limit"),
        ({"kind": "events", "start": "2026-11-28T11:00:00+08:00", "end": "2026-11-28T10:00:00+08:00"}, "start must be before end"),
    ],
)
def test_invalid_arguments_are_a_failed_invocation_with_a_chinese_error(run, boutique, arguments, needle):
    inv = call(run, **arguments)
    assert inv.status == ToolInvocation.Status.FAILED
    assert inv.error.startswith("参数无效") and needle in inv.error, inv.error


def test_the_openai_tools_schema_offers_query_k8s_with_its_kinds():
    (spec,) = tool_specs(["query_k8s"])
    parameters = spec["function"]["parameters"]
    assert parameters["required"] == ["kind"]
    assert parameters["properties"]["kind"]["enum"] == [
        "pods", "events", "deployments", "nodes", "services", "endpointslices", "replicasets", "statefulsets",
        "daemonsets", "jobs", "cronjobs", "pvcs", "pvs", "resourcequotas", "limitranges", "hpas", "ingresses",
        "networkpolicies", "secrets", "configmaps",
    ]  # DESIGN §10.2 and §10.6, in that order
    assert set(parameters["properties"]) == {"namespace", "kind", "name", "reason", "start", "end", "limit"}
