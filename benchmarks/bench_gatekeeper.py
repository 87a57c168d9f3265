"""Benchmark: Gatekeeper binding validation throughput (issue 3; target ≥ 20,000 bindings/s).

Not a test. Run:  .venv/bin/python benchmarks/bench_gatekeeper.py [--repeat 5]

Workload (documented so figures are comparable): 10,000 bindings validated as 20 separate
`gatekeeper.check()` calls — one per simulated run — of 500 bindings each (50 claims x 10
bindings, within the default catalog caps). Each run has 12 invocations (query_logs,
query_metrics, lookup_knowledge) with 8-20 evidence refs apiece: Chinese/English log lines,
alert texts and runbook snippets of 100-400 characters. Excerpts are real sub-spans of the ref
texts, with the variations an Executor produces (case, full-width punctuation, whitespace,
ellipsis elisions); 10% of bindings are deliberately bad (wrong digit, unknown id, unknown path,
missing raw_path) so every rule path is exercised. Contracts are passed as JSON strings, as the
Executor node would, so parsing is included. Each repetition builds no caches in advance: every
check() normalises its own ref texts. Reported: median bindings/s over the repetitions.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

try:
    import gatekeeper
except ModuleNotFoundError:  # running from a checkout without an installed package
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import gatekeeper

RUNS = 20
CLAIMS_PER_RUN = 50
BINDINGS_PER_CLAIM = 10
INVOCATIONS_PER_RUN = 12

SERVICES = [
    "payment-service",
    "order-service",
    "inventory-service",
    "gateway",
    "user-center",
    "settlement-job",
]
LOG_TEMPLATES = [
    "{ts} {svc} ERROR HikariPool-1 - Connection is not available, request timed out after {ms}ms "
    "(active={a}, idle=0, waiting={w}) traceId={trace}",
    "{ts} {svc} ERROR POST /api/{path} -> HTTP {code} Internal Server Error, upstream={up} latency={ms}ms",
    "{ts} {svc} WARN 调用下游 {up} 超时，重试第 {n} 次失败；错误码 E{code}，请求 ID req-{trace}",
    "{ts} {svc} ERROR 数据库连接池耗尽：活跃连接 {a}，等待线程 {w}，获取连接超时 {ms}ms（实例 {svc}-{n}）",
    "{ts} {svc} INFO GC pause {n}{a}ms, heap usage {w}% of 4096MB, young gen collections={code}",
]
ALERT_TEMPLATES = [
    "HighErrorRate {svc} critical firing since {ts} value {pct}% (5xx 比例超过 5%) labels: cluster=prod-{n}, "
    "team=payments",
    "P99LatencyHigh {svc} warning firing since {ts}: p99 latency {ms}ms exceeds threshold 800ms for 5 minutes；"
    "影响接口 /api/{path}",
    "告警 ConnectionPoolSaturation 服务 {svc} 级别 critical 状态 firing，开始于 {ts}，当前值 {pct}%，阈值 90%",
]
RUNBOOK_TEMPLATES = [
    "数据库连接池耗尽处理手册 / 处理方案：临时扩大连接池上限（maxPoolSize 从 {a} 调整到 {w}）；排查慢查询与连接泄漏；"
    "必要时重启 {svc} 实例，并观察 HikariPool 指标 {n} 分钟。",
    "Runbook: {svc} HTTP {code} spikes. Step 1: check upstream {up} health. Step 2: compare error budget "
    "burn rate against SLO 99.{n}%. Step 3: roll back the last deployment if errors started within 15 minutes.",
    "支付链路排障指南：若出现大量 HTTP {code}，先确认网关 {up} 是否限流，再查看 {svc} 的线程池与连接池指标；"
    "错误率超过 {pct}% 时升级到值班负责人。",
]


def _fill(rng: random.Random, template: str) -> str:
    return template.format(
        ts=f"2026-11-28 10:{rng.randrange(60):02d}:{rng.randrange(60):02d}",
        svc=rng.choice(SERVICES),
        up=rng.choice(SERVICES),
        ms=rng.randrange(100, 9000),
        a=rng.randrange(10, 200),
        w=rng.randrange(0, 100),
        n=rng.randrange(1, 9),
        code=rng.choice([500, 502, 503, 504, 429]),
        pct=f"{rng.randrange(1, 60)}.{rng.randrange(10)}",
        path=rng.choice(["pay", "orders", "refund", "stock/reserve"]),
        trace=f"{rng.getrandbits(48):012x}",
    )


def build_invocations(rng: random.Random) -> list[dict[str, Any]]:
    tools = [("query_logs", LOG_TEMPLATES, "records"), ("query_metrics", ALERT_TEMPLATES, "alerts")]
    tools.append(("lookup_knowledge", RUNBOOK_TEMPLATES, "hits"))
    invocations = []
    for number in range(1, INVOCATIONS_PER_RUN + 1):
        tool, templates, key = tools[number % len(tools)]
        refs = [
            {
                "raw_path": f"/{key}/{i}",
                "text": _fill(rng, rng.choice(templates)),
                "source_id": f"src-{number}-{i}",
            }
            for i in range(rng.randrange(8, 21))
        ]
        invocations.append(
            {"invocation_id": f"inv_{number}", "tool_name": tool, "status": "success", "evidence_refs": refs}
        )
    return invocations


def _excerpt_of(rng: random.Random, text: str) -> str:
    words = text.split(" ")
    start = rng.randrange(0, max(1, len(words) - 6))
    piece = words[start : start + rng.randrange(4, 12)]
    excerpt = " ".join(piece)
    variant = rng.randrange(5)
    if variant == 0:
        excerpt = excerpt.upper()
    elif variant == 1:
        excerpt = excerpt.replace(",", "，").replace(":", "：").replace("(", "（").replace(")", "）")
    elif variant == 2:
        excerpt = excerpt.replace(" ", "  \n ")
    elif variant == 3 and len(piece) >= 8:
        excerpt = " ".join(piece[:3]) + " … " + " ".join(piece[-3:])
    return excerpt


def _corrupt(rng: random.Random, binding: dict[str, Any]) -> None:
    kind = rng.randrange(4)
    if kind == 0:
        binding["source_invocation_id"] = "inv_99"
    elif kind == 1:
        binding["raw_path"] = "/records/999"
    elif kind == 2:
        del binding["raw_path"]
    else:
        binding["evidence_excerpt"] = binding["evidence_excerpt"] + " waiting=12345"


def build_contract(rng: random.Random, invocations: list[dict[str, Any]]) -> str:
    claims = []
    for c in range(CLAIMS_PER_RUN):
        bindings = []
        for _ in range(BINDINGS_PER_CLAIM):
            invocation = rng.choice(invocations)
            ref = rng.choice(invocation["evidence_refs"])
            binding = {
                "source_type": {"query_logs": "log", "query_metrics": "metric"}.get(
                    invocation["tool_name"], "knowledge"
                ),
                "tool_name": invocation["tool_name"],
                "source_invocation_id": invocation["invocation_id"],
                "raw_path": ref["raw_path"],
                "evidence_excerpt": _excerpt_of(rng, ref["text"]),
            }
            if rng.random() < 0.10:
                _corrupt(rng, binding)
            bindings.append(binding)
        claims.append(
            {
                "claim_id": f"c{c + 1}",
                "claim_type": "observation",
                "claim_text": "payment-service 数据库连接池耗尽，获取连接超时",
                "support_level": "direct",
                "evidence_bindings": bindings,
            }
        )
    contract = {
        "answer_version": "executor_evidence_v2",
        "claims": claims,
        "hypotheses": [
            {"hypothesis_id": "h1", "text": "慢查询或连接泄漏导致连接池被占满", "rationale": "手册"}
        ],
        "recommended_actions": [
            {"action": "临时扩大连接池上限并排查慢查询", "priority": "high", "basis": "runbook"}
        ],
        "missing_info": [{"item": "数据库慢查询日志", "reason": "本次未查询"}],
    }
    return json.dumps(contract, ensure_ascii=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=20261128)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    workload = []
    for _ in range(RUNS):
        invocations = build_invocations(rng)
        workload.append((build_contract(rng, invocations), invocations))
    total = RUNS * CLAIMS_PER_RUN * BINDINGS_PER_CLAIM
    rates = []
    passed = 0
    for _ in range(args.repeat):
        started = time.perf_counter()
        results = [gatekeeper.check(contract, invocations) for contract, invocations in workload]
        elapsed = time.perf_counter() - started
        rates.append(total / elapsed)
        passed = sum(b.passed for r in results for b in r.checked_bindings)
    print(f"python {platform.python_version()} ({platform.python_implementation()}, {platform.machine()})")
    print(
        f"workload: {RUNS} check() calls x {CLAIMS_PER_RUN * BINDINGS_PER_CLAIM} bindings = {total} bindings"
    )
    print(f"passed bindings: {passed}/{total}")
    print(f"runs/s: {', '.join(f'{rate:,.0f}' for rate in rates)} bindings/s")
    print(f"median: {statistics.median(rates):,.0f} bindings/s (target >= 20,000)")


if __name__ == "__main__":
    main()
