"""Issue 30: the SSE stream's event read is compiled once (``selectors.runs._events_after_sql``)
and still returns exactly the rows the ORM query would, for a run id given as UUID or string."""

from __future__ import annotations

import pytest
from django.utils import timezone

from diagnosis.models import OrchestrationEvent
from diagnosis.selectors.runs import run_events_after
from tests.factories import make_run

pytestmark = pytest.mark.django_db


def test_events_after_a_seq_are_the_orm_rows_in_order_for_this_run_only(api_user):
    run, other = make_run(owner=api_user), make_run(owner=api_user)
    for target in (run, other):
        OrchestrationEvent.objects.bulk_create(
            OrchestrationEvent(run=target, seq=seq, node="planner", event="start", detail={"n": seq, "中文": "是"}, at=timezone.now())
            for seq in (3, 1, 2, 5)
        )
    for after in (0, 1, 2, 5):
        for run_id in (run.pk, str(run.pk)):
            read = run_events_after(run_id=run_id, after_seq=after)
            expected = list(OrchestrationEvent.objects.filter(run=run, seq__gt=after).order_by("seq"))
            assert [(e.pk, e.seq, e.node, e.event, e.detail, e.at) for e in read] == [
                (e.pk, e.seq, e.node, e.event, e.detail, e.at) for e in expected
            ]
    assert [e.seq for e in run_events_after(run_id=run.pk, after_seq=1)] == [2, 3, 5]
    assert run_events_after(run_id=run.pk, after_seq=5) == []
