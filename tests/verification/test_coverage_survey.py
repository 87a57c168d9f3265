"""A survey question ("which component of the cluster is at fault, and why") is answered only by a
confirmed root cause naming a component, or by the survey's no-fault finding — never by the
callers' own error lines (the false PASS the cluster exam measured)."""

from __future__ import annotations

from contracts.asked import Asked
from diagnosis.verification.coverage import check_coverage
from tests.projection import claim_checks as typed_checks

QUESTION = "集群刚才出现问题：部分服务不可达。请排查是哪个组件出了问题，原因是什么？"
ERROR_LINE = "2026-11-28 10:20:00 frontend ERROR dial tcp 10.96.0.11:80: connect: connection refused"
POD_TEXT = "Pod shop/cart-7f9c8d6b5-bx2kq（服务 cart）：阶段 Pending，等待原因 CreateContainerConfigError"


def item(cid, text, evidence, claim_type, tool="query_logs"):
    return ({"claim_id": cid, "claim_type": claim_type, "claim_text": text},
            [{"claim_id": cid, "source_invocation_id": "inv_1", "tool_name": tool, "raw_path": "/x/0", "matched_text": evidence}])


def survey_coverage(*items, verifications, services=()):
    claims = [c for c, _ in items]
    evidence = [e for _, ev in items for e in ev]
    checks = [{"claim_id": c["claim_id"], "verification": v, "is_critical": True} for c, v in zip(claims, verifications, strict=True)]
    return check_coverage(asked=Asked(kind="cause", services=list(services)), question=QUESTION, claims=claims,
                          claim_checks=typed_checks(checks), verified_evidence=evidence, why=True, survey=True)


def test_confirmed_caller_errors_alone_do_not_answer_which_component():
    errors = item("c1", "frontend 报错 connection refused", ERROR_LINE, "observation")
    result = survey_coverage(errors, verifications=["direct_observation"])
    assert result.status != "answered"
    assert result.gap.startswith("未能确认是哪个组件出了问题")


def test_no_false_pass_when_the_top_finding_is_unconfirmed():
    root = item("c1", "Pod cart-7f9c8d6b5-bx2kq CreateContainerConfigError，出问题的组件是 Deployment cart", POD_TEXT,
                "root_cause", tool="query_k8s")
    errors = item("c2", "frontend 报错 connection refused", ERROR_LINE, "observation")
    for verdict in ("unsupported", "overstated", "contradicted"):
        assert survey_coverage(root, errors, verifications=[verdict, "direct_observation"]).status != "answered"


def test_a_confirmed_root_cause_answers_and_counts_as_the_asked_services_answer_through_its_chain():
    root = item("c1", "Pod cart-7f9c8d6b5-bx2kq CreateContainerConfigError，出问题的组件是 Deployment cart", POD_TEXT,
                "root_cause", tool="query_k8s")
    assert survey_coverage(root, verifications=["direct_observation"]).status == "answered"
    assert survey_coverage(root, verifications=["reasonable_inference"], services=["frontend"]).status == "answered"


def test_the_no_fault_finding_answers_a_survey_of_a_healthy_cluster():
    healthy = item("c1", "集群未发现故障：Deployment cart、frontend 可用", "Deployment shop/cart（服务 cart）：副本 1，可用 1",
                   "negative_observation", tool="query_k8s")
    assert survey_coverage(healthy, verifications=["direct_observation"]).status == "answered"
