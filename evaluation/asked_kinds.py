"""Scenarios for each kind of question (``asked.kind``: cause, quantity, existence, listing), on the
demo and on issue 10's story world: a PASS must answer what was asked, and the advice shown must
fit the confirmed evidence (``metrics.pass_unanswered`` / ``metrics.misattributed_advice``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from evaluation.honest import ANSWERABLE, NEVER_PASS
from evaluation.scenario import HONEST, PASS, Observation, Scenario

STORY: Final = "story"


def asked_kind_is(kind: str) -> Callable[[Observation], str]:
    def check(obs: Observation) -> str:
        asked = (obs.verifier_evaluation or {}).get("asked") or {}
        return "" if asked.get("kind") == kind else f"asked kind {asked.get('kind')!r}, expected {kind!r}"

    return check


def kind(name: str, question: str, asked: str, *facts: str, expected=ANSWERABLE, world: str = "", **extra) -> Scenario:
    return Scenario(
        name=name,
        question=question,
        expected=frozenset(expected),
        kind=HONEST,
        group=f"asked {asked}" + (f" ({world})" if world else ""),
        key_facts=facts,
        honest_claims="all",
        checks=(asked_kind_is(asked),),
        world=world,
        expect_retry=extra.pop("expect_retry", None),
        **extra,
    )


ASKED_KIND_SCENARIOS: Final[tuple[Scenario, ...]] = (
    # --- the demo --------------------------------------------------------------------------------
    kind("demo_asked_cause", "payment-service 10:05 开始大量 500，原因是什么？", "cause", "HTTP 500", expected={PASS}),
    kind("demo_asked_quantity", "payment-service 的 P99 延迟峰值是多少？", "quantity", "3113ms", expected={PASS}),
    kind("demo_asked_existence", "api-gateway 现在有告警吗？", "existence", "api-gateway"),
    kind("demo_asked_listing", "现在还有哪些告警在触发？", "listing", "firing"),
    # --- issue 10's story world: services, alerts and runbooks the demo does not have ------------
    # No time asked and nothing about the pool in the last hour: round one reads the last 24 hours
    # and answers (an unrelated P99 alert is no evidence of the pool, so no retry is needed).
    kind(
        "story_redis_pool_quantity", "inventory-service 的 Redis 连接池用了多少？", "quantity", "198/200",
        expected={PASS}, world=STORY, expect_retry=False, forbidden_advice=("分片", "indices.recovery"),
    ),
    kind(
        "story_redis_pool_unanswerable", "边缘节点的 Redis 连接池用了多少？", "quantity",
        expected=NEVER_PASS, world=STORY, gap_mentions=("Redis 连接池用量",),
    ),
    kind(
        "story_user_profile_cause", "user-profile 今天 9:31 开始大量 500，是怎么回事？", "cause",
        "BloomFilterInitException", expected={PASS}, world=STORY, forbidden_advice=("CoreDNS", "hosts", "内存溢出"),
    ),
    kind(
        "story_edge_existence", "边缘节点今天上午有没有 5xx 或者告警？", "existence", "未超过阈值 5%",
        expected={PASS}, world=STORY, forbidden_advice=("续期", "证书"),
    ),
    kind(
        "story_alert_listing", "现在有哪些告警还没有恢复？", "listing", "InventoryLatencyP99", "ProfileHigh5xx",
        expected={PASS}, world=STORY, forbidden_advice=("续期", "CoreDNS", "分片"),
    ),
)
