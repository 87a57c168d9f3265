from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from diagnosis.agents.base import AgentContext, ToolCallResult
from diagnosis.models import ToolInvocation
from diagnosis.tools.service import tool_invocation_execute
from tests.factories import make_run
from tests.fake_llm.fixtures import fake_llm, openai_settings  # noqa: F401 — fixtures
from tests.openai_provider.dataset import load_incident


@pytest.fixture
def incident(db):
    load_incident()


@pytest.fixture
def run(api_user):
    return make_run(api_user, question="payment-service 10:05 开始大量 500，原因是什么？")


@pytest.fixture
def ctx(run):
    return AgentContext(run_id=str(run.id))


def _result(inv: ToolInvocation) -> ToolCallResult:
    return ToolCallResult(
        invocation_id=inv.invocation_id,
        tool_name=inv.tool_name,
        round=inv.round,
        status=inv.status,
        arguments=inv.arguments,
        output=inv.output,
        evidence_refs=list((inv.retrieval_details or {}).get("evidence_refs", [])),
        error=inv.error,
        deduped_from=inv.deduped_from,
    )


@dataclass
class RecordingToolRunner:
    """Test adapter over the real tool layer (``tool_invocation_execute``) for agent-level tests;
    the graph tests use the graph's own runner."""

    run: Any
    round_no: int = 1
    calls: list[tuple[str, Any]] = field(default_factory=list)

    def call(self, tool_name: str, arguments: dict[str, Any] | str | None) -> ToolCallResult:
        self.calls.append((tool_name, arguments))
        inv = tool_invocation_execute(run=self.run, round_no=self.round_no, tool_name=tool_name, arguments=arguments)
        return _result(inv)

    def history(self) -> list[ToolCallResult]:
        return [_result(inv) for inv in ToolInvocation.objects.filter(run=self.run).order_by("seq")]


@pytest.fixture
def tool_runner(run, incident):
    return RecordingToolRunner(run=run)
