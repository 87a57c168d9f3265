"""Output cap: huge outputs are shortened from the end, flagged, and their refs still resolve."""

from __future__ import annotations

import json

import pytest

from diagnosis.models import ToolInvocation
from diagnosis.tools.backends import BACKEND_FACTORIES
from diagnosis.tools.service import MAX_OUTPUT_BYTES, cap_output, tool_invocation_execute
from tests.tools.builders import make_log
from tests.tools.fakes import VolumeLogs
from tests.tools.refcheck import assert_refs_resolve

pytestmark = pytest.mark.django_db


def size(output) -> int:
    return len(json.dumps(output, ensure_ascii=False, separators=(",", ":")).encode())


def test_huge_log_output_is_capped_flagged_and_refs_still_resolve(run, world, monkeypatch):
    monkeypatch.setitem(BACKEND_FACTORIES["logs"], "builtin", lambda scope: VolumeLogs(count=100))
    inv = tool_invocation_execute(run=run, round_no=1, tool_name="query_logs", arguments={"limit": 100})
    assert inv.status == ToolInvocation.Status.SUCCESS
    assert inv.output_truncated is True
    assert inv.output["truncated"] is True
    assert size(inv.output) <= MAX_OUTPUT_BYTES
    kept = inv.output["records"]
    assert 0 < len(kept) < 100
    assert inv.output["returned"] == len(kept)
    assert inv.output["total"] == 300
    # Trailing elements went; the kept ones are the newest, in order.
    assert [r["message"].split()[1] for r in kept] == [str(i) for i in range(len(kept))]
    refs = inv.retrieval_details["evidence_refs"]
    assert len(refs) == len(kept) + 1  # and the /query element
    assert inv.retrieval_details["result_count"] == len(kept)
    assert_refs_resolve(inv)


def test_small_output_is_not_flagged(run, world):
    make_log("one line", when="10:10")
    inv = tool_invocation_execute(run=run, round_no=1, tool_name="query_logs", arguments={})
    assert inv.output_truncated is False


def test_long_messages_are_bounded_inside_each_record(run, world):
    make_log("连" * 10_000, when="10:10")
    inv = tool_invocation_execute(run=run, round_no=1, tool_name="query_logs", arguments={})
    assert len(inv.output["records"][0]["message"]) == 2000
    assert len(inv.retrieval_details["evidence_refs"][0]["text"]) == 1000
    assert_refs_resolve(inv)


def test_cap_drops_from_the_longest_list_first():
    output = {"alerts": [{"x": "a" * 100}] * 3, "series": [{"x": "b" * 100}] * 10, "window": {}}
    capped, truncated = cap_output(output, ("alerts", "series"), limit=900)
    assert truncated and capped["truncated"] is True
    assert size(capped) <= 900
    assert len(capped["alerts"]) == 3 and len(capped["series"]) < 10
    assert output["series"] == [{"x": "b" * 100}] * 10  # the input is not mutated


def test_cap_leaves_a_fitting_output_alone():
    output = {"records": [1, 2, 3]}
    assert cap_output(output, ("records",), limit=1000) == (output, False)
