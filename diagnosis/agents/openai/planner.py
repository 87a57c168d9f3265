"""Planner over an OpenAI-compatible model: one JSON request, a validated ``Plan`` back.

Re-ask: none here. A schema-invalid or unparseable reply raises ``AgentError(retryable=True)``
and the planner node does the one bounded re-ask (the single re-ask layer).
"""

from __future__ import annotations

from typing import Any, Final

from pydantic import ValidationError

from contracts.plan import Plan, PlannerRequest
from contracts.session import SessionContext
from diagnosis.agents.base import AgentContext, AgentError
from diagnosis.agents.openai.client import ChatCaller
from diagnosis.agents.openai.parsing import dumps, json_object
from diagnosis.agents.openai.prompts import load_prompt
from diagnosis.agents.openai.schemas import reply_schema

REASON_PLAN_INVALID = "planner_invalid_output"
#: Bound of the ``session_context`` block (JSON characters): the oldest turns go first.
MAX_CONTEXT_CHARS: Final = 2_000


def session_context_block(context: SessionContext | None) -> list[dict[str, Any]] | None:
    """The session's earlier turns as the model sees them — each turn's ``asked`` and confirmed
    entities, most recent first — cut to ``MAX_CONTEXT_CHARS`` by dropping the oldest turns
    (``None`` when there is none, or not even the latest turn fits)."""
    if context is None:
        return None
    turns = [turn.model_dump(mode="json") for turn in context.turns]
    while turns and len(dumps(turns)) > MAX_CONTEXT_CHARS:
        turns.pop()
    return turns or None


def planner_user_message(request: PlannerRequest) -> str:
    """The fields of the request the model needs, as JSON (gaps only in EVIDENCE_GAP_ONLY mode;
    ``session_context`` only for a question in a session with earlier turns). The whole message
    is masked by ``ChatCaller`` like any other model input."""
    payload = request.model_dump(mode="json", include={"question", "mode", "round", "now", "now_source", "timezone", "services"})
    block = session_context_block(request.context)
    if block is not None:
        payload["session_context"] = block
    if request.mode == "EVIDENCE_GAP_ONLY":
        dumped = request.model_dump(mode="json", include={"evidence_gaps", "tried"})
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
            reply_schema=reply_schema("planner", self.caller.config.prompt_profile),
        )
        return parse_plan(reply.content, mode=request.mode)
