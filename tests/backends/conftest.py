"""Fixtures of the Loki / Prometheus backend tests: the fake APIs wired into settings, a run, and
the evidence-ref invariant (DESIGN §4) checked after every database test."""

from __future__ import annotations

import pytest

from diagnosis.selectors.scopes import LIVE_SCOPE
from tests.backends.fakes import FakeAPI
from tests.tools import builders

# The same run, world and evidence-ref invariant as the builtin tool tests (one definition).
from tests.tools.conftest import (  # noqa: F401
    _every_invocation_keeps_the_evidence_ref_invariant,
    run,
    world,
)


@pytest.fixture(autouse=True)
def _the_live_scope():
    """Loki and Prometheus serve the live scope: the run and the builders' rows (service aliases …)
    are the live scope's here; a replay scope never reads an external backend."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(builders, "BUILDER_SCOPE", LIVE_SCOPE)
        yield


@pytest.fixture
def fake_loki(settings):
    api = FakeAPI("loki").start()
    settings.LOGS_BACKEND = "loki"
    settings.LOKI_URL = api.url
    settings.LOKI_SERVICE_LABEL = "service"
    settings.LOKI_LEVEL_LABEL = "level"
    yield api
    api.stop()


@pytest.fixture
def fake_prometheus(settings):
    api = FakeAPI("prometheus").start()
    settings.METRICS_BACKEND = "prometheus"
    settings.PROMETHEUS_URL = api.url
    settings.PROMETHEUS_SERVICE_LABEL = "service"
    settings.PROMETHEUS_DEFAULT_METRICS = []
    yield api
    api.stop()
