"""Helpers that run the offline provider against a loaded world: one planner + executor round
(``plan_and_execute``, the contract as the executor wrote it) or the whole graph (``ask``, the
persisted run), and the confirmed lines of a composed answer."""

from __future__ import annotations

import json
import re
from typing import Any

import gatekeeper
from contracts.plan import ExecutorRequest, Plan, PlannerRequest
from diagnosis.agents.base import AgentContext, services_from
from diagnosis.agents.offline import build_provider
from diagnosis.composer.templates import H_CONFIRMED, H_PASS_CONCLUSION
from diagnosis.evidence.selectors import reference_now
from diagnosis.graph.tool_runner import RunToolRunner
from diagnosis.models import DiagnosisRun, DiagnosisSession, Service, ToolInvocation
from diagnosis.reading.conversation import resolve
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute
from tests.factories import make_run

HEADERS = re.compile(r"^(结论|可能的方向|建议|确认的信息|证据缺口|下一步建议|已确认的事实)")


def plan_and_execute(
    owner, question: str, *, mode: str = "NORMAL", round_no: int = 1, gaps=(), run=None
) -> tuple[DiagnosisRun, Plan, dict[str, Any]]:
    """Plan + execute one round like the graph does; returns (run, plan, contract)."""
    provider = build_provider()
    run = run or make_run(owner, question=question)
    scope = run.session.scope
    services = services_from(Service.objects.for_scope(scope).order_by("name"))
    now = reference_now(scope)
    ctx = AgentContext(run_id=str(run.id), round=round_no)
    reading = resolve(question=question, now=now, tz="Asia/Shanghai", services=services, context=None)
    plan = provider.planner.plan(
        PlannerRequest(
            question=question,
            mode=mode,
            round=round_no,
            now=now,
            now_source="reference_time",
            services=services,
            evidence_gaps=list(gaps),
            reading=reading,
        ),
        ctx,
    )
    request = ExecutorRequest(
        question=question,
        plan=plan,
        mode=mode,
        round=round_no,
        now=now,
        services=services,
        evidence_gaps=list(gaps),
        reading=reading,
    )
    reply = provider.executor.execute(request, RunToolRunner(run=run, round_no=round_no), ctx)
    return run, plan, json.loads(reply.content)


def gatekeeper_result(run: DiagnosisRun, contract: dict[str, Any]):
    return gatekeeper.check(contract, [i.as_fact() for i in ToolInvocation.objects.filter(run=run)])


def ask(owner, question: str, session: DiagnosisSession | None = None) -> DiagnosisRun:
    """The whole graph with the offline provider (in ``session``: a follow-up); the completed run."""
    run = diagnosis_run_create(owner=owner, question=question, session=session)
    diagnosis_run_execute(run_id=run.pk, provider=build_provider())
    run.refresh_from_db()
    assert run.status == DiagnosisRun.Status.COMPLETED, run.error
    return run


def confirmed_lines(answer: str) -> list[str]:
    """The bullet lines under the answer's confirmed-facts heading."""
    lines, inside = [], False
    for line in answer.splitlines():
        if line in (H_PASS_CONCLUSION, H_CONFIRMED):
            inside = True
        elif HEADERS.match(line):
            inside = False
        elif inside and line.startswith("- ") and "暂无" not in line:
            lines.append(line)
    return lines


def section_lines(answer: str, heading: str) -> list[str]:
    """The bullet lines under ``heading`` (建议, 可能的方向 …)."""
    lines, inside = [], False
    for line in answer.splitlines():
        if HEADERS.match(line):
            inside = line.startswith(heading)
        elif inside and line.startswith("- "):
            lines.append(line)
    return lines
