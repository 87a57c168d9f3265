"""Scripted model replies for the fake server, shared by the agent and graph tests.

``contract_from_tool_messages`` is what a well-behaved executor does: it reads the tool result
messages it was sent (real invocation ids, raw paths, ref texts) and binds claims to them."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from tests.fake_llm.server import RecordedRequest, Reply, ToolCall
from tests.openai_provider.dataset import WINDOW

SOURCE_TYPES = {"query_logs": "log", "query_metrics": "metric", "lookup_knowledge": "knowledge"}


#: What the planner prompt (1.2.0) asks the model to say about the question.
ASKED = {"kind": "cause", "services": ["payment-service"], "window": WINDOW, "dimension": {"metric": None, "terms": ["500"]}, "source": "planner"}


def plan_reply(mode: str = "NORMAL", steps: list[dict[str, Any]] | None = None, asked: dict[str, Any] | None = ASKED) -> Reply:
    steps = steps if steps is not None else [
        {"tool": "query_logs", "arguments": {"service": "payment-service", "level": "ERROR", **WINDOW}, "purpose": "错误日志"},
        {"tool": "query_metrics", "arguments": {"service": "payment-service", **WINDOW}, "purpose": "告警"},
    ]
    body: dict[str, Any] = {"mode": mode, "goal": "定位 payment-service 500 的原因", "steps": steps}
    if asked is not None:
        body["asked"] = asked
    return Reply(content=json.dumps(body, ensure_ascii=False))


def tool_calls_reply(*calls: tuple[str, Any]) -> Reply:
    return Reply(
        tool_calls=[
            ToolCall(name=name, arguments=args if isinstance(args, str) else json.dumps(args, ensure_ascii=False), id=f"call_{name}_{i}")
            for i, (name, args) in enumerate(calls)
        ]
    )


def standard_tool_calls() -> Reply:
    return tool_calls_reply(
        ("query_logs", {"service": "payment-service", "level": "ERROR", **WINDOW}),
        ("query_metrics", {"service": "payment-service", **WINDOW}),
    )


def find_ref(request: RecordedRequest, tool_name: str, needle: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(tool message, ref) of the first ref of ``tool_name`` whose text contains ``needle``, searching
    this request's tool messages and the results in its first user message (earlier rounds', and
    the plan's under EXECUTOR_TOOL_CALLS=plan)."""
    messages = list(request.tool_messages())
    first_user = json.loads(request.user_message())
    messages += first_user.get("previous_tool_results", [])
    messages += first_user.get("tool_results", [])  # EXECUTOR_TOOL_CALLS=plan
    for message in messages:
        if message.get("tool_name") != tool_name:
            continue
        for ref in message.get("evidence_refs", []):
            if needle in ref["text"]:
                return message, ref
    raise AssertionError(f"no {tool_name} ref containing {needle!r} in the request")


def claim(claim_id: str, text: str, message: dict[str, Any], ref: dict[str, Any], excerpt: str, **overrides: Any) -> dict[str, Any]:
    binding = {
        "source_type": SOURCE_TYPES.get(message["tool_name"], "log"),
        "tool_name": message["tool_name"],
        "source_invocation_id": message["invocation_id"],
        "raw_path": ref["raw_path"],
        "evidence_excerpt": excerpt,
    }
    binding.update(overrides)
    return {"claim_id": claim_id, "claim_type": "observation", "claim_text": text, "support_level": "direct", "evidence_bindings": [binding]}


def contract(claims: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {
        "answer_version": "executor_evidence_v2",
        "claims": claims,
        "hypotheses": [{"hypothesis_id": "h1", "text": "慢查询或连接泄漏导致连接池被占满", "rationale": "手册"}],
        "recommended_actions": [{"action": "临时扩大连接池上限并排查慢查询", "priority": "high", "basis": "runbook"}],
        "missing_info": [{"item": "数据库慢查询日志", "reason": "本次未查询"}],
        **extra,
    }


def pool_and_alert_contract(request: RecordedRequest, *, fence: bool = False, **binding_overrides: Any) -> Reply:
    log_msg, log_ref = find_ref(request, "query_logs", "HikariPool")
    alert_msg, alert_ref = find_ref(request, "query_metrics", "HighErrorRate")
    body = contract(
        [
            claim("c1", "10:05:12 起 payment-service 数据库连接池耗尽（active=50, waiting=37），获取连接 3000ms 超时",
                  log_msg, log_ref, "Connection is not available, request timed out after 3000ms (active=50, idle=0, waiting=37)",
                  **binding_overrides),
            claim("c2", "payment-service 告警 HighErrorRate 于 10:06 触发，数值 12.5%", alert_msg, alert_ref,
                  "5xx 比例超过 5%"),
        ]
    )
    text = json.dumps(body, ensure_ascii=False)
    return Reply(content=f"```json\n{text}\n```" if fence else text)


def executor_final(builder: Callable[..., Reply] = pool_and_alert_contract, **kwargs: Any) -> Callable[[RecordedRequest], Reply]:
    return lambda request: builder(request, **kwargs)


def verdict_reply(verdict: str, checks: list[tuple[str, str]], gaps: list[dict[str, Any]] | None = None) -> Callable[[RecordedRequest], Reply]:
    """A verifier reply built from the verified evidence in the request it answers."""

    def build(request: RecordedRequest) -> Reply:
        payload = json.loads(request.user_message())
        evidence = payload.get("verified_evidence", [])
        claim_checks = []
        for claim_id, verification in checks:
            refs = [
                {k: e[k] for k in ("claim_id", "source_invocation_id", "tool_name", "raw_path")}
                for e in evidence
                if e.get("claim_id") == claim_id
            ]
            claim_checks.append(
                {"claim_id": claim_id, "verification": verification, "is_critical": True, "detail": "核对证据", "evidence_refs": refs}
            )
        body = {
            "verdict": verdict,
            "groundedness_score": 0.9,
            "critical_fact_count": len(checks),
            "claim_checks": claim_checks,
            "evidence_gaps": gaps or [],
            "rationale": "依据已验证证据判断",
        }
        return Reply(content=json.dumps(body, ensure_ascii=False))

    return build


def composer_reply(sentence: str = "10:05:12 起 payment-service 数据库连接池耗尽。", claims: tuple[str, ...] = ("c1",)) -> Reply:
    """The composer's reply (issue 24): the answer's conclusion, one sentence citing ``claims``."""
    return Reply(content=json.dumps({"conclusion": [{"text": sentence, "claims": list(claims)}]}, ensure_ascii=False))
