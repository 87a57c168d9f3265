"""Composer over an OpenAI-compatible model: the Verifier-allowed material as JSON in, the raw
``{"answer": "…"}`` reply out (the graph parses it and runs the leak guard)."""

from __future__ import annotations

from contracts.composer import ComposerMaterial
from diagnosis.agents.base import AgentContext
from diagnosis.agents.openai.client import ChatCaller
from diagnosis.agents.openai.prompts import load_prompt
from diagnosis.agents.openai.schemas import reply_schema


class OpenAIComposer:
    def __init__(self, caller: ChatCaller) -> None:
        self.caller = caller

    def compose(self, material: ComposerMaterial, ctx: AgentContext) -> str:
        prompt = load_prompt("composer")
        reply = self.caller.call(
            role="composer",
            prompt=prompt,
            messages=[{"role": "system", "content": prompt.text}, {"role": "user", "content": material.model_dump_json()}],
            ctx=ctx,
            reply_schema=reply_schema("composer", self.caller.config.prompt_profile),
        )
        return reply.content
