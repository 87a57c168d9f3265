"""get_current_time: the reference clock, a helper that is never evidence."""

from __future__ import annotations

from datetime import datetime

import pytest

from diagnosis.evidence.selectors import reference_clock
from diagnosis.models import ToolInvocation
from diagnosis.tools.service import tool_invocation_execute
from tests.tools.builders import builder_scope, make_bundle

pytestmark = pytest.mark.django_db


def call(run, arguments=None):
    return tool_invocation_execute(run=run, round_no=1, tool_name="get_current_time", arguments=arguments)


def test_now_is_the_reference_time_of_the_loaded_bundle(run, world):
    inv = call(run)
    assert inv.status == ToolInvocation.Status.SUCCESS
    assert inv.output == {
        "now": "2026-11-28T10:30:00+08:00",
        "timezone": "Asia/Shanghai",
        "source": "reference_time",
    }


def test_the_scopes_most_recently_loaded_bundle_with_a_reference_time_wins(run, world):
    make_bundle(reference_time=datetime.fromisoformat("2026-12-01T08:00:00+08:00"), name="newer")
    make_bundle(reference_time=None, name="no reference")
    assert call(run).output["now"] == "2026-12-01T08:00:00+08:00"


def test_without_a_reference_time_the_real_clock_is_used(run):
    inv = call(run)
    assert inv.output["source"] == "clock"
    assert abs((datetime.fromisoformat(inv.output["now"]) - reference_clock(builder_scope()).now).total_seconds()) < 60


def test_it_is_not_evidence_bearing_and_carries_no_refs(run, world):
    inv = call(run)
    assert inv.evidence_bearing is False
    assert inv.retrieval_details["evidence_refs"] == []


def test_repeated_calls_are_not_deduped(run, world):
    call(run)
    assert call(run, "{}").status == ToolInvocation.Status.SUCCESS


def test_it_takes_no_arguments(run, world):
    inv = call(run, {"zone": "UTC"})
    assert inv.status == ToolInvocation.Status.FAILED
    assert "zone" in inv.error
