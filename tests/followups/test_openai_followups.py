"""Follow-ups with the openai provider through the fake OpenAI-compatible server: the planner
request of a follow-up carries the bounded ``session_context`` block (earlier turns' ``asked`` and
confirmed entities — not their answers or questions), a plan the model marks ``followup`` is
what the run records, and a plan without ``asked`` gets the deterministic follow-up reading."""

from __future__ import annotations

import json
from typing import Any

import pytest

from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import DiagnosisRun, DiagnosisSession, ToolInvocation
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute
from tests.fake_llm.server import RecordedRequest, Reply
from tests.openai_provider.dataset import BUNDLE, WINDOW
from tests.openai_provider.scripts import (
    ASKED,
    claim,
    composer_reply,
    contract,
    executor_final,
    plan_reply,
    standard_tool_calls,
    tool_calls_reply,
    verdict_reply,
)

pytestmark = pytest.mark.django_db

FIRST = "payment-service 10:05 开始大量 500，原因是什么？"
MARKER = "上一轮回答里的标记文字"
HYPOTHESIS = "慢查询或连接泄漏导致连接池被占满"  # the earlier run's unverified direction
BOTH_DIRECT = [("c1", "direct_observation"), ("c2", "direct_observation")]
YESTERDAY = {"start": "2026-11-27T09:55:00+08:00", "end": "2026-11-27T10:30:00+08:00"}
TWO_SERVICES: dict[str, Any] = {
    **BUNDLE,
    "name": "followups-openai",
    "services": [*BUNDLE["services"], {"name": "order-service", "aliases": ["订单服务"], "description": "订单"}],
}


@pytest.fixture
def world(openai_settings, fake_llm, db):
    evidence_bundle_load(data=TWO_SERVICES, source_name="followups-openai")
    return fake_llm


def ask(owner, question: str, session: DiagnosisSession | None = None) -> DiagnosisRun:
    run = diagnosis_run_create(owner=owner, question=question, session=session)
    diagnosis_run_execute(run_id=run.pk)
    run.refresh_from_db()
    assert run.status == DiagnosisRun.Status.COMPLETED, run.error
    return run


def persisted_asked(run: DiagnosisRun) -> dict[str, Any]:
    return run.self_evaluation["verifier_evaluation"]["asked"]


def planner_payload(server, index: int) -> dict[str, Any]:
    return json.loads(server.requests_for("planner")[index].user_message())


@pytest.fixture
def first(world, api_user) -> DiagnosisRun:
    world.script("planner", plan_reply())
    world.script("executor", standard_tool_calls(), executor_final())
    world.script("verifier", verdict_reply("PASS", BOTH_DIRECT))
    world.script("composer", composer_reply())
    run = ask(api_user, FIRST)
    assert run.outcome == "pass"
    DiagnosisRun.objects.filter(pk=run.pk).update(final_answer=f"{run.final_answer}\n{MARKER}")
    run.refresh_from_db()
    assert MARKER in run.final_answer
    assert HYPOTHESIS in json.dumps(run.self_evaluation, ensure_ascii=False)  # persisted, unverified
    assert "session_context" not in planner_payload(world, 0)  # a session's first question has no context
    return run


def sent_text(request: RecordedRequest) -> str:
    """Everything the request's messages say, as text (the raw body escapes non-ASCII)."""
    return "\n".join(str(m.get("content") or "") for m in request.messages)


def first_ref_contract(request: RecordedRequest) -> Reply:
    """One observation bound to the first ref of the first tool result that returned something
    (an evidence round's deduped repeat points back at the earlier results); no claim when the
    window held nothing."""
    messages = [*request.tool_messages(), *json.loads(request.user_message()).get("previous_tool_results", [])]
    message = next((m for m in messages if m.get("evidence_refs")), None)  # a deduped repeat has none
    if message is None:  # nothing found in the window: nothing to claim
        return Reply(content=json.dumps(contract([]), ensure_ascii=False))
    ref = message["evidence_refs"][0]
    body = contract([claim("c1", ref["text"][:120], message, ref, ref["text"][:60])])
    return Reply(content=json.dumps(body, ensure_ascii=False))


def follow_up(world, owner, first: DiagnosisRun, question: str, asked: dict[str, Any] | None, calls) -> DiagnosisRun:
    """Ask ``question`` in ``first``'s session; the model plans ``calls`` (and, should coverage ask
    for an evidence round, the same calls again), reads them, and binds one observation."""
    steps = [{"tool": name, "arguments": args, "purpose": "追问"} for name, args in calls]
    world.script("planner", plan_reply(steps=steps, asked=asked))
    world.script_always("planner", plan_reply("EVIDENCE_GAP_ONLY", steps=steps, asked=None))
    world.script_always(
        "executor", lambda request: first_ref_contract(request) if request.tool_messages() else tool_calls_reply(*calls)
    )
    world.script_always("verifier", verdict_reply("PASS", [("c1", "direct_observation")]))
    world.script_always("composer", composer_reply())
    return ask(owner, question, first.session)


