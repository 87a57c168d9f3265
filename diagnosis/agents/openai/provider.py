"""``build_provider()``: the four role agents on one OpenAI-compatible endpoint."""

from __future__ import annotations

from diagnosis.agents.base import PlannerAgent, Provider
from diagnosis.agents.circuit import CircuitRegistry
from diagnosis.agents.openai.client import ChatCaller, make_client
from diagnosis.agents.openai.composer import OpenAIComposer
from diagnosis.agents.openai.config import OpenAIConfig, config_from_settings
from diagnosis.agents.openai.executor import OpenAIExecutor
from diagnosis.agents.openai.planner import OpenAIPlanner
from diagnosis.agents.openai.verifier import OpenAIVerifier

PROVIDER_NAME = "openai"
#: LLM_PLANNER=offline: the deterministic offline planner plans (the plan only picks the evidence
#: tools; what is confirmed is still the Gatekeeper's and the Verifier's business).
PLANNER_OFFLINE = "offline"
PLAN_SOURCE_PROVIDER = "provider"
PLAN_SOURCE_OFFLINE = "offline"


def build_provider(config: OpenAIConfig | None = None, *, circuits: CircuitRegistry | None = None) -> Provider:
    """A provider reading settings now (tests change settings between runs; no module cache).
    ``circuits``: the breaker registry (default: the process's; tests pass one with a fake clock)."""
    config = config or config_from_settings()
    caller = ChatCaller(make_client(config), config, circuits)
    offline_planner = config.planner == PLANNER_OFFLINE
    return Provider(
        name=PROVIDER_NAME,
        planner=_offline_planner() if offline_planner else OpenAIPlanner(caller),
        executor=OpenAIExecutor(caller),
        verifier=OpenAIVerifier(caller),
        composer=OpenAIComposer(caller),
        model_by_role=dict(config.model_by_role),
        planner_fallback=_planner_fallback(config),
        planner_source=PLAN_SOURCE_OFFLINE if offline_planner else PLAN_SOURCE_PROVIDER,
    )


def _offline_planner() -> PlannerAgent:
    from diagnosis.agents.offline.agents import OfflinePlanner  # the offline provider's own planner

    return OfflinePlanner()


def _planner_fallback(config: OpenAIConfig) -> PlannerAgent | None:
    if config.planner_fallback != "offline":
        return None
    return _offline_planner()
