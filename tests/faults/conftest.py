"""Fixtures of the fault tests, reused from where they are defined: the fake model server and its
settings, the Loki/Prometheus fakes, the openai tests' incident data, the graph tests' world; and
a fake clock for the circuit breakers."""

from __future__ import annotations

import pytest

from diagnosis.agents.circuit import CircuitRegistry
from tests.backends.conftest import fake_loki, fake_prometheus  # noqa: F401 - fixtures
from tests.fake_llm.fixtures import fake_llm, openai_settings  # noqa: F401 - fixtures
from tests.faults.clock import FakeClock
from tests.graph.conftest import prompts_dir, world  # noqa: F401 - fixtures
from tests.openai_provider.conftest import incident  # noqa: F401 - fixtures


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def circuits(clock) -> CircuitRegistry:
    return CircuitRegistry(clock=clock)
