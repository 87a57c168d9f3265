"""A question that names no service reads every service's metrics; when that read is cut at its
limit, the failing service's series may not be among those shown — on a world of its own (a
market with many quiet services sorting before the failing one), the executor then reads the
metrics of the service the failure shows on, and the figure asked comes from its series.

Reference time 2027-06-02 12:00 (+08:00); orders fail 09:18–09:31, 2846 a minute at the peak.
"""

from __future__ import annotations

from typing import Any

import pytest

from diagnosis.agents.offline.refs import Origin
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import ToolInvocation
from diagnosis.tools.metrics import MAX_SERIES
from tests.offline.running import plan_and_execute

DAY = "2027-06-02"
QUIET = [f"a-svc-{i:02d}" for i in range(MAX_SERIES + 2)]  # sort before "zz-orders"
FAIL = "create order failed: ERROR: nextval: reached maximum value of sequence \"order_id_seq\" (2147483647)"


def _at(clock: str) -> str:
    return f"{DAY}T{clock}+08:00"


def _series(name: str, service: str, unit: str, points: dict[str, float], threshold: float | None = None) -> dict[str, Any]:
    return {"name": name, "service": service, "unit": unit, "labels": {}, "threshold": threshold,
            "points": [[_at(c), v] for c, v in sorted(points.items())]}  # fmt: skip


BUNDLE: dict[str, Any] = {
    "bundle_version": 1,
    "name": "market-world",
    "reference_time": _at("12:00:00"),
    "services": [
        *[{"name": s, "aliases": [], "description": "后台服务"} for s in QUIET],
        {"name": "zz-orders", "aliases": ["下单服务"], "description": "商家下单（Java）"},
    ],
    "logs": [
        {"timestamp": _at(f"09:{m:02d}:10"), "service": "zz-orders", "level": "ERROR", "instance": "zz-orders-0",
         "message": FAIL, "trace_id": "", "attributes": {}}
        for m in range(18, 31)
    ],  # fmt: skip
    "alerts": [],
    "metrics": [
        *[_series("http_5xx_rate", s, "%", {"09:00:00": 0.1, "09:30:00": 0.2, "10:00:00": 0.1}, 5) for s in QUIET],
        _series("orders_failed_per_min", "zz-orders", "单/分钟",
                {"09:00:00": 0, "09:18:00": 1900, "09:29:00": 2846, "09:31:00": 40, "10:00:00": 0}, 50),
        _series("orders_created_per_min", "zz-orders", "单/分钟", {"09:00:00": 3000, "09:29:00": 0, "10:00:00": 3100}),
    ],  # fmt: skip
    "documents": [],
}


@pytest.fixture
def market(db):
    evidence_bundle_load(data=BUNDLE, source_name="market-world")


def test_a_cut_every_service_metrics_read_is_followed_by_the_failing_services_own(api_user, market):
    run, _, contract = plan_and_execute(api_user, "九点多下单报错那阵，每分钟最多失败了多少单？")
    every = ToolInvocation.objects.get(run=run, tool_name="query_metrics", arguments__service__isnull=True)
    assert every.output["truncated"] and all(s["service"] != "zz-orders" for s in every.output["series"])
    [own] = ToolInvocation.objects.filter(run=run, retrieval_details__origin=Origin.SWEEP)
    assert own.arguments["service"] == "zz-orders"
    texts = [c["claim_text"] for c in contract["claims"]]
    assert any("orders_failed_per_min" in t and "最大值 2846 单/分钟" in t for t in texts), texts
