from __future__ import annotations

import pytest

from diagnosis.agents.base import AgentContext
from diagnosis.graph.tool_runner import RunToolRunner
from diagnosis.models import EvidenceScope
from tests.factories import make_run, make_session
from tests.fake_llm.fixtures import fake_llm, openai_settings  # noqa: F401 — fixtures
from tests.openai_provider.dataset import INCIDENT_SCOPE, load_incident


@pytest.fixture
def incident(db):
    load_incident()


@pytest.fixture
def run(api_user):
    """A run whose session reads the incident's scope (whatever the fixture order)."""
    scope, _ = EvidenceScope.objects.get_or_create(name=INCIDENT_SCOPE, defaults={"kind": EvidenceScope.Kind.REPLAY})
    session = make_session(api_user, scope=scope)
    return make_run(api_user, question="payment-service 10:05 开始大量 500，原因是什么？", session=session)


@pytest.fixture
def ctx(run):
    return AgentContext(run_id=str(run.id))


@pytest.fixture
def tool_runner(run, incident):
    """The graph's own runner: every call goes through the real tool layer and is persisted."""
    return RunToolRunner(run=run, round_no=1)
