"""Planner over an OpenAI-compatible model: one JSON request, a validated ``Plan`` back.

Re-ask: none here. A schema-invalid or unparseable reply raises ``AgentError(retryable=True)``
and the planner node does the one bounded re-ask (the single re-ask layer).
"""

from __future__ import annotations

from pydantic import ValidationError

from diagnosis.agents.base import AgentContext, AgentError, Plan, PlannerRequest
from diagnosis.agents.openai.client import ChatCaller
from diagnosis.agents.openai.parsing import dumps, json_object
from diagnosis.agents.openai.prompts import load_prompt

REASON_PLAN_INVALID = "planner_invalid_output"


def planner_user_message(request: PlannerRequest) -> str:
    """The fields of the request the model needs, as JSON (gaps only in EVIDENCE_GAP_ONLY mode)."""
    payload = request.model_dump(mode="json", include={"question", "mode", "round", "now", "now_source", "timezone", "services"})
    if request.mode == "EVIDENCE_GAP_ONLY":
        dumped = request.model_dump(mode="json")
        payload["evidence_gaps"] = dumped["evidence_gaps"]
        payload["tried"] = dumped["tried"]
    return dumps(payload)


def parse_plan(text: str, *, mode: str) -> Plan:
    try:
        data = json_object(text)
        plan = Plan.model_validate(data)
    except (ValueError, ValidationError) as exc:
        raise AgentError(f"planner: 回复不是合法的计划 JSON：{str(exc)[:200]}", retryable=True, reason=REASON_PLAN_INVALID) from exc
    # The graph decides the mode; a model that echoes the wrong one does not change it.
    return plan.model_copy(update={"mode": mode})


class OpenAIPlanner:
    def __init__(self, caller: ChatCaller) -> None:
        self.caller = caller

    def plan(self, request: PlannerRequest, ctx: AgentContext) -> Plan:
        prompt = load_prompt("planner")
        reply = self.caller.call(
            role="planner",
            prompt=prompt,
            messages=[{"role": "system", "content": prompt.text}, {"role": "user", "content": planner_user_message(request)}],
            ctx=ctx,
            json_mode=self.caller.config.json_mode,
        )
        return parse_plan(reply.content, mode=request.mode)
