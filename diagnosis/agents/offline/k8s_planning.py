"""Which questions the offline planner answers from Kubernetes state (pure, no Django).

The trigger words and the kinds they call for are data (``k8s_questions.toml``): restarts and
OOMKilled → pods and events; "起不来" / not ready / unreachable and image pulls → pods, events and
deployments; scheduling (调度, Pending) → pods and events; "what changed" (发布, 变更, 回滚) →
deployments and events. ``k8s_steps`` turns a question into at most one ``query_k8s`` call per
kind, for the asked service (``name``) or the whole cluster, over the question's window.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from diagnosis.agents.base import PlanStep
from diagnosis.agents.offline.text import nfkc

TOOL = "query_k8s"
KIND_ORDER = ("pods", "events", "deployments")
MAX_K8S_STEPS = len(KIND_ORDER)  # planned beside (not instead of) the ≤ 6 log/metric/runbook steps
KIND_LIMIT = {"pods": 20, "events": 20, "deployments": 20}
KIND_PURPOSE = {"pods": "Pod 状态（就绪、重启、等待/终止原因）", "events": "Kubernetes 事件", "deployments": "Deployment 版本与变更"}
QUESTIONS_FILE = Path(__file__).with_name("k8s_questions.toml")


@dataclass(frozen=True)
class Trigger:
    id: str
    words: tuple[str, ...]
    kinds: tuple[str, ...]


def _pattern(word: str) -> re.Pattern[str]:
    text = re.escape(nfkc(word).casefold())
    if word.isascii():
        return re.compile(rf"(?<![a-z0-9_]){text}(?![a-z0-9_])")
    return re.compile(text)


@cache
def triggers() -> tuple[tuple[Trigger, tuple[re.Pattern[str], ...]], ...]:
    data = tomllib.loads(QUESTIONS_FILE.read_text(encoding="utf-8"))
    loaded = []
    for item in data["trigger"]:
        kinds = tuple(item["kinds"])
        unknown = set(kinds) - set(KIND_ORDER)
        if unknown:
            raise ValueError(f"{QUESTIONS_FILE.name}: trigger {item['id']!r} has unknown kinds {sorted(unknown)}")
        trigger = Trigger(id=item["id"], words=tuple(item["words"]), kinds=kinds)
        loaded.append((trigger, tuple(_pattern(w) for w in trigger.words)))
    return tuple(loaded)


def matched_triggers(question: str) -> list[str]:
    """Ids of the triggers whose words the question contains."""
    text = nfkc(question).casefold()
    return [t.id for t, patterns in triggers() if any(p.search(text) for p in patterns)]


def kinds_for(question: str) -> list[str]:
    wanted = {kind for t, patterns in triggers() if any(p.search(nfkc(question).casefold()) for p in patterns)
              for kind in t.kinds}  # fmt: skip
    return [kind for kind in KIND_ORDER if kind in wanted]


def k8s_steps(question: str, services: Sequence[str], span: dict[str, str]) -> list[PlanStep]:
    """The query_k8s calls a question calls for (first asked service only; none if no trigger)."""
    service = services[0] if services else None
    who = service or "全部服务"
    return [
        PlanStep(
            tool=TOOL,
            arguments={k: v for k, v in {"kind": kind, "name": service, **span, "limit": KIND_LIMIT[kind]}.items() if v},
            purpose=f"{who} 的{KIND_PURPOSE[kind]}",
        )
        for kind in kinds_for(question)
    ]
