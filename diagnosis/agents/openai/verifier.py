"""Verifier over an OpenAI-compatible model.

Wire contract (DESIGN §7): the user message is *exactly* the canonical Verifier input the graph
built (§5.3) — passed through untouched, so a node-level re-ask is byte-identical. The raw reply
goes back to the graph's shared protocol parser.
"""

from __future__ import annotations

from diagnosis.agents.base import AgentContext
from diagnosis.agents.openai.client import ChatCaller
from diagnosis.agents.openai.prompts import load_prompt
from diagnosis.agents.openai.schemas import reply_schema


class OpenAIVerifier:
    def __init__(self, caller: ChatCaller) -> None:
        self.caller = caller

    def verify(self, verifier_input: str, ctx: AgentContext) -> str:
        prompt = load_prompt("verifier")
        reply = self.caller.call(
            role="verifier",
            prompt=prompt,
            messages=[{"role": "system", "content": prompt.text}, {"role": "user", "content": verifier_input}],
            ctx=ctx,
            reply_schema=reply_schema("verifier", self.caller.config.prompt_profile),
        )
        return reply.content
