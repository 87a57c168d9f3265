"""The offline provider on Kubernetes questions: it plans query_k8s from the question's words
(data: ``rules/k8s.toml``), turns the state into claims bound to exact k8s refs that pass the
Gatekeeper, and the answer names what the state shows."""

from __future__ import annotations

from datetime import datetime

import pytest

from contracts.plan import ServiceInfo
from diagnosis.agents.offline.planning import plan_normal
from diagnosis.models import ToolInvocation
from diagnosis.reading.conversation import resolve
from diagnosis.reading.entities import k8s_triggers
from tests.k8s.state import REFERENCE_TIME, SERVICES
from tests.offline.running import ask, gatekeeper_result, plan_and_execute

pytestmark = pytest.mark.django_db
NOW = datetime.fromisoformat(REFERENCE_TIME)
CATALOG = [ServiceInfo(**s) for s in SERVICES]


def planned_kinds(question: str) -> list[str]:
    plan = plan_normal(services=CATALOG, reading=resolve(question=question, now=NOW, tz="Asia/Shanghai", services=CATALOG, context=None))
    return [s.arguments["kind"] for s in plan.steps if s.tool == "query_k8s"]


@pytest.mark.parametrize(
    ("question", "kinds"),
    [
        ("adservice 为什么起不来？", ["pods", "events", "deployments"]),
        ("cartservice 为什么反复重启？", ["pods", "events"]),
        ("cartservice 是不是 OOMKilled 了？", ["pods", "events"]),
        ("loadgenerator 为什么一直调度不上？", ["pods", "events"]),
        ("adservice 镜像拉取失败了吗？", ["pods", "events", "deployments"]),
        ("最近发布了什么变更？", ["events", "deployments"]),
        ("frontend 的 HTTP 500 错误率是多少？", []),
    ],
)
def test_the_planner_reads_kubernetes_state_for_the_questions_that_need_it(question, kinds):
    assert planned_kinds(question) == kinds


def test_ascii_trigger_words_match_whole_tokens_only():
    assert k8s_triggers("the ipod is fine") == ()
    assert k8s_triggers("which pod is down") == ("unreachable", "kubernetes")


def test_the_k8s_calls_are_for_the_asked_service_over_the_questions_window():
    plan = plan_normal(services=CATALOG, reading=resolve(question="adservice 为什么起不来？", now=NOW, tz="Asia/Shanghai", services=CATALOG, context=None))
    for step in (s for s in plan.steps if s.tool == "query_k8s"):
        assert step.arguments["name"] == "adservice"
        assert step.arguments["end"] == "2026-11-28T10:30:00+08:00"


def test_adservice_image_pull_backoff_becomes_bound_claims_that_pass_the_gatekeeper(api_user, boutique):
    run, plan, contract = plan_and_execute(api_user, "adservice 为什么起不来？")
    calls = ToolInvocation.objects.filter(run=run, tool_name="query_k8s")
    assert sorted(c.arguments["kind"] for c in calls) == ["deployments", "events", "pods"]
    k8s = [c for c in contract["claims"] if c["evidence_bindings"][0]["tool_name"] == "query_k8s"]
    texts = [c["claim_text"] for c in k8s]
    assert any(
        t.startswith("adservice 的 Pod adservice-6c9f7b8d5-q7m2x 处于 ImagePullBackOff（阶段 Pending，就绪 0/1，重启 0 次）")
        for t in texts
    ), texts
    pull = next(c for c in k8s if "Warning 事件 Failed" in c["claim_text"])
    assert pull["claim_text"].startswith(
        "adservice 的 Pod/adservice-6c9f7b8d5-q7m2x 有 Warning 事件 Failed（共 6 次，首次 10:01:33，最近 10:27:10）：「Failed to pull image"
    )
    change = next(c for c in k8s if c["claim_type"] == "timeline")
    assert "于 10:01:30 变更，当前版本 7，镜像 us-central1-docker.pkg.dev/google-samples/microservices-demo/adservice:v0.10.2" in change["claim_text"]
    # Every k8s binding points at the element its claim is about, and the Gatekeeper accepts it.
    by_id = {c.invocation_id: c for c in calls}
    for claim in k8s:
        (binding,) = claim["evidence_bindings"]
        refs = {r["raw_path"]: r["text"] for r in by_id[binding["source_invocation_id"]].evidence_refs}
        assert binding["evidence_excerpt"] in refs[binding["raw_path"]]
    result = gatekeeper_result(run, contract)
    assert (result.status, result.failed_rules, result.errors) == ("pass", [], []), result
    # Nothing about other services' pods (cartservice's OOMKilled) is claimed for an adservice question.
    assert not any("cartservice" in t for t in texts)


