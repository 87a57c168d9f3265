"""The coverage check (diagnosis.verification.coverage): does a confirmed claim answer what was asked?"""

from __future__ import annotations

from contracts.asked import Asked, AskedDimension, AskedWindow
from contracts.coverage import coverage_verdict
from diagnosis.verification.coverage import (
    check_coverage,
    coverage_gap,
    evidence_span,
    states_number,
)
from diagnosis.verification.verdict import effective_verdict
from tests.projection import claim_checks as typed_checks

CATALOG = [["inventory-service", "库存服务", "inventory"], ["payment-service", "支付服务"], ["api-gateway", "网关"]]
WINDOW = AskedWindow(start="2026-11-28T09:00:00+08:00", end="2026-11-28T10:30:00+08:00")
REDIS_LINE = "2026-11-28 09:12:40 inventory-service WARN redis-inv connection pool usage 198/200 (active=198, idle=2)"
P99_ALERT = "InventoryLatencyP99 inventory-service warning firing since 2026-11-28 10:02 value 870ms (p99 延迟 870ms)"


def claim(cid, text, evidence, *, tool="query_logs", claim_type="observation"):
    return (
        {"claim_id": cid, "claim_type": claim_type, "claim_text": text},
        [{"claim_id": cid, "source_invocation_id": "inv_1", "tool_name": tool, "raw_path": "/records/0", "matched_text": evidence}],
    )


def check(cid, verification="direct_observation", critical=True):
    return {"claim_id": cid, "verification": verification, "is_critical": critical}


def coverage(asked, *items, checks=None, question="inventory-service 的 Redis 连接池用了多少？", changes=False):
    claims = [c for c, _ in items]
    evidence = [e for _, ev in items for e in ev]
    checks = checks if checks is not None else [check(c["claim_id"]) for c in claims]
    return check_coverage(
        asked=asked, question=question, claims=claims, claim_checks=typed_checks(checks), verified_evidence=evidence,
        catalog=CATALOG, tried=["query_logs service=inventory-service level=ERROR → 有结果"], changes=changes,
    )


REDIS_ASKED = Asked(
    kind="quantity", services=["inventory-service"], window=WINDOW, dimension=AskedDimension(terms=["Redis", "连接池"])
)


def test_an_unrelated_latency_alert_leaves_a_redis_pool_question_unanswered_with_the_gap_named():
    result = coverage(REDIS_ASKED, claim("c1", "inventory-service 的告警 InventoryLatencyP99 正在触发，值 870ms", P99_ALERT, tool="query_metrics"))
    assert result.status == "unanswered"
    assert result.gap.startswith("没有找到直接回答『inventory-service 的 Redis 连接池用量』的证据")
    assert "已查询：query_logs service=inventory-service level=ERROR → 有结果" in result.gap
    assert coverage_verdict(result.status) == "LOW_CONFID"
    gap = coverage_gap(result)
    assert gap is not None and gap.is_critical and gap.suggested_tool == "query_logs"


def test_the_pool_usage_figure_answers_the_quantity_question():
    result = coverage(REDIS_ASKED, claim("c1", "09:12:40 inventory-service 出现 WARN 日志（连接池）：redis-inv connection pool usage 198/200", REDIS_LINE))
    assert (result.status, result.covering_claims, result.gap) == ("answered", ["c1"], "")
    assert coverage_gap(result) is None


def test_a_claim_naming_the_dimension_without_a_figure_is_partial_and_asks_for_more_evidence():
    line = "2026-11-28 09:12:40 inventory-service WARN redis-inv connection pool is almost full"
    result = coverage(REDIS_ASKED, claim("c1", "inventory-service 出现 WARN 日志（连接池）：redis-inv connection pool is almost full", line))
    assert result.status == "partial"
    assert coverage_gap(result) is not None


def test_a_database_pool_line_does_not_answer_a_redis_pool_question():
    line = "2026-11-28 10:05:12 inventory-service ERROR HikariPool-1 - Connection is not available (active=50, idle=0)"
    result = coverage(REDIS_ASKED, claim("c1", "inventory-service 出现 ERROR 日志（连接池）：HikariPool-1 active=50", line))
    assert result.status == "unanswered"


def test_another_service_does_not_answer_but_an_explicit_mention_of_the_target_does():
    asked = Asked(kind="cause", services=["payment-service"], window=WINDOW)
    other = claim("c1", "api-gateway 出现 ERROR 日志：upstream timeout", "2026-11-28 10:06:00 api-gateway ERROR upstream timeout")
    related = claim("c2", "api-gateway 出现 ERROR 日志：upstream timeout", "2026-11-28 10:06:00 api-gateway ERROR upstream=payment-service timeout")
    assert coverage(asked, other).status == "unanswered"
    assert coverage(asked, related).covering_claims == ["c2"]


