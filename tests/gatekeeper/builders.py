"""Test data for the Gatekeeper suite: the run of EXAMPLE-RUN.md §2-§3 and small builders.

Plain functions returning fresh dicts, so a test can mutate what it gets.
"""

from __future__ import annotations

import copy
from typing import Any

LOG_REF_0 = (
    "2026-11-28 10:05:12 payment-service ERROR HikariPool-1 - Connection is not available, "
    "request timed out after 3000ms (active=50, idle=0, waiting=37)"
)
LOG_REF_1 = "2026-11-28 10:05:13 payment-service ERROR POST /api/pay -> HTTP 500 Internal Server Error"
ALERT_REF_0 = (
    "HighErrorRate payment-service critical firing since 2026-11-28 10:06 value 12.5% (5xx 比例超过 5%)"
)
RUNBOOK_REF_0 = "数据库连接池耗尽处理手册 / 处理方案: 临时扩大连接池上限；排查慢查询与连接泄漏 …"

C1_EXCERPT = "Connection is not available, request timed out after 3000ms (active=50, idle=0, waiting=37)"
C2_EXCERPT = "HighErrorRate payment-service critical firing since 2026-11-28 10:06 value 12.5%"

_INVOCATIONS: list[dict[str, Any]] = [
    {
        "invocation_id": "inv_1",
        "tool_name": "query_logs",
        "status": "success",
        "evidence_refs": [
            {"raw_path": "/records/0", "text": LOG_REF_0, "source_id": "log-0"},
            {"raw_path": "/records/1", "text": LOG_REF_1, "source_id": "log-1"},
        ],
    },
    {
        "invocation_id": "inv_2",
        "tool_name": "query_metrics",
        "status": "success",
        "evidence_refs": [{"raw_path": "/alerts/0", "text": ALERT_REF_0, "label": "HighErrorRate"}],
    },
    {
        "invocation_id": "inv_3",
        "tool_name": "lookup_knowledge",
        "status": "success",
        "evidence_refs": [{"raw_path": "/hits/0", "text": RUNBOOK_REF_0, "source_id": "runbooks/payment.md"}],
    },
]


def example_invocations() -> list[dict[str, Any]]:
    """The three persisted invocations of EXAMPLE-RUN §2."""
    return copy.deepcopy(_INVOCATIONS)


def binding(**overrides: Any) -> dict[str, Any]:
    """A precise, valid binding to inv_1 /records/0 (claim c1 of the example)."""
    data: dict[str, Any] = {
        "source_type": "log",
        "tool_name": "query_logs",
        "source_invocation_id": "inv_1",
        "raw_path": "/records/0",
        "evidence_excerpt": C1_EXCERPT,
    }
    data.update(overrides)
    return {key: value for key, value in data.items() if value is not DROP}


def alert_binding(**overrides: Any) -> dict[str, Any]:
    """A precise, valid binding to inv_2 /alerts/0 (claim c2 of the example)."""
    return binding(
        **{
            "source_type": "metric",
            "tool_name": "query_metrics",
            "source_invocation_id": "inv_2",
            "raw_path": "/alerts/0",
            "evidence_excerpt": C2_EXCERPT,
            **overrides,
        }
    )


class _Drop:
    def __repr__(self) -> str:
        return "DROP"


#: Pass as an override value to remove the key: `binding(raw_path=DROP)`.
DROP: Any = _Drop()


def claim(claim_id: str, *bindings: dict[str, Any], **overrides: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "claim_id": claim_id,
        "claim_type": "observation",
        "claim_text": "10:05:12 起 payment-service 数据库连接池耗尽（active=50, waiting=37），获取连接 3000ms 超时",
        "support_level": "direct",
        "evidence_bindings": list(bindings) if bindings else [binding()],
    }
    data.update(overrides)
    return {key: value for key, value in data.items() if value is not DROP}


def contract(*claims: dict[str, Any], **overrides: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "answer_version": "executor_evidence_v2",
        "claims": list(claims),
        "hypotheses": [
            {
                "hypothesis_id": "h1",
                "text": "慢查询或连接泄漏导致连接池被占满",
                "rationale": "连接池耗尽的常见原因（手册）",
            }
        ],
        "recommended_actions": [
            {"action": "临时扩大连接池上限并排查慢查询", "priority": "high", "basis": "runbook"}
        ],
        "missing_info": [{"item": "数据库慢查询日志", "reason": "本次未查询"}],
    }
    data.update(overrides)
    return {key: value for key, value in data.items() if value is not DROP}


def example_contract() -> dict[str, Any]:
    """The Executor V2 contract of EXAMPLE-RUN §3 (both claims valid)."""
    return contract(
        claim("c1", binding()),
        claim(
            "c2",
            alert_binding(),
            claim_text="payment-service 5xx 比例告警 HighErrorRate 于 10:06 触发，数值 12.5%",
        ),
    )


def with_contract(**binding_overrides: Any) -> dict[str, Any]:
    """A one-claim contract whose only binding is `binding(**binding_overrides)`."""
    return contract(claim("c1", binding(**binding_overrides)))
