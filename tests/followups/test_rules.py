"""The offline follow-up rules (``conversation.resolve``, pure): a question leans on the previous
turn only when it refers to it, and then takes from it exactly what it leaves out."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from hypothesis import given, settings
from hypothesis import strategies as st

from contracts.asked import Asked, AskedDimension, AskedWindow, asked_label
from contracts.plan import ServiceInfo
from contracts.session import PreviousTurn, SessionContext
from diagnosis.agents.offline.planning import plan_normal
from diagnosis.reading.asking import derive_asked
from diagnosis.reading.conversation import (
    RULES_FILE,
    USED_DIMENSION,
    USED_KIND,
    USED_SERVICES,
    USED_WINDOW,
    find_references,
    load_rules,
    read_planned,
    resolve,
)

TZ = "Asia/Shanghai"
NOW = datetime(2026, 11, 28, 10, 30, tzinfo=ZoneInfo(TZ))
SERVICES = [
    ServiceInfo(name="payment-service", aliases=["支付服务", "payment"], description="支付"),
    ServiceInfo(name="order-service", aliases=["订单服务", "订单系统"], description="订单"),
]
FIRST = "payment-service 10:05 开始大量 500，原因是什么？"
WINDOW = AskedWindow(start="2026-11-28T09:55:00+08:00", end="2026-11-28T10:30:00+08:00")


def first_turn() -> SessionContext:
    asked = derive_asked(question=FIRST, now=NOW, tz=TZ, services=SERVICES)
    assert (asked.services, asked.window, asked.dimension.terms) == (["payment-service"], WINDOW, ["500"])
    return SessionContext(turns=[PreviousTurn(asked=asked)])


def read(question: str, context: SessionContext | None):
    return resolve(question=question, now=NOW, tz=TZ, services=SERVICES, context=context)


def test_a_pronoun_with_a_measure_asks_the_previous_service_for_that_figure_in_the_same_window():
    reading = read("那它的 P99 呢？", first_turn())
    asked = reading.asked
    assert asked.source == "followup"
    assert (asked.kind, asked.services, asked.window) == ("quantity", ["payment-service"], WINDOW)
    assert asked.dimension.terms == ["P99"]
    assert "latency" in reading.facts.symptoms and reading.facts.quantity
    assert set(reading.used) == {USED_SERVICES, USED_WINDOW, USED_KIND}


def test_same_time_yesterday_is_the_previous_window_one_day_earlier_not_all_of_yesterday():
    reading = read("再看看昨天同一时间", first_turn())
    asked = reading.asked
    assert asked.window == AskedWindow(start="2026-11-27T09:55:00+08:00", end="2026-11-27T10:30:00+08:00")
    assert (asked.kind, asked.services, asked.dimension.terms) == ("cause", ["payment-service"], ["500"])
    assert set(reading.used) == {USED_SERVICES, USED_WINDOW, USED_KIND, USED_DIMENSION}
    assert asked.source == "followup"


def test_same_time_without_a_day_word_is_the_previous_window_itself():
    same = read("同一时间的 order-service 呢", first_turn()).asked
    assert (same.window, same.services) == (WINDOW, ["order-service"])


def test_the_day_word_sets_the_shift():
    later = AskedWindow(start="2026-11-28T08:00:00+08:00", end="2026-11-28T09:00:00+08:00")
    context = SessionContext(turns=[PreviousTurn(asked=Asked(kind="cause", services=["payment-service"], window=later))])
    assert [find_references(q, ()).shift_days for q in ("昨天同一时间", "前天同一时间", "上周同一时间", "同一时间", "昨天呢")] == [
        -1, -2, -7, 0, 0,
    ]
    # Two days before 08:00 is older than the 48 h the tools read: the previous window is not moved there.
    assert USED_WINDOW not in read("前天同一时间呢", context).used
    assert read("昨天同一时段呢", context).asked.window == AskedWindow(
        start="2026-11-27T08:00:00+08:00", end="2026-11-27T09:00:00+08:00"
    )


def test_an_explicit_new_service_overrides_the_services_and_keeps_window_kind_and_dimension():
    reading = read("那 order-service 呢？", first_turn())
    asked = reading.asked
    assert (asked.services, asked.window, asked.kind, asked.dimension.terms) == (
        ["order-service"], WINDOW, "cause", ["500"],
    )
    assert USED_SERVICES not in reading.used and asked.source == "followup"
    assert [m.name for m in reading.facts.services] == ["order-service"]


def test_an_alias_is_an_explicit_service_too():
    assert read("订单系统呢？", first_turn()).asked.services == ["order-service"]


def test_a_pronoun_with_its_own_time_keeps_that_time():
    asked = read("它昨天晚上 9 点呢？", first_turn()).asked
    assert asked.services == ["payment-service"]
    assert asked.window is not None and asked.window.start.startswith("2026-11-27T20:50")


def test_a_fully_specified_new_question_ignores_the_context():
    question = "order-service 昨天 21 点为什么反复重启？"
    assert read(question, first_turn()).asked == derive_asked(question=question, now=NOW, tz=TZ, services=SERVICES)
    assert read(question, first_turn()).used == ()


def test_a_new_question_without_reference_words_ignores_the_context():
    for question in ("哪些告警还没恢复？", "最近一小时有哪些服务在报错？", "payment-service 现在有告警吗？"):
        reading = read(question, first_turn())
        assert reading.asked.source == "planner" and reading.used == (), question


def test_without_context_a_follow_up_is_read_on_its_own():
    reading = read("那它的 P99 呢？", None)
    assert reading.asked.source == "planner" and reading.asked.services == []
    assert reading.asked == derive_asked(question="那它的 P99 呢？", now=NOW, tz=TZ, services=SERVICES)


def test_the_previous_turn_is_the_most_recent_one():
    older = PreviousTurn(asked=Asked(kind="cause", services=["order-service"], window=WINDOW))
    context = SessionContext(turns=[first_turn().turns[0], older])
    assert read("那它的 P99 呢？", context).asked.services == ["payment-service"]


def test_a_turn_that_asked_no_service_lends_the_services_its_confirmed_facts_named():
    broad = PreviousTurn(asked=Asked(kind="listing", services=[], window=WINDOW), confirmed_services=["order-service"])
    assert read("那它的 P99 呢？", SessionContext(turns=[broad])).asked.services == ["order-service"]


def test_a_window_shifted_out_of_the_lookback_is_not_used():
    old = AskedWindow(start="2026-11-26T11:00:00+08:00", end="2026-11-26T11:30:00+08:00")
    context = SessionContext(turns=[PreviousTurn(asked=Asked(kind="cause", services=["payment-service"], window=old))])
    asked = read("再看看昨天同一时间", context).asked
    assert asked.window is not None and not asked.window.start.startswith("2026-11-25")


def test_the_offline_plan_reads_the_resolved_service_and_window():
    plan = plan_normal(services=SERVICES, reading=read("再看看昨天同一时间", first_turn()))
    reads = [s for s in plan.steps if s.tool in ("query_logs", "query_metrics")]
    assert reads and all(s.arguments.get("service") == "payment-service" for s in reads)
    assert all(
        (s.arguments["start"], s.arguments["end"]) == ("2026-11-27T09:55:00+08:00", "2026-11-27T10:30:00+08:00")
        for s in reads
    )
    assert plan.asked is not None and plan.asked.source == "followup"
    assert plan.goal.startswith("承接上文")


def test_the_executor_reads_a_follow_up_plan_through_its_asked():
    asked = read("那它的 P99 呢？", first_turn()).asked
    facts, window = read_planned(reading=read("那它的 P99 呢？", None), asked=asked, now=NOW, tz=TZ)
    assert [m.name for m in facts.services] == ["payment-service"] and facts.quantity
    assert window.iso() == (WINDOW.start, WINDOW.end) and window.explicit
    standalone, _ = read_planned(reading=read(FIRST, None),
                                 asked=derive_asked(question=FIRST, now=NOW, tz=TZ, services=SERVICES), now=NOW, tz=TZ)
    assert [m.name for m in standalone.services] == ["payment-service"]


def test_the_rules_are_read_from_their_toml_file(tmp_path: Path):
    custom = tmp_path / "rules.toml"
    custom.write_text(RULES_FILE.read_text(encoding="utf-8").replace('"它",', '"该服务",\n  "伊",'), encoding="utf-8")
    rules = load_rules(custom)
    assert find_references("伊的错误日志", (), rules).pronoun
    assert not find_references("伊的错误日志", ()).pronoun


def test_the_follow_up_reading_is_labelled_for_the_run_page():
    asked = read("那它的 P99 呢？", first_turn()).asked
    assert asked_label(asked) == "payment-service P99，2026-11-28 09:55–10:30"
    assert asked_label(Asked(kind="cause", window=AskedWindow(start="2026-11-27T22:00:00+08:00", end="2026-11-28T01:00:00+08:00"))) == (
        "全部服务 异常及原因，2026-11-27 22:00–2026-11-28 01:00"
    )
    assert asked_label(Asked(kind="quantity", services=["a"], dimension=AskedDimension(metric="db_pool_active"))) == "a db_pool_active"


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=40))
def test_without_context_every_question_reads_as_it_would_on_its_own(question):
    assert read(question, None).asked == derive_asked(question=question, now=NOW, tz=TZ, services=SERVICES)


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=30))
def test_whatever_the_question_the_resolved_services_come_from_the_catalog(question):
    asked = read(question, first_turn()).asked
    assert set(asked.services) <= {"payment-service", "order-service"}
    assert asked.source == ("followup" if read(question, first_turn()).used else "planner")
