"""Sustained model failure opens the endpoint's circuit (issue 9 item 6.1), through the real
``openai`` client against the fake server serving 500s: after the threshold, runs fail fast with
the ``model_unavailable`` fallback and the server receives no request; after the cooldown one
probe goes out; a failed probe re-opens, a good one closes. The breaker clock is injected."""

from __future__ import annotations

import pytest

from contracts import reasons as R
from diagnosis.agents.circuit import CLOSED, OPEN
from diagnosis.agents.openai import build_provider
from diagnosis.composer.templates import FALLBACK_MESSAGES
from diagnosis.models import DiagnosisRun, OrchestrationEvent
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute
from tests.fake_llm.server import Reply
from tests.openai_provider.scripts import (
    composer_reply,
    executor_final,
    plan_reply,
    standard_tool_calls,
    verdict_reply,
)

pytestmark = pytest.mark.django_db

THRESHOLD = 3
COOLDOWN_S = 30.0
# A 500 the client retries at once (retry-after-ms) so the test does not sit in back-off.
SERVER_ERROR = Reply(status=500, headers={"retry-after-ms": "1"}, error_message="upstream overloaded")


@pytest.fixture
def model(openai_settings, fake_llm, incident):
    openai_settings.LLM_CIRCUIT_FAILURES = THRESHOLD
    openai_settings.LLM_CIRCUIT_COOLDOWN_S = COOLDOWN_S
    return fake_llm


def ask(owner, circuits) -> DiagnosisRun:
    run = diagnosis_run_create(owner=owner, question="payment-service 10:05 开始大量 500，原因是什么？")
    diagnosis_run_execute(run_id=run.pk, provider=build_provider(circuits=circuits))
    run.refresh_from_db()
    return run


def planner_breaker(circuits, settings):
    return circuits.breaker(
        (settings.OPENAI_BASE_URL.rstrip("/"), settings.LLM_MODEL),
        failure_threshold=THRESHOLD,
        cooldown_s=COOLDOWN_S,
    )


def script_500s(server, calls: int, per_call: int) -> None:
    server.script("planner", *[SERVER_ERROR] * (calls * per_call))


def script_pass(server) -> None:
    server.script("planner", plan_reply())
    server.script("executor", standard_tool_calls(), executor_final())
    server.script("verifier", verdict_reply("PASS", [("c1", "direct_observation"), ("c2", "direct_observation")]))
    server.script("composer", composer_reply())


def assert_model_unavailable(run: DiagnosisRun) -> None:
    assert (run.status, run.outcome, run.fallback_reason, run.verdict) == ("completed", "fallback", R.MODEL_UNAVAILABLE, "")
    why, next_step = FALLBACK_MESSAGES[R.MODEL_UNAVAILABLE]
    assert why in run.final_answer and next_step in run.final_answer
    assert run.self_evaluation["verifier_evaluation"]["failure_reason"] == R.MODEL_UNAVAILABLE
    assert not run.tool_invocations.exists()


def test_after_the_threshold_runs_fail_fast_without_a_request(model, api_user, circuits, openai_settings):
    per_call = openai_settings.LLM_MAX_RETRIES + 1
    script_500s(model, THRESHOLD, per_call)
    failing = [ask(api_user, circuits) for _ in range(THRESHOLD)]
    assert [r.fallback_reason for r in failing] == [R.PLANNER_FAILED] * THRESHOLD
    assert len(model.requests) == THRESHOLD * per_call
    assert planner_breaker(circuits, openai_settings).state == OPEN

    refused = [ask(api_user, circuits) for _ in range(5)]
    for run in refused:
        assert_model_unavailable(run)
    assert len(model.requests) == THRESHOLD * per_call  # not one more request while open
    assert planner_breaker(circuits, openai_settings).rejected == 5
    error = OrchestrationEvent.objects.filter(run=refused[0], node="planner", event="route").get()
    assert error.detail["reason"] == R.MODEL_UNAVAILABLE


