"""Fixtures of the Loki / Prometheus backend tests: the fake APIs wired into settings, a run, and
the evidence-ref invariant (DESIGN §4) checked after every database test."""

from __future__ import annotations

import pytest

from tests.backends.fakes import FakeAPI
from tests.factories import make_run
from tests.tools.builders import make_bundle, make_service


@pytest.fixture
def run(api_user):
    return make_run(api_user)


@pytest.fixture
def world(db):
    """Reference time 2026-11-28 10:30 (Asia/Shanghai) and a payment-service known as 支付服务."""
    make_bundle()
    make_service("payment-service", "支付服务", "Payment", description="支付")
    make_service("order-service", "订单服务", description="订单")


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


@pytest.fixture(autouse=True)
def _every_invocation_keeps_the_evidence_ref_invariant(request):
    """After every database test here: each persisted invocation's refs resolve into its output
    and carry the rendering of the element they point at."""
    if "db" not in request.fixturenames and request.node.get_closest_marker("django_db") is None:
        yield
        return
    request.getfixturevalue("db")
    request.getfixturevalue("settings")
    yield
    from diagnosis.models import ToolInvocation
    from tests.tools.refcheck import assert_refs_resolve

    for invocation in ToolInvocation.objects.all():
        assert_refs_resolve(invocation)
