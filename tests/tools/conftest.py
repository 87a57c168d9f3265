from __future__ import annotations

import pytest

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
