"""Scripted Executor/Verifier turns for graph tests, over the world of ``fixtures.py``.

``query_logs`` for payment-service ERROR returns newest first: ``/records/0`` is the HTTP 500
line, ``/records/1`` the HikariPool line. ``query_metrics`` returns ``/alerts/0`` HighErrorRate.
"""

from __future__ import annotations

from diagnosis.agents.base import AgentContext
from diagnosis.agents.scripted import ExecutorStep, binding_for, claim, contract
from diagnosis.models import DiagnosisRun
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute
from tests.graph.fixtures import QUESTION

LOGS = ("query_logs", {"service": "payment-service", "level": "ERROR"})
METRICS = ("query_metrics", {"service": "payment-service"})
KNOWLEDGE = ("lookup_knowledge", {"query": "数据库连接池耗尽"})

POOL_CLAIM = "10:05:12 起 payment-service 数据库连接池耗尽（active=50, waiting=37），获取连接 3000ms 超时"
ALERT_CLAIM = "payment-service 告警 HighErrorRate 于 10:06 触发，数值 12.5%"
RAW_MARKER = "RAW-EXECUTOR-MARKER-7f3a"


def honest(results, _tools=None, **extra):
    logs, metrics = results[0], results[1]
    return contract(
        [
            claim("c1", POOL_CLAIM, [binding_for(logs, 1)]),
            claim("c2", ALERT_CLAIM, [binding_for(metrics, 0)]),
        ],
        hypotheses=[{"hypothesis_id": "h1", "text": "慢查询或连接泄漏导致连接池被占满", "rationale": "手册"}],
        recommended_actions=[{"action": "临时扩大连接池上限并排查慢查询", "priority": "high", "basis": "runbook"}],
        missing_info=[{"item": f"数据库慢查询日志 {RAW_MARKER}", "reason": "本次未查询"}],
        **extra,
    )


def honest_step(**extra) -> ExecutorStep:
    return ExecutorStep(calls=[LOGS, METRICS], content=lambda results, tools: honest(results, **extra))


def step(content) -> ExecutorStep:
    """Both evidence calls, then ``content(logs, metrics)``."""
    return ExecutorStep(calls=[LOGS, METRICS], content=lambda results, tools: content(results[0], results[1]))


def ask(owner, provider, question: str = QUESTION) -> DiagnosisRun:
    run = diagnosis_run_create(owner=owner, question=question)
    diagnosis_run_execute(run_id=run.pk, provider=provider)
    run.refresh_from_db()
    return run


def verifier_evaluation(run: DiagnosisRun) -> dict:
    return (run.self_evaluation or {})["verifier_evaluation"]


def events(run: DiagnosisRun) -> list[tuple[str, str]]:
    return [(e.node, e.event) for e in run.events.order_by("seq")]


def nodes_started(run: DiagnosisRun) -> list[str]:
    return [e.node for e in run.events.order_by("seq") if e.event == "start"]


__all__ = ["AgentContext"]