def test_a_claim_outside_the_window_does_not_answer_but_a_firing_alert_from_before_does():
    asked = Asked(kind="cause", services=["payment-service"], window=AskedWindow(start="2026-11-28T10:00:00+08:00", end="2026-11-28T10:30:00+08:00"))
    old = claim("c1", "payment-service 出现 ERROR 日志", "2026-11-28 08:12:00 payment-service ERROR boom")
    firing = claim("c2", "payment-service 的告警正在触发", "HighErrorRate payment-service critical firing since 2026-11-28 09:40 value 12%", tool="query_metrics")
    assert coverage(asked, old).status == "unanswered"
    assert coverage(asked, firing).status == "answered"


def test_a_negative_observation_answers_an_existence_question():
    asked = Asked(kind="existence", services=["api-gateway"], window=WINDOW)
    none = claim(
        "c1", "api-gateway 在 09:00–10:30 没有 ERROR 及以上日志", "query_logs service=api-gateway level>=ERROR 2026-11-28 09:00–10:30 → 0 条记录",
        claim_type="negative_observation",
    )
    result = coverage(asked, none, question="网关上午有没有报错？")
    assert result.status == "answered"
    assert "否定观察" in result.reasons[0]


def test_runbook_text_and_inference_never_answer():
    asked = Asked(kind="cause", services=["payment-service"], window=WINDOW)
    runbook = claim("c1", "payment-service 连接池耗尽时应扩容", "payment-service 连接池耗尽处理手册", tool="lookup_knowledge")
    inferred = claim("c2", "payment-service 出现 ERROR 日志", "2026-11-28 10:05:12 payment-service ERROR boom")
    assert coverage(asked, runbook).status == "unanswered"
    result = coverage(asked, inferred, checks=[check("c2", "reasonable_inference")])
    assert result.status == "partial"
    assert coverage_gap(result) is None  # about the question but not verified: the Verifier's gap


def test_every_asked_service_needs_a_covering_claim():
    asked = Asked(kind="cause", services=["payment-service", "inventory-service"], window=WINDOW)
    only_one = claim("c1", "payment-service 出现 ERROR 日志", "2026-11-28 10:05:12 payment-service ERROR boom")
    result = coverage(asked, only_one)
    assert result.status == "partial"
    assert any("inventory-service" in r for r in result.reasons)


def test_non_critical_claims_do_not_count():
    asked = Asked(kind="cause", services=["payment-service"], window=WINDOW)
    item = claim("c1", "payment-service 出现 ERROR 日志", "2026-11-28 10:05:12 payment-service ERROR boom")
    assert coverage(asked, item, checks=[check("c1", critical=False)]).status == "unanswered"


def test_numbers_inside_times_dates_and_identifiers_are_not_figures():
    assert not states_number("10:05:12 起 payment-service 出现 HikariPool-1 日志 2026-11-28 inv_2")
    assert states_number("连接池用量 198/200")
    assert states_number("最大值 14.8%")


def test_evidence_span_reads_ranges_and_open_ended_alerts():
    from zoneinfo import ZoneInfo

    tz = ZoneInfo("Asia/Shanghai")
    start, end = evidence_span(["http_5xx_rate payment-service 2026-11-28 09:55–10:30 max 14.8%"], tz)
    assert (start.hour, start.minute, end.hour, end.minute) == (9, 55, 10, 30)
    _, open_end = evidence_span(["X firing since 2026-11-28 10:06"], tz)
    assert open_end.year == 9999
    assert evidence_span(["no time here"], tz) is None


def test_the_coverage_verdict_joins_the_minimum():
    assert effective_verdict(model_verdict="PASS", rule_verdict="PASS", ceiling="PASS", coverage="LOW_CONFID") == "LOW_CONFID"
    assert effective_verdict(model_verdict="PASS", rule_verdict="PASS", ceiling="PASS", coverage="PASS") == "PASS"
    assert effective_verdict(model_verdict="REJECT", rule_verdict="PASS", ceiling="PASS", coverage="PASS") == "REJECT"


