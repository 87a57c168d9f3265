"""``manage.py evaluate --provider openai --models a,b`` (issue 29 item 3): one pass per model
against the fake OpenAI-compatible server, one table row per model; ``--save`` keeps one record
per model. The fake answers by the request's ``model``: ``good-model`` answers the demo question
as a careful model would (plan, tool calls, a contract bound to the refs it was sent, a PASS
verdict, a conclusion), ``broken-model`` answers every role with text that is no JSON."""

from __future__ import annotations

import json
import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from contracts import reasons as R
from diagnosis.reviews.models import EvaluationRecord
from superbiz.env import env_prices
from tests.fake_llm.fixtures import fake_llm, openai_settings  # noqa: F401 — fixtures
from tests.fake_llm.server import RecordedRequest, Reply
from tests.openai_provider.scripts import (
    claim,
    composer_reply,
    contract,
    find_ref,
    plan_reply,
    standard_tool_calls,
    verdict_reply,
)

pytestmark = pytest.mark.django_db

GOOD, BROKEN = "good-model", "broken-model"
QUESTION = "pay_500_since_ten"  # 支付服务 10 点后为什么一直 500？ — one honest demo question
USAGE = {"prompt_tokens": 2000, "completion_tokens": 300, "total_tokens": 2300}  # per call of the good model
CLAIMS = ("c1", "c2", "c3")


def _contract(request: RecordedRequest) -> Reply:
    pool_msg, pool_ref = find_ref(request, "query_logs", "active=50")
    http_msg, http_ref = find_ref(request, "query_logs", "HTTP 500")
    alert_msg, alert_ref = find_ref(request, "query_metrics", "HighErrorRate")
    body = contract([
        claim("c1", "payment-service 数据库连接池耗尽（active=50, idle=0）", pool_msg, pool_ref,
              "Connection is not available, request timed out after 3000ms (active=50, idle=0"),
        claim("c2", "payment-service 告警 HighErrorRate 于 10:06 触发", alert_msg, alert_ref, "5xx 比例超过 5%"),
        claim("c3", "payment-service 的 POST /api/pay 返回 HTTP 500", http_msg, http_ref,
              "POST /api/pay -> HTTP 500 Internal Server Error"),
    ])
    return Reply(content=json.dumps(body, ensure_ascii=False))


def _good(role: str, request: RecordedRequest) -> Reply:
    if role == "planner":
        reply = plan_reply()
    elif role == "executor":
        reply = _contract(request) if request.tool_messages() else standard_tool_calls()
    elif role == "verifier":
        reply = verdict_reply("PASS", [(c, "direct_observation") for c in CLAIMS])(request)
    else:
        reply = composer_reply("10:05:12 起 payment-service 数据库连接池耗尽，POST /api/pay 返回 HTTP 500。", ("c1", "c3"))
    reply.usage = dict(USAGE)
    return reply


def _by_model(role: str):
    def answer(request: RecordedRequest) -> Reply:
        if request.body["model"] == GOOD:
            return _good(role, request)
        return Reply(content="我觉得是数据库的问题，建议重启。")  # no JSON: invalid output for every role
    return answer


@pytest.fixture
def two_models(openai_settings, fake_llm, monkeypatch):  # noqa: F811 — fixtures
    for role in ("planner", "executor", "verifier", "composer"):
        fake_llm.script_always(role, _by_model(role))
    monkeypatch.setenv("LLM_PRICE_GOOD_MODEL", "0.15,0.60")
    openai_settings.LLM_PRICES = env_prices("LLM_PRICE_")  # as settings.py reads it at start-up
    return fake_llm


def evaluate(*args: str) -> str:
    out = StringIO()
    call_command("evaluate", "--provider", "openai", "--models", f"{GOOD},{BROKEN}", "--only", QUESTION, *args,
                 stdout=out, stderr=StringIO())
    return out.getvalue()


def rows(output: str) -> dict[str, list[str]]:
    """The table's rows by model: cells are separated by two spaces or more."""
    lines = output.splitlines()
    header = re.split(r"\s{2,}", lines[1])
    return {cells[0]: dict(zip(header, cells, strict=True)) for cells in (re.split(r"\s{2,}", line) for line in lines[3:])}


def model_requests(server, model: str) -> int:
    return sum(1 for r in server.requests if r.body["model"] == model)


def test_two_models_print_one_row_each_with_their_figures(two_models):
    table = rows(evaluate())

    good, broken = table[GOOD], table[BROKEN]
    assert list(table) == [GOOD, BROKEN]
    assert good["strictly right"] == "1/1" and good["false PASS"] == "0" and good["fallback"] == "0.0%"
    calls = model_requests(two_models, GOOD)
    assert calls == 5  # planner, executor (tools), executor (contract), verifier, composer
    assert good["tokens in/out"] == f"{2000 * calls}/{300 * calls}"
    assert good["cost USD"] == f"{(2000 * calls * 0.15 + 300 * calls * 0.60) / 1e6:.4f}"
    assert good["GK reject (bindings)"] == "0 (0)"

    assert broken["strictly right"] == "0/1" and broken["false PASS"] == "0"
    assert broken["fallback"] == f"100.0% ({R.EXECUTOR_INVALID_OUTPUT} 1)"
    assert broken["tokens in/out"] == f"{11 * model_requests(two_models, BROKEN)}/{7 * model_requests(two_models, BROKEN)}"
    assert broken["cost USD"] == "—"  # no LLM_PRICE_BROKEN_MODEL
    assert float(broken["p95 s"]) >= float(broken["p50 s"]) >= 0.0


def test_save_records_one_evaluation_per_model(two_models):
    evaluate("--save")

    records = {r.model: r for r in EvaluationRecord.objects.all()}
    assert set(records) == {GOOD, BROKEN}
    assert {r.provider for r in records.values()} == {"openai"}
    assert records[GOOD].figures["metrics"]["strictly_right"] == 1 and records[GOOD].scenarios == 1
    assert records[GOOD].figures["metrics"]["cost_usd"] > 0
    assert records[BROKEN].figures["metrics"]["fallbacks_by_reason"] == {R.EXECUTOR_INVALID_OUTPUT: 1}
    assert records[BROKEN].figures["metrics"]["cost_usd"] is None


def test_json_prints_one_object_per_model(two_models):
    payload = json.loads(evaluate("--json"))
    assert [m["model"] for m in payload["models"]] == [GOOD, BROKEN]
    assert payload["models"][1]["fallback_rate_by_reason"] == {R.EXECUTOR_INVALID_OUTPUT: 1.0}


def test_models_without_the_openai_provider_is_refused():
    with pytest.raises(CommandError, match="--provider openai"):
        call_command("evaluate", "--models", "a,b", "--only", QUESTION, stdout=StringIO(), stderr=StringIO())


def test_a_world_question_is_asked_of_each_model_too(two_models):
    out = StringIO()
    call_command("evaluate", "--provider", "openai", "--models", BROKEN, "--world", "ticketing",
                 "--only", "ticketing_seat_deadlock_cause", stdout=out, stderr=StringIO())
    assert out.getvalue().startswith("models on ticketing")
    broken = rows(out.getvalue())[BROKEN]
    assert broken["runs"] == "1" and broken["fallback"] == f"100.0% ({R.EXECUTOR_INVALID_OUTPUT} 1)"
    assert model_requests(two_models, BROKEN) > 0 and model_requests(two_models, GOOD) == 0
