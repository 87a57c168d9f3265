"""Service catalog selectors: canonical names from names or aliases."""

from __future__ import annotations

import pytest

from diagnosis.evidence.catalog import resolve_service, service_catalog, service_names
from tests.tools.builders import builder_scope

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("payment-service", "payment-service"),
        ("PAYMENT-SERVICE", "payment-service"),
        ("支付服务", "payment-service"),
        (" 支付服务 ", "payment-service"),
        ("payment", "payment-service"),
        ("订单服务", "order-service"),
        ("inventory", None),
        ("", None),
    ],
)
def test_resolve_service_by_name_or_alias(world, given, expected):
    assert resolve_service(given, scope=builder_scope()) == expected


def test_catalog_lists_names_aliases_and_descriptions(world):
    catalog = service_catalog(scope=builder_scope())
    assert [entry.name for entry in catalog] == ["order-service", "payment-service"]
    name, aliases, description = catalog[1]
    assert (name, aliases, description) == ("payment-service", ["支付服务", "Payment"], "支付")


def test_service_names_lists_every_name_canonical_first(world):
    assert service_names("payment-service", scope=builder_scope()) == ["payment-service", "支付服务", "Payment"]
    assert service_names("ghost", scope=builder_scope()) == ["ghost"]
