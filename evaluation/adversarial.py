"""Adversarial scenarios: scripted agents (``diagnosis.agents.scripted``) drive every route and
every fallback reason through the *real* tools, Gatekeeper, parsers, verdict arithmetic,
Composer material, leak guard and persistence, over the demo data.

The scripted Executor calls real tools (persisted invocations) and then builds its contract from
the real results — honest bindings from the real ids/paths/texts, adversarial ones by altering
exactly one thing (an id, a tool name, a path, a digit, a service name …). A few scenarios pair
the scripted Executor with the real offline Verifier and Composer, so fabricated claim *text*
over valid bindings is judged by the deterministic offline checks, not by a script.

Every fabricated value below is absent from the demo data (a test asserts it).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from contracts import reasons as R
from contracts.reasons import REASON_CIRCUIT_OPEN
from contracts.tools import ToolCallResult
from diagnosis.agents.base import AgentError, Provider
from diagnosis.agents.scripted import (
    ExecutorStep,
    binding_for,
    claim,
    conclusion_reply,
    contract,
    scripted_provider,
    verifier_reply,
)
from evaluation import checks as C
from evaluation.scenario import LOW_CONFID, PASS, REJECT, Scenario, fallback

QUESTION: Final = "payment-service 从 10:05 开始大量 500，原因是什么？"

# --- Real evidence calls over the demo world --------------------------------------------------
_AT_1005: Final = {"start": "2026-11-28T10:05:00+08:00", "end": "2026-11-28T10:06:00+08:00"}
POOL_LOGS: Final = ("query_logs", {"service": "payment-service", "level": "ERROR", "keyword": "HikariPool", **_AT_1005})
HTTP500_LOGS: Final = ("query_logs", {"service": "payment-service", "level": "ERROR", "keyword": "HTTP 500", **_AT_1005})
PAY_ALERTS: Final = ("query_metrics", {"service": "payment-service", "alert_name": "HighErrorRate"})
PAY_ALERTS_WIDE: Final = (
    "query_metrics",
    {"service": "payment-service", "alert_name": "HighErrorRate", "start": "2026-11-28T10:00:00+08:00",
     "end": "2026-11-28T10:30:00+08:00"},
)
POOL_RUNBOOK: Final = ("lookup_knowledge", {"query": "数据库连接池耗尽 处理方案", "top_k": 2})
NO_DATA_LOGS: Final = ("query_logs", {"service": "refund-service", "level": "ERROR"})
STANDARD_CALLS: Final = (POOL_LOGS, HTTP500_LOGS, PAY_ALERTS)

# Needles that pick the evidence ref a claim rests on (robust to result ordering).
POOL_REF: Final = "waiting=37"
HTTP500_REF: Final = "10:05:12 payment-service ERROR POST /api/pay -> HTTP 500"
ALERT_REF: Final = "HighErrorRate payment-service"

# --- Honest claim texts (every figure is in the bound evidence) -------------------------------
POOL_CLAIM: Final = "10:05:12 起 payment-service HikariPool-1 连接池耗尽（active=50, idle=0, waiting=37），获取连接 3000ms 超时"
HTTP500_CLAIM: Final = "10:05:12 起 payment-service 的 POST /api/pay 返回 HTTP 500"
ALERT_CLAIM: Final = "payment-service 告警 HighErrorRate 于 10:06 触发，数值 12.5%"
HYPOTHESIS: Final = {"hypothesis_id": "h1", "text": "对账任务的慢查询占住连接，导致连接池被占满", "rationale": "手册：常见原因"}
ACTION: Final = {"action": "暂停对账任务并排查慢查询", "priority": "high", "basis": "runbook"}

# --- Fabricated values (none occurs in the demo data) -----------------------------------------
FAKE_ROOT_CAUSE: Final = "根因是 DNS 解析故障导致数据库域名不可达"
FAKE_ROOT_CAUSE_KEY: Final = "DNS 解析故障"
FAKE_WAITING: Final = "waiting=73"
FAKE_ALERT_VALUE: Final = "21.5%"
FAKE_SERVICE: Final = "refund-service"
FAKE_SERVICE_CLAIM: Final = "10:05:12 起 refund-service 连接池耗尽，退款接口返回 HTTP 500"
FAKE_POOL_SERVICE: Final = "order-service HikariPool-1"
FAKE_ROOT_CAUSE_2: Final = "根因是 Redis 主从切换后客户端未重连"
FAKE_ROOT_CAUSE_2_KEY: Final = "Redis 主从切换后客户端未重连"
FAKE_COMPOSER_NUMBER: Final = "waiting=99"
FAKE_SUMMARY: Final = "诊断结论：根因是 DNS 解析故障导致数据库域名不可达"
FABRICATED_VALUES: Final[tuple[str, ...]] = (
    FAKE_ROOT_CAUSE_KEY,
    FAKE_WAITING,
    FAKE_ALERT_VALUE,
    FAKE_SERVICE,
    FAKE_POOL_SERVICE,
    FAKE_ROOT_CAUSE_2_KEY,
    FAKE_COMPOSER_NUMBER,
)

Results = Sequence[ToolCallResult]


class ScenarioSetupError(LookupError):
    """The demo data does not contain what a scenario builds on (raised inside the run, so it
    surfaces as that scenario's mismatch with this message)."""


def ref_index(result: ToolCallResult, needle: str) -> int:
    for index, ref in enumerate(result.evidence_refs):
        if needle in str(ref.get("text", "")):
            return index
    raise ScenarioSetupError(f"{result.invocation_id} {result.tool_name}: no evidence ref contains {needle!r}")


def good(result: ToolCallResult, needle: str, **overrides: Any) -> dict[str, Any]:
    """A valid binding to the ref of ``result`` containing ``needle`` (``overrides`` spoil it)."""
    return binding_for(result, ref_index(result, needle), **overrides)


def ref_text(result: ToolCallResult, needle: str) -> str:
    return str(result.evidence_refs[ref_index(result, needle)]["text"])


def without_raw_path(binding: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in binding.items() if k != "raw_path"}


def honest_claims(results: Results) -> list[dict[str, Any]]:
    pool, http500, alerts = results[0], results[1], results[2]
    return [
        claim("c1", POOL_CLAIM, [good(pool, POOL_REF)]),
        claim("c2", HTTP500_CLAIM, [good(http500, HTTP500_REF)]),
        claim("c3", ALERT_CLAIM, [good(alerts, ALERT_REF)]),
    ]


def honest_contract(results: Results, **extra: Any) -> dict[str, Any]:
    return contract(honest_claims(results), hypotheses=[HYPOTHESIS], recommended_actions=[ACTION], **extra)


ContentFn = Callable[[Results], Any]


def step(content: ContentFn | Any, calls: Sequence[tuple[str, Any]] = STANDARD_CALLS) -> ExecutorStep:
    """The standard evidence calls, then ``content(results)`` (or a fixed value)."""
    if callable(content):
        return ExecutorStep(calls=list(calls), content=lambda results, _tools: content(results))
    return ExecutorStep(calls=list(calls), content=content)


def honest_step() -> ExecutorStep:
    return step(honest_contract)


def scripted(
    *,
    planner: Sequence[Any] | None = None,
    executor: Callable[[], Sequence[Any]] | None = None,
    verifier: Sequence[Any] | None = None,
    composer: Sequence[Any] | None = None,
) -> Callable[[], Provider]:
    """A provider factory (scripts are consumed, so each run gets fresh ones)."""

    def factory() -> Provider:
        return scripted_provider(
            planner=list(planner or []),
            executor=list(executor() if executor else [honest_step()]),
            verifier=list(verifier or [verifier_reply("PASS")]),
            composer=list(composer or []),
        )

    return factory


def with_offline_judges(executor: Callable[[], Sequence[Any]]) -> Callable[[], Provider]:
    """Scripted planner/Executor, the real offline Verifier and Composer: fabricated claim text
    over valid bindings is judged by the offline claim-vs-evidence checks."""

    def factory() -> Provider:
        from diagnosis.agents.offline import build_provider

        offline = build_provider()
        script = scripted_provider(executor=list(executor()))
        return Provider(
            name="scripted+offline",
            planner=script.planner,
            executor=script.executor,
            verifier=offline.verifier,
            composer=offline.composer,
            model_by_role={"planner": "scripted", "executor": "scripted"},
        )

    return factory


def one(content: ContentFn | Any, calls: Sequence[tuple[str, Any]] = STANDARD_CALLS) -> Callable[[], list[ExecutorStep]]:
    return lambda: [step(content, calls)]


def insisting(content: ContentFn) -> Callable[[], list[ExecutorStep]]:
    """The standard calls and ``content``; if the Verifier asks for more evidence, round 2 makes
    no new call and submits the same contract again (over the round-1 invocations)."""
    return lambda: [
        step(content),
        ExecutorStep(calls=[], content=lambda _results, tools: content(tools.history()[: len(STANDARD_CALLS)])),
    ]


def altered(text: str, marker: str, replacement: str) -> str:
    """``text`` with ``marker`` replaced by ``replacement`` (a scenario error when absent)."""
    if marker not in text:
        raise ScenarioSetupError(f"{marker!r} not in {text[:80]!r}")
    return text.replace(marker, replacement, 1)


def gap(claim_id: str, tool: str = "query_metrics", *, critical: bool = True, query: str = "HighErrorRate 告警数值") -> dict[str, Any]:
    return {"claim_id": claim_id, "gap": f"{claim_id} 的数值缺少直接证据", "is_critical": critical,
            "suggested_tool": tool, "suggested_query": query}


def _two_objects(_input: str) -> str:
    return json.dumps({"verdict": "PASS"}) + "\n" + json.dumps({"verdict": "PASS"})


def _score_out_of_range(verifier_input: str) -> dict[str, Any]:
    reply = verifier_reply("PASS")(verifier_input)
    reply["groundedness_score"] = 1.7
    return reply


def _unknown_verdict(verifier_input: str) -> dict[str, Any]:
    reply = verifier_reply("PASS")(verifier_input)
    reply["verdict"] = "MOSTLY_PASS"
    return reply


def _fenced_reply(verifier_input: str) -> str:
    return "```json\n" + json.dumps(verifier_reply("PASS")(verifier_input), ensure_ascii=False) + "\n```"


def _refs_to_unverified_evidence(verifier_input: str) -> dict[str, Any]:
    """A PASS whose c2 check cites only evidence that was never verified (fabricated id/path)."""
    reply = verifier_reply("PASS")(verifier_input)
    for check in reply["claim_checks"]:
        if check["claim_id"] == "c2":
            check["evidence_refs"] = [
                {"claim_id": "c2", "source_invocation_id": "inv_99", "tool_name": "query_logs", "raw_path": "/records/0"},
                {"claim_id": "c2", "source_invocation_id": "inv_1", "tool_name": "query_logs", "raw_path": "/records/999"},
            ]
    return reply


# --- Scenario helpers -------------------------------------------------------------------------
def adversarial(name: str, group: str, expected: str | set[str], factory: Callable[[], Provider], **kw: Any) -> Scenario:
    kw.setdefault("question", QUESTION)
    return Scenario(
        name=name,
        expected=frozenset({expected} if isinstance(expected, str) else expected),
        group=group,
        provider=factory,
        **kw,
    )


GK_BYPASS: Final = (C.verifier_calls(0), C.composer_not_called())


def _fake_id(results: Results) -> dict[str, Any]:
    pool, http500, alerts = results[0], results[1], results[2]
    return contract([
        claim("c1", POOL_CLAIM, [good(pool, POOL_REF, invocation_id="inv_99")]),
        claim("c2", HTTP500_CLAIM, [good(http500, HTTP500_REF)]),
        claim("c3", ALERT_CLAIM, [good(alerts, ALERT_REF)]),
    ])


def _wrong_tool(results: Results) -> dict[str, Any]:
    return contract([claim("c1", POOL_CLAIM, [good(results[0], POOL_REF, tool_name="query_metrics")])])


def _unknown_path(results: Results) -> dict[str, Any]:
    return contract([claim("c1", POOL_CLAIM, [good(results[0], POOL_REF, raw_path="/records/999")])])


def _altered_digit(results: Results) -> dict[str, Any]:
    pool = results[0]
    excerpt = altered(ref_text(pool, POOL_REF), "waiting=37", FAKE_WAITING)
    text = POOL_CLAIM.replace("waiting=37", FAKE_WAITING)
    return contract([claim("c1", text, [good(pool, POOL_REF, excerpt=excerpt)])])


def _altered_service(results: Results) -> dict[str, Any]:
    pool = results[0]
    excerpt = altered(ref_text(pool, POOL_REF), "payment-service ERROR", "order-service ERROR")
    return contract([claim("c1", f"10:05:12 起 {FAKE_POOL_SERVICE} 连接池耗尽（waiting=37）", [good(pool, POOL_REF, excerpt=excerpt)])])


def _altered_alert_value(results: Results) -> dict[str, Any]:
    alerts = results[2]
    excerpt = altered(ref_text(alerts, ALERT_REF), "value 12.5%", f"value {FAKE_ALERT_VALUE}")
    text = ALERT_CLAIM.replace("12.5%", FAKE_ALERT_VALUE)
    return contract([claim("c3", text, [good(alerts, ALERT_REF, excerpt=excerpt)])])


def _excerpt_from_runbook_on_log_ref(results: Results) -> dict[str, Any]:
    """A fabricated root cause whose excerpt is real runbook text, bound to a log line it is not
    in: the excerpt does not occur in the bound ref's text."""
    pool = results[0]
    return contract([
        claim("c1", FAKE_ROOT_CAUSE, [good(pool, POOL_REF, excerpt="排查慢查询与连接泄漏，临时扩大连接池上限")],
              claim_type="root_cause"),
    ])


def _stitched_excerpt(results: Results) -> dict[str, Any]:
    """Two real fragments of *different* log lines joined with an ellipsis, bound to one of them."""
    pool, http500 = results[0], results[1]
    second = "POST /api/pay -> HTTP 500"
    if second not in ref_text(http500, HTTP500_REF):
        raise ScenarioSetupError(f"{second!r} not in the HTTP 500 log line")
    excerpt = f"Connection is not available … {second}"
    return contract([claim("c1", POOL_CLAIM + "，因此返回 HTTP 500", [good(pool, POOL_REF, excerpt=excerpt)])])


def _missing_bindings(results: Results) -> dict[str, Any]:
    return contract([claim("c1", POOL_CLAIM, [good(results[0], POOL_REF)]), claim("c2", FAKE_ROOT_CAUSE_2, [])])


def _with_forbidden(key: str) -> ContentFn:
    return lambda results: honest_contract(results, **{key: FAKE_SUMMARY})


def _good_plus_fake_id(results: Results) -> dict[str, Any]:
    pool, alerts = results[0], results[2]
    return contract([
        claim("c1", POOL_CLAIM, [good(pool, POOL_REF)]),
        claim("c2", FAKE_ROOT_CAUSE, [good(alerts, ALERT_REF, invocation_id="inv_42")], claim_type="root_cause"),
    ])


def _only_raw_path_missing(results: Results) -> dict[str, Any]:
    return contract([claim("c1", FAKE_ROOT_CAUSE, [without_raw_path(good(results[0], POOL_REF))], claim_type="root_cause")])


def _bound_to_no_hit(results: Results) -> dict[str, Any]:
    no_hit = results[-1]
    binding = {"source_type": "log", "tool_name": "query_logs", "source_invocation_id": no_hit.invocation_id,
               "raw_path": "/records/0", "evidence_excerpt": "refund-service ERROR POST /api/refund -> HTTP 500"}
    return contract([claim("c1", FAKE_SERVICE_CLAIM, [binding])])


def _bound_to_deduped(results: Results) -> dict[str, Any]:
    deduped = results[-1]  # the repeated POOL_LOGS call
    binding = {"source_type": "log", "tool_name": "query_logs", "source_invocation_id": deduped.invocation_id,
               "raw_path": "/records/2", "evidence_excerpt": "Connection is not available"}
    return contract([claim("c1", POOL_CLAIM, [binding])])


def _mixed_good_and_imprecise_fabricated(results: Results) -> dict[str, Any]:
    pool, http500, alerts = results[0], results[1], results[2]
    return contract([
        claim("c1", POOL_CLAIM, [good(pool, POOL_REF)]),
        claim("c2", HTTP500_CLAIM, [good(http500, HTTP500_REF)]),
        claim("c3", FAKE_ROOT_CAUSE, [without_raw_path(good(alerts, ALERT_REF))], claim_type="root_cause"),
    ], hypotheses=[HYPOTHESIS])


def _claim_with_good_and_imprecise_binding(results: Results) -> dict[str, Any]:
    pool, http500 = results[0], results[1]
    return contract([
        claim("c1", POOL_CLAIM, [good(pool, POOL_REF), without_raw_path(good(http500, HTTP500_REF))]),
    ])


def _good_plus_no_hit_claim(results: Results) -> dict[str, Any]:
    pool, no_hit = results[0], results[-1]
    binding = {"source_type": "log", "tool_name": "query_logs", "source_invocation_id": no_hit.invocation_id,
               "raw_path": "/records/0", "evidence_excerpt": "refund-service ERROR"}
    return contract([claim("c1", POOL_CLAIM, [good(pool, POOL_REF)]), claim("c2", FAKE_SERVICE_CLAIM, [binding])])


def _fabricated_text_over_valid_binding(results: Results) -> dict[str, Any]:
    """Honest c1/c2 plus a claim whose *text* is an invented root cause while its binding (a real
    ref, a real excerpt) is valid — only the Verifier can catch it."""
    pool, http500 = results[0], results[1]
    return contract([
        claim("c1", POOL_CLAIM, [good(pool, POOL_REF)]),
        claim("c2", HTTP500_CLAIM, [good(http500, HTTP500_REF)]),
        claim("c3", FAKE_ROOT_CAUSE, [good(pool, POOL_REF)], claim_type="root_cause"),
    ])


def _altered_number_in_text_only(results: Results) -> dict[str, Any]:
    pool, http500 = results[0], results[1]
    return contract([
        claim("c1", POOL_CLAIM.replace("waiting=37", FAKE_WAITING), [good(pool, POOL_REF)]),
        claim("c2", HTTP500_CLAIM, [good(http500, HTTP500_REF)]),
    ])


def _wrong_service_in_text_only(results: Results) -> dict[str, Any]:
    alerts = results[2]
    return contract([claim("c1", "refund-service 告警 HighErrorRate 于 10:06 触发，数值 12.5%", [good(alerts, ALERT_REF)])])


def _altered_value_in_text_only(results: Results) -> dict[str, Any]:
    pool, alerts = results[0], results[2]
    return contract([
        claim("c1", POOL_CLAIM, [good(pool, POOL_REF)]),
        claim("c2", ALERT_CLAIM.replace("12.5%", FAKE_ALERT_VALUE), [good(alerts, ALERT_REF)]),
    ])


def _legacy_binding_backfilled(results: Results) -> dict[str, Any]:
    """The alert binding omits source_invocation_id; query_metrics ran once, so the narrow
    compatibility backfill fills it (with a warning) — still a PASS."""
    claims = honest_claims(results)
    del claims[2]["evidence_bindings"][0]["source_invocation_id"]
    return contract(claims)


def round2(content: Callable[[Results, Results], Any]) -> ExecutorStep:
    """Round 2 (EVIDENCE_GAP_ONLY): one supplementary alert call, then ``content(round-1
    results, round-2 results)`` — a complete contract over both rounds' invocations."""
    return ExecutorStep(
        calls=[PAY_ALERTS_WIDE],
        content=lambda results, tools: content(tools.history()[: len(STANDARD_CALLS)], results),
    )


def _round2_complete(first: Results, second: Results) -> dict[str, Any]:
    pool, http500, alerts = first[0], first[1], second[0]
    return contract([
        claim("c1", POOL_CLAIM, [good(pool, POOL_REF)]),
        claim("c2", HTTP500_CLAIM, [good(http500, HTTP500_REF)]),
        claim("c3", ALERT_CLAIM, [good(alerts, ALERT_REF)]),
    ], hypotheses=[HYPOTHESIS], recommended_actions=[ACTION])


def _round2_fabricated_id(first: Results, second: Results) -> dict[str, Any]:
    pool, alerts = first[0], second[0]
    return contract([
        claim("c1", POOL_CLAIM, [good(pool, POOL_REF)]),
        claim("c3", ALERT_CLAIM, [good(alerts, ALERT_REF, invocation_id="inv_77")]),
    ])


def _root_cause_contract(results: Results) -> dict[str, Any]:
    pool, http500, alerts = results[0], results[1], results[2]
    return contract([
        claim("c1", POOL_CLAIM, [good(pool, POOL_REF)]),
        claim("c2", "根因是对账任务的慢查询占满了连接池", [good(pool, POOL_REF)], claim_type="root_cause"),
        claim("c3", ALERT_CLAIM.replace("12.5%", FAKE_ALERT_VALUE), [good(alerts, ALERT_REF)]),
        claim("c4", HTTP500_CLAIM, [good(http500, HTTP500_REF)]),
    ], hypotheses=[HYPOTHESIS], recommended_actions=[ACTION])


_FENCED_CONTENT: Final = lambda results: "```json\n" + json.dumps(honest_contract(results), ensure_ascii=False) + "\n```"  # noqa: E731
_TRUNCATED: Final = (
    '{"answer_version": "executor_evidence_v2", "claims": [{"claim_id": "c1", "claim_type": "root_cause", '
    '"claim_text": "' + FAKE_ROOT_CAUSE + '", "evidence_bindings": [{"tool_name": "query_logs"'
)
_V1: Final = json.dumps({"answer_version": "executor_evidence_v1", "claims": [{"claim_id": "c1", "claim_text": FAKE_ROOT_CAUSE}],
                         "hypotheses": [], "recommended_actions": [], "missing_info": []}, ensure_ascii=False)
_PROSE_WITH_JSON: Final = "下面是结构化结果：\n" + _TRUNCATED.replace('"query_logs"', '"query_logs"}]}]}') + "\n以上。"


_PROSE: Final = f"结论：{FAKE_ROOT_CAUSE}。payment-service 连接池 {FAKE_WAITING}，建议扩容。"


ADVERSARIAL_SCENARIOS: Final[tuple[Scenario, ...]] = (
    # ============================== PASS ========================================================
    adversarial("scripted_honest_pass", "pass", PASS, scripted(), honest_claims=("c1", "c2", "c3"),
                checks=(C.gatekeeper(status="pass", severity="none"), C.confirmed_claims(["c1", "c2", "c3"]))),
    adversarial("executor_contract_in_code_fence", "executor", PASS, scripted(executor=one(_FENCED_CONTENT)),
                honest_claims=("c1", "c2", "c3"), checks=(C.gatekeeper(status="warn"),),
                description="one surrounding ```json fence is tolerated with a warning (spec SHOULD)"),
    adversarial("legacy_binding_without_invocation_id_backfilled", "gatekeeper", PASS,
                scripted(executor=one(_legacy_binding_backfilled)), honest_claims=("c1", "c2", "c3"),
                checks=(C.gatekeeper(status="warn", severity="none"),)),
    adversarial("planner_blip_then_recovers", "planner", PASS,
                scripted(planner=[AgentError("timeout", retryable=True, reason="timeout")]),
                checks=(C.planner_calls(2),)),
    adversarial("verifier_garbage_then_valid_reply", "verifier", PASS,
                scripted(verifier=["好的，我核验过了，都没问题。", verifier_reply("PASS")]),
                checks=(C.verifier_attempts(2),)),
    adversarial("verifier_refs_to_unverified_evidence_dropped", "verifier", PASS,
                scripted(verifier=[_refs_to_unverified_evidence]),
                checks=(C.dropped_refs(), C.verification("c2", "reasonable_inference")),
                description="refs to inv_99 and /records/999 are dropped; c2 falls to reasonable_inference"),
    adversarial("composer_states_fabricated_number", "composer", PASS,
                scripted(composer=[conclusion_reply(f"payment-service 连接池耗尽（{FAKE_COMPOSER_NUMBER}），{FAKE_ROOT_CAUSE}。")]),
                fabricated=(FAKE_COMPOSER_NUMBER, FAKE_ROOT_CAUSE_KEY), checks=(C.composer_status("leak_guard_replaced"),)),
    adversarial("composer_names_unknown_service", "composer", PASS,
                scripted(composer=[conclusion_reply(f"{FAKE_SERVICE} 与 payment-service 同时出现 HTTP 500。", ("c2",))]),
                fabricated=(FAKE_SERVICE,), checks=(C.composer_status("leak_guard_replaced"),)),
    adversarial("composer_garbage_twice_template_used", "composer", PASS,
                scripted(composer=["这不是 JSON", "```\n{\"answer\": \n```"]),
                checks=(C.composer_status("composer_failed"),)),
    adversarial("offline_judges_honest_scripted_contract", "offline judges", PASS,
                with_offline_judges(insisting(honest_contract)), honest_claims=("c1", "c2", "c3")),
    # ============================== LOW_CONFID (no retry) =======================================
    adversarial("verifier_pass_over_low_confid_ceiling", "verifier", LOW_CONFID,
                scripted(executor=one(_claim_with_good_and_imprecise_binding)),
                honest_claims=("c1",), checks=(C.ceiling("LOW_CONFID"), C.confirmed_claims(["c1"]))),
    adversarial("mixed_good_and_imprecise_fabricated_claim", "gatekeeper", LOW_CONFID,
                scripted(executor=one(_mixed_good_and_imprecise_fabricated)),
                fabricated=(FAKE_ROOT_CAUSE_KEY,), honest_claims=("c1", "c2"),
                checks=(C.verified_claims(["c1", "c2"]), C.confirmed_claims(["c1", "c2"]),
                        C.failed_rule("evidence.raw_path_missing"), C.answer_lacks(FAKE_ROOT_CAUSE_KEY)),
                description="only the good claims survive the projection; the imprecise fabricated one never reaches the Verifier"),
    adversarial("good_claim_plus_claim_bound_to_no_hit_call", "gatekeeper", LOW_CONFID,
                scripted(executor=one(_good_plus_no_hit_claim, (POOL_LOGS, NO_DATA_LOGS))),
                fabricated=(FAKE_SERVICE,), honest_claims=("c1",),
                checks=(C.failed_rule("evidence.refs_unavailable"), C.verified_claims(["c1"]), C.tool_status("no_hit"))),
    adversarial("lenient_verifier_pass_with_unsupported_critical_claim", "verifier", LOW_CONFID,
                scripted(executor=one(_fabricated_text_over_valid_binding),
                         verifier=[verifier_reply("PASS", verification={"c3": "unsupported"})]),
                fabricated=(FAKE_ROOT_CAUSE_KEY,), honest_claims=("c1", "c2"),
                checks=(C.confirmed_claims(["c1", "c2"]),),
                description="the model says PASS; the rule verdict (critical unsupported) caps it at LOW_CONFID"),
    adversarial("low_confid_gap_names_non_evidence_tool", "retry", LOW_CONFID,
                scripted(verifier=[verifier_reply("LOW_CONFID", verification={"c3": "unsupported"},
                                                  gaps=[gap("c3", tool="ask_the_dba")])]),
                honest_claims=("c1", "c2"), checks=(C.planner_calls(1),)),
    adversarial("low_confid_non_critical_gap_no_retry", "retry", LOW_CONFID,
                scripted(verifier=[verifier_reply("LOW_CONFID", verification={"c3": "unsupported"},
                                                  gaps=[gap("c3", critical=False)])]),
                honest_claims=("c1", "c2"), checks=(C.planner_calls(1),)),
    adversarial("low_confid_ceiling_blocks_retry", "retry", LOW_CONFID,
                scripted(executor=one(_mixed_good_and_imprecise_fabricated),
                         verifier=[verifier_reply("LOW_CONFID", verification={"c2": "unsupported"}, gaps=[gap("c2")])]),
                fabricated=(FAKE_ROOT_CAUSE_KEY,), honest_claims=("c1",), checks=(C.planner_calls(1),),
                description="ceiling LOW_CONFID: no evidence retry even with a valid critical gap"),
    adversarial("offline_verifier_rejects_invented_root_cause_text", "offline judges", {LOW_CONFID, REJECT},
                with_offline_judges(insisting(_fabricated_text_over_valid_binding)),
                fabricated=(FAKE_ROOT_CAUSE_KEY,), honest_claims=("c1", "c2"), expect_retry=None,
                description="valid binding, invented root-cause text: the offline verifier must not confirm it"),
    # ============================== LOW_CONFID → evidence retry → composer ======================
    adversarial("evidence_retry_then_pass", "retry", PASS,
                scripted(executor=lambda: [honest_step(), round2(_round2_complete)],
                         verifier=[verifier_reply("LOW_CONFID", verification={"c3": "unsupported"}, gaps=[gap("c3")]),
                                   verifier_reply("PASS")]),
                expect_retry=True, checks=(C.planner_calls(2), C.verifier_calls(2))),
    adversarial("evidence_retry_then_still_low_confid", "retry", LOW_CONFID,
                scripted(executor=lambda: [honest_step(), round2(_round2_complete)],
                         verifier=[verifier_reply("LOW_CONFID", verification={"c3": "unsupported"}, gaps=[gap("c3")]),
                                   verifier_reply("LOW_CONFID", verification={"c3": "unsupported"}, gaps=[gap("c3")])]),
                expect_retry=True, checks=(C.planner_calls(2), C.verifier_calls(2)),
                description="at most one retry cycle: a second qualifying LOW_CONFID goes to the Composer"),
    adversarial("evidence_retry_round2_executor_invalid", "retry", fallback(R.EXECUTOR_INVALID_OUTPUT),
                scripted(executor=lambda: [honest_step(), step("补充查询后确认：" + FAKE_ROOT_CAUSE, (PAY_ALERTS_WIDE,))],
                         verifier=[verifier_reply("LOW_CONFID", verification={"c3": "unsupported"}, gaps=[gap("c3")])]),
                expect_retry=True, fabricated=(FAKE_ROOT_CAUSE_KEY,)),
    adversarial("evidence_retry_round2_fabricated_id", "retry", fallback(R.GATEKEEPER_REJECT),
                scripted(executor=lambda: [honest_step(), round2(_round2_fabricated_id)],
                         verifier=[verifier_reply("LOW_CONFID", verification={"c3": "unsupported"}, gaps=[gap("c3")])]),
                expect_retry=True, checks=(C.failed_rule("evidence.invocation_ref"),)),
    # ============================== REJECT → degraded ===========================================
    adversarial("contradicted_critical_claim", "verifier", REJECT,
                scripted(executor=one(_altered_value_in_text_only),
                         verifier=[verifier_reply("PASS", verification={"c2": "contradicted"})]),
                fabricated=(FAKE_ALERT_VALUE,), honest_claims=("c1",), checks=(C.confirmed_claims(["c1"]),),
                description="valid binding, altered value in the claim text; the model says PASS, the rule verdict REJECTs"),
    adversarial("reject_hides_root_cause_and_leaky_composer", "verifier", REJECT,
                scripted(executor=one(_root_cause_contract),
                         verifier=[verifier_reply("REJECT", verification={"c3": "contradicted"})],
                         composer=[conclusion_reply("连接池耗尽，根因是对账任务的慢查询占满了连接池。")]),
                fabricated=("根因是对账任务", FAKE_ALERT_VALUE),
                checks=(C.confirmed_claims(["c1", "c4"]), C.composer_status("leak_guard_replaced"),
                        C.answer_lacks("根因是对账任务", "对账任务的慢查询占住连接")),
                description="REJECT confirms observations only: no root-cause claim, no hypotheses"),
    adversarial("reject_with_valid_gap_does_not_retry", "retry", REJECT,
                scripted(verifier=[verifier_reply("REJECT", verification={"c1": "contradicted"}, gaps=[gap("c1")])]),
                checks=(C.planner_calls(1),)),
    adversarial("offline_verifier_contradicts_altered_number", "offline judges", REJECT,
                with_offline_judges(insisting(_altered_number_in_text_only)), fabricated=(FAKE_WAITING,),
                checks=(C.verification("c1", "contradicted"),),
                description="claim text says waiting=73 over a ref saying waiting=37"),
    adversarial("offline_verifier_wrong_service_in_text", "offline judges", {LOW_CONFID, REJECT},
                with_offline_judges(insisting(_wrong_service_in_text_only)), fabricated=(FAKE_SERVICE,), expect_retry=None,
                description="claim text names refund-service over a payment-service alert ref"),
    # ============================== fallback: planner_failed ====================================
    adversarial("planner_transport_failure_twice", "planner", fallback(R.PLANNER_FAILED),
                scripted(planner=[AgentError("timeout", retryable=True, reason="timeout")] * 2),
                checks=(C.planner_calls(2), *GK_BYPASS)),
    adversarial("planner_non_retryable_failure", "planner", fallback(R.PLANNER_FAILED),
                scripted(planner=[AgentError("invalid api key", retryable=False, reason="auth")]),
                checks=(C.planner_calls(1),)),
    # ============================== fallback: executor_failed ===================================
    adversarial("executor_transport_failure", "executor", fallback(R.EXECUTOR_FAILED),
                scripted(executor=lambda: [ExecutorStep(calls=[POOL_LOGS], error=AgentError("connection reset", retryable=False))]),
                checks=(C.parse_status("failed"), *GK_BYPASS)),
    # ============================== fallback: budget_exhausted ==================================
    adversarial("run_budget_spent_in_the_tool_loop", "budget", fallback(R.BUDGET_EXHAUSTED),
                scripted(executor=lambda: [ExecutorStep(calls=[POOL_LOGS], error=AgentError(
                    "run budget spent", retryable=False, reason=R.BUDGET_EXHAUSTED))]),
                checks=(C.parse_status("failed"), *GK_BYPASS),
                description="RUN_MAX_TOKENS / RUN_MAX_SECONDS refused the next model call: no verdict"),
    # ============================== fallback: executor_invalid_output ===========================
    adversarial("executor_prose_instead_of_json", "executor", fallback(R.EXECUTOR_INVALID_OUTPUT),
                scripted(executor=one(_PROSE)), fabricated=(FAKE_ROOT_CAUSE_KEY, FAKE_WAITING),
                checks=(C.parse_status("invalid"), *GK_BYPASS)),
    adversarial("executor_truncated_json", "executor", fallback(R.EXECUTOR_INVALID_OUTPUT),
                scripted(executor=one(_TRUNCATED)), fabricated=(FAKE_ROOT_CAUSE_KEY,), checks=GK_BYPASS),
    adversarial("executor_truncated_json_in_fence", "executor", fallback(R.EXECUTOR_INVALID_OUTPUT),
                scripted(executor=one("```json\n" + _TRUNCATED + "\n```")), fabricated=(FAKE_ROOT_CAUSE_KEY,), checks=GK_BYPASS),
    adversarial("executor_prose_around_json", "executor", fallback(R.EXECUTOR_INVALID_OUTPUT),
                scripted(executor=one(_PROSE_WITH_JSON)), fabricated=(FAKE_ROOT_CAUSE_KEY,), checks=GK_BYPASS),
    adversarial("executor_json_array", "executor", fallback(R.EXECUTOR_INVALID_OUTPUT),
                scripted(executor=one(lambda rs: json.dumps(honest_claims(rs), ensure_ascii=False))), checks=GK_BYPASS),
    adversarial("executor_legacy_v1_contract", "executor", fallback(R.EXECUTOR_INVALID_OUTPUT),
                scripted(executor=one(_V1)), fabricated=(FAKE_ROOT_CAUSE_KEY,), checks=GK_BYPASS),
    adversarial("executor_user_facing_answer_only", "executor", fallback(R.EXECUTOR_INVALID_OUTPUT),
                scripted(executor=one({"user_facing_answer": FAKE_SUMMARY})), fabricated=(FAKE_ROOT_CAUSE_KEY,), checks=GK_BYPASS),
    adversarial("executor_empty_reply", "executor", fallback(R.EXECUTOR_INVALID_OUTPUT),
                scripted(executor=one("")), checks=GK_BYPASS),
    # ============================== fallback: gatekeeper_reject =================================
    adversarial("fabricated_invocation_id", "gatekeeper", fallback(R.GATEKEEPER_REJECT),
                scripted(executor=one(_fake_id)), checks=(C.failed_rule("evidence.invocation_ref"), *GK_BYPASS)),
    adversarial("wrong_tool_name", "gatekeeper", fallback(R.GATEKEEPER_REJECT),
                scripted(executor=one(_wrong_tool)), checks=(C.failed_rule("evidence.invocation_ref"), *GK_BYPASS)),
    adversarial("unknown_raw_path", "gatekeeper", fallback(R.GATEKEEPER_REJECT),
                scripted(executor=one(_unknown_path)), checks=(C.failed_rule("evidence.raw_path"), *GK_BYPASS)),
    adversarial("altered_excerpt_digit", "gatekeeper", fallback(R.GATEKEEPER_REJECT),
                scripted(executor=one(_altered_digit)), fabricated=(FAKE_WAITING,),
                checks=(C.failed_rule("evidence.excerpt_mismatch"), *GK_BYPASS)),
    adversarial("altered_excerpt_service_name", "gatekeeper", fallback(R.GATEKEEPER_REJECT),
                scripted(executor=one(_altered_service)), fabricated=(FAKE_POOL_SERVICE,),
                checks=(C.failed_rule("evidence.excerpt_mismatch"), *GK_BYPASS)),
    adversarial("altered_excerpt_alert_value", "gatekeeper", fallback(R.GATEKEEPER_REJECT),
                scripted(executor=one(_altered_alert_value)), fabricated=(FAKE_ALERT_VALUE,),
                checks=(C.failed_rule("evidence.excerpt_mismatch"), *GK_BYPASS)),
    adversarial("runbook_excerpt_bound_to_log_ref", "gatekeeper", fallback(R.GATEKEEPER_REJECT),
                scripted(executor=one(_excerpt_from_runbook_on_log_ref)), fabricated=(FAKE_ROOT_CAUSE_KEY,),
                checks=(C.failed_rule("evidence.excerpt_mismatch"), *GK_BYPASS)),
    adversarial("excerpt_stitched_from_two_log_lines", "gatekeeper", fallback(R.GATEKEEPER_REJECT),
                scripted(executor=one(_stitched_excerpt)), checks=(C.failed_rule("evidence.excerpt_mismatch"),)),
    adversarial("claim_without_bindings", "gatekeeper", fallback(R.GATEKEEPER_REJECT),
                scripted(executor=one(_missing_bindings)), fabricated=(FAKE_ROOT_CAUSE_2_KEY,),
                checks=(C.failed_rule("schema.executor_v2"), *GK_BYPASS)),
    adversarial("forbidden_key_diagnosis_summary", "gatekeeper", fallback(R.GATEKEEPER_REJECT),
                scripted(executor=one(_with_forbidden("diagnosis_summary"))), fabricated=(FAKE_ROOT_CAUSE_KEY,),
                checks=(C.failed_rule("schema.executor_v2"), *GK_BYPASS)),
    adversarial("forbidden_key_user_facing_answer", "gatekeeper", fallback(R.GATEKEEPER_REJECT),
                scripted(executor=one(_with_forbidden("user_facing_answer"))), fabricated=(FAKE_ROOT_CAUSE_KEY,),
                checks=(C.failed_rule("schema.executor_v2"), *GK_BYPASS)),
    adversarial("good_claim_plus_fabricated_id_claim", "gatekeeper", fallback(R.GATEKEEPER_REJECT),
                scripted(executor=one(_good_plus_fake_id)), fabricated=(FAKE_ROOT_CAUSE_KEY,),
                checks=(C.failed_rule("evidence.invocation_ref"), *GK_BYPASS),
                description="a reject-level binding rejects the whole contract, good claims included"),
    # ============================== fallback: gatekeeper_no_passed_binding ======================
    adversarial("only_binding_lacks_raw_path", "gatekeeper", fallback(R.GATEKEEPER_NO_PASSED_BINDING),
                scripted(executor=one(_only_raw_path_missing)), fabricated=(FAKE_ROOT_CAUSE_KEY,),
                checks=(C.failed_rule("evidence.raw_path_missing"), C.gatekeeper(severity="low_confid"), *GK_BYPASS)),
    adversarial("claim_bound_to_no_hit_invocation", "gatekeeper", fallback(R.GATEKEEPER_NO_PASSED_BINDING),
                scripted(executor=one(_bound_to_no_hit, (NO_DATA_LOGS,))), fabricated=(FAKE_SERVICE,),
                checks=(C.failed_rule("evidence.refs_unavailable"), C.tool_status("no_hit"), *GK_BYPASS)),
    adversarial("claim_bound_to_deduped_invocation", "gatekeeper", fallback(R.GATEKEEPER_NO_PASSED_BINDING),
                scripted(executor=one(_bound_to_deduped, (POOL_LOGS, POOL_LOGS))),
                checks=(C.failed_rule("evidence.stale_support"), C.tool_status("deduped"), *GK_BYPASS)),
    # ============================== fallback: verifier_exhausted ================================
    adversarial("verifier_prose_twice", "verifier", fallback(R.VERIFIER_EXHAUSTED),
                scripted(verifier=["全部属实，PASS。", "我认为结论可靠。"]),
                checks=(C.verifier_calls(2), C.composer_not_called())),
    adversarial("verifier_two_objects_twice", "verifier", fallback(R.VERIFIER_EXHAUSTED),
                scripted(verifier=[_two_objects, _two_objects]), checks=(C.verifier_calls(2),)),
    adversarial("verifier_score_out_of_range_twice", "verifier", fallback(R.VERIFIER_EXHAUSTED),
                scripted(verifier=[_score_out_of_range, _score_out_of_range]), checks=(C.verifier_calls(2),)),
    adversarial("verifier_unknown_verdict_twice", "verifier", fallback(R.VERIFIER_EXHAUSTED),
                scripted(verifier=[_unknown_verdict, _unknown_verdict]), checks=(C.verifier_calls(2),)),
    adversarial("verifier_fenced_reply_twice", "verifier", fallback(R.VERIFIER_EXHAUSTED),
                scripted(verifier=[_fenced_reply, _fenced_reply]), checks=(C.verifier_calls(2),),
                description="the Verifier protocol allows exactly one JSON object: a fenced reply is a protocol failure"),
    # ============================== fallback: verifier_non_retryable ============================
    adversarial("verifier_non_retryable_failure", "verifier", fallback(R.VERIFIER_NON_RETRYABLE),
                scripted(verifier=[AgentError("quota exceeded", retryable=False, reason="quota")]),
                checks=(C.verifier_calls(1), C.composer_not_called())),
    # ============================== fallback: model_unavailable =================================
    adversarial("verifier_refused_by_open_circuit", "verifier", fallback(R.MODEL_UNAVAILABLE),
                scripted(verifier=[AgentError("circuit open", retryable=False, reason=REASON_CIRCUIT_OPEN)]),
                checks=(C.verifier_calls(1), C.composer_not_called()),
                description="the model endpoint's circuit breaker is open: no re-ask, a distinct fallback"),
    # ============================== fallback: internal_error ====================================
    adversarial("planner_raises_unexpected_exception", "internal", fallback(R.INTERNAL_ERROR),
                scripted(planner=[RuntimeError("unexpected planner bug")]), checks=GK_BYPASS),
    adversarial("verifier_raises_unexpected_exception", "internal", fallback(R.INTERNAL_ERROR),
                scripted(verifier=[KeyError("claim_checks")]), checks=(C.composer_not_called(),)),
)