def test_the_follow_up_request_carries_the_context_block_and_not_the_earlier_answer(world, api_user, first):
    asked = {**ASKED, "kind": "quantity", "dimension": {"metric": None, "terms": ["P99"]}, "source": "followup"}
    calls = [("query_metrics", {"service": "payment-service", **WINDOW})]
    follow_up(world, api_user, first, "那它的 P99 呢？", asked, calls)

    request = world.requests_for("planner")[1]
    payload = json.loads(request.user_message())
    turns = payload["session_context"]
    assert len(turns) == 1
    assert turns[0]["asked"]["services"] == ["payment-service"] and turns[0]["asked"]["window"] == WINDOW
    assert turns[0]["confirmed_services"] == ["payment-service"]
    assert turns[0]["confirmed_alerts"] == ["HighErrorRate"]  # the confirmed c2 claim's alert
    assert payload["question"] == "那它的 P99 呢？"
    # No earlier answer text, claim text or unverified direction.
    sent = sent_text(request)
    assert MARKER not in sent and "数据库连接池耗尽" not in sent and HYPOTHESIS not in sent
    assert FIRST not in sent  # nor the earlier question


def test_a_plan_the_model_marks_followup_is_what_the_run_records_pronoun(world, api_user, first):
    asked = {**ASKED, "kind": "quantity", "dimension": {"metric": None, "terms": ["P99"]}, "source": "followup"}
    run = follow_up(world, api_user, first, "那它的 P99 呢？", asked,
                    [("query_metrics", {"service": "payment-service", **WINDOW})])
    persisted = persisted_asked(run)
    assert (persisted["source"], persisted["kind"], persisted["services"]) == ("followup", "quantity", ["payment-service"])
    assert persisted["window"] == WINDOW
    metric_reads = ToolInvocation.objects.filter(run=run, tool_name="query_metrics", round=1)
    assert [(r.arguments["service"], r.arguments["start"], r.arguments["end"]) for r in metric_reads] == [
        ("payment-service", WINDOW["start"], WINDOW["end"])
    ]


def test_same_time_yesterday_with_the_model_plan(world, api_user, first):
    asked = {**ASKED, "window": YESTERDAY, "source": "followup"}
    run = follow_up(world, api_user, first, "再看看昨天同一时间", asked,
                    [("query_logs", {"service": "payment-service", "level": "ERROR", **YESTERDAY}),
                     ("query_metrics", {"service": "payment-service", **YESTERDAY})])
    persisted = persisted_asked(run)
    assert persisted["source"] == "followup" and persisted["window"] == YESTERDAY
    reads = ToolInvocation.objects.filter(run=run, round=1, tool_name__in=("query_logs", "query_metrics"))
    assert {(r.arguments["start"], r.arguments["end"]) for r in reads} == {(YESTERDAY["start"], YESTERDAY["end"])}
    # Verified only against its own calls, all of which read yesterday's window.
    cited = {e["source_invocation_id"] for e in run.self_evaluation["verifier_evaluation"]["verified_evidence"]}
    assert cited <= {r.invocation_id for r in reads}
    assert "HikariPool" not in run.final_answer  # this morning's incident is not yesterday's evidence


def test_an_explicit_service_with_the_model_plan_overrides(world, api_user, first):
    asked = {**ASKED, "services": ["order-service"], "source": "followup"}
    run = follow_up(world, api_user, first, "那 order-service 呢？", asked,
                    [("query_metrics", {"service": "order-service", **WINDOW})])
    assert persisted_asked(run)["services"] == ["order-service"] and persisted_asked(run)["source"] == "followup"
    turns = planner_payload(world, 1)["session_context"]
    assert turns[0]["asked"]["services"] == ["payment-service"]


@pytest.mark.parametrize(
    ("question", "services", "window", "kind"),
    [
        ("那它的 P99 呢？", ["payment-service"], WINDOW, "quantity"),
        ("再看看昨天同一时间", ["payment-service"], YESTERDAY, "cause"),
        ("那 order-service 呢？", ["order-service"], WINDOW, "cause"),
    ],
)
def test_a_plan_without_asked_gets_the_deterministic_follow_up_reading(world, api_user, first, question, services, window, kind):
    run = follow_up(world, api_user, first, question, None, [("query_metrics", {"service": services[0], **window})])
    persisted = persisted_asked(run)
    assert persisted["source"] == "followup"
    assert (persisted["services"], persisted["window"], persisted["kind"]) == (services, window, kind)


def test_without_an_earlier_turn_there_is_no_context_block(world, api_user):
    world.script("planner", plan_reply(asked=None))
    world.script("executor", standard_tool_calls(), executor_final())
    world.script("verifier", verdict_reply("PASS", BOTH_DIRECT))
    world.script("composer", composer_reply())
    run = ask(api_user, "那它的 P99 呢？")
    assert "session_context" not in planner_payload(world, 0)
    assert persisted_asked(run)["source"] == "planner"


def test_the_context_block_is_masked_like_any_model_input(world, api_user, first, openai_settings):
    openai_settings.MASKING = True
    # A confirmed entity that looks like an e-mail address (an alert named after its owner).
    DiagnosisRun.objects.filter(pk=first.pk).update(
        self_evaluation={
            **first.self_evaluation,
            "verifier_evaluation": {
                **first.self_evaluation["verifier_evaluation"],
                "asked": {**persisted_asked(first), "dimension": {"metric": None, "terms": ["oncall@example.com"]}},
            },
        }
    )
    follow_up(world, api_user, first, "那它的 P99 呢？", None, [("query_metrics", {"service": "payment-service", **WINDOW})])
    request = world.requests_for("planner")[1]
    assert "session_context" in request.user_message()
    assert "oncall@example.com" not in sent_text(request) and "oncall@example.com" not in request.raw.decode()
    assert "<EMAIL_1>" in request.user_message()