def test_a_list_of_configuration_changes_is_not_answered_by_an_error_line_but_by_the_change():
    asked = Asked(kind="listing", services=["payment-service"], window=WINDOW, dimension=AskedDimension(terms=["配置变更"]))
    error = "2026-11-28 09:40:02 payment-service ERROR HikariPool-1 - Connection is not available"
    change = "2026-11-28 09:31:05 payment-service INFO 配置变更 pool.maxSize 50 -> 20 (releaseKey 20261128-0931)"
    question = "payment-service 今天上午有哪些配置变更？"
    result = coverage(asked, claim("c1", "09:40:02 payment-service 记录了 ERROR 日志", error), question=question)
    assert result.status == "unanswered" and any("配置变更" in r for r in result.reasons)
    result = coverage(asked, claim("c1", "09:31:05 payment-service 配置变更：pool.maxSize 50 -> 20", change), question=question)
    assert (result.status, result.covering_claims) == ("answered", ["c1"])


def test_a_listing_of_several_kinds_is_answered_by_items_each_naming_one_of_them():
    asked = Asked(kind="listing", services=["payment-service"], window=WINDOW, dimension=AskedDimension(terms=["配置", "扩缩容"]))
    push = "2026-11-28 09:31:05 payment-service INFO 配置变更 pool.maxSize 50 -> 20 (releaseKey 20261128-0931)"
    scale = "2026-11-28 09:51:30 payment-service INFO deployment payment-service scaled 3 -> 5 replicas"
    error = "2026-11-28 09:40:02 payment-service ERROR HikariPool-1 - Connection is not available"
    question = "payment-service 今天上午改配置、扩缩容都有哪些？"
    result = coverage(
        asked,
        claim("c1", "09:31:05 payment-service 记录配置变更：pool.maxSize 50 -> 20", push),
        claim("c2", "09:51:30 payment-service 记录扩缩容：scaled 3 -> 5 replicas", scale),
        claim("c3", "09:40:02 payment-service 记录了 ERROR 日志", error),
        checks=[check("c1"), check("c2"), check("c3")],
        question=question,
    )
    assert (result.status, result.covering_claims) == ("answered", ["c1", "c2"])
    assert any(r.startswith("c3：") and "配置 扩缩容" in r for r in result.reasons)


def test_a_listing_of_changes_is_answered_by_its_change_lines_whatever_kind_each_says_it_is():
    """发版、配置都列一下 names what to include: a deploy and a constraint an operator changed in the
    service's console are its changes, though neither says 配置; an error line is still none."""
    asked = Asked(kind="listing", services=["school"], window=WINDOW, dimension=AskedDimension(terms=["配置"]))
    deploy = "2026-11-28 09:31:05 school INFO deploy finished: school 3.2.1 (was 3.2.0) rolled out by ci-bot"
    console = "2026-11-28 09:50:10 school INFO [console] constraint changed by dir: maxConsecutive=3 NONE -> HARD"
    error = "2026-11-28 09:40:02 school ERROR solver timed out"
    question = "school 从昨天到现在都做过哪些变更？发版、配置都列一下。"
    result = coverage(
        asked,
        claim("c1", "09:31:05 school 记录发布：deploy finished: school 3.2.1", deploy, claim_type="timeline"),
        claim("c2", "09:50:10 school 记录变更：constraint changed NONE -> HARD", console, claim_type="timeline"),
        claim("c3", "09:40:02 school 记录了 ERROR 日志", error),
        checks=[check("c1"), check("c2"), check("c3")],
        question=question,
        changes=True,
    )
    assert (result.status, result.covering_claims) == ("answered", ["c1", "c2"]), result.reasons


def test_a_queue_depth_series_answers_how_many_jobs_the_queue_held_at_its_worst():
    # The backlog is measured by the symptom's metric (queue depth); "jobs" is the plural of "job".
    asked = Asked(kind="quantity", services=["inventory-service"], window=WINDOW,
                  dimension=AskedDimension(terms=["jobs", "队列", "最堵", "任务"]))  # fmt: skip
    series = ("inventory_queue_depth{queue=restock.jobs} inventory-service 2026-11-28 09:00–10:30 min 140 个 "
              "max 18436 个 last 16920 个; 峰值于 09:51")  # fmt: skip
    text = "inventory-service 指标 inventory_queue_depth 在 2026-11-28 09:00–10:30 内，最大值 18436 个（峰值于 09:51）"
    result = coverage(asked, claim("c1", text, series, tool="query_metrics"), question="restock.jobs 队列最堵的时候积了多少个任务？")
    assert (result.status, result.covering_claims) == ("answered", ["c1"]), result.reasons
    latency = ("inventory_request_p99_ms{route=/restock} inventory-service 2026-11-28 09:00–10:30 min 40ms max 870ms; "
               "峰值于 09:51")  # fmt: skip
    other = coverage(asked, claim("c1", "inventory-service 指标 inventory_request_p99_ms 最大值 870ms", latency, tool="query_metrics"),
                     question="restock.jobs 队列最堵的时候积了多少个任务？")  # fmt: skip
    assert other.status != "answered"
