"""Odd questions (issue 24 item 4): what a new user types that is not a tidy incident question —
garbage, emoji, SQL, English, only a time, only a service, two services at once, the future, a day
with no data, a listing with many items, a symptom the service never showed, a healthy service —
on the demo and on two of the generated worlds, with what a right answer must contain.

Pure data and a pure judge, no Django. Committed with the figures of the code of that day before
the agents were changed for it (issue 24: "evaluate before you tune").

An ``OddQuestion`` has

- ``expected`` — the outcomes that are right (``pass``, ``low_confid``, ``clarify``);
- ``asked_facts`` — on a PASS, each must be in the *confirmed* part of the answer (a listing's
  every item, the asked figure, the negative observation of a healthy service);
- ``says`` — whatever the outcome, each must be somewhere in the answer outside the gaps' own
  lines being ignored (the span the data covers for a question about the future, the Chinese
  clarification for garbage);
- ``forbidden`` — another incident's facts: none may appear anywhere in the answer.

**False PASS** (the worst defect): a PASS where PASS is not expected, or that misses an asked
fact, or names a forbidden fact. **Strictly right**: the outcome is expected, nothing leaked, the
asked facts are confirmed when it is a PASS, every ``says`` fact is stated and nothing forbidden
is named.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from evaluation.answer_shape import ShapeFigures, answer_shape, shape_figures, shape_rows
from evaluation.metrics import confirmed_section, material_text, normalize
from evaluation.scenario import (
    CLARIFY,
    HONEST,
    LOW_CONFID,
    PASS,
    Observation,
    Scenario,
    ScenarioResult,
)
from evaluation.worlds.spec import Fact, fact

# What kind of oddity each question is (the report groups by it).
GARBAGE: Final = "garbage"
EMOJI: Final = "emoji"
SQL: Final = "sql"
ENGLISH: Final = "english"
ONLY_TIME: Final = "only a time"
ONLY_SERVICE: Final = "only a service"
TWO_SERVICES: Final = "two services"
FUTURE: Final = "the future"
NO_DATA_DAY: Final = "a day with no data"
MANY_ITEMS: Final = "a listing with many items"
NEVER_SHOWED: Final = "a symptom never shown"
HEALTHY: Final = "a healthy service"
OTHER_INCIDENT: Final = "another incident's window"
WHY: Final = "why, not only what"
CHIP: Final = "the home page's example"

CLARIFICATION: Final = fact("没看懂", "请说明", "请补充")
#: A healthy answer states the negative observations (DESIGN §10.1).
NOTHING_WRONG: Final = fact("0 条", "没有 ERROR", "没有发现", "未发现", "没有正在触发", "未超过阈值", "没有告警")
DEMO_SPAN: Final = fact("11-27 06:00", "2026-11-27", "11 月 27 日", "11月27日")
TICKETING_SPAN: Final = fact("11-30 08:00", "2026-11-30", "11 月 30 日", "11月30日")
CAMPUS_SPAN: Final = fact("12-07 06:00", "2026-12-07", "12 月 7 日", "12月7日")
FUTURE_SAID: Final = fact("未来", "尚未发生", "无法预测", "还没有发生")


@dataclass(frozen=True)
class OddQuestion:
    name: str
    world: str  # "" = the demo; else a generated world's name
    question: str
    oddity: str
    expected: frozenset[str]
    asked_facts: tuple[Fact, ...] = ()
    says: tuple[Fact, ...] = ()
    forbidden: tuple[str, ...] = ()
    diagnosis: str = ""  # what a right answer says, for the reader of a report

    def __post_init__(self) -> None:
        if not self.expected or not self.expected <= {PASS, LOW_CONFID, CLARIFY}:
            raise ValueError(f"{self.name}: expected must be a subset of pass / low_confid / clarify")
        if PASS in self.expected and not self.asked_facts:
            raise ValueError(f"{self.name}: a question that may PASS names what the PASS must confirm")

    def scenario(self) -> Scenario:
        return Scenario(
            name=self.name,
            question=self.question,
            expected=self.expected,
            kind=HONEST,
            group=f"odd {self.oddity}",
            honest_claims="all",
            world=self.world,
            expect_retry=None,
            description=self.diagnosis,
        )


def _q(name: str, world: str, question: str, oddity: str, expected: set[str], *, asked: Sequence[Fact] = (),
       says: Sequence[Fact] = (), forbidden: Sequence[str] = (), diagnosis: str = "") -> OddQuestion:
    return OddQuestion(name=name, world=world, question=question, oddity=oddity, expected=frozenset(expected),
                       asked_facts=tuple(asked), says=tuple(says), forbidden=tuple(forbidden), diagnosis=diagnosis)


DEMO: Final = ""
PAYMENT_INCIDENT: Final = ("HikariPool", "DBConnectionPool", "settlement-reconcile")
ODD_QUESTIONS: Final[tuple[OddQuestion, ...]] = (
    # --- non-questions: a clarification, no verdict, no tool call --------------------------------
    _q("odd_garbage_keyboard", DEMO, "asdf;lkj ####!!! ??? 12345", GARBAGE, {CLARIFY}, says=[CLARIFICATION],
       forbidden=PAYMENT_INCIDENT, diagnosis="没看懂要排查什么，请说明服务、现象和时间"),
    _q("odd_emoji_only", DEMO, "🔥🔥🔥😱😱", EMOJI, {CLARIFY}, says=[CLARIFICATION], forbidden=PAYMENT_INCIDENT),
    _q("odd_sql_injection", DEMO, "SELECT * FROM auth_user; DROP TABLE diagnosis_run; --", SQL, {CLARIFY},
       says=[CLARIFICATION], forbidden=PAYMENT_INCIDENT),
    _q("odd_question_marks", DEMO, "？？？", GARBAGE, {CLARIFY}, says=[CLARIFICATION], forbidden=PAYMENT_INCIDENT),
    _q("odd_only_a_time", DEMO, "10:05", ONLY_TIME, {CLARIFY}, says=[CLARIFICATION], forbidden=PAYMENT_INCIDENT,
       diagnosis="只有一个时间，不知道要查什么：请说明服务和现象"),
    _q("odd_weather", DEMO, "今天天气怎么样？", GARBAGE, {CLARIFY, LOW_CONFID}, forbidden=PAYMENT_INCIDENT),
    _q("odd_campus_sql", "campus", "select count(*) from exam_session where 1=1", SQL, {CLARIFY},
       says=[CLARIFICATION], forbidden=("rewrite-target", "FLUSHDB", "Read-only file system")),
    _q("odd_ticketing_emoji", "ticketing", "🚄💥❓", EMOJI, {CLARIFY}, says=[CLARIFICATION],
       forbidden=("CertificateExpiredException", "X-RateLimit-Limit")),
    # --- only a service: its state now, or a clarification ------------------------------------------
    _q("odd_only_a_service", DEMO, "payment-service", ONLY_SERVICE, {PASS, CLARIFY, LOW_CONFID},
       asked=[fact("HighErrorRate", "HTTP 500", "DBConnectionPoolExhausted")],
       diagnosis="payment-service 现在有告警在触发（连接池耗尽、5xx 比例）"),
    _q("odd_only_an_alias", "campus", "点播服务", ONLY_SERVICE, {PASS, CLARIFY, LOW_CONFID}, asked=[NOTHING_WRONG],
       forbidden=("OOMKilled", "Read-only file system"), diagnosis="点播服务没有异常"),
    # --- English ---------------------------------------------------------------------------------------
    _q("odd_english_cause", DEMO, "Why is payment-service returning HTTP 500 since 10:05?", ENGLISH, {PASS},
       asked=[fact("HTTP 500")], says=[fact("HikariPool", "连接池")],
       diagnosis="连接池耗尽（active=50, waiting=37）导致 500"),
    _q("odd_english_healthy", DEMO, "Is notification-service healthy right now?", ENGLISH, {PASS, LOW_CONFID},
       asked=[NOTHING_WRONG], forbidden=PAYMENT_INCIDENT),
    _q("odd_english_listing", "ticketing", "which alerts are still firing?", ENGLISH, {PASS},
       asked=[fact("SSLCertExpired"), fact("SmsSendFailureHigh"), fact("UpstreamRateLimited"),
              fact("PaymentFailureRateHigh")]),
    # --- two services at once -----------------------------------------------------------------------
    _q("odd_two_services", DEMO, "支付服务和库存服务今天上午都怎么了？", TWO_SERVICES, {PASS, LOW_CONFID},
       asked=[fact("payment-service", "支付服务"), fact("inventory-service", "库存服务"),
              fact("HikariPool", "HTTP 500", "连接池"), fact("slow query", "Lock wait timeout", "慢查询")],
       diagnosis="支付服务 10:05 起连接池耗尽、500；库存服务 09:11–09:40 慢查询（行锁）"),
    _q("odd_two_services_ticketing", "ticketing", "线路服务和车次服务下午都出了什么问题？", TWO_SERVICES, {PASS, LOW_CONFID},
       asked=[fact("NullPointerException"), fact("to-space exhausted", "Full GC", "GC")]),
    # --- the future and days without data: say so, never PASS on other days -------------------------
    _q("odd_future_monday", DEMO, "库存服务下周一会不会出故障？", FUTURE, {LOW_CONFID, CLARIFY},
       says=[FUTURE_SAID], forbidden=("Lock wait timeout", "stock-sync"),
       diagnosis="问的是未来，证据只覆盖 11-27 06:00 至 11-28 10:30，无法判断"),
    _q("odd_future_tomorrow", DEMO, "明天支付服务会不会再出 500？", FUTURE, {LOW_CONFID, CLARIFY}, says=[FUTURE_SAID],
       forbidden=PAYMENT_INCIDENT),
    _q("odd_future_ticketing", "ticketing", "座位服务明天会不会又死锁？", FUTURE, {LOW_CONFID, CLARIFY}, says=[FUTURE_SAID],
       forbidden=("Deadlock found", "seat-release-job")),
    _q("odd_no_data_november_first", DEMO, "order-service 11 月 1 号晚上有没有报错？", NO_DATA_DAY, {LOW_CONFID},
       says=[DEMO_SPAN], forbidden=("OutOfMemoryError", "OOMKilled", "调用支付服务失败"),
       diagnosis="11 月 1 日没有数据：证据只覆盖 11-27 06:00 至 11-28 10:30"),
    _q("odd_no_data_last_wednesday", DEMO, "上周三搜索服务磁盘满过吗？", NO_DATA_DAY, {LOW_CONFID}, says=[DEMO_SPAN],
       forbidden=("No space left", "DiskSpaceCritical", "flood stage")),
    _q("odd_no_data_ticketing", "ticketing", "12 月 5 号支付服务有没有 429？", NO_DATA_DAY, {LOW_CONFID},
       says=[TICKETING_SPAN], forbidden=("X-RateLimit-Limit", "SB-20261130-17")),
    _q("odd_no_data_campus", "campus", "上个月考试服务有没有 404？", NO_DATA_DAY, {LOW_CONFID}, says=[CAMPUS_SPAN],
       forbidden=("rewrite-target",)),
    # --- listings with many items: every item, or "N 条中的 M 条" ------------------------------------
    _q("odd_listing_payment_alerts", DEMO, "支付服务现在有告警吗？", MANY_ITEMS, {PASS},
       asked=[fact("DBConnectionPoolHighUsage"), fact("HighLatencyP99"), fact("DBConnectionPoolExhausted"),
              fact("HighErrorRate")], diagnosis="4 条正在触发的告警全部列出"),
    _q("odd_listing_all_firing", DEMO, "现在有哪些告警还没恢复？", MANY_ITEMS, {PASS},
       asked=[fact("CertificateExpiringSoon"), fact("DBConnectionPoolHighUsage"), fact("HighLatencyP99"),
              fact("DBConnectionPoolExhausted"), fact("UpstreamErrorRate"), fact("HighErrorRate")]),
    _q("odd_listing_yesterday", DEMO, "昨天都有哪些告警？", MANY_ITEMS, {PASS, LOW_CONFID},
       asked=[fact("CertificateExpiringSoon"), fact("HighCPUUsage"), fact("RedisLatencyHigh"), fact("Upstream504Rate"),
              fact("HighErrorRate"), fact("KafkaConsumerLag"), fact("HighMemoryUsage"), fact("ContainerOOMKilled"),
              fact("PodRestartLoop")], forbidden=("DBConnectionPoolExhausted", "MySQLSlowQueries")),
    _q("odd_listing_campus_firing", "campus", "现在还有哪些告警亮着？", MANY_ITEMS, {PASS},
       asked=[fact("RocketMQBrokerSlaveOffline"), fact("ContainerOOMKilled"), fact("ZookeeperNodeDown")],
       forbidden=("ExamStartRateLow", "IngressHigh4xxRate")),
    # --- a symptom the service never showed: no PASS on another error --------------------------------
    _q("odd_never_oom_search", DEMO, "搜索服务今天有没有出现 OOM？", NEVER_SHOWED, {PASS, LOW_CONFID},
       asked=[NOTHING_WRONG], forbidden=("OutOfMemoryError", "OOMKilled", "DiskSpaceCritical"),
       diagnosis="搜索服务今天没有 OOM（夜里是磁盘满，另一件事）"),
    _q("odd_never_401_payment_evening", DEMO, "昨晚九点半以后支付服务有没有报 401？", OTHER_INCIDENT, {PASS, LOW_CONFID},
       asked=[NOTHING_WRONG], forbidden=PAYMENT_INCIDENT,
       diagnosis="昨晚 21:30 之后（晚上）支付服务没有 401；今天 10:05 的连接池耗尽是另一件事"),
    _q("odd_never_401_user", DEMO, "用户服务 10 点以后有没有 401？", NEVER_SHOWED, {PASS, LOW_CONFID},
       asked=[NOTHING_WRONG], forbidden=("RedisCommandTimeoutException", "Sentinel", *PAYMENT_INCIDENT)),
    _q("odd_exam_404_now", "campus", "考试服务现在还有 404 吗？", OTHER_INCIDENT, {PASS, LOW_CONFID},
       asked=[NOTHING_WRONG], diagnosis="10:51 回滚后没有 404 了"),
    # --- healthy services: negative observations bound to /query --------------------------------------
    _q("odd_healthy_notification", DEMO, "通知服务现在正常吗？", HEALTHY, {PASS}, asked=[NOTHING_WRONG],
       forbidden=PAYMENT_INCIDENT, diagnosis="最近一小时没有 ERROR 日志，没有正在触发的告警"),
    _q("odd_healthy_station", "ticketing", "车站服务现在正常吗？", HEALTHY, {PASS}, asked=[NOTHING_WRONG],
       forbidden=("CertificateExpiredException", "X-RateLimit-Limit")),
    _q("odd_healthy_account", "campus", "账号服务这会儿有问题吗？", HEALTHY, {PASS}, asked=[NOTHING_WRONG],
       forbidden=("OOMKilled", "FLUSHDB")),
    # --- why, not only what; the home page's example ----------------------------------------------------
    _q("odd_why_gateway_5xx", DEMO, "网关 10 点后为什么 5xx 升高？", WHY, {PASS, LOW_CONFID},
       asked=[fact("5xx", "500", "502", "503", "UpstreamErrorRate")], says=[fact("payment-service", "支付服务")],
       diagnosis="上游 payment-service 连接池耗尽返回 500"),
    _q("odd_chip_order_slow", DEMO, "订单服务最近半小时响应变慢了吗？", CHIP, {PASS},
       asked=[fact("cost=3014ms", "3014ms")], forbidden=("OutOfMemoryError",),
       diagnosis="是：10:05 起调用支付服务失败，每次耗时 3014ms（支付服务 500）"),
)


# --- The judge ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class OddVerdict:
    outcome: str
    asked_missing: tuple[str, ...]
    says_missing: tuple[str, ...]
    forbidden_named: tuple[str, ...]
    leaked: bool
    route_ok: bool

    @property
    def false_pass(self) -> bool:
        return self.outcome == PASS and (not self.route_ok or bool(self.asked_missing) or bool(self.forbidden_named))

    @property
    def strictly_right(self) -> bool:
        asked_ok = self.outcome != PASS or not self.asked_missing
        return (self.route_ok and asked_ok and not self.says_missing and not self.forbidden_named
                and not self.leaked)

    def reasons(self) -> list[str]:
        out = [] if self.route_ok else [f"outcome {self.outcome}"]
        if self.outcome == PASS:
            out += [f"asked fact not confirmed: {f}" for f in self.asked_missing]
        out += [f"not said: {f}" for f in self.says_missing]
        out += [f"names another incident's {w!r}" for w in self.forbidden_named]
        out += ["LEAK"] if self.leaked else []
        return out


def _holds(f: Fact, text: str) -> bool:
    return any(normalize(s) in text for s in f.spellings)


def odd_judge(q: OddQuestion, *, outcome: str, answer: str, confirmed: Sequence[Mapping[str, Any]] | None,
              leaked: bool) -> OddVerdict:
    confirmed_text = normalize(material_text(confirmed) + "\n" + confirmed_section(answer))
    whole = normalize(answer)
    return OddVerdict(
        outcome=outcome,
        asked_missing=tuple(str(f) for f in q.asked_facts if not _holds(f, confirmed_text)),
        says_missing=tuple(str(f) for f in q.says if not _holds(f, whole)),
        forbidden_named=tuple(w for w in q.forbidden if normalize(w) in whole),
        leaked=leaked,
        route_ok=outcome in q.expected,
    )


# --- Figures ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class OddResult:
    question: OddQuestion
    observation: Observation
    verdict: OddVerdict


@dataclass(frozen=True)
class OddFigures:
    results: tuple[OddResult, ...]
    shape: ShapeFigures

    @property
    def questions(self) -> int:
        return len(self.results)

    @property
    def false_pass(self) -> int:
        return sum(1 for r in self.results if r.verdict.false_pass)

    @property
    def strictly_right(self) -> int:
        return sum(1 for r in self.results if r.verdict.strictly_right)

    @property
    def leaking(self) -> int:
        return sum(1 for r in self.results if r.verdict.leaked)

    def outcomes(self) -> dict[str, int]:
        return dict(Counter(r.observation.label for r in self.results))


def odd_result(q: OddQuestion, result: ScenarioResult) -> OddResult:
    obs = result.observation
    verdict = odd_judge(q, outcome=obs.label, answer=obs.final_answer, confirmed=obs.confirmed_material,
                        leaked=bool(result.leaks))
    return OddResult(question=q, observation=obs, verdict=verdict)


def odd_figures(results: Sequence[OddResult]) -> OddFigures:
    return OddFigures(results=tuple(results),
                      shape=shape_figures([answer_shape(r.observation) for r in results if r.observation.label == PASS]))


def render_odd(f: OddFigures) -> str:
    n = f.questions
    rows = [("questions", str(n)), ("strictly right", f"{f.strictly_right}/{n}"), ("false PASS", str(f.false_pass)),
            ("leaking runs", str(f.leaking)),
            ("outcomes", ", ".join(f"{k} {v}" for k, v in sorted(f.outcomes().items()))), *shape_rows(f.shape)]
    width = max(len(k) for k, _ in rows) + 2
    out = ["odd questions (issue 24)", "-" * (width + 40), *(k.ljust(width) + v for k, v in rows), "", "questions"]
    for r in f.results:
        mark = "ok" if r.verdict.strictly_right else ("FALSE PASS" if r.verdict.false_pass else "FAIL")
        where = r.question.world or "demo"
        out.append(f"  [{mark}] {r.question.name} ({r.question.oddity}, {where}) → {r.observation.label}")
        if not r.verdict.strictly_right:
            out.append(f"      question: {r.question.question}")
            out += [f"      - {reason}" for reason in r.verdict.reasons()]
    return "\n".join(out)


def odd_json(f: OddFigures) -> dict[str, Any]:
    return {
        "metrics": {"questions": f.questions, "strictly_right": f.strictly_right, "false_pass": f.false_pass,
                    "leaking": f.leaking, "outcomes": f.outcomes(),
                    "pass_answer_chars_median": f.shape.median_chars,
                    "conclusion_chars_median": f.shape.median_conclusion_chars,
                    "key_evidence_median": f.shape.median_key_evidence,
                    "pass_leading_with_conclusion": f.shape.leading_with_conclusion},
        "questions": [{"name": r.question.name, "world": r.question.world or "demo", "oddity": r.question.oddity,
                       "question": r.question.question, "outcome": r.observation.label,
                       "strictly_right": r.verdict.strictly_right, "false_pass": r.verdict.false_pass,
                       "reasons": r.verdict.reasons()} for r in f.results],
    }
