"""Orchestration events: one per node start / finish / retry / route (and error); seq increases
per run; details carry timings and routes, never prompt text or raw output."""

from __future__ import annotations

import json

import pytest

from diagnosis.agents.scripted import scripted_provider, verifier_reply
from diagnosis.audit.events import orchestration_event_record
from diagnosis.models import OrchestrationEvent
from tests.factories import make_run
from tests.graph.scripts import RAW_MARKER, ask, events, honest_step

pytestmark = pytest.mark.django_db


def test_every_node_records_start_finish_and_route(world, api_user):
    run = ask(api_user, scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")]))
    assert events(run) == [
        ("planner", "start"), ("planner", "finish"), ("planner", "route"),
        ("executor", "start"), ("executor", "tool"), ("executor", "tool"), ("executor", "finish"), ("executor", "route"),
        ("gatekeeper", "start"), ("gatekeeper", "finish"), ("gatekeeper", "route"),
        ("verifier", "start"), ("verifier", "finish"), ("verifier", "route"),
        ("composer", "start"), ("composer", "finish"), ("composer", "route"),
    ]  # fmt: skip
    rows = list(run.events.order_by("seq"))
    assert [e.seq for e in rows] == list(range(1, len(rows) + 1))
    assert all(isinstance(e.detail["elapsed_ms"], int) for e in rows if e.event == "finish")
    routes = [(e.node, e.detail["target"], e.detail["reason"]) for e in rows if e.event == "route"]
    assert routes == [
        ("planner", "executor", "planned"),
        ("executor", "gatekeeper", "contract_parsed"),
        ("gatekeeper", "verifier", "verifiable"),
        ("verifier", "composer", "effective_pass"),
        ("composer", "end", "done"),
    ]


def test_event_details_carry_no_prompt_or_raw_text(world, api_user, prompts_dir):
    run = ask(api_user, scripted_provider(executor=[honest_step()], verifier=[verifier_reply("PASS")]))
    details = json.dumps([e.detail for e in run.events.all()], ensure_ascii=False)
    assert RAW_MARKER not in details and "SECRET PROMPT" not in details and "claims" not in details


def test_event_seq_continues_after_existing_events(api_user):
    run = make_run(api_user)
    orchestration_event_record(run=run, node="api", event="queued", detail={})
    second = orchestration_event_record(run=run, node="planner", event="start", detail={"x": "y" * 2000})
    assert second.seq == 2
    assert len(second.detail["x"]) <= 500
    assert OrchestrationEvent.objects.filter(run=run).count() == 2


def test_event_seq_collision_takes_the_next_free_number(api_user):
    run = make_run(api_user)
    orchestration_event_record(run=run, node="a", event="start")
    row = orchestration_event_record(run=run, node="b", event="start", seq=1)
    assert row.seq == 2
