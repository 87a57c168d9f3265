"""A batch that did not run (``recon_world``): "昨天那批对账" names the batch, 凌晨 … 九点半 the span,
the job is found by its alias without 任务, its late alert is the failure when nothing else went
red, and its own change hours before is read even when the neighbours' chatter fills the
every-service change reads."""

from __future__ import annotations

import pytest

from diagnosis.agents.offline.refs import Origin
from diagnosis.models import ToolInvocation
from tests.offline.recon_world import QUESTION, SUSPEND, load_recon_world
from tests.offline.running import ask, confirmed_lines, section_lines


@pytest.fixture
def recon(db):
    load_recon_world()


def test_a_batch_that_did_not_run_is_answered_by_its_late_alert_and_its_own_change_hours_before(api_user, recon):
    run = ask(api_user, QUESTION)
    answer = run.final_answer
    confirmed = "\n".join(confirmed_lines(answer))
    assert run.outcome == "pass", answer
    assert "ReconBatchLate" in confirmed and "spec.suspend: false -> true" in confirmed, answer
    assert section_lines(answer, "可能的方向")[0].startswith("- 01:10:05 recon-job 的"), answer
    # Another service's failure in the span is no part of the asked job's answer.
    assert "504" not in answer and "ledger-api 4.2.0" not in confirmed, answer
    # The every-service change reads were cut by the chatter: the job's own changes were read apart.
    reads = ToolInvocation.objects.filter(run=run, tool_name="query_logs", retrieval_details__origin=Origin.CHANGES)
    assert [r.arguments.get("service") for r in reads] == [None, None, "recon-job"], [r.arguments for r in reads]
    # 凌晨 … 九点半 of today (the batch is yesterday's): 00:00 (less the lookback) to 50 min after 09:30.
    span = (reads.last().arguments["start"], reads.last().arguments["end"])
    assert span == ("2027-03-14T23:30:00+08:00", "2027-03-15T10:20:00+08:00"), span
    assert SUSPEND[:40] in str(reads.last().output)