def test_a_failed_k8s_call_is_a_named_gap(api_user, boutique, settings, tmp_path):
    settings.K8S_BACKEND = "kubernetes"
    settings.KUBECONFIG = str(tmp_path / "missing")
    _, _, contract = plan_and_execute(api_user, "cartservice 为什么反复重启？")
    reasons = [m for m in contract["missing_info"] if "Kubernetes" in m["item"]]
    assert reasons and all(m["reason"].startswith("调用失败：工具后端配置错误") for m in reasons)


def test_the_whole_offline_run_answers_with_the_image_pull_backoff(api_user, boutique):
    run = ask(api_user, "adservice 为什么起不来？")
    assert ToolInvocation.objects.filter(run=run, tool_name="query_k8s", status="success").count() == 3
    assert run.gatekeeper_severity == "none"
    assert "ImagePullBackOff" in run.final_answer
    assert "adservice-6c9f7b8d5-q7m2x" in run.final_answer


def test_an_asked_services_events_count_as_about_that_service(api_user, boutique):
    # An event names its object (Pod/adservice-6c9f…), not the service: the claim says whose it is,
    # so the coverage check does not set it aside as "不涉及所问的服务".
    run = ask(api_user, "adservice 为什么起不来？")
    coverage = run.self_evaluation["verifier_evaluation"]["coverage"]
    assert coverage["status"] == "answered"
    assert not [r for r in coverage["reasons"] if "不涉及所问的服务" in r], coverage["reasons"]
    assert "adservice 的 Pod/adservice-6c9f7b8d5-q7m2x 有 Warning 事件 Failed" in run.final_answer


def k8s_claim_texts(contract):
    return [c["claim_text"] for c in contract["claims"] if c["evidence_bindings"][0]["tool_name"] == "query_k8s"]


def test_a_healthy_service_gets_its_healthy_pod_stated(api_user, boutique):
    _, _, contract = plan_and_execute(api_user, "frontend 的 Pod 是不是挂了？")
    texts = k8s_claim_texts(contract)
    assert "frontend 的 Pod frontend-5b8c7d9f4-h6w2n 正常运行（阶段 Running，就绪 1/1，重启 0 次），观测于 10:30:00" in texts
    assert not any("Warning" in t for t in texts)  # frontend has no Warning events


def test_without_a_service_the_claims_are_what_is_wrong_in_the_cluster(api_user, boutique):
    _, _, contract = plan_and_execute(api_user, "集群里哪些 Pod 起不来？")
    texts = k8s_claim_texts(contract)
    assert any("上次终止 OOMKilled（退出码 137，于 10:24:51）" in t for t in texts), texts
    assert any("ReplicaSet/emailservice-7c9d8b5f6 有 Warning 事件 FailedCreate" in t for t in texts), texts
    assert not any("正常运行" in t for t in texts)


def test_a_listing_of_pods_in_a_state_lists_every_such_pod_and_nothing_else(api_user, boutique):
    _, _, contract = plan_and_execute(api_user, "集群里现在有哪些 Pod 处于 Pending？")
    texts = [c["claim_text"] for c in contract["claims"]]
    assert any("adservice-6c9f7b8d5-q7m2x" in t for t in texts), texts
    assert any("loadgenerator-6f7b9d8c4-t5r8v" in t for t in texts), texts
    assert not any("cartservice" in t or "frontend" in t for t in texts), texts  # Running pods are not listed
    assert all("Pending" in c["evidence_bindings"][0]["evidence_excerpt"] for c in contract["claims"])
