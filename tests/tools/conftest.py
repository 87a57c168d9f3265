from __future__ import annotations

import pytest

from tests.factories import make_run, make_session
from tests.tools.builders import builder_scope, make_bundle, make_service


@pytest.fixture
def run(api_user):
    """A run whose session reads the builders' scope (whatever the fixture order)."""
    return make_run(api_user, session=make_session(api_user, scope=builder_scope()))


@pytest.fixture
def world(db):
    """Reference time 2026-11-28 10:30 (Asia/Shanghai) and a payment-service known as 支付服务."""
    make_bundle()
    make_service("payment-service", "支付服务", "Payment", description="支付")
    make_service("order-service", "订单服务", description="订单")


@pytest.fixture(autouse=True)
def _every_invocation_keeps_the_evidence_ref_invariant(request):
    """After every database test here: each persisted invocation's refs resolve into its output
    and carry the rendering of the element they point at (DESIGN §4)."""
    if "db" not in request.fixturenames and request.node.get_closest_marker("django_db") is None:
        yield
        return
    # Set up before the test so both are torn down after the check: the test data is still
    # there, and a test's settings (e.g. TIME_ZONE) still apply to the re-rendering.
    request.getfixturevalue("db")
    request.getfixturevalue("settings")
    yield
    from diagnosis.models import ToolInvocation
    from tests.tools.refcheck import assert_refs_resolve

    for invocation in ToolInvocation.objects.all():
        assert_refs_resolve(invocation)
