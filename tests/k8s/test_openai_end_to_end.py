"""query_k8s through the openai provider: the tool is in the executor's function schema, a scripted
model (the fake OpenAI server on 127.0.0.1) calls it, binds claims to its refs, and the graph
verifies them like any other evidence."""

from __future__ import annotations

import json

import pytest

from contracts.tools import K8S_KINDS
from diagnosis.models import ToolInvocation
from tests.fake_llm.fixtures import fake_llm, openai_settings  # noqa: F401 — fixtures
from tests.fake_llm.server import RecordedRequest, Reply
from tests.openai_provider.graph_helpers import ask, assert_completed_in_chinese, verifier_evaluation
from tests.openai_provider.scripts import (
    composer_reply,
    find_ref,
    plan_reply,
    tool_calls_reply,
    verdict_reply,
)

pytestmark = pytest.mark.django_db

QUESTION = "adservice 为什么起不来？"
WINDOW = {"start": "2026-11-28T09:30:00+08:00", "end": "2026-11-28T10:30:00+08:00"}
ASKED = {"kind": "cause", "services": ["adservice"], "window": WINDOW,
         "dimension": {"metric": None, "terms": ["ImagePullBackOff"]}, "source": "planner"}  # fmt: skip
POD_CLAIM = "adservice 的 Pod adservice-6c9f7b8d5-q7m2x 处于 ImagePullBackOff（阶段 Pending，就绪 0/1）"
ANSWER = f"结论（已验证）\n- {POD_CLAIM}。\n- Deployment adservice 于 10:01:30 变更到版本 7。"


def k8s_contract(request: RecordedRequest) -> Reply:
    pod_msg, pod_ref = find_ref(request, "query_k8s", "ImagePullBackOff")
    dep_msg, dep_ref = find_ref(request, "query_k8s", "Deployment boutique/adservice")

    def claim(claim_id, claim_type, text, message, ref, excerpt):
        assert excerpt in ref["text"]
        return {"claim_id": claim_id, "claim_type": claim_type, "claim_text": text, "support_level": "direct",
                "evidence_bindings": [{"source_type": "k8s", "tool_name": "query_k8s",
                                       "source_invocation_id": message["invocation_id"], "raw_path": ref["raw_path"],
                                       "evidence_excerpt": excerpt}]}  # fmt: skip

    body = {
        "answer_version": "executor_evidence_v2",
        "claims": [
            claim("c1", "observation", POD_CLAIM, pod_msg, pod_ref,
                  "Pod boutique/adservice-6c9f7b8d5-q7m2x（服务 adservice）：阶段 Pending，就绪 0/1，重启 0 次，等待原因 ImagePullBackOff"),
            claim("c2", "timeline", "Deployment adservice 于 10:01:30 变更到版本 7", dep_msg, dep_ref,
                  "版本 7，变更于 2026-11-28 10:01:30"),
        ],
        "hypotheses": [],
        "recommended_actions": [],
        "missing_info": [],
    }  # fmt: skip
    return Reply(content=json.dumps(body, ensure_ascii=False))


@pytest.fixture
def graph(openai_settings, fake_llm, boutique):  # noqa: F811 — fixtures
    return fake_llm


def test_a_scripted_model_calls_query_k8s_and_its_claims_pass(graph, api_user):
    steps = [{"tool": "query_k8s", "arguments": {"kind": "pods", "name": "adservice", **WINDOW}, "purpose": "Pod 状态"}]
    graph.script("planner", plan_reply(steps=steps, asked=ASKED))
    graph.script(
        "executor",
        tool_calls_reply(
            ("query_k8s", {"kind": "pods", "namespace": "boutique", "name": "adservice", **WINDOW}),
            ("query_k8s", {"kind": "deployments", "namespace": "boutique", "name": "adservice", **WINDOW}),
        ),
        k8s_contract,
    )
    graph.script("verifier", verdict_reply("PASS", [("c1", "direct_observation"), ("c2", "direct_observation")]))
    graph.script("composer", composer_reply(ANSWER))
    run = ask(api_user, QUESTION)

    tools = {t["function"]["name"]: t["function"] for t in graph.requests_for("executor")[0].body["tools"]}
    assert tools["query_k8s"]["parameters"]["properties"]["kind"]["enum"] == list(K8S_KINDS)  # §10.2 + §10.6
    calls = list(ToolInvocation.objects.filter(run=run, tool_name="query_k8s").order_by("seq"))
    assert [(c.arguments["kind"], c.status) for c in calls] == [("pods", "success"), ("deployments", "success")]
    result = graph.requests_for("executor")[1].tool_messages()[0]
    assert result["tool_name"] == "query_k8s" and result["evidence_refs"][0]["raw_path"] == "/pods/0"
    assert_completed_in_chinese(run, outcome="pass")
    assert run.gatekeeper_severity == "none"
    assert {e["claim_id"] for e in verifier_evaluation(run)["verified_evidence"]} == {"c1", "c2"}
    assert "ImagePullBackOff" in run.final_answer


def test_a_model_binding_an_unlisted_k8s_path_is_rejected_by_the_gatekeeper(graph, api_user):
    graph.script("planner", plan_reply(steps=[], asked=ASKED))

    def forged(request: RecordedRequest) -> Reply:
        reply = json.loads(k8s_contract(request).content)
        reply["claims"][0]["evidence_bindings"][0]["raw_path"] = "/pods/7"
        return Reply(content=json.dumps(reply, ensure_ascii=False))

    graph.script(
        "executor",
        tool_calls_reply(
            ("query_k8s", {"kind": "pods", "name": "adservice", **WINDOW}),
            ("query_k8s", {"kind": "deployments", "name": "adservice", **WINDOW}),
        ),
        forged,
    )
    run = ask(api_user, QUESTION)
    assert run.status == "completed"
    assert run.gatekeeper_severity == "reject"
    assert (run.outcome, run.fallback_reason) == ("fallback", "gatekeeper_reject")
    assert "ImagePullBackOff" not in run.final_answer
    assert [e["claim_id"] for e in verifier_evaluation(run)["verified_evidence"]] == ["c2"]
