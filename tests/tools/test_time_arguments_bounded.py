"""A tool's ``start``/``end`` outside 1970 .. 2200 UTC is a failed invocation with a Chinese reason
(issue 25 item 1: the one time bound, ``contracts.time_bounds``), not an ``OverflowError`` from
shifting 9999-12-31T23:59:59-12:00 into the local zone."""

from __future__ import annotations

import pytest

from diagnosis.models import ToolInvocation
from diagnosis.tools.service import tool_invocation_execute

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("tool", ["query_logs", "query_metrics", "query_k8s"])
@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("start", "0001-01-01T00:00:00+08:00"),
        ("end", "9999-12-31T23:59:59-12:00"),
        ("end", "9999-12-31T23:59:59"),  # naive: the local zone
        ("start", "1969-12-31T23:59:59Z"),
    ],
)
def test_a_window_bound_outside_the_range_is_a_failed_invocation_naming_it(run, world, tool, field, value):
    arguments = {field: value, **({"kind": "pods"} if tool == "query_k8s" else {})}
    inv = tool_invocation_execute(run=run, round_no=1, tool_name=tool, arguments=arguments)
    assert inv.status == ToolInvocation.Status.FAILED
    assert field in inv.error and "超出允许范围（1970-01-01 至 2200-01-01 UTC）" in inv.error


def test_a_window_inside_the_range_still_runs(run, world):
    arguments = {"start": "1970-01-01T00:00:00Z", "end": "2199-12-31T23:59:59+08:00"}
    inv = tool_invocation_execute(run=run, round_no=1, tool_name="query_logs", arguments=arguments)
    assert inv.status in (ToolInvocation.Status.SUCCESS, ToolInvocation.Status.NO_HIT)