def test_after_the_cooldown_one_probe_goes_out_a_failed_probe_reopens(model, api_user, circuits, clock, openai_settings):
    per_call = openai_settings.LLM_MAX_RETRIES + 1
    script_500s(model, THRESHOLD + 1, per_call)  # the threshold, then the probe
    for _ in range(THRESHOLD):
        ask(api_user, circuits)
    before = len(model.requests)
    clock.advance(COOLDOWN_S - 0.1)
    assert_model_unavailable(ask(api_user, circuits))
    assert len(model.requests) == before

    clock.advance(0.1)
    probe = ask(api_user, circuits)
    assert probe.fallback_reason == R.PLANNER_FAILED  # the probe reached the server and got 500s
    assert len(model.requests) == before + per_call
    assert planner_breaker(circuits, openai_settings).state == OPEN  # re-opened for a new cooldown
    clock.advance(COOLDOWN_S - 0.1)
    assert_model_unavailable(ask(api_user, circuits))
    assert len(model.requests) == before + per_call


def test_a_good_probe_closes_the_circuit_and_runs_answer_again(model, api_user, circuits, clock, openai_settings):
    per_call = openai_settings.LLM_MAX_RETRIES + 1
    script_500s(model, THRESHOLD, per_call)
    for _ in range(THRESHOLD):
        ask(api_user, circuits)
    assert_model_unavailable(ask(api_user, circuits))
    clock.advance(COOLDOWN_S)
    script_pass(model)
    recovered = ask(api_user, circuits)
    assert (recovered.status, recovered.outcome) == ("completed", "pass"), recovered.fallback_reason
    assert planner_breaker(circuits, openai_settings).state == CLOSED
    script_pass(model)
    assert ask(api_user, circuits).outcome == "pass"


def test_the_circuit_is_per_model_another_model_on_the_same_url_still_answers(model, api_user, circuits, openai_settings):
    per_call = openai_settings.LLM_MAX_RETRIES + 1
    script_500s(model, THRESHOLD, per_call)
    for _ in range(THRESHOLD):
        ask(api_user, circuits)
    assert_model_unavailable(ask(api_user, circuits))
    openai_settings.LLM_ROLE_MODELS = {role: "fake-model-b" for role in openai_settings.LLM_ROLE_MODELS}
    script_pass(model)
    other = ask(api_user, circuits)
    assert other.outcome == "pass", other.fallback_reason
    assert model.requests_for("planner")[-1].body["model"] == "fake-model-b"
    assert planner_breaker(circuits, openai_settings).state == OPEN  # fake-model's stays open


def test_a_4xx_does_not_count_towards_the_threshold(model, api_user, circuits, openai_settings):
    model.script("planner", *[Reply(status=400, error_message="bad request")] * (THRESHOLD + 2))
    runs = [ask(api_user, circuits) for _ in range(THRESHOLD + 2)]
    assert {r.fallback_reason for r in runs} == {R.PLANNER_FAILED}
    assert len(model.requests) == THRESHOLD + 2  # every call was sent: the endpoint is up
    assert planner_breaker(circuits, openai_settings).state == CLOSED


def test_the_circuit_opens_mid_run_in_the_verifier_and_the_run_ends_model_unavailable(
    model, api_user, circuits, openai_settings
):
    openai_settings.LLM_ROLE_MODELS = {**openai_settings.LLM_ROLE_MODELS, "verifier": "fake-verifier"}
    openai_settings.LLM_CIRCUIT_FAILURES = 1
    model.script("planner", plan_reply())
    model.script("executor", standard_tool_calls(), executor_final())
    model.script("verifier", *[SERVER_ERROR] * (openai_settings.LLM_MAX_RETRIES + 1))
    first = ask(api_user, circuits)
    assert first.fallback_reason == R.VERIFIER_NON_RETRYABLE  # the failure that opened it
    model.script("planner", plan_reply())
    model.script("executor", standard_tool_calls(), executor_final())
    second = ask(api_user, circuits)
    assert (second.status, second.fallback_reason) == ("completed", R.MODEL_UNAVAILABLE)
    assert second.tool_invocations.count() == 2  # evidence was gathered; no verdict is made up
    assert second.self_evaluation["verifier_evaluation"]["model_verdict"] is None
